import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Lyrics approval is on by default for a customer's first order with an artist (docs/decisions.md "Lyrics
 * for approval"): the artist is known only when one accepts, so the accept turns it off, before the
 * machine decides, when this artist already took another order of this customer. Runs in the accept's
 * transaction: a refused accept leaves the order as it was.
 */
export async function keepLyricsApprovalForFirstOrders(trx: Transaction<DB>, orderId: number, artistId: number) {
  const order = await trx
    .selectFrom('orders')
    .select(['customer_id', 'lyrics_approval'])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order || order.lyrics_approval === 0) return;
  const before = await trx
    .selectFrom('orders')
    .select('id')
    .where('customer_id', '=', order.customer_id)
    .where('artist_id', '=', artistId)
    .where('id', '<>', orderId)
    .limit(1)
    .executeTakeFirst();
  if (before) await trx.updateTable('orders').set({ lyrics_approval: 0 }).where('id', '=', orderId).execute();
}
