import type { Kysely, Transaction } from 'kysely';
import { IDLE_NEEDS_ARTIST_DAYS } from '../../contracts/lifecycle';
import type { DB } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { NotificationHub } from '../notifications/hub';
import { publishCommitted } from '../notifications/live-changes';
import { BATCH_ROWS, yieldToRequests } from '../services/batches';
import type { Clock } from '../services/clock';
import { cancelOrder } from './order-actions';

// An order no artist took waits in needs_artist for the customer to choose other artists or cancel.
// If she does neither for IDLE_NEEDS_ARTIST_DAYS, the system cancels it through the lifecycle machine,
// so the refund is recorded owed exactly as for her own cancellation, and she is mailed
// (order_auto_cancelled). The days run from when the order last came to need an artist
// (orders.needs_artist_since): only leaving needs_artist resets them — a rebooking, or an admin giving
// the order to an artist — and an order that needs an artist again starts a new count. Looking at the
// order does not.

const DAY_MS = 86_400_000;
export const IDLE_NEEDS_ARTIST_MS = IDLE_NEEDS_ARTIST_DAYS * DAY_MS;

/** The refund's and the event's reason (the admin reads it in the order's history and the refunds queue). */
const IDLE_CANCEL_REASON = `No artist took the order and no other artist was chosen within ${IDLE_NEEDS_ARTIST_DAYS} days.`;

/** Thrown inside the transaction when another process (or the customer) moved the order first. */
class NotIdle extends Error {}

/**
 * Cancels one idle order, claimed inside its own transaction: the conditional write takes the order's
 * lock, so an order the customer rebooked meanwhile (needs_artist_since cleared or newer) is left alone.
 */
async function cancelIdleOrder(trx: Transaction<DB>, orderId: number, at: Date, cutoff: string) {
  const claimed = await trx
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', orderId)
    .where('needs_artist_since', '<=', cutoff)
    .returning('id')
    .executeTakeFirst();
  if (!claimed) throw new NotIdle();
  return cancelOrder(trx, { orderId, role: 'system', actorId: null, reason: IDLE_CANCEL_REASON, at });
}

/**
 * Cancels and refunds every order left IDLE_NEEDS_ARTIST_DAYS without an artist, oldest first, a batch of
 * BATCH_ROWS at a time read through the partial index orders_needs_artist_since (0022), one transaction
 * per order, yielding to requests after each. Safe with several server processes. Answers how many.
 */
export async function cancelIdleOrders(deps: { db: Kysely<DB>; hub: NotificationHub; clock: Clock }) {
  const { db, hub, clock } = deps;
  let cancelled = 0;
  for (;;) {
    const now = clock.now();
    const cutoff = new Date(now.getTime() - IDLE_NEEDS_ARTIST_MS).toISOString();
    const due = await db
      .selectFrom('orders')
      .select('id')
      .where('needs_artist_since', 'is not', null)
      .where('needs_artist_since', '<=', cutoff)
      .orderBy('needs_artist_since')
      .orderBy('id')
      .limit(BATCH_ROWS)
      .execute();
    let claimed = 0;
    for (const { id } of due) {
      try {
        publishCommitted(hub, await db.transaction().execute((trx) => cancelIdleOrder(trx, id, now, cutoff)));
        claimed++;
      } catch (error) {
        if (error instanceof NotIdle) continue;
        // The machine refused (the order is no longer waiting for an artist): it is not idle, forget the date.
        if (error instanceof ApiError && error.status === 409) {
          await db
            .updateTable('orders')
            .set({ needs_artist_since: null })
            .where('id', '=', id)
            .where('status', '!=', 'needs_artist')
            .execute();
          continue;
        }
        throw error;
      }
      await yieldToRequests();
    }
    cancelled += claimed;
    if (due.length < BATCH_ROWS || claimed === 0) return cancelled;
  }
}
