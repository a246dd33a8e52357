import type * as v from 'valibot';
import type { Page } from '../../contracts/lifecycle';
import {
  type ArtistReview,
  type ReviewAnswerBody,
  reviewCursorPattern,
  reviewMessages,
  type reviewsQuerySchema,
} from '../../contracts/reviews';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { encodeReviewCursor, findReview, type ReviewCursor, reviewsPage, saveReviewAnswer } from './reviews.repository';

type ReviewsQuery = v.InferOutput<typeof reviewsQuerySchema>;

const cursorOf = (text: string | undefined): ReviewCursor | undefined => {
  const match = text ? reviewCursorPattern.exec(text) : null;
  return match ? { at: match[1] as string, id: Number(match[2]) } : undefined;
};

/** One page of an artist's reviews (users.id), newest first. */
export async function reviewPageOf(c: AppContext, artistId: number, query: ReviewsQuery): Promise<Page<ArtistReview>> {
  const limit = Number(query.limit);
  const rows = await reviewsPage(c.var.db, artistId, limit, cursorOf(query.cursor));
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last ? encodeReviewCursor(last) : null };
}

/** GET /artist/reviews: the signed-in artist's own reviews, with their answers. */
export async function myReviews(c: AppContext, query: ReviewsQuery) {
  const { user } = currentAuth(c);
  return ok(c, await reviewPageOf(c, user.id, query));
}

/**
 * POST /artist/reviews/{id}/answer: the artist answers one of their own reviews, once and publicly.
 * Another artist's review, an unrated order or an unknown id are the same 404; a second answer is a 409.
 */
export async function answerReview(c: AppContext, idText: string, body: ReviewAnswerBody) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  const id = /^\d{1,10}$/.test(idText) ? Number(idText) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new ApiError(404, reviewMessages.reviewNotFound);
  const outcome = await saveReviewAnswer(db, user.id, id, (body.answer ?? '').trim(), clock.now().toISOString());
  if (outcome === 'missing') throw new ApiError(404, reviewMessages.reviewNotFound);
  if (outcome === 'answered') throw new ApiError(409, reviewMessages.alreadyAnswered);
  const review = await findReview(db, user.id, id);
  if (!review) throw new Error('The answered review disappeared');
  return ok(c, review, reviewMessages.answerSaved);
}
