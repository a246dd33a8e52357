import * as v from 'valibot';
import type { DeliveryPromise } from '../delivery';
import type { Expect, SameType } from './same-type';

/** ArtistCard.delivery and each chosen artist of a draft: what ordering now promises. */
export const deliveryPromiseSchema = v.strictObject({
  turnaround_days: v.number(),
  answer_hours: v.number(),
  arrives_by: v.string(),
});

export type DeliveryPromiseCheck = Expect<SameType<v.InferOutput<typeof deliveryPromiseSchema>, DeliveryPromise>>;
