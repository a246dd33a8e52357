import type { Kysely } from 'kysely';
import type * as v from 'valibot';
import { addOnMessages } from '../../contracts/addons';
import type { artistInfoSchema } from '../../contracts/artist';
import { serverMessages } from '../../contracts/server-messages';
import type { DB } from '../db/schema';
import { fieldError } from '../http/api-error';
import { turnaroundDaysOf } from '../orders/delivery';
import { findProfile } from './artists.repository';

type ArtistInfoInput = v.InferOutput<typeof artistInfoSchema>;

/**
 * What the Artist information form changes of the artist's rush delivery (docs/product.md §9 "Add-ons"): none
 * when the form does not say (an older form), cleared when they opt out, else the price and days. A rush
 * turnaround must stay shorter than the standard one, sent with it or on file: 422 on rush_turnaround_days.
 */
export async function rushFieldsOf(db: Kysely<DB>, userId: number, body: ArtistInfoInput) {
  if (body.offers_rush === false) return { rush_price_centavos: null, rush_turnaround_days: null };
  const profile = await findProfile(db, userId);
  const standard = body.turnaround_days ?? turnaroundDaysOf(profile);
  const rushDays = body.offers_rush === true ? (body.rush_turnaround_days as number) : profile?.rush_turnaround_days;
  if (rushDays != null && rushDays >= standard)
    throw fieldError(serverMessages.validationFailed, 'rush_turnaround_days', addOnMessages.rushNotShorter);
  if (body.offers_rush !== true) return {};
  return { rush_price_centavos: (body.rush_price as number) * 100, rush_turnaround_days: rushDays as number };
}
