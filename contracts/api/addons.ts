import * as v from 'valibot';
import type { OrderAddOns, RushOffer } from '../addons';
import type { Expect, SameType } from './same-type';

// Own file, like delivery.ts: contracts/api/artist.ts and orders.ts import each other.

/** ArtistCard.rush and each chosen artist of a draft: their rush delivery, or null. */
export const rushOfferSchema = v.nullable(
  v.strictObject({ price: v.number(), turnaround_days: v.number(), arrives_by: v.string() }),
);

/** An order's add-ons and what each adds to its price (whole pesos). */
export const orderAddOnsSchema = v.strictObject({
  rush: v.boolean(),
  rush_price: v.number(),
  extra_revisions: v.number(),
  extra_revisions_price: v.number(),
});

export type RushOfferCheck = Expect<SameType<v.InferOutput<typeof rushOfferSchema>, RushOffer | null>>;
export type OrderAddOnsCheck = Expect<SameType<v.InferOutput<typeof orderAddOnsSchema>, OrderAddOns>>;
