import * as v from 'valibot';
import { appStatuses } from '../account';
import { type HolderDecisionAnswer, type HolderReview, holderReviews } from '../account-care';
import type { ApplicationDetail, ApplicationPage } from '../artist';
import type { AdminOrder, AdminPayout, AdminRefund, OfferStatus, Page, RevealedPayoutDestination } from '../lifecycle';
import type { AdminArtist, ArtistAccountStatus } from '../operations';
import {
  type ArtistPayoutsPaid,
  chartPeriods,
  type OperationsCharts,
  type OperationsCounts,
  type OperationsQueue,
  operationsQueues,
} from '../operations-home';
import { genreValues, vocalTypeValues } from '../options';
import { paymentStatuses } from '../order';
import {
  type AdminPaymentException,
  type PaymentExceptionKind,
  type PaymentExceptionResolution,
  paymentExceptionKindLabel,
  paymentExceptionResolutionLabel,
} from '../payment-exceptions';
import { applicationProgressSchema } from './account';
import { orderAddOnsSchema } from './addons';
import { artistSongSchema, feedbackSchema, payoutSchema, recordingAnswerSchema } from './artist';
import { pageSchema, successSchema } from './envelope';
import {
  artistRefSchema,
  lifecycleFactsSchema,
  orderBriefSchema,
  orderEventSchema,
  orderStatusSchema,
  refundBriefSchema,
} from './orders';
import type { Expect, SameType } from './same-type';

// The admin console's answers (`/api/v1/admin`): applications, artists, payment exceptions, the operations
// home, orders, payouts and refunds. Server-side only: the SPA imports the interfaces they are checked against.

/** The keys of a label record: the union's members, from the contract's own list. */
const keysOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as K[];

const personSchema = v.strictObject({ name: v.string(), email: v.string() });

// ---- Applications -------------------------------------------------------------------------------

const applicationSummaryEntries = {
  id: v.number(),
  user_id: v.string(),
  full_name: v.string(),
  stage_name: v.nullable(v.string()),
  email: v.string(),
  app_status: v.picklist(appStatuses),
  application_progress: applicationProgressSchema,
  created_at: v.string(),
  submitted_at: v.nullable(v.string()),
};

export const applicationPageSchema = pageSchema(v.strictObject(applicationSummaryEntries));

export const applicationDetailSchema = v.strictObject({
  ...applicationSummaryEntries,
  contact_number: v.nullable(v.string()),
  dial_code: v.nullable(v.string()),
  country: v.nullable(v.string()),
  city: v.nullable(v.string()),
  links: v.array(v.string()),
  pitch: v.nullable(v.string()),
  bio: v.nullable(v.string()),
  genres: v.array(v.picklist(genreValues)),
  vocal_type: v.nullable(v.picklist(vocalTypeValues)),
  rate: v.number(),
  songs: v.array(artistSongSchema),
  payout_complete: v.boolean(),
  rejection_reason: v.nullable(v.string()),
});

// ---- Artists ------------------------------------------------------------------------------------

export const adminArtistSchema = v.strictObject({
  id: v.number(),
  user_id: v.string(),
  stage_name: v.nullable(v.string()),
  name: v.string(),
  email: v.string(),
  avatar: v.nullable(v.string()),
  app_status: v.nullable(v.picklist(appStatuses)),
  status: v.picklist<ArtistAccountStatus[]>(['active', 'suspended', 'deactivated']),
  is_online: v.boolean(),
  suspended_at: v.nullable(v.string()),
  last_reason: v.nullable(v.string()),
  pending_stage_name: v.nullable(v.string()),
  pending_stage_name_at: v.nullable(v.string()),
});

export const adminArtistPageSchema = pageSchema(adminArtistSchema);

const holderReview = v.picklist(holderReviews);

/** POST /artists/{id}/payout-account/approve|reject → data. */
export const holderDecisionAnswerSchema = v.strictObject({ artist_id: v.string(), holder_review: holderReview });

// ---- Payment exceptions -------------------------------------------------------------------------

const moneyAmountSchema = v.strictObject({ amount: v.nullable(v.number()), currency: v.nullable(v.string()) });

