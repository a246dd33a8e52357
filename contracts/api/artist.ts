import * as v from 'valibot';
import { type CustomerOpenOrder, type DeactivationPreview, holderReviews } from '../account-care';
import type {
  ArtistCard,
  ArtistCatalogPage,
  ArtistDashboard,
  ArtistProfile,
  ArtistPublicProfile,
  ArtistSong,
  PayoutAnswer,
  PayoutMasked,
} from '../artist';
import type {
  ArtistOrder,
  ArtistOrderBrief,
  EarningLine,
  EarningStatus,
  Earnings,
  Feedback,
  OfferStatus,
  Page,
  Payout,
  Recording,
  RecordingStatus,
  RecordingUpload,
} from '../lifecycle';
import type { OpenWork, OpenWorkOutcome } from '../operations';
import { genreValues, type Option, vocalTypeValues } from '../options';
import type { UserOptions } from '../order';
import { authUserSchema, loginAnswerSchema } from './account';
import { orderAddOnsSchema, rushOfferSchema } from './addons';
import { deliveryPromiseSchema } from './delivery';
import { pageSchema, successSchema } from './envelope';
import { lifecycleFactsSchema, occasionAnswerSchema, orderBriefSchema, orderStatusSchema } from './orders';
import { artistReviewSchema, starCountSchema } from './reviews';
import type { Expect, SameType } from './same-type';

// The answers of the artist's calls (profile, songs, dashboard, orders, earnings, payouts) and of the
// public catalogue, for /api/openapi.json and the server tests. Server-side only: the SPA imports the
// interfaces. A choice the contracts give only as a type is listed here `as const satisfies` that type:
// the SameType checks below catch a value missing from the list or added to the type.

const genreSchema = v.picklist(genreValues);
const vocalTypeSchema = v.picklist(vocalTypeValues);

// ---- Profile, songs, dashboard -------------------------------------------------------------------

export const artistSongSchema = v.strictObject({
  source: v.string(),
  title: v.string(),
  url: v.string(),
  mime: v.string(),
  size: v.number(),
  is_featured: v.boolean(),
  created_at: v.string(),
});

export const payoutMaskedSchema = v.strictObject({
  bank_name: v.string(),
  account_name: v.string(),
  account_number_masked: v.string(),
  holder_review: v.nullable(v.picklist(holderReviews)),
});

export const payoutAnswerSchema = v.strictObject({ user: authUserSchema, payout: payoutMaskedSchema });

export const artistProfileSchema = v.strictObject({
  user: authUserSchema,
  stage_name: v.nullable(v.string()),
  pending_stage_name: v.nullable(v.string()),
  city: v.nullable(v.string()),
  birthdate: v.nullable(v.string()),
  bio: v.nullable(v.string()),
  genres: v.array(genreSchema),
  vocal_type: v.nullable(vocalTypeSchema),
  rate: v.number(),
  turnaround_days: v.number(),
  rush_price: v.nullable(v.number()),
  rush_turnaround_days: v.nullable(v.number()),
  links: v.array(v.string()),
  pitch: v.nullable(v.string()),
  payout: v.nullable(payoutMaskedSchema),
  songs: v.array(artistSongSchema),
  rejection_reason: v.nullable(v.string()),
});

export const artistDashboardSchema = v.strictObject({
  counts: v.strictObject({
    song_orders: v.number(),
    ongoing: v.number(),
    validation: v.number(),
    revision: v.number(),
    completed: v.number(),
  }),
  earnings_this_month: v.number(),
  rating: v.nullable(v.number()),
  rating_count: v.number(),
  is_online: v.picklist([0, 1]),
  next_due: v.nullable(v.strictObject({ reference: v.string(), due_at: v.string() })),
});

const openWorkOutcomes = ['offer_withdrawn', 'needs_artist', 'stays'] as const satisfies readonly OpenWorkOutcome[];

export const openWorkSchema = v.strictObject({
  id: v.number(),
  reference: v.string(),
  status: orderStatusSchema,
  occasion_name: v.string(),
  recipient_first_name: v.string(),
  needed_by: v.string(),
  due_at: v.nullable(v.string()),
  outcome: v.picklist(openWorkOutcomes),
});

/** GET /artist/profile/open-orders: every open order at once (a handful at most), not a page. */
export const openWorkListSchema = v.strictObject({ items: v.array(openWorkSchema) });

export const customerOpenOrderSchema = v.strictObject({
  id: v.number(),
  reference: v.string(),
  status: orderStatusSchema,
  occasion_name: v.string(),
  recipient_first_name: v.string(),
});

