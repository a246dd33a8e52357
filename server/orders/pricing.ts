import { EXTRA_REVISION_PRICE_PESOS, type OrderAddOns } from '../../contracts/addons';
import { dateOnly } from '../../contracts/delivery';
import { BASE_PRICE_CENTAVOS } from '../../contracts/options';
import type { ArtistProfileRow, OrderRow } from '../db/schema';

// Money and dates of an order (docs/architecture.md §4), decided on the server only.

const DAY_MS = 86_400_000;

// yyyy-mm-dd dates (the server's calendar, UTC) are shared with the clients' checks.
export { dateOnly, isCalendarDate } from '../../contracts/delivery';

/** The earliest needed-by date the artists can make: today + MIN_LEAD_DAYS. */
export const earliestNeededBy = (now: Date, minLeadDays: number): string =>
  dateOnly(new Date(now.getTime() + minLeadDays * DAY_MS));

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

/** The add-ons a customer chose at the song step (contracts/order.ts songSchema). */
export interface AddOnChoice {
  rush: boolean;
  extra_revisions: number;
}

/** True when the artist offers rush delivery (a price and a shorter turnaround on file). */
export const offersRush = (profile: ArtistProfileRow | undefined): boolean =>
  profile?.rush_price_centavos != null && profile.rush_turnaround_days != null;

/** The price of the extra revisions an order buys, at today's platform price. */
export const extraRevisionsCentavosOf = (count: number): number => count * EXTRA_REVISION_PRICE_PESOS * 100;

/** An order's price in parts, in centavos: price_centavos includes rush_centavos and extra_revisions_centavos. */
export interface OrderPrice {
  price_centavos: number;
  rush_centavos: number;
  extra_revisions_centavos: number;
}

/**
 * What the customer pays up front with add-ons (docs/product.md §9 "Add-ons"): the highest rate, plus with rush
 * the highest rush price of the artists (all of whom offer rush), plus the extra revisions. Any of them can then
 * accept; the one who does takes it at their own rate and rush price (acceptedTermsOf) and the rest is refunded.
 * Null when no artist is known.
 */
export function orderPriceOf(
  profiles: readonly (ArtistProfileRow | undefined)[],
  choice: AddOnChoice,
): OrderPrice | null {
  const rate = priceCentavosOf(profiles);
  if (rate === null) return null;
  const rush = choice.rush ? Math.max(0, ...profiles.map((p) => p?.rush_price_centavos ?? 0)) : 0;
  const extras = extraRevisionsCentavosOf(choice.extra_revisions);
  return { price_centavos: rate + rush + extras, rush_centavos: rush, extra_revisions_centavos: extras };
}

/** The add-ons of an order as answers carry them (whole pesos). */
export const addOnsOf = (
  order: Pick<OrderRow, 'rush' | 'rush_centavos' | 'extra_revisions' | 'extra_revisions_centavos'>,
): OrderAddOns => ({
  rush: order.rush === 1,
  rush_price: pesos(order.rush_centavos),
  extra_revisions: order.extra_revisions,
  extra_revisions_price: pesos(order.extra_revisions_centavos),
});

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

/** The order's add-ons an offer is priced with (an order row has them; none before the order exists). */
export type OfferAddOns = Pick<OrderRow, 'rush' | 'extra_revisions_centavos'>;
const withoutAddOns: OfferAddOns = { rush: 0, extra_revisions_centavos: 0 };

/** The add-ons as an offer's artist sees them: the rush part is their own rush price (their offer's). */
export const offerAddOnsOf = (
  order: Pick<OrderRow, 'rush' | 'rush_centavos' | 'extra_revisions' | 'extra_revisions_centavos'>,
  offer: { rush_centavos: number | null } | undefined,
): OrderAddOns => addOnsOf({ ...order, rush_centavos: offer?.rush_centavos ?? order.rush_centavos });

/**
 * What an offer keeps of its artist when it is made: what they take the order for (their rate, plus on a rush
 * order their rush price, plus the extra revisions bought) and the platform fee on it. An artist offered a rush
 * order without offering rush (an admin's reassignment) takes it without the rush part.
 */
export function offerTermsOf(profile: ArtistProfileRow | undefined, feePercent: number, addOns = withoutAddOns) {
  const rush = addOns.rush === 1 ? (profile?.rush_price_centavos ?? 0) : null;
  const rate = rateCentavosOf(profile) + (rush ?? 0) + addOns.extra_revisions_centavos;
  return { rate_centavos: rate, platform_fee_centavos: platformFeeCentavos(rate, feePercent), rush_centavos: rush };
}

/**
 * The price an order takes when this offer's artist accepts: their own rate and its fee, or the
 * order's price when the rate is not below it (a rebooked artist who asks more than was paid, or an
 * offer made before offers kept their rate). The customer is owed `order − accepted` back.
 */
export function acceptedTermsOf(
  order: PriceTerms & { rush_centavos: number },
  offer: { rate_centavos: number | null; platform_fee_centavos: number | null; rush_centavos: number | null },
): PriceTerms & { rush_centavos: number } {
  const own = offer.rate_centavos !== null && offer.platform_fee_centavos !== null;
  if (!own || (offer.rate_centavos as number) >= order.price_centavos)
    return {
      price_centavos: order.price_centavos,
      platform_fee_centavos: order.platform_fee_centavos,
      rush_centavos: order.rush_centavos,
    };
  // The rush part follows the accepting artist's own rush price (their offer's), so the order's parts still add up.
  return {
    price_centavos: offer.rate_centavos as number,
    platform_fee_centavos: offer.platform_fee_centavos as number,
    rush_centavos: offer.rush_centavos ?? order.rush_centavos,
  };
}