export const adminPaymentExceptionSchema = v.strictObject({
  id: v.number(),
  kind: v.picklist(keysOf<PaymentExceptionKind>(paymentExceptionKindLabel)),
  order_id: v.number(),
  order_reference: v.string(),
  order_status: orderStatusSchema,
  customer: personSchema,
  payment: v.strictObject({
    id: v.number(),
    provider: v.string(),
    method: v.string(),
    reference: v.nullable(v.string()),
    status: v.picklist(paymentStatuses),
  }),
  expected: moneyAmountSchema,
  received: moneyAmountSchema,
  created_at: v.string(),
  resolved_at: v.nullable(v.string()),
  resolution: v.nullable(v.picklist(keysOf<PaymentExceptionResolution>(paymentExceptionResolutionLabel))),
  note: v.string(),
  can_accept: v.boolean(),
});

export const adminPaymentExceptionPageSchema = pageSchema(adminPaymentExceptionSchema);

// ---- Operations home ----------------------------------------------------------------------------

export const operationsCountsSchema = v.strictObject({
  // Every queue, always: an object with one count per name (a record would make them optional).
  queues: v.strictObject(
    Object.fromEntries(operationsQueues.map((queue) => [queue, v.number()])) as Record<
      OperationsQueue,
      v.NumberSchema<undefined>
    >,
  ),
  counted_at: v.string(),
});

const operationsDaySchema = v.strictObject({
  day: v.string(),
  paid_orders: v.number(),
  paid_value: v.number(),
  accepted_orders: v.number(),
  accept_hours: v.nullable(v.number()),
  delivered_orders: v.number(),
  on_time_orders: v.number(),
  revised_orders: v.number(),
});

export const operationsChartsSchema = v.strictObject({
  days: v.picklist(chartPeriods),
  from: v.string(),
  to: v.string(),
  series: v.array(operationsDaySchema),
  totals: v.strictObject({
    paid_orders: v.number(),
    paid_value: v.number(),
    accept_hours: v.nullable(v.number()),
    on_time_rate: v.nullable(v.number()),
    revision_rate: v.nullable(v.number()),
  }),
});

export const artistPayoutsPaidSchema = v.strictObject({
  payout_ids: v.array(v.number()),
  orders: v.array(v.string()),
  amount: v.number(),
  reference: v.nullable(v.string()),
});

// ---- Orders -------------------------------------------------------------------------------------

export const adminOrderSchema = v.strictObject({
  id: v.number(),
  reference: v.string(),
  status: orderStatusSchema,
  occasion_name: v.string(),
  recipient_first_name: v.string(),
  needed_by: v.string(),
  due_at: v.nullable(v.string()),
  overdue: v.boolean(),
  price: v.number(),
  earning: v.number(),
  add_ons: orderAddOnsSchema,
  brief: orderBriefSchema,
  lifecycle: lifecycleFactsSchema,
  recording: v.nullable(recordingAnswerSchema),
  feedback: v.nullable(feedbackSchema),
  rating: v.nullable(v.number()),
  review: v.nullable(v.string()),
  accepted_at: v.nullable(v.string()),
  completed_at: v.nullable(v.string()),
  unread_messages: v.number(),
  customer: personSchema,
  artist: v.nullable(artistRefSchema),
  offers: v.array(
    v.strictObject({
      artist: artistRefSchema,
      status: v.picklist<OfferStatus[]>(['pending', 'accepted', 'declined', 'expired', 'withdrawn']),
      rank: v.number(),
      expires_at: v.nullable(v.string()),
    }),
  ),
  platform_fee: v.number(),
  events: v.array(v.strictObject({ ...orderEventSchema.entries, note: v.optional(v.string()) })),
  refunds: v.array(refundBriefSchema),
});

export const adminOrderPageSchema = pageSchema(adminOrderSchema);

// ---- Payouts ------------------------------------------------------------------------------------

export const adminPayoutSchema = v.strictObject({
  ...payoutSchema.entries,
  artist: v.strictObject({ id: v.string(), stage_name: v.string(), email: v.string() }),
  payout_details: v.nullable(
    v.strictObject({
      bank_name: v.string(),
      account_name: v.string(),
      account_last4: v.string(),
      changed_at: v.nullable(v.string()),
      recently_changed: v.boolean(),
      holder_review: v.nullable(holderReview),
    }),
  ),
  order_status: orderStatusSchema,
  reveals: v.array(v.strictObject({ admin: v.string(), at: v.string() })),
});

