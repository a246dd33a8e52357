import * as v from 'valibot';
import { paymentMethodValues } from './order';

// Tips (issue 28): after accepting the song, the customer may thank the artist with money, paid through
// the same provider as orders. The whole tip is the artist's: the platform takes no share.
// Amounts are whole pesos, like every money answer of the product (docs/product.md "Tips").

/** The amounts offered as buttons, in pesos. */
export const TIP_PRESETS_PESOS = [100, 250, 500] as const;
/** The smallest and largest tip, in pesos. */
export const TIP_MIN_PESOS = 50;
export const TIP_MAX_PESOS = 10_000;

export const tipStatuses = ['pending', 'paid', 'failed', 'cancelled', 'expired', 'held'] as const;
export type TipStatus = (typeof tipStatuses)[number];

export const tipMessages = {
  amountInvalid: `Enter a whole number of pesos from ₱${TIP_MIN_PESOS} to ₱${TIP_MAX_PESOS.toLocaleString('en-US')}.`,
  paymentMethodRequired: 'Choose how to pay.',
  notAccepted: 'You can tip the artist once you have accepted the song.',
  started: 'Your tip is ready to pay.',
  thanks: 'Thank you! Your tip is on its way to the artist.',
} as const;

/** POST /user/orders/{id}/tips: the amount is checked here and stored by the server; it decides what is charged. */
export const tipSchema = v.strictObject({
  amount: v.pipe(
    v.number(tipMessages.amountInvalid),
    v.integer(tipMessages.amountInvalid),
    v.minValue(TIP_MIN_PESOS, tipMessages.amountInvalid),
    v.maxValue(TIP_MAX_PESOS, tipMessages.amountInvalid),
  ),
  paymentMethod: v.pipe(
    v.string(tipMessages.paymentMethodRequired),
    v.check((x) => (paymentMethodValues as readonly string[]).includes(x), tipMessages.paymentMethodRequired),
  ),
});
export type TipBody = v.InferOutput<typeof tipSchema>;

/** One tip as its customer sees it. `amount` in pesos. */
export interface Tip {
  id: number;
  amount: number;
  status: TipStatus;
  created_at: string;
  paid_at: string | null;
}

/** GET /user/orders/{id}/tips → data: the order's tips, newest first, and whether a new one can be made. */
export interface OrderTips {
  can_tip: boolean;
  items: Tip[];
}

/** POST /user/orders/{id}/tips → data: the tip, and where to send the browser to pay it. */
export interface TipCheckout {
  tip: Tip;
  payment: { Url: string; RefNo: string; Status: string };
}
