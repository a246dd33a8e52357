import * as v from 'valibot';
import { invalidCursorMessage, pageLimitSchema } from './paging';
import { linesInput } from './text';

// Reviews that help choose (docs/product.md §4, artist page): dated, with the occasion, a star
// distribution, and the artist's one public answer to each.

/** The longest answer an artist may give to a review: shorter than a review (2000), an answer not an essay. */
export const REVIEW_ANSWER_MAX = 1000;

export const reviewMessages = {
  answerRequired: 'Please write your answer',
  answerTooLong: `Please keep your answer under ${REVIEW_ANSWER_MAX} characters`,
  alreadyAnswered: 'You have already answered this review.',
  reviewNotFound: 'Review not found',
  answerSaved: 'Your answer is published under the review.',
} as const;

/** One review as everyone sees it. `id` names it for the artist's answer; `occasion` is the order's occasion key. */
export interface ArtistReview {
  id: number;
  rating: number;
  review: string;
  customer_first_name: string;
  occasion: string;
  created_at: string;
  /** The artist's public answer, once given. */
  answer: { text: string; at: string } | null;
}

/** How many ratings an artist has with each number of stars, 5 down to 1. */
export interface StarCount {
  stars: number;
  count: number;
}

/** The reviews cursor: "<rated_at>_<id>" of the last review sent. */
export const reviewCursorPattern = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,10})$/;

/** GET /user/artists/{id}/reviews and GET /artist/reviews: newest first. */
export const reviewsQuerySchema = v.strictObject({
  cursor: v.optional(v.pipe(v.string(), v.regex(reviewCursorPattern, invalidCursorMessage))),
  limit: pageLimitSchema,
});

/** POST /artist/reviews/{id}/answer. */
export const reviewAnswerSchema = v.strictObject({
  answer: v.pipe(
    linesInput(),
    v.trim(),
    v.nonEmpty(reviewMessages.answerRequired),
    v.maxLength(REVIEW_ANSWER_MAX, reviewMessages.answerTooLong),
  ),
});
export type ReviewAnswerBody = v.InferInput<typeof reviewAnswerSchema>;
