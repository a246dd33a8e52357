import { Hono } from 'hono';
import { artistReviewAnswer, reviewsPageAnswer } from '../../contracts/api/reviews';
import { reviewAnswerSchema, reviewsQuerySchema } from '../../contracts/reviews';
import { requireApprovedArtist } from '../artists/require-approved-artist';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import { operation } from '../openapi/operation';
import { answerReview, myReviews } from './reviews.handlers';

/** The artist's reviews (`/api/v1/artist`): their list, and one public answer to each. */
export function createArtistReviewRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // Authentication runs before validation: a stranger learns nothing from a 422.
  const signedIn = requireAuth('artist');
  routes.get(
    '/reviews',
    operation({
      summary: "The artist's reviews, newest first, with their answers",
      tags: 'Artist reviews',
      auth: true,
      answers: { 200: reviewsPageAnswer },
      fails: [403, 422],
    }),
    signedIn,
    requireApprovedArtist,
    validateQuery(reviewsQuerySchema),
    (c) => myReviews(c, c.req.valid('query')),
  );
  routes.post(
    '/reviews/:id/answer',
    operation({
      summary: 'Answer one of your reviews, once and publicly',
      tags: 'Artist reviews',
      auth: true,
      answers: { 200: artistReviewAnswer },
      fails: [403, 404, 409, 422],
    }),
    signedIn,
    requireApprovedArtist,
    validateJson(reviewAnswerSchema),
    (c) => answerReview(c, c.req.param('id'), c.req.valid('json')),
  );
  return routes;
}
