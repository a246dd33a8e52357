import { orderMessages as orderTexts } from '../../contracts/order';
import { orderMessageTexts, threadReadable } from '../../contracts/order-messages';
import { MAX_ROW_ID } from '../../contracts/paging';
import { type ThreadReportInput, threadReportTexts } from '../../contracts/thread-report';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { createRequest } from '../support/support.handlers';
import { readerOf } from './messages.handlers';
import { findThreadOrder, newestMessageId } from './messages.repository';

// "Report" on an order's thread (docs/api.md "Reporting a conversation"): a support request about the
// order, marked with the thread's newest message, in the team's support queue (/admin/support), where
// the request links to the order page and its messages. The support request's rules hold: the sender
// gets a copy by email, every admin is alerted, and the contact rate limit counts it.

const whoReports = { user: 'the customer', artist: 'the artist' } as const;

/** The person already has an open report of this order's conversation. */
async function hasOpenReport(db: AppContext['var']['db'], orderId: number, userId: number): Promise<boolean> {
  const open = await db
    .selectFrom('support_requests')
    .select('id')
    .where('order_id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .where('thread_through_id', 'is not', null)
    .executeTakeFirst();
  return open !== undefined;
}

/** POST /user|artist/orders/{id}/messages/report: one open report per person and order (409 while one is open). */
export async function reportThread(c: AppContext, area: 'user' | 'artist', orderId: number, input: ThreadReportInput) {
  const { db } = c.var;
  const { user } = currentAuth(c);
  const reader = readerOf(c, area);
  const order = await findThreadOrder(db, reader, orderId);
  if (!order) throw new ApiError(404, orderTexts.orderNotFound);
  if (!threadReadable(order.status)) throw new ApiError(409, orderMessageTexts.notPaidYet);
  if (await hasOpenReport(db, orderId, user.id)) throw new ApiError(409, threadReportTexts.alreadyReported);
  const name = area === 'artist' && user.stage_name ? user.stage_name : `${user.first_name} ${user.last_name}`.trim();
  try {
    return await createRequest(c, {
      userId: user.id,
      order: { id: order.id, reference: order.reference },
      name,
      firstName: user.first_name,
      email: user.email,
      topic: 'order',
      message: `Conversation reported by ${whoReports[area]}: ${input.reason}`,
      threadThroughId: (await newestMessageId(db, orderId, MAX_ROW_ID)) ?? 0,
    });
  } catch (error) {
    // Two reports racing: the partial unique index keeps one open; the other is told it is there.
    if (error instanceof ApiError) throw error;
    if (await hasOpenReport(db, orderId, user.id)) throw new ApiError(409, threadReportTexts.alreadyReported);
    throw error;
  }
}
