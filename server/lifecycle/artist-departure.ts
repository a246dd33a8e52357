import type { Kysely, Transaction } from 'kysely';
import type { OpenWork, OpenWorkOutcome } from '../../contracts/operations';
import type { DB, OrderRow } from '../db/schema';
import { releaseOrder } from './order-actions';
import { alertOrderStranded } from './order-alerts';

// An artist leaving (they deactivate; an admin suspends them) must not strand orders: every open
// offer is withdrawn and work they took goes back to the customer (needs_artist), each through the
// lifecycle machine (the artist_left event). A recording already submitted stays on the order (it may
// still be validated and delivered), but nobody can revise it: the lifecycle machine refuses a revision
// of an artist who left and lets an admin give the order to another artist whatever its due date.
// Every admin is alerted of each taken order the artist leaves (order_stranded).

/** The artist's orders that are not finished: offers they may still answer, and work they took. */
async function openOrdersOf(db: Kysely<DB> | Transaction<DB>, artistId: number): Promise<OrderRow[]> {
  const offered = await db
    .selectFrom('orders')
    .innerJoin('order_artists', 'order_artists.order_id', 'orders.id')
    .selectAll('orders')
    .where('order_artists.artist_id', '=', artistId)
    .where('order_artists.offer_status', '=', 'pending')
    .where('order_artists.offered_at', 'is not', null)
    .where('orders.status', '=', 'offered')
    .execute();
  const taken = await db
    .selectFrom('orders')
    .selectAll()
    .where('artist_id', '=', artistId)
    .where('status', 'in', ['in_progress', 'in_revision', 'in_validation', 'delivered'])
    .execute();
  return [...offered, ...taken].sort((a, b) => a.needed_by.localeCompare(b.needed_by) || a.id - b.id);
}

const outcomeOf = (order: OrderRow): OpenWorkOutcome => {
  if (order.status === 'offered') return 'offer_withdrawn';
  if (order.status === 'in_progress' || order.status === 'in_revision') return 'needs_artist';
  return 'stays';
};

/** GET /artist/profile/open-orders: what deactivating would do to each open order. */
export async function openWorkOf(db: Kysely<DB>, artistId: number): Promise<OpenWork[]> {
  return (await openOrdersOf(db, artistId)).map((order) => ({
    id: order.id,
    reference: order.reference,
    status: order.status,
    occasion_name: order.occasion_name,
    recipient_first_name: order.recipient_first_name,
    needed_by: order.needed_by,
    due_at: order.due_at,
    outcome: outcomeOf(order),
  }));
}

/**
 * Releases every open order of the artist in the caller's transaction, and alerts every admin of each
 * order the artist had taken. Answers the users with new notifications, to publish once it has committed.
 */
export async function releaseArtistWork(
  trx: Transaction<DB>,
  input: { artistId: number; role: 'artist' | 'admin'; actorId: number; at: Date; reason: string },
): Promise<number[]> {
  const notified: number[] = [];
  for (const order of await openOrdersOf(trx, input.artistId)) {
    if (outcomeOf(order) === 'stays') {
      // No order event: the order waits where it is, for an admin (the releases alert in their transition).
      notified.push(...(await alertOrderStranded(trx, order, input.artistId, input.at)));
      continue;
    }
    const result = await releaseOrder(trx, { ...input, orderId: order.id });
    notified.push(...result.notified);
  }
  return [...new Set(notified)];
}
