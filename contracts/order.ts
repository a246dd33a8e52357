import * as v from 'valibot';
import { extraRevisionsSchema, type OrderAddOns, type RushOffer, rushChoiceSchema } from './addons';
import type { CatalogOptions } from './artist';
import { contactNumberSchema, emailSchema } from './auth';
import { findCountry } from './countries';
import type { DeliveryPromise } from './delivery';
import { fieldMessages as m } from './field-messages';
import { formatPesos } from './format';
import type { CustomerOrderLifecycle } from './lifecycle';
import { genreValues, type Option, vocalTypeValues } from './options';
import { type AdminStage, adminStages, type OrderStatus, orderReferencePattern, orderStatuses } from './order-status';
import { cursorIdInRange, invalidCursorMessage, pageLimitSchema } from './paging';
import { linesInput, plainText, textInput } from './text';

// The customer's order (docs/product.md §3 temp order, §4 order draft flow, §7 user area; docs/architecture.md §3–§4).
// The draft is a "temp order" built step by step; commit turns it into an order awaiting payment.

export const orderMessages = {
  occasionRequired: 'Choose the occasion',
  relationshipRequired: 'Choose how the recipient is related to you',
  artistsRequired: 'Choose at least one artist',
  tooManyArtists: 'Choose at most three artists',
  artistUnavailable: 'This artist is not taking orders right now',
  moodRequired: 'Choose a mood',
  tempoRequired: 'Choose a tempo',
  genreRequired: 'Choose a genre',
  vocalTypeRequired: 'Choose a vocal type',
  neededByInvalid: 'Choose the date you need the song by',
  neededByTooSoon: 'The selected artists need more time: choose a later date',
  songAboutTooShort: 'Tell the artist what the song is about (at least 30 characters)',
  songAboutTooLong: 'Please keep this under 3000 characters',
  promptDetailsTooLong: 'Please keep this under 1500 characters',
  clipInvalid: 'This clip is no longer available: upload it again',
  paymentMethodRequired: 'Choose a payment method',
  draftNotFound: 'This order draft was not found. Start a new order.',
  draftDiscarded: 'Your draft is deleted. You can start a new order.',
  stepMissing: 'Finish the earlier steps first',
  alreadyCommitted: 'This order has already been placed.',
  notPayable: 'This order cannot be paid now.',
  clipUploaded: 'Your clip is uploaded.',
  orderNotFound: 'This order was not found.',
  tooManyClips: 'You have uploaded many clips today. Use the ones you have or try again tomorrow.',
  orderPlaced: 'Your order has been placed. Complete the payment to send it to the artists.',
} as const;

/** Choice lists of GET /options beyond genres and vocal types (stable keys, shown labels). */
const list = <const T extends readonly (readonly [string, string])[]>(pairs: T) =>
  pairs.map(([value, display]) => ({ value, display })) as { value: T[number][0]; display: string }[];

export const occasions = list([
  ['birthday', 'Birthday'],
  ['anniversary', 'Anniversary'],
  ['wedding', 'Wedding'],
  ['proposal', 'Proposal'],
  ['graduation', 'Graduation'],
  ['mothers_day', "Mother's Day"],
  ['fathers_day', "Father's Day"],
  ['valentines', "Valentine's Day"],
  ['christmas', 'Christmas'],
  ['memorial', 'In memory'],
  ['thank_you', 'Thank you'],
  ['just_because', 'Just because'],
] as const);

export const relationships = list([
  ['partner', 'Partner'],
  ['spouse', 'Husband or wife'],
  ['parent', 'Parent'],
  ['child', 'Son or daughter'],
  ['sibling', 'Brother or sister'],
  ['grandparent', 'Grandparent'],
  ['friend', 'Friend'],
  ['colleague', 'Colleague'],
  ['other', 'Someone else'],
] as const);

export const moods = list([
  ['happy', 'Happy'],
  ['romantic', 'Romantic'],
  ['sentimental', 'Sentimental'],
  ['funny', 'Funny'],
  ['inspiring', 'Inspiring'],
  ['calm', 'Calm'],
] as const);

export const tempos = list([
  ['slow', 'Slow'],
  ['medium', 'Medium'],
  ['upbeat', 'Upbeat'],
] as const);

/** The payment methods by their own names; paymentMethodLabel adds the provider that takes them. */
export const paymentMethods = list([
  ['sandbox', 'Test payment (sandbox)'],
  ['gcash', 'GCash'],
  ['bank', 'Online banking'],
  ['otc', 'Over the counter'],
] as const);