/** GET /profile/deactivation, in both areas (the customer's route answers the same shape). */
export const deactivationPreviewSchema = v.strictObject({
  orders: v.array(customerOpenOrderSchema),
  open_work: v.array(openWorkSchema),
  earnings_owed_centavos: v.nullable(v.number()),
  restorable_until: v.string(),
});

// ---- Catalogue -----------------------------------------------------------------------------------

export const optionSchema = v.strictObject({ value: v.string(), display: v.string() });

/** GET /user/options: the catalogue's lists and the order form's. */
export const userOptionsSchema = v.strictObject({
  genres: v.array(v.strictObject({ value: genreSchema, display: v.string() })),
  vocal_types: v.array(v.strictObject({ value: vocalTypeSchema, display: v.string() })),
  base_price: v.number(),
  occasions: v.array(optionSchema),
  relationships: v.array(optionSchema),
  moods: v.array(optionSchema),
  tempos: v.array(optionSchema),
  payment_methods: v.array(optionSchema),
});

const artistCardEntries = {
  id: v.string(),
  stage_name: v.string(),
  avatar: v.nullable(v.string()),
  genres: v.array(genreSchema),
  vocal_type: v.nullable(vocalTypeSchema),
  rating: v.nullable(v.number()),
  rating_count: v.number(),
  rate: v.number(),
  sample: v.nullable(v.strictObject({ title: v.string(), url: v.string() })),
  delivery: deliveryPromiseSchema,
  rush: rushOfferSchema,
};

export const artistCardSchema = v.strictObject(artistCardEntries);

export const artistCatalogPageSchema = v.strictObject({
  artists: v.array(artistCardSchema),
  next_cursor: v.nullable(v.string()),
});

export const artistPublicProfileSchema = v.strictObject({
  ...artistCardEntries,
  bio: v.string(),
  songs: v.array(v.strictObject({ source: v.string(), title: v.string(), url: v.string() })),
  reviews: v.array(artistReviewSchema),
  reviews_next_cursor: v.nullable(v.string()),
  rating_distribution: v.array(starCountSchema),
});

// ---- The artist's orders -------------------------------------------------------------------------

const offerStatuses = [
  'pending',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
] as const satisfies readonly OfferStatus[];
const recordingStatuses = [
  'pending',
  'validated',
  'revision_requested',
  'rejected_by_customer',
  'accepted',
] as const satisfies readonly RecordingStatus[];
const feedbackSources = ['admin', 'customer'] as const satisfies readonly Feedback['from'][];

export const recordingAnswerSchema = v.strictObject({
  id: v.number(),
  version: v.number(),
  url: v.string(),
  mime: v.string(),
  size: v.number(),
  lyrics: v.string(),
  uploaded_at: v.string(),
  status: v.picklist(recordingStatuses),
});

export const feedbackSchema = v.strictObject({
  from: v.picklist(feedbackSources),
  text: v.string(),
  at: v.string(),
});

/** The brief an artist reads: the customer's, without the gifter's contact details (need to know). */
export const artistOrderBriefSchema = v.strictObject({
  ...orderBriefSchema.entries,
  occasion: v.omit(occasionAnswerSchema, [
    'gifter_last_name',
    'gifter_email',
    'gifter_contact_number',
    'gifter_dial_code',
    'gifter_country',
  ]),
});

export const artistOrderSchema = v.strictObject({
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
  offer: v.strictObject({
    status: v.picklist(offerStatuses),
    rank: v.number(),
    expires_at: v.nullable(v.string()),
    decline_reason: v.nullable(v.string()),
  }),
  brief: artistOrderBriefSchema,
  lifecycle: lifecycleFactsSchema,
  recording: v.nullable(recordingAnswerSchema),
  feedback: v.nullable(feedbackSchema),
  rating: v.nullable(v.number()),
  review: v.nullable(v.string()),
  thanks: v.nullable(v.strictObject({ name: v.string(), message: v.string(), at: v.string() })),
  accepted_at: v.nullable(v.string()),
  completed_at: v.nullable(v.string()),
  unread_messages: v.number(),
});

export const recordingUploadSchema = v.strictObject({
  temp_location: v.string(),
  url: v.string(),
  mime: v.string(),
  size: v.number(),
});

// ---- Earnings and payouts ------------------------------------------------------------------------

const earningStatuses = ['pending', 'available', 'paid'] as const satisfies readonly EarningStatus[];
const payoutStatuses = ['pending', 'paid'] as const satisfies readonly Payout['status'][];

export const earningsSchema = v.strictObject({
  totals: v.strictObject({ pending: v.number(), available: v.number(), paid_out: v.number() }),
  monthly: v.array(v.strictObject({ month: v.string(), amount: v.number() })),
});

