import type { Transaction } from 'kysely';
import { lifecycleMessages } from '../../contracts/lifecycle';
import type { LyricsApprovalInput, LyricsChangesInput, PostLyricsInput } from '../../contracts/lyrics';
import { lyricsTexts } from '../../contracts/lyrics';
import { type OrderStatus, orderMessages as orderTexts } from '../../contracts/order';
import { type OrderMessageKind, orderMessageTexts } from '../../contracts/order-messages';
import type { OrderLifecycleEvent } from '../../machines/order-lifecycle.machine';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, OrderRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { transitionOrder } from '../lifecycle/transition';
import { readerOf, toMessage } from '../messages/messages.handlers';
import {
  advanceReadMark,
  findMessage,
  findMessageByClientId,
  findThreadOrder,
  type Reader,
} from '../messages/messages.repository';
import { publishCommitted } from '../notifications/live-changes';
import { detailsOf } from '../orders/order.handlers';

// Lyrics for approval (docs/api.md "Lyrics for approval"): each step is a lifecycle event (the machine
// decides: 409 when the order is not at that step) and a message in the order's thread, written together.
// Asking for changes here is not a revision: revisions_used stays as it was.

interface Step {
  event: OrderLifecycleEvent;
  kind: OrderMessageKind;
  body: string;
  /** The sender's app's id for the message; the customer's steps are made once (the machine refuses a second). */
  clientId: string;
  message: string;
}

/** The order of the reader's thread, or 404 (another person's order, an artist only offered it). */
async function ownThread(c: AppContext, reader: Reader, orderId: number): Promise<OrderRow> {
  const order = await findThreadOrder(c.var.db, reader, orderId);
  if (!order) throw new ApiError(404, orderTexts.orderNotFound);
  return order;
}

/** Moves the order by the step's event and posts its message, in one transaction; answers the message (201). */
async function takeStep(c: AppContext, area: 'user' | 'artist', orderId: number, step: Step) {
  const { db, clock, hub } = c.var;
  const reader = readerOf(c, area);
  await ownThread(c, reader, orderId);
  const at = clock.now();
  const { result, messageId } = await db.transaction().execute(async (trx) => {
    let messageId = 0;
    const result = await transitionOrder(trx, {
      orderId,
      event: step.event,
      actorId: reader.userId,
      at,
      apply: async (t, order, _facts, changes) => {
        messageId = await insertStepMessage(t, order, reader, step, at);
        changes.add(
          { kind: 'message', id: messageId, status: reader.role, order_id: order.id, reference: order.reference },
          [order.customer_id, order.artist_id],
        );
        return undefined;
      },
    });
    return { result, messageId };
  });
  publishCommitted(hub, result);
  const row = await findMessage(db, orderId, messageId);
  if (!row) throw new ApiError(404, orderTexts.orderNotFound);
  return ok(c, toMessage(c, area, reader, row), step.message, 201);
}

async function insertStepMessage(trx: Transaction<DB>, order: OrderRow, reader: Reader, step: Step, at: Date) {
  const inserted = await trx
    .insertInto('order_messages')
    .values({
      order_id: order.id,
      author_role: reader.role,
      author_id: reader.userId,
      client_id: step.clientId,
      kind: step.kind,
      // Lyrics are the song's words: names and places stay as written (contact details are not masked here,
      // and the team can read every thread).
      body: step.body,
      masked: 0,
      created_at: at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['author_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw fieldError(orderMessageTexts.clientIdTaken, 'client_id');
  await advanceReadMark(trx, reader, order.id, inserted.id);
  return inserted.id;
}

/** A one-off client id for a step the server writes for the customer (approval, change request). */
const stepClientId = (kind: OrderMessageKind, at: Date) =>
  `${kind.replace('_', '-')}-${at.getTime()}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * POST /artist/orders/{id}/lyrics: the artist posts a lyrics draft for the customer to approve. The same
 * `client_id` again (a retried send) answers the stored draft with 200.
 */
export async function postLyrics(c: AppContext, orderId: number, input: PostLyricsInput) {
  const reader = readerOf(c, 'artist');
  await ownThread(c, reader, orderId);
  const stored = await findMessageByClientId(c.var.db, reader.userId, input.client_id);
  if (stored) {
    if (stored.order_id !== orderId || stored.kind !== 'lyrics')
      throw fieldError(orderMessageTexts.clientIdTaken, 'client_id');
    return ok(c, toMessage(c, 'artist', reader, stored), lyricsTexts.posted, 200);
  }
  return takeStep(c, 'artist', orderId, {
    event: { type: 'lyrics_posted', role: 'artist' },
    kind: 'lyrics',
    body: input.lyrics,
    clientId: input.client_id,
    message: lyricsTexts.posted,
  });
}

/** POST /user/orders/{id}/lyrics/approve: the customer approves the newest draft; the artist may record. */
export function approveLyrics(c: AppContext, orderId: number) {
  const at = c.var.clock.now();
  return takeStep(c, 'user', orderId, {
    event: { type: 'lyrics_approved', role: 'customer' },
    kind: 'lyrics_approved',
    body: '',
    clientId: stepClientId('lyrics_approved', at),
    message: lyricsTexts.approved,
  });
}

/** POST /user/orders/{id}/lyrics/changes: the customer asks for changes, with a note (not a revision). */
export function askLyricsChanges(c: AppContext, orderId: number, input: LyricsChangesInput) {
  const at = c.var.clock.now();
  return takeStep(c, 'user', orderId, {
    event: { type: 'lyrics_changes_requested', role: 'customer' },
    kind: 'lyrics_changes',
    body: input.note,
    clientId: stepClientId('lyrics_changes', at),
    message: lyricsTexts.changesAsked,
  });
}

/**
 * PUT /user/orders/{id}/lyrics-approval: before an artist takes the order it is a setting, on or off;
 * once the artist works on the lyrics, turning it off is the `lyrics_skipped` event (the artist may
 * record and is told); after that, or turned on once an artist took the order: 409. Answers the order.
 */
export async function setLyricsApproval(c: AppContext, orderId: number, input: LyricsApprovalInput) {
  const { db, clock, hub } = c.var;
  const customerId = currentAuth(c).user.id;
  const order = await ownThread(c, { role: 'customer', userId: customerId }, orderId);
  let current = order;
  if ((order.lyrics_approval === 1) !== input.on) {
    if (beforeAnArtist.includes(order.status)) {
      const changed = await db
        .updateTable('orders')
        .set({ lyrics_approval: input.on ? 1 : 0, updated_at: clock.now().toISOString() })
        .where('id', '=', orderId)
        .where('status', 'in', beforeAnArtist)
        .returningAll()
        .executeTakeFirst();
      if (!changed)
        throw new ApiError(409, input.on ? lyricsTexts.onlyBeforeArtist : lifecycleMessages.notNow.lyrics_skipped);
      current = changed;
    } else if (input.on) {
      throw new ApiError(409, lyricsTexts.onlyBeforeArtist);
    } else {
      const result = await db.transaction().execute((trx) =>
        transitionOrder(trx, {
          orderId,
          event: { type: 'lyrics_skipped', role: 'customer' },
          actorId: customerId,
          at: clock.now(),
        }),
      );
      publishCommitted(hub, result);
      current = result.order;
    }
  }
  const [detail] = await detailsOf(c, [current]);
  return ok(c, detail, input.on ? lyricsTexts.turnedOn : lyricsTexts.turnedOff);
}

/** The statuses before an artist took the order: lyrics approval is a setting the accept reads. */
const beforeAnArtist: OrderStatus[] = ['awaiting_payment', 'offered', 'needs_artist'];
