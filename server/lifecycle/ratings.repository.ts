import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface RatingSummary {
  /** Average stars, one decimal; null when unrated. */
  rating: number | null;
  rating_count: number;
}

/** The average rating customers gave each artist's completed orders. */
export async function ratingsOf(db: Kysely<DB>, artistIds: number[]): Promise<Map<number, RatingSummary>> {
  const byArtist = new Map<number, RatingSummary>();
  if (artistIds.length === 0) return byArtist;
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['artist_id', eb.fn.avg<number>('rating').as('average'), eb.fn.count<number>('rating').as('count')])
    .where('artist_id', 'in', artistIds)
    .where('rating', 'is not', null)
    .groupBy('artist_id')
    .execute();
  for (const row of rows) {
    if (row.artist_id === null) continue;
    byArtist.set(row.artist_id, { rating: Math.round(Number(row.average) * 10) / 10, rating_count: Number(row.count) });
  }
  return byArtist;
}

export const unrated: RatingSummary = { rating: null, rating_count: 0 };

/** The newest reviews of an artist, with the customer's first name only. */
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
