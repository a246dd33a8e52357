import * as v from 'valibot';
import type { CustomerOrderLifecycle, Gift, GiftLink, LifecycleFacts, OrderRefund, SongVersion } from '../lifecycle';
import { lyricsSteps } from '../lyrics';
import {
  type CheckoutAnswer,
  type Order,
  type OrderBrief,
  type OrderDetail,
  type OrderEvent,
  type OrderHistoryPage,
  type OrderPaymentState,
  orderStatuses,
  type Payment,
  type PaymentHistoryPage,
  paymentStatuses,
  refundReasons,
  type TempOrder,
  type TempOrderClip,
  type TempOrderCreated,
} from '../order';
import { orderAddOnsSchema, rushOfferSchema } from './addons';
import { deliveryPromiseSchema } from './delivery';
import { successSchema } from './envelope';
import type { Expect, SameType } from './same-type';

// The answers of the customer's drafts, orders, lifecycle actions, gift page and payments (contracts/order.ts,
// contracts/lifecycle.ts), for /api/openapi.json and the server tests. Server-side only.
// A brief's steps are described as stored (plain strings), not with the request rules: the answer is what
// was saved, and a rule added later must not make an old order's answer "invalid".

const pesos = v.number();

// Lists the contracts type but do not keep as an array; the checks at the end catch a missing or extra value.
const eventActors = [
  'customer',
  'artist',
  'admin',
  'system',
  'provider',
] as const satisfies readonly OrderEvent['by'][];
const refundStates = ['owed', 'sent', 'failed'] as const satisfies readonly OrderRefund['status'][];
const providers = ['sandbox', 'dragonpay'] as const satisfies readonly Payment['provider'][];
const paymentStates = [
  'paid',
  'waiting',
  'failed',
  'cancelled',
  'unpaid',
  'closed',
] as const satisfies readonly OrderPaymentState['state'][];
/** Any order status (contracts/order-status.ts). */
export const orderStatusSchema = v.picklist(orderStatuses);

/** {id, stage_name}: an artist as the customer's screens name them. */
export const artistRefSchema = v.strictObject({ id: v.string(), stage_name: v.string() });

export const tempOrderClipSchema = v.strictObject({
  temp_location: v.string(),
  url: v.string(),
  mime: v.string(),
  size: v.number(),
});

/** The occasion step as saved (contracts/order.ts occasionSchema's output). */
export const occasionAnswerSchema = v.strictObject({
  gifter_first_name: v.string(),
  gifter_last_name: v.string(),
  gifter_contact_number: v.string(),
  gifter_dial_code: v.string(),
  gifter_country: v.string(),
  gifter_email: v.string(),
  recipient_first_name: v.string(),
  recipient_last_name: v.string(),
  recipient_relationship: v.string(),
  recipient_pronunciation: v.string(),
  recipient_mentioned: v.boolean(),
  occasion_name: v.string(),
  occasion_mentioned: v.boolean(),
});

/** The song step as saved (songSchema's output). */
export const songAnswerSchema = v.strictObject({
  selected_artists: v.array(v.string()),
  song_mood: v.string(),
  song_tempo: v.string(),
  genre: v.string(),
  vocal_type: v.string(),
  is_rebook: v.boolean(),
  needed_by: v.string(),
  rush: v.boolean(),
  extra_revisions: v.number(),
});

const clip = v.nullable(tempOrderClipSchema);

/** The story step as answers carry it: each clip slot with its signed URL, or null. */
export const storyAnswerSchema = v.strictObject({
  song_about: v.string(),
  song_prompt1_title: v.string(),
  song_prompt1_details: v.string(),
  song_prompt2_title: v.string(),
  song_prompt2_details: v.string(),
  song_clip: clip,
  song_prompt1_clip: clip,
  song_prompt2_clip: clip,
  audio_recording1_clip: clip,
  audio_recording2_clip: clip,
});

export const orderBriefSchema = v.strictObject({
  occasion: occasionAnswerSchema,
  song: songAnswerSchema,
  story: storyAnswerSchema,
});

