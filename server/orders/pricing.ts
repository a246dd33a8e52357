import { BASE_PRICE_CENTAVOS } from '../../contracts/options';
import type { ArtistProfileRow } from '../db/schema';

// Money and dates of an order (DESIGN §4), decided on the server only.

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

/** The order's price: the highest rate among the selected artists (null when none is known). */
export function priceCentavosOf(profiles: readonly (ArtistProfileRow | undefined)[]): number | null {
  if (profiles.length === 0) return null;
  return Math.max(...profiles.map(rateCentavosOf));
}

/** The platform's share of a price, rounded to the centavo. */
export const platformFeeCentavos = (priceCentavos: number, percent: number): number =>
  Math.round((priceCentavos * percent) / 100);

/** Whole pesos, as every answer carries money. */
export const pesos = (centavos: number): number => Math.round(centavos / 100);
