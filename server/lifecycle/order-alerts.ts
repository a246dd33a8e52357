import type { Kysely, Transaction } from 'kysely';
import type { LifecycleFacts } from '../../contracts/lifecycle';
import { notificationTexts } from '../../contracts/notifications';
import { occasions } from '../../contracts/order';
import type { OrderLifecycleEvent } from '../../machines/order-lifecycle.machine';
import { alertAdmins } from '../admin/admin-alerts';
import type { DB, OrderRow } from '../db/schema';

// Orders nobody can move on without an admin (docs/api.md "Orders left without an artist"):
// - no artist: the last open offer closed (declined, expired, or its artist left) — `order_needs_artist`;
// - stranded: the artist who had the work left or was suspended — `order_stranded`, one alert per order.
// Each alert is written in the transaction of the event that caused it.

type Executor = Kysely<DB> | Transaction<DB>;

const takenStatuses: readonly string[] = ['in_progress', 'in_revision', 'in_validation', 'delivered'];

async function textsOf(db: Executor, order: OrderRow, artistId: number | null) {
  const artist =
    artistId === null
      ? undefined
      : await db.selectFrom('users').select('stage_name').where('id', '=', artistId).executeTakeFirst();
  return {
    reference: order.reference,
    occasion: (occasions.find((o) => o.value === order.occasion_name)?.display ?? order.occasion_name).toLowerCase(),
    recipient: order.recipient_first_name,
    ...(artist?.stage_name ? { artist: artist.stage_name } : {}),
  };
}

/** Every admin is told the order has no artist now (the customer is mailed by order-mails.ts). */
async function alertOrderNeedsArtist(db: Executor, order: OrderRow, at: Date): Promise<number[]> {
  const text = notificationTexts.order_needs_artist(await textsOf(db, order, null));
  return alertAdmins(db, {
    type: 'order_needs_artist',
    text,
    orderId: order.id,
    item: { kind: 'admin_order_needs_artist', data: { line: text.body, order_id: order.id } },
    key: `admin_order_needs_artist:order${order.id}:${at.toISOString()}`,
    at,
  });
}

/** Every admin is told the order's artist (`artistId`) can no longer work on it. */
export async function alertOrderStranded(db: Executor, order: OrderRow, artistId: number, at: Date): Promise<number[]> {
  const text = notificationTexts.order_stranded(await textsOf(db, order, artistId));
  return alertAdmins(db, {
    type: 'order_stranded',
    text,
    orderId: order.id,
    item: { kind: 'admin_order_stranded', data: { line: text.body, order_id: order.id } },
    key: `admin_order_stranded:order${order.id}:${at.toISOString()}`,
    at,
  });
}

/**
 * The alerts a lifecycle transition causes (called by transitionOrder): the last offer closing, the
 * artist of taken work leaving, or the customer sending a song back to an artist who has left.
 */
export async function alertAdminsOfTransition(
  trx: Executor,
  input: {
    order: OrderRow;
    before: LifecycleFacts;
    after: LifecycleFacts;
    event: OrderLifecycleEvent;
    /** The artist who had the order before the event (leaving takes it away). */
    previousArtist: number | null;
    at: Date;
  },
): Promise<number[]> {
  const { order, before, after, event, at, previousArtist } = input;
  if (event.type === 'artist_left' && takenStatuses.includes(before.status) && previousArtist !== null)
    return alertOrderStranded(trx, order, previousArtist, at);
  if (before.status === 'offered' && after.status === 'needs_artist') return alertOrderNeedsArtist(trx, order, at);
  if (event.type === 'customer_rejected' && after.artist_away && order.artist_id !== null)
    return alertOrderStranded(trx, order, order.artist_id, at);
  return [];
}