export const adminPayoutPageSchema = pageSchema(adminPayoutSchema);

export const revealedPayoutDestinationSchema = v.strictObject({
  payout_id: v.number(),
  bank_name: v.string(),
  account_name: v.string(),
  account_number: v.string(),
  revealed_at: v.string(),
});

// ---- Refunds ------------------------------------------------------------------------------------

export const adminRefundSchema = v.strictObject({
  id: v.number(),
  order_id: v.number(),
  order_reference: v.string(),
  payment_id: v.number(),
  amount: v.number(),
  currency: v.literal('PHP'),
  // The same reasons and states as the refunds an order lists.
  reason: refundBriefSchema.entries.reason,
  note: v.string(),
  status: refundBriefSchema.entries.status,
  method: v.nullable(v.string()),
  reference: v.nullable(v.string()),
  created_at: v.string(),
  sent_at: v.nullable(v.string()),
  failed_at: v.nullable(v.string()),
  failure_reason: v.optional(v.nullable(v.string())),
  customer: personSchema,
  order_status: orderStatusSchema,
});

export const adminRefundPageSchema = pageSchema(adminRefundSchema);

// ---- Answers (`{message?, data}`) ----------------------------------------------------------------

export const applicationPageAnswer = successSchema(applicationPageSchema);
export const applicationDetailAnswer = successSchema(applicationDetailSchema);
export const adminArtistPageAnswer = successSchema(adminArtistPageSchema);
export const adminArtistAnswer = successSchema(adminArtistSchema);
export const holderDecisionAnswer = successSchema(holderDecisionAnswerSchema);
export const paymentExceptionPageAnswer = successSchema(adminPaymentExceptionPageSchema);
export const paymentExceptionAnswer = successSchema(adminPaymentExceptionSchema);
export const operationsCountsAnswer = successSchema(operationsCountsSchema);
export const operationsChartsAnswer = successSchema(operationsChartsSchema);
export const artistPayoutsPaidAnswer = successSchema(artistPayoutsPaidSchema);
export const adminOrderPageAnswer = successSchema(adminOrderPageSchema);
export const adminOrderAnswer = successSchema(adminOrderSchema);
export const adminPayoutPageAnswer = successSchema(adminPayoutPageSchema);
export const adminPayoutAnswer = successSchema(adminPayoutSchema);
export const revealedPayoutAnswer = successSchema(revealedPayoutDestinationSchema);
export const adminRefundPageAnswer = successSchema(adminRefundPageSchema);
export const adminRefundAnswer = successSchema(adminRefundSchema);

// ---- Each schema is the interface the console reads -------------------------------------------

type Out<S extends v.GenericSchema> = v.InferOutput<S>;
export type AdminAnswerChecks = [
  Expect<SameType<Out<typeof applicationPageSchema>, ApplicationPage>>,
  Expect<SameType<Out<typeof applicationDetailSchema>, ApplicationDetail>>,
  Expect<SameType<Out<typeof adminArtistPageSchema>, Page<AdminArtist>>>,
  Expect<SameType<Out<typeof holderDecisionAnswerSchema>, HolderDecisionAnswer>>,
  Expect<SameType<Out<typeof holderReview>, HolderReview>>,
  Expect<SameType<Out<typeof adminPaymentExceptionPageSchema>, Page<AdminPaymentException>>>,
  Expect<SameType<Out<typeof operationsCountsSchema>, OperationsCounts>>,
  Expect<SameType<Out<typeof operationsChartsSchema>, OperationsCharts>>,
  Expect<SameType<Out<typeof artistPayoutsPaidSchema>, ArtistPayoutsPaid>>,
  Expect<SameType<Out<typeof adminOrderPageSchema>, Page<AdminOrder>>>,
  Expect<SameType<Out<typeof adminPayoutPageSchema>, Page<AdminPayout>>>,
  Expect<SameType<Out<typeof revealedPayoutDestinationSchema>, RevealedPayoutDestination>>,
  Expect<SameType<Out<typeof adminRefundPageSchema>, Page<AdminRefund>>>,
];
