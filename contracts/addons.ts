import * as v from 'valibot';
import { formatPesos } from './format';

// Add-ons of an order (docs/product.md §9 "Add-ons"): rush delivery, which each artist offers at their own price
// and shorter turnaround (or not at all), and extra revisions beyond the included ones, at one platform price.
// The limits and messages both sides share; every price is computed by the server only (server/orders/pricing.ts).

/** The least an artist may ask for rush delivery, on top of their rate (whole pesos). */
export const RUSH_MIN_PRICE_PESOS = 200;
/** The most an artist may ask for rush delivery (whole pesos). */
export const RUSH_MAX_PRICE_PESOS = 10_000;
/** What one extra revision costs the customer (whole pesos); the artist earns it like the rest of the price. */
export const EXTRA_REVISION_PRICE_PESOS = 500;
/** The most extra revisions one order may buy. */
export const MAX_EXTRA_REVISIONS = 3;

export const addOnMessages = {
  rushPriceInvalid: `Set a rush price between ₱${RUSH_MIN_PRICE_PESOS} and ${formatPesos(RUSH_MAX_PRICE_PESOS)}`,
  rushTurnaroundInvalid: 'Choose how many days a rush song takes',
  rushNotShorter: 'A rush turnaround must be shorter than your standard turnaround',
  rushChoiceInvalid: 'Choose whether you offer rush delivery',
  rushInvalid: 'Choose whether you want rush delivery',
  /** 422 on selected_artists: a chosen artist does not offer rush delivery. */
  rushNotOffered: 'One of the artists you chose does not offer rush delivery. Unselect them or turn rush off.',
  extraRevisionsInvalid: `Choose from 0 to ${MAX_EXTRA_REVISIONS} extra revisions`,
} as const;

/** An artist's rush delivery, as the catalogue and the song step show it (null: they do not offer it). */
export interface RushOffer {
  /** Whole pesos on top of the artist's rate. */
  price: number;
  /** Days to record a rush song once accepted (shorter than the standard turnaround). */
  turnaround_days: number;
  /** yyyy-mm-dd: a rush song ordered now arrives by this date (computed by the server). */
  arrives_by: string;
}

/** What an order's add-ons are and what the customer pays for each (whole pesos), as answers carry them. */
export interface OrderAddOns {
  rush: boolean;
  /** The rush part of the price: the highest rush price of the chosen artists, then the accepting artist's. */
  rush_price: number;
  extra_revisions: number;
  /** extra_revisions × EXTRA_REVISION_PRICE_PESOS, kept at the price of the day the order was placed. */
  extra_revisions_price: number;
}

export const noAddOns: OrderAddOns = { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 };

/** "1 extra revision", "2 extra revisions". */
export const formatExtraRevisions = (count: number): string => `${count} extra revision${count === 1 ? '' : 's'}`;

/** The add-ons in words with their prices, for a summary ("Rush delivery (+₱800)"); empty with none. */
export function addOnLines(addOns: OrderAddOns): string[] {
  const lines: string[] = [];
  if (addOns.rush) lines.push(`Rush delivery (+${formatPesos(addOns.rush_price)})`);
  if (addOns.extra_revisions > 0)
    lines.push(`${formatExtraRevisions(addOns.extra_revisions)} (+${formatPesos(addOns.extra_revisions_price)})`);
  return lines;
}

/** The song step's add-on fields (contracts/order.ts songSchema); left out, none is chosen. */
export const rushChoiceSchema = v.optional(v.boolean(addOnMessages.rushInvalid), false);
export const extraRevisionsSchema = v.optional(
  v.pipe(
    v.number(addOnMessages.extraRevisionsInvalid),
    v.integer(addOnMessages.extraRevisionsInvalid),
    v.minValue(0, addOnMessages.extraRevisionsInvalid),
    v.maxValue(MAX_EXTRA_REVISIONS, addOnMessages.extraRevisionsInvalid),
  ),
  0,
);

/** A rush price in whole pesos within the platform's limits. */
export const isRushPrice = (price: unknown): price is number =>
  typeof price === 'number' &&
  Number.isInteger(price) &&
  price >= RUSH_MIN_PRICE_PESOS &&
  price <= RUSH_MAX_PRICE_PESOS;
