import * as v from 'valibot';
import type { Page } from '../lifecycle';
import type { ArtistReview, StarCount } from '../reviews';
import { pageSchema, successSchema } from './envelope';
import type { Expect, SameType } from './same-type';

// The answers of the reviews' calls: the public pages of an artist's reviews, the artist's own list and answer.

export const artistReviewSchema = v.strictObject({
  id: v.number(),
  rating: v.number(),
  review: v.string(),
  customer_first_name: v.string(),
  occasion: v.string(),
  created_at: v.string(),
  answer: v.nullable(v.strictObject({ text: v.string(), at: v.string() })),
});

export const starCountSchema = v.strictObject({ stars: v.number(), count: v.number() });

export const reviewsPageAnswer = successSchema(pageSchema(artistReviewSchema));
export const artistReviewAnswer = successSchema(artistReviewSchema);

type Out<S extends v.GenericSchema> = v.InferOutput<S>;
export type ArtistReviewCheck = Expect<SameType<Out<typeof artistReviewSchema>, ArtistReview>>;
export type StarCountCheck = Expect<SameType<Out<typeof starCountSchema>, StarCount>>;
export type ReviewsPageCheck = Expect<
  SameType<Out<ReturnType<typeof pageSchema<typeof artistReviewSchema>>>, Page<ArtistReview>>
>;