/** Who takes the payments (the server's PAYMENT_PROVIDER), as a payment method's label names it. */
export type PaymentTaker = 'sandbox' | 'dragonpay';
const takerNames: Record<PaymentTaker, string> = { sandbox: 'test payment', dragonpay: 'DragonPay' };

/** A method named by the provider that takes it: "GCash (DragonPay)", or "GCash (test payment)" in the sandbox. */
export function paymentMethodLabel(method: string, taker: PaymentTaker): string {
  const own = paymentMethods.find((m) => m.value === method);
  if (!own) return method;
  return method === 'sandbox' ? own.display : `${own.display} (${takerNames[taker]})`;
}

/** The methods a provider takes, as the order form offers them (GET /options). */
export const paymentMethodOptions = (values: readonly string[], taker: PaymentTaker): Option[] =>
  paymentMethods
    .filter((m) => values.includes(m.value))
    .map((m) => ({ value: m.value, display: paymentMethodLabel(m.value, taker) }));

const occasionValues = occasions.map((o) => o.value);
const relationshipValues = relationships.map((o) => o.value);
const moodValues = moods.map((o) => o.value);
const tempoValues = tempos.map((o) => o.value);
export const paymentMethodValues = paymentMethods.map((o) => o.value);

/** Most artists a customer can choose (docs/architecture.md §4; docs/product.md §5 caps the multi-select). */
export const MAX_SELECTED_ARTISTS = 3;

const str = textInput;
const text = (label: string, max: number) =>
  v.pipe(str(), v.trim(), v.nonEmpty(m.required(label)), v.maxLength(max, m.tooLong(label, max)));
const optionalText = (label: string, max: number) => v.pipe(str(), v.trim(), v.maxLength(max, m.tooLong(label, max)));
const choice = (values: readonly string[], message: string) =>
  v.pipe(
    str(message),
    v.check((x) => values.includes(x), message),
  );
const flag = v.optional(v.boolean(m.mustBeBoolean), false);
/** A temporary upload location returned by POST /temp-order/upload (opaque, server-checked). */
const clip = v.optional(
  v.nullable(v.pipe(v.string(), v.regex(/^tmp_[A-Za-z0-9_-]{8,64}$/, orderMessages.clipInvalid))),
  null,
);

/** POST /temp-order and PATCH /temp-order/{id}/occasion. */
export const occasionSchema = v.pipe(
  v.strictObject({
    gifter_first_name: text('first name', 100),
    gifter_last_name: text('last name', 100),
    gifter_contact_number: contactNumberSchema,
    gifter_dial_code: v.pipe(str(m.dialCodeMismatch), v.trim()),
    gifter_country: v.pipe(
      str(m.countryInvalid),
      v.check((code) => findCountry(code) !== undefined, m.countryInvalid),
    ),
    gifter_email: emailSchema,
    recipient_first_name: text("recipient's first name", 100),
    recipient_last_name: optionalText("recipient's last name", 100),
    recipient_relationship: choice(relationshipValues, orderMessages.relationshipRequired),
    recipient_pronunciation: optionalText('pronunciation', 200),
    recipient_mentioned: flag,
    occasion_name: choice(occasionValues, orderMessages.occasionRequired),
    occasion_mentioned: flag,
  }),
  v.forward(
    v.partialCheck(
      [['gifter_country'], ['gifter_dial_code']],
      (i) => findCountry(i.gifter_country)?.dial_code === i.gifter_dial_code,
      m.dialCodeMismatch,
    ),
    ['gifter_dial_code'],
  ),
);
export type OccasionBody = v.InferInput<typeof occasionSchema>;

/** PATCH /temp-order/{id}/song. The server checks the artists are online and approved, and the date. */
export const songSchema = v.strictObject({
  selected_artists: v.pipe(
    v.optional(
      v.array(v.pipe(v.string(orderMessages.artistsRequired), plainText()), orderMessages.artistsRequired),
      [],
    ),
    v.minLength(1, orderMessages.artistsRequired),
    v.maxLength(MAX_SELECTED_ARTISTS, orderMessages.tooManyArtists),
    v.check((ids) => new Set(ids).size === ids.length, orderMessages.artistsRequired),
  ),
  song_mood: choice(moodValues, orderMessages.moodRequired),
  song_tempo: choice(tempoValues, orderMessages.tempoRequired),
  genre: choice(genreValues, orderMessages.genreRequired),
  vocal_type: choice(vocalTypeValues, orderMessages.vocalTypeRequired),
  is_rebook: flag,
  /** yyyy-mm-dd */
  needed_by: v.pipe(str(orderMessages.neededByInvalid), v.regex(/^\d{4}-\d{2}-\d{2}$/, orderMessages.neededByInvalid)),
  /** Add-ons (contracts/addons.ts): rush delivery (every chosen artist must offer it) and extra revisions. */
  rush: rushChoiceSchema,
  extra_revisions: extraRevisionsSchema,
});
export type SongBody = v.InferInput<typeof songSchema>;

