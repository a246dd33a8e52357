import * as v from 'valibot';

// Delivery you can count on (docs/product.md §9 "Delivery"): each artist's standard turnaround, within the
// platform's limits, and the date a song ordered now arrives. The date itself is computed by the server only
// (server/orders/delivery.ts); these are the limits, the shapes and the messages both sides share.
// Kept apart from contracts/artist.ts: the /artists route checks its address with it on every first load.

/** The fewest days an artist may promise to record a song in, once they accept it. */
export const MIN_TURNAROUND_DAYS = 1;
/** The most days an artist may take. */
export const MAX_TURNAROUND_DAYS = 30;
/** The turnaround of an artist who never set one. */
export const DEFAULT_TURNAROUND_DAYS = 5;

export const deliveryMessages = {
  turnaroundInvalid: `Choose a turnaround between ${MIN_TURNAROUND_DAYS} and ${MAX_TURNAROUND_DAYS} days`,
  deliverByInvalid: 'Enter a date as yyyy-mm-dd',
} as const;

/** What a customer is promised before paying, for one artist (ArtistCard.delivery). */
export interface DeliveryPromise {
  /** The artist's standard turnaround: days to record once they accept. */
  turnaround_days: number;
  /** The artists' answer window: hours an artist has to accept or decline an offer (OFFER_TTL_HOURS). */
  answer_hours: number;
  /** yyyy-mm-dd: the song arrives by this date if ordered now (the answer window, then the turnaround). */
  arrives_by: string;
}

/** yyyy-mm-dd of an instant, in UTC (the server's calendar). */
export const dateOnly = (at: Date): string => at.toISOString().slice(0, 10);

/** True for a real calendar date written yyyy-mm-dd (2025-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && dateOnly(parsed) === text;
}

/** A turnaround in whole days within the platform's limits (the artist's form and the catalogue's filter). */
export const turnaroundDaysSchema = v.pipe(
  v.number(deliveryMessages.turnaroundInvalid),
  v.integer(deliveryMessages.turnaroundInvalid),
  v.minValue(MIN_TURNAROUND_DAYS, deliveryMessages.turnaroundInvalid),
  v.maxValue(MAX_TURNAROUND_DAYS, deliveryMessages.turnaroundInvalid),
);

/** "1 day", "7 days". */
export const formatTurnaround = (days: number): string => `${days} day${days === 1 ? '' : 's'}`;