export const tempOrderSchema = v.strictObject({
  id: v.number(),
  occasion: v.nullable(occasionAnswerSchema),
  song: v.nullable(
    v.strictObject({
      ...songAnswerSchema.entries,
      artists: v.array(
        v.strictObject({
          ...artistRefSchema.entries,
          rate: pesos,
          price: pesos,
          delivery: deliveryPromiseSchema,
          rush: rushOfferSchema,
        }),
      ),
    }),
  ),
  story: v.nullable(storyAnswerSchema),
  price: v.nullable(pesos),
  add_ons: v.nullable(orderAddOnsSchema),
  earliest_needed_by: v.nullable(v.string()),
  committed_order_id: v.nullable(v.number()),
});

export const tempOrderCreatedSchema = v.strictObject({ order_id: v.number() });

export const orderEventSchema = v.strictObject({
  type: v.string(),
  at: v.string(),
  by: v.picklist(eventActors),
});

/** The order as the commit answers it; OrderDetail adds the lifecycle and the brief. */
export const orderSchema = v.strictObject({
  id: v.number(),
  reference: v.string(),
  status: orderStatusSchema,
  price: pesos,
  currency: v.literal('PHP'),
  occasion_name: v.string(),
  recipient_first_name: v.string(),
  needed_by: v.string(),
  artists: v.array(artistRefSchema),
  add_ons: orderAddOnsSchema,
  created_at: v.string(),
  paid_at: v.nullable(v.string()),
  events: v.array(orderEventSchema),
});

/** What the lifecycle machine needs to rebuild an order's state (artist and admin orders carry it too). */
export const lifecycleFactsSchema = v.strictObject({
  status: orderStatusSchema,
  rated: v.boolean(),
  open_offers: v.number(),
  revisions_used: v.number(),
  revision_limit: v.number(),
  artist_away: v.optional(v.literal(true)),
  lyrics_approval: v.optional(v.literal(true)),
  lyrics_step: v.optional(v.picklist(lyricsSteps)),
});

/** A refund as the customer's screens list it (RefundBrief; the admin's order lists them the same way). */
export const refundBriefSchema = v.strictObject({
  id: v.number(),
  amount: pesos,
  reason: v.picklist(refundReasons),
  status: v.picklist(refundStates),
  method: v.nullable(v.string()),
  reference: v.nullable(v.string()),
  sent_at: v.nullable(v.string()),
  at: v.string(),
});

export const giftLinkSchema = v.strictObject({
  token: v.string(),
  url: v.string(),
  reveal_on: v.nullable(v.string()),
});

/** A song the customer was given (SongVersion). */
export const songVersionSchema = v.strictObject({
  number: v.number(),
  url: v.string(),
  download_url: v.string(),
  mime: v.string(),
  lyrics: v.string(),
  delivered_at: v.string(),
  notes: v.nullable(v.string()),
});

/** What GET /user/orders adds to an order (CustomerOrderLifecycle). */
export const customerLifecycleSchema = v.strictObject({
  lifecycle: lifecycleFactsSchema,
  unread_messages: v.number(),
  due_at: v.nullable(v.string()),
  recording: v.nullable(
    v.strictObject({
      id: v.number(),
      version: v.number(),
      url: v.string(),
      mime: v.string(),
      lyrics: v.string(),
      uploaded_at: v.string(),
      download_url: v.string(),
    }),
  ),
  artist: v.nullable(artistRefSchema),
  rating: v.nullable(v.number()),
  review: v.nullable(v.string()),
  gift: v.nullable(giftLinkSchema),
  refunds: v.array(refundBriefSchema),
  payable: v.boolean(),
  auto_cancel_at: v.nullable(v.string()),
  versions: v.array(songVersionSchema),
  requested_version: v.nullable(v.strictObject({ number: v.number(), notes: v.string(), asked_at: v.string() })),
});

/** GET /user/orders/{id}, each of GET /user/orders, and every customer lifecycle action's answer. */
export const orderDetailSchema = v.strictObject({
  ...orderSchema.entries,
  ...customerLifecycleSchema.entries,
  brief: orderBriefSchema,
});

export const orderHistoryPageSchema = v.strictObject({
  orders: v.array(orderDetailSchema),
  next_cursor: v.nullable(v.string()),
});

/** GET /user/gifts/{token} (public). */
export const giftPageSchema = v.strictObject({
  recipient_first_name: v.string(),
  occasion_name: v.string(),
  gifter_first_name: v.string(),
  artist: artistRefSchema,
  reveal_on: v.nullable(v.string()),
  revealed: v.boolean(),
  song: v.nullable(v.strictObject({ url: v.string(), download_url: v.string(), mime: v.string() })),
  lyrics: v.nullable(v.string()),
  thanked: v.boolean(),
});

