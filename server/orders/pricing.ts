import { BASE_PRICE_CENTAVOS } from '../../contracts/options';
import type { ArtistProfileRow } from '../db/schema';

// Money and dates of an order (docs/architecture.md §4), decided on the server only.

const DAY_MS = 86_400_000;

/** yyyy-mm-dd of an instant, in UTC (the server's calendar). */
export const dateOnly = (at: Date): string => at.toISOString().slice(0, 10);

/** The earliest needed-by date the artists can make: today + MIN_LEAD_DAYS. */
export const earliestNeededBy = (now: Date, minLeadDays: number): string =>
  dateOnly(new Date(now.getTime() + minLeadDays * DAY_MS));

/** True for a real calendar date written yyyy-mm-dd (2025-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const parsed = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && dateOnly(parsed) === text;
}

/** An artist's rate in centavos: the platform base price when unset. */
export const rateCentavosOf = (profile: ArtistProfileRow | undefined): number =>
  profile?.rate_centavos ?? BASE_PRICE_CENTAVOS;

/**
 * What the customer pays up front: the highest rate among the selected artists, so any of them can
 * accept (null when none is known). The artist who accepts takes the order at their own rate.
 */
export function priceCentavosOf(profiles: readonly (ArtistProfileRow | undefined)[]): number | null {
  if (profiles.length === 0) return null;
  return Math.max(...profiles.map(rateCentavosOf));
}

/** The platform's share of a price, rounded to the centavo. */
export const platformFeeCentavos = (priceCentavos: number, percent: number): number =>
  Math.round((priceCentavos * percent) / 100);

/** Whole pesos, as every answer carries money. */
export const pesos = (centavos: number): number => Math.round(centavos / 100);

/** A price and the platform's fee on it, in centavos. */
export interface PriceTerms {
  price_centavos: number;
  platform_fee_centavos: number;
}

/** What an offer keeps of its artist when it is made: their rate and the platform fee on it. */
export function offerTermsOf(profile: ArtistProfileRow | undefined, feePercent: number) {
  const rate = rateCentavosOf(profile);
  return { rate_centavos: rate, platform_fee_centavos: platformFeeCentavos(rate, feePercent) };
}

/**
 * The price an order takes when this offer's artist accepts: their own rate and its fee, or the
 * order's price when the rate is not below it (a rebooked artist who asks more than was paid, or an
 * offer made before offers kept their rate). The customer is owed `order − accepted` back.
 */
export function acceptedTermsOf(
  order: PriceTerms,
  offer: { rate_centavos: number | null; platform_fee_centavos: number | null },
): PriceTerms {
  const own = offer.rate_centavos !== null && offer.platform_fee_centavos !== null;
  if (!own || (offer.rate_centavos as number) >= order.price_centavos)
    return { price_centavos: order.price_centavos, platform_fee_centavos: order.platform_fee_centavos };
  return {
    price_centavos: offer.rate_centavos as number,
    platform_fee_centavos: offer.platform_fee_centavos as number,
  };
}
