import type { Kysely } from 'kysely';
import type { OrderStatus } from '../../contracts/order';
import type { DB } from '../db/schema';

// Reads of the artist's maintained figures (migration 0014: triggers on orders and payouts keep them in
// the writing transaction). Each is a primary-key read of a few rows, however long the artist's history.

export interface ArtistTotals {
  /** Centavos. */
  pending: number;
  available: number;
  paidOut: number;
  ratingSum: number;
  ratingCount: number;
}

const none: ArtistTotals = { pending: 0, available: 0, paidOut: 0, ratingSum: 0, ratingCount: 0 };

/** The artist's earnings totals and rating sum (zeros for an artist with no order yet). */
export async function totalsOf(db: Kysely<DB>, artistId: number): Promise<ArtistTotals> {
  const row = await db.selectFrom('artist_summaries').selectAll().where('artist_id', '=', artistId).executeTakeFirst();
  if (!row) return none;
  return {
    pending: Number(row.pending_centavos),
    available: Number(row.available_centavos),
    paidOut: Number(row.paid_out_centavos),
    ratingSum: row.rating_sum,
    ratingCount: row.rating_count,
  };
}

/** How many orders the artist took are in each status. */
export async function statusCountsOf(db: Kysely<DB>, artistId: number): Promise<Map<OrderStatus, number>> {
  const rows = await db
    .selectFrom('artist_status_counts')
    .select(['status', 'order_count'])
    .where('artist_id', '=', artistId)
    .execute();
  return new Map(rows.map((row) => [row.status, row.order_count]));
}

/** Centavos credited to the artist in each month from `first` to `last` (yyyy-mm, both included). */
export async function creditsByMonth(
  db: Kysely<DB>,
  artistId: number,
  first: string,
  last: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('artist_monthly_credits')
    .select(['month', 'credited_centavos'])
    .where('artist_id', '=', artistId)
    .where('month', '>=', first)
    .where('month', '<=', last)
    .execute();
  return new Map(rows.map((row) => [row.month, Number(row.credited_centavos)]));
}
