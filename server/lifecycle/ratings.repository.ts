import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface RatingSummary {
  /** Average stars, one decimal; null when unrated. */
  rating: number | null;
  rating_count: number;
}

/** The average rating customers gave each artist's completed orders, from the maintained sum and count. */
export async function ratingsOf(db: Kysely<DB>, artistIds: number[]): Promise<Map<number, RatingSummary>> {
  const byArtist = new Map<number, RatingSummary>();
  if (artistIds.length === 0) return byArtist;
  const rows = await db
    .selectFrom('artist_summaries')
    .select(['artist_id', 'rating_sum', 'rating_count'])
    .where('artist_id', 'in', artistIds)
    .where('rating_count', '>', 0)
    .execute();
  for (const row of rows) {
    const average = Number(row.rating_sum) / Number(row.rating_count);
    byArtist.set(row.artist_id, { rating: Math.round(average * 10) / 10, rating_count: Number(row.rating_count) });
  }
  return byArtist;
}

export const unrated: RatingSummary = { rating: null, rating_count: 0 };

/** The newest reviews of an artist, with the customer's first name only (index orders_artist_reviews). */
export function reviewsOf(db: Kysely<DB>, artistId: number, limit = 10) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.customer_id')
    .select(['orders.rating', 'orders.review', 'orders.rated_at', 'users.first_name'])
    .where('orders.artist_id', '=', artistId)
    .where('orders.rating', 'is not', null)
    .orderBy('orders.rated_at', 'desc')
    .limit(limit)
    .execute();
}