export const paymentSchema = v.strictObject({
  id: v.number(),
  order_id: v.number(),
  order_reference: v.string(),
  amount: pesos,
  currency: v.literal('PHP'),
  method: v.string(),
  provider: v.picklist(providers),
  status: v.picklist(paymentStatuses),
  reference: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
  refunds: v.array(refundBriefSchema),
});

export const paymentHistoryPageSchema = v.strictObject({
  payments: v.array(paymentSchema),
  next_cursor: v.nullable(v.string()),
});

export const checkoutAnswerSchema = v.strictObject({
  payment: v.strictObject({ Url: v.string(), RefNo: v.string(), Status: v.string() }),
});

export const orderPaymentStateSchema = v.strictObject({
  order_id: v.number(),
  order_reference: v.string(),
  order_status: orderStatusSchema,
  payment_status: v.nullable(v.picklist(paymentStatuses)),
  payment_reference: v.nullable(v.string()),
  state: v.picklist(paymentStates),
  payable: v.boolean(),
  amount: pesos,
  artist_rates: v.array(pesos),
  add_ons: orderAddOnsSchema,
  occasion_name: v.string(),
  recipient_first_name: v.string(),
  artist_names: v.array(v.string()),
});

export const tempOrderAnswer = successSchema(tempOrderSchema);
export const tempOrderCreatedAnswer = successSchema(tempOrderCreatedSchema);
export const tempOrderClipAnswer = successSchema(tempOrderClipSchema);
export const orderAnswer = successSchema(orderSchema);
export const orderDetailAnswer = successSchema(orderDetailSchema);
export const orderHistoryPageAnswer = successSchema(orderHistoryPageSchema);
export const giftLinkAnswer = successSchema(giftLinkSchema);
export const giftPageAnswer = successSchema(giftPageSchema);
export const paymentHistoryPageAnswer = successSchema(paymentHistoryPageSchema);
export const checkoutAnswer = successSchema(checkoutAnswerSchema);
export const orderPaymentStateAnswer = successSchema(orderPaymentStateSchema);

/** The schema's output and the interface are the same type. */
type Mirrors<S extends v.GenericSchema, I> = SameType<v.InferOutput<S>, I>;
export type TempOrderClipCheck = Expect<Mirrors<typeof tempOrderClipSchema, TempOrderClip>>;
export type TempOrderCheck = Expect<Mirrors<typeof tempOrderSchema, TempOrder>>;
export type TempOrderCreatedCheck = Expect<Mirrors<typeof tempOrderCreatedSchema, TempOrderCreated>>;
export type OrderEventCheck = Expect<Mirrors<typeof orderEventSchema, OrderEvent>>;
export type OrderCheck = Expect<Mirrors<typeof orderSchema, Order>>;
export type OrderBriefCheck = Expect<Mirrors<typeof orderBriefSchema, OrderBrief>>;
export type LifecycleFactsCheck = Expect<Mirrors<typeof lifecycleFactsSchema, LifecycleFacts>>;
export type RefundBriefCheck = Expect<Mirrors<typeof refundBriefSchema, OrderRefund>>;
export type GiftLinkCheck = Expect<Mirrors<typeof giftLinkSchema, GiftLink>>;
export type SongVersionCheck = Expect<Mirrors<typeof songVersionSchema, SongVersion>>;
export type CustomerLifecycleCheck = Expect<Mirrors<typeof customerLifecycleSchema, CustomerOrderLifecycle>>;
export type OrderDetailCheck = Expect<Mirrors<typeof orderDetailSchema, OrderDetail>>;
export type OrderHistoryPageCheck = Expect<Mirrors<typeof orderHistoryPageSchema, OrderHistoryPage>>;
export type GiftPageCheck = Expect<Mirrors<typeof giftPageSchema, Gift>>;
export type PaymentCheck = Expect<Mirrors<typeof paymentSchema, Payment>>;
export type PaymentHistoryPageCheck = Expect<Mirrors<typeof paymentHistoryPageSchema, PaymentHistoryPage>>;
export type CheckoutAnswerCheck = Expect<Mirrors<typeof checkoutAnswerSchema, CheckoutAnswer>>;
export type OrderPaymentStateCheck = Expect<Mirrors<typeof orderPaymentStateSchema, OrderPaymentState>>;