export const earningLineSchema = v.strictObject({
  id: v.number(),
  reference: v.string(),
  occasion_name: v.string(),
  status: v.picklist(earningStatuses),
  amount: v.number(),
  credited_at: v.nullable(v.string()),
  paid_at: v.nullable(v.string()),
});

/** One payout as the artist sees it (the admin's payouts add the artist and the destination). */
export const payoutSchema = v.strictObject({
  id: v.number(),
  order_reference: v.string(),
  amount: v.number(),
  status: v.picklist(payoutStatuses),
  created_at: v.string(),
  paid_at: v.nullable(v.string()),
  reference: v.nullable(v.string()),
});

// ---- The answers, as the routes name them ---------------------------------------------------------

export const authUserAnswer = successSchema(authUserSchema);
/** A new session's user and token (the password change ends every other session). */
export const signedInAnswer = successSchema(loginAnswerSchema);
export const artistProfileAnswer = successSchema(artistProfileSchema);
export const payoutAnswer = successSchema(payoutAnswerSchema);
export const artistSongAnswer = successSchema(artistSongSchema);
export const artistDashboardAnswer = successSchema(artistDashboardSchema);
export const openWorkListAnswer = successSchema(openWorkListSchema);
export const deactivationPreviewAnswer = successSchema(deactivationPreviewSchema);
export const userOptionsAnswer = successSchema(userOptionsSchema);
export const artistCatalogPageAnswer = successSchema(artistCatalogPageSchema);
export const artistPublicProfileAnswer = successSchema(artistPublicProfileSchema);
export const artistOrdersPageAnswer = successSchema(pageSchema(artistOrderSchema));
export const artistOrderAnswer = successSchema(artistOrderSchema);
export const recordingUploadAnswer = successSchema(recordingUploadSchema);
export const earningsAnswer = successSchema(earningsSchema);
export const earningLinesPageAnswer = successSchema(pageSchema(earningLineSchema));
export const payoutsPageAnswer = successSchema(pageSchema(payoutSchema));

// ---- Each schema is the contract's interface, no more and no less ---------------------------------

type Out<S extends v.GenericSchema> = v.InferOutput<S>;
export type ArtistSongCheck = Expect<SameType<Out<typeof artistSongSchema>, ArtistSong>>;
export type PayoutMaskedCheck = Expect<SameType<Out<typeof payoutMaskedSchema>, PayoutMasked>>;
export type PayoutAnswerCheck = Expect<SameType<Out<typeof payoutAnswerSchema>, PayoutAnswer>>;
export type ArtistProfileCheck = Expect<SameType<Out<typeof artistProfileSchema>, ArtistProfile>>;
export type ArtistDashboardCheck = Expect<SameType<Out<typeof artistDashboardSchema>, ArtistDashboard>>;
export type OpenWorkCheck = Expect<SameType<Out<typeof openWorkSchema>, OpenWork>>;
export type CustomerOpenOrderCheck = Expect<SameType<Out<typeof customerOpenOrderSchema>, CustomerOpenOrder>>;
export type DeactivationPreviewCheck = Expect<SameType<Out<typeof deactivationPreviewSchema>, DeactivationPreview>>;
export type OptionCheck = Expect<SameType<Out<typeof optionSchema>, Option>>;
export type UserOptionsCheck = Expect<SameType<Out<typeof userOptionsSchema>, UserOptions>>;
export type ArtistCardCheck = Expect<SameType<Out<typeof artistCardSchema>, ArtistCard>>;
export type ArtistCatalogPageCheck = Expect<SameType<Out<typeof artistCatalogPageSchema>, ArtistCatalogPage>>;
export type ArtistPublicProfileCheck = Expect<SameType<Out<typeof artistPublicProfileSchema>, ArtistPublicProfile>>;
export type RecordingCheck = Expect<SameType<Out<typeof recordingAnswerSchema>, Recording>>;
export type FeedbackCheck = Expect<SameType<Out<typeof feedbackSchema>, Feedback>>;
export type ArtistOrderBriefCheck = Expect<SameType<Out<typeof artistOrderBriefSchema>, ArtistOrderBrief>>;
export type ArtistOrderCheck = Expect<SameType<Out<typeof artistOrderSchema>, ArtistOrder>>;
export type RecordingUploadCheck = Expect<SameType<Out<typeof recordingUploadSchema>, RecordingUpload>>;
export type EarningsCheck = Expect<SameType<Out<typeof earningsSchema>, Earnings>>;
export type EarningLineCheck = Expect<SameType<Out<typeof earningLineSchema>, EarningLine>>;
export type PayoutCheck = Expect<SameType<Out<typeof payoutSchema>, Payout>>;
export type PageCheck = Expect<SameType<Out<ReturnType<typeof pageSchema<typeof payoutSchema>>>, Page<Payout>>>;
