import type { Kysely } from 'kysely';
import type { ArtistReview, StarCount } from '../../contracts/reviews';
import type { DB } from '../db/schema';

/** Where a page of reviews ends: the last review's rated_at and order id. */
export interface ReviewCursor {
  at: string;
  id: number;
}

export const encodeReviewCursor = (review: ArtistReview): string => `${review.created_at}_${review.id}`;

/**
 * An artist's reviews, newest first (index orders_artist_reviews: artist_id, rated_at, id), `limit + 1`
 * rows so the caller knows whether another page follows. Only the customer's first name leaves.
 */
export async function reviewsPage(
  db: Kysely<DB>,
  artistId: number,
  limit: number,
  cursor?: ReviewCursor,
): Promise<ArtistReview[]> {
  let query = reviewsOf(db, artistId);
  if (cursor)
    query = query.where((eb) =>
      eb.and([
        eb('orders.rated_at', '<=', cursor.at),
        eb.or([eb('orders.rated_at', '<', cursor.at), eb('orders.id', '<', cursor.id)]),
      ]),
    );
  const rows = await query
    .orderBy('orders.rated_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit + 1)
    .execute();
  return rows.map(toReview);
}

/** One review of this artist (the order id), or undefined. */
export async function findReview(db: Kysely<DB>, artistId: number, id: number): Promise<ArtistReview | undefined> {
  const row = await reviewsOf(db, artistId).where('orders.id', '=', id).executeTakeFirst();
  return row ? toReview(row) : undefined;
}

function reviewsOf(db: Kysely<DB>, artistId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.customer_id')
    .select([
      'orders.id',
      'orders.rating',
      'orders.review',
      'orders.rated_at',
      'orders.occasion_name',
      'orders.review_answer',
      'orders.review_answered_at',
      'users.first_name',
    ])
    .where('orders.artist_id', '=', artistId)
    .where('orders.rating', 'is not', null);
}

const toReview = (r: {
  id: number;
  rating: number | null;
  review: string | null;
  rated_at: string | null;
  occasion_name: string;
  review_answer: string | null;
  review_answered_at: string | null;
  first_name: string;
}): ArtistReview => ({
  id: r.id,
  rating: r.rating as number,
  review: r.review ?? '',
  customer_first_name: r.first_name,
  occasion: r.occasion_name,
  created_at: r.rated_at ?? '',
  answer: r.review_answer !== null ? { text: r.review_answer, at: r.review_answered_at ?? '' } : null,
});

/** Ratings per star, 5 down to 1 (zeros included), from the trigger-kept counts (migration 0025). */
export async function starCountsOf(db: Kysely<DB>, artistId: number): Promise<StarCount[]> {
  const rows = await db
    .selectFrom('artist_rating_counts')
    .select(['stars', 'rating_count'])
    .where('artist_id', '=', artistId)
    .execute();
  const byStars = new Map(rows.map((r) => [Number(r.stars), Number(r.rating_count)]));
  return [5, 4, 3, 2, 1].map((stars) => ({ stars, count: byStars.get(stars) ?? 0 }));
}

/**
 * Publishes the artist's answer to one of their own reviews, once: the update matches only a rated order of
 * this artist without an answer. 'missing' for another artist's or an unrated order, 'answered' for a second try.
 */
export async function saveReviewAnswer(
  db: Kysely<DB>,
  artistId: number,
  orderId: number,
  answer: string,
  at: string,
): Promise<'saved' | 'missing' | 'answered'> {
  const updated = await db
    .updateTable('orders')
    .set({ review_answer: answer, review_answered_at: at })
    .where('id', '=', orderId)
    .where('artist_id', '=', artistId)
    .where('rating', 'is not', null)
    .where('review_answer', 'is', null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return 'saved';
  const review = await db
    .selectFrom('orders')
    .select('review_answer')
    .where('id', '=', orderId)
    .where('artist_id', '=', artistId)
    .where('rating', 'is not', null)
    .executeTakeFirst();
  return review ? 'answered' : 'missing';
}