/** PATCH /temp-order/{id}/story. audio_recording1_clip is the recipient's name, said aloud. */
export const storySchema = v.strictObject({
  song_about: v.pipe(
    linesInput(),
    v.trim(),
    v.minLength(30, orderMessages.songAboutTooShort),
    v.maxLength(3000, orderMessages.songAboutTooLong),
  ),
  song_prompt1_title: optionalText('first memory title', 120),
  song_prompt1_details: v.pipe(linesInput(), v.trim(), v.maxLength(1500, orderMessages.promptDetailsTooLong)),
  song_prompt2_title: optionalText('second memory title', 120),
  song_prompt2_details: v.pipe(linesInput(), v.trim(), v.maxLength(1500, orderMessages.promptDetailsTooLong)),
  song_clip: clip,
  song_prompt1_clip: clip,
  song_prompt2_clip: clip,
  audio_recording1_clip: clip,
  audio_recording2_clip: clip,
});
export type StoryBody = v.InferInput<typeof storySchema>;

/** POST /order/{id}/checkout. */
export const checkoutSchema = v.strictObject({
  paymentMethod: choice(paymentMethodValues, orderMessages.paymentMethodRequired),
});

/** The clip slots of the story step. */
export const clipSlots = [
  'song_clip',
  'song_prompt1_clip',
  'song_prompt2_clip',
  'audio_recording1_clip',
  'audio_recording2_clip',
] as const;
export type ClipSlot = (typeof clipSlots)[number];

// ---- Answers -------------------------------------------------------------------------------------

export interface TempOrderClip {
  temp_location: string;
  /** A signed URL the owner can play. */
  url: string;
  mime: string;
  size: number;
}

/** GET /temp-order/{id} → data: the draft as saved, with the steps it has. */
export interface TempOrder {
  id: number;
  occasion: v.InferOutput<typeof occasionSchema> | null;
  song:
    | (v.InferOutput<typeof songSchema> & {
        /** The chosen artists with their rates and what each promises (the date a song ordered now arrives). */
        artists: {
          id: string;
          stage_name: string;
          rate: number;
          /** What they would take this order for (pesos): their rate plus the add-ons chosen, at their prices. */
          price: number;
          delivery: DeliveryPromise;
          /** Their rush delivery, or null when they do not offer it. */
          rush: RushOffer | null;
        }[];
      })
    | null;
  story: (Omit<v.InferOutput<typeof storySchema>, ClipSlot> & Record<ClipSlot, TempOrderClip | null>) | null;
  /** Whole pesos, computed by the server from the selected artists and add-ons (docs/architecture.md §4). */
  price: number | null;
  /** The add-ons chosen and what each adds to `price` (whole pesos); null before the song step. */
  add_ons: OrderAddOns | null;
  /**
   * The earliest needed-by date the selected artists can make (yyyy-mm-dd): what the slowest of them
   * promises, or today + MIN_LEAD_DAYS before any is chosen.
   */
  earliest_needed_by: string | null;
  committed_order_id: number | null;
}

export { type AdminStage, adminStages, type OrderStatus, orderReferencePattern, orderStatuses };

export interface OrderEvent {
  type: string;
  at: string;
  by: 'customer' | 'artist' | 'admin' | 'system' | 'provider';
}

/** POST /temp-order/{id}/commit → data, GET /orders → data.orders[], GET /orders/{id} → data. */
export interface Order {
  id: number;
  /** "OR" followed by digits (docs/product.md §3). */
  reference: string;
  status: OrderStatus;
  price: number;
  currency: 'PHP';
  occasion_name: string;
  recipient_first_name: string;
  needed_by: string;
  artists: { id: string; stage_name: string }[];
  /** Rush delivery and extra revisions, each a part of `price`. */
  add_ons: OrderAddOns;
  created_at: string;
  paid_at: string | null;
  events: OrderEvent[];
}

