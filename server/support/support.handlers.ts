import type * as v from 'valibot';
import type { Page } from '../../contracts/lifecycle';
import { notificationTexts } from '../../contracts/notifications';
import { orderMessages } from '../../contracts/order';
import {
  type ContactRequestInput,
  type OrderProblemInput,
  type SupportContact,
  type SupportRequest,
  type SupportRequestReceipt,
  type SupportTopic,
  supportMessages,
  type supportRequestsQuerySchema,
  supportTopicLabels,
} from '../../contracts/support';
import { alertAdmins } from '../admin/admin-alerts';
import { enforceRate } from '../auth/auth.handlers';
import { authRateRules } from '../auth/rate-rules';
import { activeAccountFor, bearerToken, currentAuth, unauthenticated } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope';
import { enqueueMail } from '../mail/queue';
import { publishCommitted } from '../notifications/live-changes';
import { findOrderForCustomer } from '../orders/orders.repository';

// Help within reach (docs/api.md "Support"): the contact page and "Report a problem" create a request
// that alerts every admin (a notification and a digest line) and mails the sender a copy, in one
// transaction; the admins page the open ones and close them (routes in support.routes.ts).

/** GET /user/support: the address people may write to, from SUPPORT_EMAIL. */
export function getSupportContact(c: AppContext) {
  const contact: SupportContact = { email: c.var.config.supportEmail };
  return ok(c, contact);
}

/** The customer behind the request's bearer token, if any: a public form still knows who is signed in. */
async function signedInCustomer(c: AppContext): Promise<UserRow | null> {
  const token = bearerToken(c);
  if (!token) return null;
  const claims = await c.var.tokens.verify(token);
  // An expired token is a 401, so the app renews it and the request goes out under the right name.
  if (!claims) throw unauthenticated();
  return activeAccountFor(c, claims, 'user');
}

interface NewRequest {
  userId: number | null;
  order: { id: number; reference: string } | null;
  name: string;
  firstName: string;
  email: string;
  topic: SupportTopic;
  message: string;
  /** A reported conversation: the newest message of the order's thread (server/messages/report.handlers.ts). */
  threadThroughId?: number;
}

export async function createRequest(c: AppContext, request: NewRequest) {
  const { db, clock, hub, config, rateLimiter } = c.var;
  enforceRate(await rateLimiter.hit(authRateRules(config.rateLimits).supportClient, clientIp(c, config.trustProxy)));
  const at = clock.now();
  const iso = at.toISOString();
  const { id, admins } = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('support_requests')
      .values({
        user_id: request.userId,
        order_id: request.order?.id ?? null,
        name: request.name,
        email: request.email,
        topic: request.topic,
        message: request.message,
        thread_through_id: request.threadThroughId ?? null,
        created_at: iso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const about = request.order ? `order ${request.order.reference}` : supportTopicLabels[request.topic].toLowerCase();
    const admins = await alertAdmins(trx, {
      type: 'support_request',
      text: notificationTexts.support_request({
        reference: request.order?.reference ?? '',
        occasion: '',
        recipient: '',
        sender: request.name,
      }),
      orderId: request.order?.id ?? null,
      item: {
        kind: 'admin_support_request',
        data: {
          line: `${request.name} (${request.email}) about ${about}`,
          ...(request.order ? { order_id: request.order.id } : {}),
        },
      },
      key: `admin_support_request:${row.id}`,
      at,
    });
    await enqueueMail(
      trx,
      request.userId !== null ? { userId: request.userId } : { email: request.email, firstName: request.firstName },
      {
        kind: 'support_request_copy',
        data: {
          topic: supportTopicLabels[request.topic],
          order: request.order,
          message: request.message,
          support_email: config.supportEmail,
        },
        key: `support_request_copy:${row.id}`,
        at,
      },
    );
    return { id: row.id, admins };
  });
  publishCommitted(hub, { notified: admins });
  c.var.logger.info('support request received', { support_request_id: id, order_id: request.order?.id ?? null });
  const receipt: SupportRequestReceipt = {
    id,
    topic: request.topic,
    order_reference: request.order?.reference ?? null,
  };
  return ok(c, receipt, supportMessages.sent, 201);
}

/** POST /user/support-requests: the contact page; a signed-in customer writes under their account's name and email. */
export async function createContactRequest(c: AppContext, body: ContactRequestInput) {
  const user = await signedInCustomer(c);
  return createRequest(c, {
    userId: user?.id ?? null,
    order: null,
    name: user ? `${user.first_name} ${user.last_name}`.trim() : body.name,
    firstName: user ? user.first_name : (body.name.split(/\s+/)[0] ?? body.name),
    email: user ? user.email : body.email,
    topic: body.topic,
    message: body.message,
  });
}

/** POST /user/orders/{id}/support-requests: "Report a problem" on the customer's own order (another's: 404). */
export async function reportOrderProblem(c: AppContext, orderId: number, body: OrderProblemInput) {
  const { user } = currentAuth(c);
  const order = await findOrderForCustomer(c.var.db, user.id, orderId);
  if (!order) throw new ApiError(404, orderMessages.orderNotFound);
  return createRequest(c, {
    userId: user.id,
    order: { id: order.id, reference: order.reference },
    name: `${user.first_name} ${user.last_name}`.trim(),
    firstName: user.first_name,
    email: user.email,
    topic: 'order',
    message: body.message,
  });
}

function requestsQuery(c: AppContext) {
  return c.var.db
    .selectFrom('support_requests as s')
    .leftJoin('orders as o', 'o.id', 's.order_id')
    .selectAll('s')
    .select('o.reference as order_reference');
}
type Joined = Awaited<ReturnType<ReturnType<typeof requestsQuery>['executeTakeFirstOrThrow']>>;

const toSupportRequest = (r: Joined): SupportRequest => ({
  id: r.id,
  status: r.status,
  name: r.name,
  email: r.email,
  topic: r.topic,
  message: r.message,
  user_id: r.user_id,
  order: r.order_id !== null && r.order_reference ? { id: r.order_id, reference: r.order_reference } : null,
  thread: r.thread_through_id === null ? null : { through_message_id: r.thread_through_id },
  created_at: r.created_at,
  closed_at: r.closed_at,
});

/** GET /admin/support-requests: the open requests, oldest first (answered in order), keyset-paged by id. */
export async function listSupportRequests(c: AppContext, query: v.InferOutput<typeof supportRequestsQuerySchema>) {
  let q = requestsQuery(c).where('s.status', '=', 'open');
  if (query.cursor) q = q.where('s.id', '>', Number(query.cursor));
  const rows = await q
    .orderBy('s.id', 'asc')
    .limit(query.limit + 1)
    .execute();
  const items = rows.slice(0, query.limit).map(toSupportRequest);
  const body: Page<SupportRequest> = {
    items,
    next_cursor: rows.length > query.limit ? String(items.at(-1)?.id) : null,
  };
  return ok(c, body);
}

/** POST /admin/support-requests/{id}/close: 404 unknown, 409 already closed. */
export async function closeSupportRequest(c: AppContext, id: number) {
  const { db, clock } = c.var;
  const closed = await db
    .updateTable('support_requests')
    .set({ status: 'closed', closed_at: clock.now().toISOString(), closed_by: currentAuth(c).user.id })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning('id')
    .executeTakeFirst();
  const row = await requestsQuery(c).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, supportMessages.requestNotFound);
  if (!closed) throw new ApiError(409, supportMessages.alreadyClosed);
  return ok(c, toSupportRequest(row), supportMessages.closed);
}
