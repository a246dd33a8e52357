import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { NotificationHub } from '../notifications/hub';
import { publishCommitted } from '../notifications/live-changes';
import { yieldToRequests } from '../services/batches';
import type { Clock } from '../services/clock';
import type { Logger } from '../services/logger';
import { expireOffer, OfferAlreadyClosed } from './order-actions';

const BATCH = 100;

/**
 * Expires every open offer past its time, one lifecycle transition each (offer_expired: the order
 * stays offered while other offers are open, else needs_artist and the customer is told). Safe with
 * several server processes: each expiry claims its offer row with a conditional update inside the
 * order's lock, so an offer another process (or the artist's answer) closed first is skipped, never
 * expired twice. The due offers come from index order_artists_open_offers (offer_status, expires_at),
 * a batch at a time, with a pause for requests after each expiry. Answers how many offers this call expired.
 */
export async function expireOffers(deps: { db: Kysely<DB>; hub: NotificationHub; clock: Clock; logger?: Logger }) {
  const { db, hub, clock } = deps;
  let expired = 0;
  for (;;) {
    const now = clock.now();
    const due = await db
      .selectFrom('order_artists')
      .select(['order_id', 'artist_id'])
      .where('offer_status', '=', 'pending')
      .where('expires_at', '<=', now.toISOString())
      .orderBy('expires_at')
      .limit(BATCH)
      .execute();
    let claimed = 0;
    for (const offer of due) {
      try {
        const result = await db
          .transaction()
          .execute((trx) => expireOffer(trx, { orderId: offer.order_id, artistId: offer.artist_id, at: now }));
        publishCommitted(hub, result);
        claimed++;
        // On SQLite an awaited statement never lets a request in: each expiry is a dozen statements, so
        // requests get their turn after every one, not only after every batch.
        await yieldToRequests();
      } catch (error) {
        if (error instanceof OfferAlreadyClosed) continue;
        // The order moved on (cancelled, taken) without withdrawing this row: nothing to expire.
        if (error instanceof ApiError && error.status === 409) {
          await db
            .updateTable('order_artists')
            .set({ offer_status: 'withdrawn', responded_at: now.toISOString() })
            .where('order_id', '=', offer.order_id)
            .where('artist_id', '=', offer.artist_id)
            .where('offer_status', '=', 'pending')
            .execute();
          continue;
        }
        throw error;
      }
    }
    expired += claimed;
    if (due.length < BATCH || claimed === 0) return expired;
    await yieldToRequests();
  }
}