/**
 * The price rule in the customer's words, shown before payment (review, checkout, pay page): the
 * highest rate is paid up front; an artist with a lower rate who takes the order means a refund.
 */
export function chargeRuleText(amount: number, rates: readonly number[], addOns?: OrderAddOns | null): string {
  // With add-ons, `rates` are each artist's price for this order (their rate and rush price, the extra revisions).
  const what = addOns?.rush || addOns?.extra_revisions ? 'price' : 'rate';
  const included = what === 'price' ? ', add-ons included' : '';
  if (rates.length > 1 && rates.some((rate) => rate < amount))
    return `You pay ${formatPesos(amount)} now, the highest ${what} of the artists you chose${included}. If an artist with a lower ${what} takes your order, the difference is refunded to you.`;
  return `You pay ${formatPesos(amount)} now, the ${what} of the ${rates.length > 1 ? 'artists' : 'artist'} you chose${included}.`;
}

export interface CheckoutAnswer {
  payment: { Url: string; RefNo: string; Status: string };
}

/** The states of machines/payment-attempt.machine.ts (one payment attempt of an order). */
export const paymentStatuses = [
  'pending',
  'succeeded',
  'failed',
  'cancelled',
  'expired',
  'voided',
  'refunded',
  'charged_back',
  // The money arrived but did not match the attempt (amount or currency): an admin decides (payment_exceptions).
  'held',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Why money has to go back to a customer (refunds.reason_code). */
export const refundReasons = [
  'order_cancelled',
  'paid_twice',
  'paid_after_cancel',
  'paid_after_void',
  'provider_refund',
  'charged_back',
  'price_difference',
  'overpaid',
  'wrong_payment',
] as const;
export type RefundReason = (typeof refundReasons)[number];

export const refundReasonLabel: Record<RefundReason, string> = {
  order_cancelled: 'The order was cancelled after payment',
  paid_twice: 'The order was paid twice',
  paid_after_cancel: 'A payment arrived after the order was cancelled',
  paid_after_void: 'A payment arrived for a checkout that had been closed',
  provider_refund: 'Refunded by the payment provider',
  charged_back: "The payment was reversed by the customer's bank",
  price_difference: 'The artist who took your order charges less than you paid',
  overpaid: 'You paid more than the order costs',
  wrong_payment: 'The payment did not match the order (amount or currency)',
};

/** A refund as the customer and the admin read it: the state of machines/refund.machine.ts (owed → sent, or failed). */
export interface Refund {
  id: number;
  order_id: number;
  order_reference: string;
  payment_id: number;
  amount: number;
  currency: 'PHP';
  reason: RefundReason;
  /** Free text recorded with it (a cancellation's reason). */
  note: string;
  status: 'owed' | 'sent' | 'failed';
  /** How it was sent ("GCash", "Bank transfer", "Provider console", or the provider's own return). */
  method: string | null;
  /** The transfer's reference once sent. */
  reference: string | null;
  created_at: string;
  sent_at: string | null;
  /** The last failed transfer (kept after a retry), and why it failed (admins only). */
  failed_at: string | null;
  failure_reason?: string | null;
}

/** A refund as the customer's screens list it (every refund of an order or a payment, oldest first). */
export type RefundBrief = Pick<Refund, 'id' | 'amount' | 'reason' | 'status' | 'method' | 'reference' | 'sent_at'> & {
  at: string;
};

/** GET /payments → data.payments[] (PaymentHistoryPage) */
export interface Payment {
  id: number;
  order_id: number;
  order_reference: string;
  amount: number;
  currency: 'PHP';
  method: string;
  provider: 'sandbox' | 'dragonpay';
  status: PaymentStatus;
  /** The provider's reference (RefNo). */
  reference: string | null;
  created_at: string;
  updated_at: string;
  /** Every refund recorded against this payment, oldest first. */
  refunds: RefundBrief[];
}

/**
 * GET /orders/{id}/payment-state → data: what the result page shows. `paid` once the order left
 * awaiting payment through a verified callback; `waiting` while the newest attempt is still pending.
 */
export interface OrderPaymentState {
  order_id: number;
  order_reference: string;
  order_status: OrderStatus;
  /** The newest attempt's status; null when the order has none. */
  payment_status: PaymentStatus | null;
  /** The newest attempt's provider reference. */
  payment_reference: string | null;
  state: 'paid' | 'waiting' | 'failed' | 'cancelled' | 'unpaid' | 'closed';
  /** The order can still be paid (it awaits payment). */
  payable: boolean;
  /** What a checkout charges (pesos): the highest rate of the chosen artists until one accepts. */
  amount: number;
  /**
   * Each chosen artist's price for this order (pesos; their rate, with the add-ons their price includes),
   * in their order: with `amount` and `add_ons`, the price rule (chargeRuleText).
   */
  artist_rates: number[];
  /** The add-ons chosen at the song step, priced in `amount`. */
  add_ons: OrderAddOns;
  /** What is being paid for, said on the pay page: the occasion (a value of `occasions`) and the recipient. */
  occasion_name: string;
  recipient_first_name: string;
  /** The chosen artists' stage names, in the order of `artist_rates`. */
  artist_names: string[];
}

// ---- Added with the server of issue 3 ----------------------------------------------------------

/** GET /api/v1/user/options → data: the catalogue's lists plus the order form's. */
export interface UserOptions extends CatalogOptions {
  occasions: Option[];
  relationships: Option[];
  moods: Option[];
  tempos: Option[];
  payment_methods: Option[];
}

/** A customer list's cursor: the id of the last row sent. */
const customerCursorSchema = v.optional(
  v.pipe(v.string(), v.regex(/^\d{1,10}$/, invalidCursorMessage), cursorIdInRange, v.transform(Number)),
);

/**
 * GET /orders?transaction=&cursor=&limit=: newest first, a page at a time; `transaction` focuses one
 * order by its reference (unknown parameters → 422).
 */
export const orderListQuerySchema = v.strictObject({
  transaction: v.optional(v.pipe(v.string(), v.trim(), v.regex(orderReferencePattern, 'Unknown transaction'))),
  cursor: customerCursorSchema,
  limit: pageLimitSchema,
});

/** GET /payments?cursor=&limit=: newest first, a page at a time. */
export const paymentListQuerySchema = v.strictObject({
  cursor: customerCursorSchema,
  limit: pageLimitSchema,
});

/** GET /orders → data: one page of the customer's orders; `next_cursor` null on the last page. */
export interface OrderHistoryPage {
  orders: OrderDetail[];
  next_cursor: string | null;
}

/** GET /payments → data: one page of the customer's payments; `next_cursor` null on the last page. */
export interface PaymentHistoryPage {
  payments: Payment[];
  next_cursor: string | null;
}

/** The brief of a committed order: the draft's three steps as they were committed. */
export interface OrderBrief {
  occasion: v.InferOutput<typeof occasionSchema>;
  song: v.InferOutput<typeof songSchema>;
  story: Omit<v.InferOutput<typeof storySchema>, ClipSlot> & Record<ClipSlot, TempOrderClip | null>;
}

/** GET /orders → data.orders[], GET /orders/{id} → data: the order with its brief (clips with signed URLs). */
export interface OrderDetail extends Order, CustomerOrderLifecycle {
  brief: OrderBrief;
}

/** POST /temp-order → data. */
export interface TempOrderCreated {
  order_id: number;
}

/** 409 alreadyCommitted (commit again, or a step saved after commit) → data: the order placed from this draft. */
export interface AlreadyCommittedAnswer {
  message: string;
  data: { order_id: number };
}

/** Characters no file system or browser keeps in a file name (and control characters). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is removed.
const unsafeInFileName = /[\u0000-\u001f\u007f"*/:<>?\\|]+/g;

/**
 * The name a delivered song is saved under, e.g. "Lola – Birthday (Labsongs).wav": who it is for and
 * the occasion, without characters a file system refuses, never starting with a dot, and short.
 */
export function songFileName(recipient: string, occasion: string, ext: string): string {
  const clean = (text: string, max: number) =>
    text
      .normalize('NFC')
      .replace(unsafeInFileName, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^\.+/, '')
      .slice(0, max)
      .trim();
  const label = occasions.find((o) => o.value === occasion)?.display ?? occasion.replace(/_/g, ' ');
  const who = clean(recipient, 60);
  const what = clean(label, 40);
  const suffix = /^[a-z0-9]{1,5}$/i.test(ext) ? `.${ext.toLowerCase()}` : '';
  const title = [who, what].filter(Boolean).join(' – ');
  return `${title ? `${title} (Labsongs)` : 'Labsongs song'}${suffix}`;
}
