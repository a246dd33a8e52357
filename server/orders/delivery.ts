import type { RushOffer } from '../../contracts/addons';
import {
  DEFAULT_TURNAROUND_DAYS,
  type DeliveryPromise,
  dateOnly,
  MAX_TURNAROUND_DAYS,
  MIN_TURNAROUND_DAYS,
} from '../../contracts/delivery';
import type { ArtistProfileRow } from '../db/schema';
import { dueAtFor } from '../lifecycle/order-actions';
import { earliestNeededBy } from './pricing';

// The date a song arrives if ordered now (docs/product.md §9 "Delivery"), decided here only: the catalogue's
// cards, the artist's page, the song step and the earliest needed-by date the order takes all come from it.

const DAY_MS = 86_400_000;

/** What the promise depends on besides the artist: the platform's answer window and shortest lead. */
export interface DeliverySettings {
  /** How long an artist has to answer an offer (OFFER_TTL_HOURS). */
  offerTtlMs: number;
  /** Days from today to the earliest needed-by date of any order (MIN_LEAD_DAYS). */
  minLeadDays: number;
}

type TurnaroundFields = Pick<ArtistProfileRow, 'turnaround_days'> &
  Partial<Pick<ArtistProfileRow, 'rush_price_centavos' | 'rush_turnaround_days'>>;

/**
 * The artist's turnaround in days: what they set, or the platform default; with `rush`, their shorter rush
 * turnaround when they offer rush (docs/product.md §9 "Add-ons"). The one place a turnaround is read.
 */
export const turnaroundDaysOf = (profile: TurnaroundFields | undefined, options: { rush?: boolean } = {}): number =>
  (options.rush && profile?.rush_price_centavos != null ? profile.rush_turnaround_days : null) ??
  profile?.turnaround_days ??
  DEFAULT_TURNAROUND_DAYS;

const addDays = (date: string, days: number) => dateOnly(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));

/**
 * The needed-by date a song ordered at `now` can be promised for, with this turnaround: the first date whose
 * due time (lifecycle dueAtFor: the artist delivers a day ahead, for our check) leaves the artist the whole
 * answer window and then the whole turnaround; never before today + MIN_LEAD_DAYS.
 */
export function arrivesBy(now: Date, settings: DeliverySettings, turnaroundDays: number): string {
  const ready = new Date(now.getTime() + settings.offerTtlMs + turnaroundDays * DAY_MS).toISOString();
  let date = dateOnly(new Date(ready));
  while (dueAtFor(date) < ready) date = addDays(date, 1);
  while (dueAtFor(addDays(date, -1)) >= ready) date = addDays(date, -1);
  const floor = earliestNeededBy(now, settings.minLeadDays);
  // The later of two yyyy-mm-dd dates (they sort as text; Math.max would turn them into NaN).
  // biome-ignore lint/complexity/useMathMinMax: the operands are date strings, not numbers.
  return date < floor ? floor : date;
}

/** The promise an artist's card and page show. */
export function deliveryPromiseOf(
  now: Date,
  settings: DeliverySettings,
  profile: Pick<ArtistProfileRow, 'turnaround_days'> | undefined,
): DeliveryPromise {
  const turnaround = turnaroundDaysOf(profile);
  return {
    turnaround_days: turnaround,
    answer_hours: Math.round(settings.offerTtlMs / 3_600_000),
    arrives_by: arrivesBy(now, settings, turnaround),
  };
}

/** An artist's rush delivery as cards show it (price in whole pesos), or null when they do not offer it. */
export function rushOfferOf(
  now: Date,
  settings: DeliverySettings,
  profile: TurnaroundFields | undefined,
): RushOffer | null {
  if (profile?.rush_price_centavos == null || profile.rush_turnaround_days == null) return null;
  const days = turnaroundDaysOf(profile, { rush: true });
  return {
    price: Math.round(profile.rush_price_centavos / 100),
    turnaround_days: days,
    arrives_by: arrivesBy(now, settings, days),
  };
}

/** Both promises of an artist's card: the standard one and, when offered, the rush one. */
export const promisesOf = (now: Date, settings: DeliverySettings, profile: ArtistProfileRow | undefined) => ({
  delivery: deliveryPromiseOf(now, settings, profile),
  rush: rushOfferOf(now, settings, profile),
});

/**
 * The earliest needed-by date for these artists: what the slowest of them promises (any of them may be the
 * one who accepts), or today + MIN_LEAD_DAYS when none is chosen yet. With rush, their rush turnarounds.
 */
export function earliestNeededByFor(
  now: Date,
  settings: DeliverySettings,
  profiles: readonly (TurnaroundFields | undefined)[],
  options: { rush?: boolean } = {},
): string {
  const slowest = Math.max(MIN_TURNAROUND_DAYS, ...profiles.map((p) => turnaroundDaysOf(p, options)));
  return profiles.length === 0 ? earliestNeededBy(now, settings.minLeadDays) : arrivesBy(now, settings, slowest);
}

/**
 * The longest turnaround whose promise is on or before `date` ("can deliver by"): the catalogue filters on
 * the turnaround so its index serves the filter. 0 when no turnaround makes it (nobody matches).
 */
export function longestTurnaroundBy(now: Date, settings: DeliverySettings, date: string): number {
  let longest = 0;
  for (let days = MIN_TURNAROUND_DAYS; days <= MAX_TURNAROUND_DAYS; days++) {
    if (arrivesBy(now, settings, days) > date) break;
    longest = days;
  }
  return longest;
}

/**
 * Changes whenever any promise may change (arrivesBy moves in whole days: at the due-time boundary of
 * now + answer window, and at UTC midnight for the MIN_LEAD_DAYS floor): cached catalogue answers key on it,
 * so a promise is never served past the moment it moves.
 */
export function promiseEpoch(now: Date, settings: DeliverySettings): string {
  return `${arrivesBy(now, { ...settings, minLeadDays: 0 }, 0)}/${earliestNeededBy(now, settings.minLeadDays)}`;
}

/** The settings from the server's configuration. */
export const deliverySettingsOf = (config: { offerTtlMs: number; minLeadDays: number }): DeliverySettings => ({
  offerTtlMs: config.offerTtlMs,
  minLeadDays: config.minLeadDays,
});
