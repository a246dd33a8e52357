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
    const sum = Number(row.rating_sum);
    const count = Number(row.rating_count);
    // round(sum / count, one decimal) in integers: the catalogue sorts and filters by the same figure in SQL.
    const tenths = Math.floor((sum * 20 + count) / (count * 2));
    byArtist.set(row.artist_id, { rating: tenths / 10, rating_count: count });
  }
  return byArtist;
}

export const unrated: RatingSummary = { rating: null, rating_count: 0 };
