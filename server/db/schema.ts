import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountType, AppStatus } from '../../contracts/account';
import type { LyricsStep } from '../../contracts/lyrics';
import type { VocalType } from '../../contracts/options';
import type { OrderStatus, PaymentStatus, RefundReason } from '../../contracts/order';
import type { OrderMessageKind } from '../../contracts/order-messages';
import type { PaymentExceptionKind, PaymentExceptionResolution } from '../../contracts/payment-exceptions';
import type { SupportRequestStatus, SupportTopic } from '../../contracts/support';

// Storage conventions (both dialects): timestamps are ISO-8601 UTC text from Date#toISOString(),
// which sorts and compares correctly as text; booleans are integers 0/1; ids are autoincrement integers.

/** A boolean column: 0 or 1. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  /** Public random id, safe to show in URLs. */
  user_id: string;
  type: AccountType;
  /** Always stored lower-cased; unique per account type. */
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** Digits only. */
  contact_number: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  dial_code: string | null;
  password_hash: string;
  avatar_path: string | null;
  app_status: AppStatus | null;
  /** artist_profiles.submitted_at, copied by triggers (migration 0015) so the applications queue pages on one index. */
  app_submitted_at: string | null;
  personal_info: Generated<Flag>;
  artist_info: Generated<Flag>;
  payout_info: Generated<Flag>;
  password_updated: Generated<Flag>;
  is_first_time_login: Generated<Flag>;
  is_online: Generated<Flag>;
  /** The featured sample's `artist_songs.source` (the product rules call the field featured_song_path; it is an opaque key, not a path). */
  featured_song_path: string | null;
  stage_name: string | null;
  /** stageNameKey(stage_name) (server/artists/stage-names.ts), unique (0021): one artist per name, whatever its case, spaces or accents. */
  stage_name_key: string | null;
  /** An approved artist's new stage name waiting for an admin's review (0021); the catalogue shows stage_name until then. */
  pending_stage_name: string | null;
  /** stageNameKey(pending_stage_name), unique: a name asked for is taken for everyone else too. */
  pending_stage_name_key: string | null;
  pending_stage_name_at: string | null;
  /** Bumped when the password is reset: tokens carrying an older value stop working. */
  token_version: Generated<number>;
  password_changed_at: string | null;
  deactivated_at: string | null;
  /** Set while an admin has suspended the artist: no sign-in, no catalogue, no offers. */
  suspended_at: string | null;
  /** The address this deactivated account had before it was freed for a new registration (0020). */
  released_email: string | null;
  /** When the customer opened the welcome mail's confirmation link (0024); null until then. */
  email_confirmed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RevokedTokensTable {
  jti: string;
  /** When the token could no longer be refreshed anyway; the row may be deleted after it. */
  expires_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the mailed token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A mailed link that confirms the account's email address (0024): single use, expiring. */
export interface EmailConfirmationsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the mailed token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  /** SHA-256 (hex) of "<rule>:<subject>", so no address is stored in clear. */
  key: string;
  window_start: string;
  count: number;
}

/** The artist's side of the application (docs/architecture.md §5); one row per artist, created on first write. */
export interface ArtistProfilesTable {
  user_id: number;
  city: string | null;
  /** yyyy-mm-dd */
  birthdate: string | null;
  bio: string | null;
  /** JSON array of genre keys from contracts/options.ts, e.g. `["pop","opm"]`. */
  genres: Generated<string>;
  vocal_type: VocalType | null;
  /** PHP centavos; null means the platform base price. */
  rate_centavos: number | null;
  /** Days to record a song once accepted; null means DEFAULT_TURNAROUND_DAYS (contracts/delivery.ts, 0026). */
  turnaround_days: number | null;
  /** The artist's rush delivery (0029): its price on top of the rate and its shorter turnaround; both null: none. */
  rush_price_centavos: Generated<number | null>;
  rush_turnaround_days: Generated<number | null>;
  /** JSON array of http(s) links from the application. */
  links: Generated<string>;
  pitch: string | null;
  /** When the application last became `for_review`. */
  submitted_at: string | null;
  reviewed_at: string | null;
  /** The admin (users.id) who approved or rejected it last. */
  reviewed_by: number | null;
  rejection_reason: string | null;
  created_at: string;
  updated_at: string;
}

/** Where an artist is paid. The account number is sealed (services/payout-cipher.ts); only its last four digits are clear. */
export interface ArtistPayoutsTable {
  user_id: number;
  bank_name: string;
  account_name: string;
  /** base64 of AES-256-GCM iv ‖ tag ‖ ciphertext. */
  account_number_enc: string;
  account_last4: string;
  created_at: string;
  updated_at: string;
  /** When the artist replaced an account they had (0020); null for the first one. */
  changed_at: string | null;
  /** The holder name's check (0020): null when it matches the legal name, else pending until an admin decides. */
  holder_review: 'pending' | 'approved' | 'rejected' | null;
  holder_reviewed_at: string | null;
  /** The admin who decided (no foreign key). */
  holder_reviewed_by: number | null;
}

/** A sample song: the file is `songs/<file_key>` in storage; clients only ever see `source`. */
export interface ArtistSongsTable {
  id: Generated<number>;
  /** Random opaque key (24 URL-safe characters) used in URLs and request bodies. */
  source: string;
  user_id: number;
  title: string;
  /** Server-chosen file name of kind `songs` in storage. */
  file_key: string;
  /** Sniffed from the file's first bytes at upload. */
  mime: string;
  size: number;
  created_at: string;
}

/** A step of the order draft (docs/product.md §4). */
export type DraftStep = 'occasion' | 'song' | 'story';

/** An order draft ("temp order", docs/product.md §3); each step is stored as the JSON the customer saved. */
export interface TempOrdersTable {
  id: Generated<number>;
  /** The customer (users.id). */
  user_id: number;
  /** JSON of contracts/order.ts occasionSchema's output, or null before the step. */
  occasion: string | null;
  /** JSON of songSchema's output (selected_artists are public user_ids, in the customer's rank order). */
  song: string | null;
  /** JSON of storySchema's output (clip slots hold temp_locations or null). */
  story: string | null;
  /** JSON array of DraftStep, e.g. `["occasion","song"]`. */
  completed_steps: Generated<string>;
  /** Set once by commit; a committed draft cannot change. */
  committed_order_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A clip uploaded during the draft: the file is `clips/<file_key>` in storage; clients only ever see `temp_location`. */
export interface TempUploadsTable {
  id: Generated<number>;
  /** "tmp_" + random URL-safe characters; only its owner can use it. */
  temp_location: string;
  user_id: number;
  /** Server-chosen file name of kind `clips` in storage. */
  file_key: string;
  /** Sniffed from the file's first bytes at upload. */
  mime: string;
  size: number;
  /** Set by commit: the upload is then permanent (order_clips); unattached ones are swept after 24 h. */
  attached_order_id: number | null;
  created_at: string;
}

export type OrderEventActor = 'customer' | 'artist' | 'admin' | 'system' | 'provider';

/** A committed order (docs/architecture.md §4). Money is integer centavos. */
export interface OrdersTable {
  id: Generated<number>;
  /** "OR" + 10 random digits, unique (docs/product.md §3). */
  reference: string;
  customer_id: number;
  status: OrderStatus;
  /** Until an artist accepts, what the customer pays (the highest rate offered); then the accepted price. */
  price_centavos: number;
  /** The platform's share of price_centavos (PLATFORM_FEE_PERCENT). */
  platform_fee_centavos: number;
  currency: Generated<'PHP'>;
  occasion_name: string;
  recipient_first_name: string;
  /** yyyy-mm-dd */
  needed_by: string;
  /** JSON `{occasion, song, story}` as committed (story clip slots name order_clips slots or null). */
  brief: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** The artist who accepted the order (users.id); null until then. */
  artist_id: number | null;
  /** When the recording is due (set on accept from needed_by). */
  due_at: string | null;
  accepted_at: string | null;
  completed_at: string | null;
  cancelled_at: string | null;
  /** Customer rejections the order allows (REVISION_LIMIT when paid). */
  revision_limit: Generated<number>;
  revisions_used: Generated<number>;
  rating: number | null;
  review: string | null;
  rated_at: string | null;
  /** The unguessable part of the gift page address; null until the customer shares. */
  gift_token: string | null;
  /** yyyy-mm-dd (Manila) before which the gift page hides the song. */
  gift_reveal_on: string | null;
  /** When a chargeback or provider refund stopped the order after work started. */
  disputed_at: string | null;
  /** When the customer could first hear the song (0019): set by a trigger when the order is first delivered. */
  delivered_at: string | null;
  /** When the admins were told the work is overdue (0019): once per order. */
  overdue_alerted_at: string | null;
  /** When the order last came to need an artist; null in any other status (lifecycle/idle-orders.ts, 0022). */
  needs_artist_since: string | null;
  /** The artist's one public answer to the review (0025), and when it was given. */
  review_answer: string | null;
  review_answered_at: string | null;
  /** Add-ons (0029), all parts of price_centavos: rush delivery (1) and its price, extra revisions and theirs. */
  rush: Generated<Flag>;
  rush_centavos: Generated<number>;
  extra_revisions: Generated<number>;
  extra_revisions_centavos: Generated<number>;
  /** Lyrics for approval (0031): the customer approves the lyrics first (1); where they stand while in progress. */
  lyrics_approval: Generated<Flag>;
  lyrics_step: LyricsStep | null;
}

export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

/** The artists offered the order, in the customer's ranked order (rank 1 first). */
export interface OrderArtistsTable {
  order_id: number;
  /** users.id of the artist. */
  artist_id: number;
  rank: number;
  offer_status: Generated<OfferStatus>;
  /** Set when the offer opens (payment or rebooking); null while the order awaits payment. */
  offered_at: string | null;
  expires_at: string | null;
  responded_at: string | null;
  decline_reason: string | null;
  /**
   * What the artist takes the order for and the platform fee on it, kept when offered (0016): their rate, plus
   * on a rush order their rush price and any extra revisions bought (0029); null: offered at the order's price.
   */
  rate_centavos: number | null;
  platform_fee_centavos: number | null;
  /** On a rush order, the artist's rush price when offered (0029), included in rate_centavos; null: no rush. */
  rush_centavos: Generated<number | null>;
}
export type RecordingStatus = 'pending' | 'validated' | 'revision_requested' | 'rejected_by_customer' | 'accepted';
/** A recording the artist submitted; the file is the temp upload at `temp_location` (attached to the order). */
export interface OrderRecordingsTable {
  id: Generated<number>;
  order_id: number;
  artist_id: number;
  version: number;
  temp_location: string;
  mime: string;
  size: number;
  lyrics: Generated<string>;
  /** The "made by a human" declaration; always 1. */
  human_made: Flag;
  status: Generated<RecordingStatus>;
  created_at: string;
}
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  body: string;
  order_id: number | null;
  is_read: Generated<Flag>;
  created_at: string;
}
/** One row per user with notifications: the unread count, kept in step with `notifications.is_read`. */
export interface NotificationCountersTable {
  user_id: number;
  unread: Generated<number>;
}
/** An artist's earning from one completed order: pending until an admin marks it paid. */
export interface PayoutsTable {
  id: Generated<number>;
  artist_id: number;
  order_id: number;
  amount_centavos: number;
  status: Generated<'pending' | 'paid'>;
  reference: string | null;
  paid_by: number | null;
  created_at: string;
  paid_at: string | null;
  /** The tip this payout credits (0027); null for the order's own earning. */
  tip_id: Generated<number | null>;
}
export type TipStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'expired' | 'held';
/** A customer's tip to the artist of a completed order, paid through the provider like an order (0027). */
export interface TipsTable {
  id: Generated<number>;
  order_id: number;
  customer_id: number;
  artist_id: number;
  /** Stored when the tip is made; the provider's callback must match it. */
  amount_centavos: number;
  currency: string;
  provider: PaymentProvider;
  method: string;
  txnid: string;
  refno: string | null;
  status: Generated<TipStatus>;
  raw_status: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}
export type TipRow = Selectable<TipsTable>;
/**
 * Money that went back, or must go back, to a customer: one per payment. `owed` until an admin records
 * the transfer made in the provider's console (`paid`, with its reference). Chargebacks and provider
 * refunds are recorded as already paid: the provider moved the money.
 */
export interface RefundsTable {
  id: Generated<number>;
  payment_id: number;
  order_id: number;
  amount_centavos: number;
  /** Free text: the cancellation's reason. */
  reason: Generated<string>;
  reason_code: Generated<RefundReason>;
  /** machines/refund.machine.ts's state; `paid` is stored for sent (machines/refund.ts maps it, 0017). */
  status: Generated<'owed' | 'paid' | 'failed'>;
  /** How it was sent: "GCash", "Bank transfer", "Provider console", or the provider's own return (0017). */
  method: string | null;
  reference: string | null;
  /** When and by whom it was sent. */
  paid_at: string | null;
  paid_by: number | null;
  /** The last failed transfer and why (kept after a retry, 0017). */
  failed_at: string | null;
  failure_reason: string | null;
  actor: OrderEventActor;
  actor_id: number | null;
  created_at: string;
}
/** Every time an admin revealed an artist's full payout destination (audit). */
export interface PayoutRevealsTable {
  id: Generated<number>;
  payout_id: number;
  artist_id: number;
  admin_id: number | null;
  created_at: string;
}
/** The recipient's thank-you note from the gift page (one per order). */
export interface GiftThanksTable {
  order_id: number;
  name: string;
  message: string;
  created_at: string;
}

/** The order's history: append-only. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  type: string;
  actor: OrderEventActor;
  /** users.id when a person acted; null for the system and providers. */
  actor_id: number | null;
  /** JSON object. */
  payload: Generated<string>;
  created_at: string;
}

/** A clip attached to an order permanently; the file is `clips/<file_key>` in storage. */
export interface OrderClipsTable {
  order_id: number;
  slot: string;
  file_key: string;
  mime: string;
  size: number;
}

export type PaymentProvider = 'sandbox' | 'dragonpay';

export interface PaymentsTable {
  id: Generated<number>;
  order_id: number;
  provider: PaymentProvider;
  /** contracts/order.ts paymentMethodValues. */
  method: string;
  /** Our id for the payment, sent to the provider; unique. */
  txnid: string;
  /** The provider's reference, once known. */
  refno: string | null;
  amount_centavos: number;
  currency: Generated<string>;
  status: PaymentStatus;
  /** The provider's own status code as last received (e.g. DragonPay's S/F/P). */
  raw_status: string | null;
  created_at: string;
  updated_at: string;
  /** The order's customer, copied by a trigger on insert (0013); null only in SQLite's own RETURNING of that insert. */
  customer_id: Generated<number | null>;
}

/** Every provider callback received, verified or not (forged ones are kept for the record). */
export interface PaymentCallbacksTable {
  id: Generated<number>;
  payment_id: number | null;
  provider: string;
  txnid: string;
  status: string;
  verified: Generated<Flag>;
  /** JSON of the received fields. */
  body: string;
  created_at: string;
}

export type { PaymentExceptionKind, PaymentExceptionResolution };
/** A verified payment that needs an admin's decision (0018); open while `resolved_at` is null. */
export interface PaymentExceptionsTable {
  id: Generated<number>;
  payment_id: number;
  order_id: number;
  kind: PaymentExceptionKind;
  /** What the payment asked for (centavos, in the payment's currency). */
  expected_centavos: number;
  /** What the provider says it took, when it said. */
  received_centavos: number | null;
  received_currency: string | null;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
  /** An admin's decision, or a late success refunded by the callback itself. */
  resolution: PaymentExceptionResolution | null;
  /** The admin's note with the decision. */
  note: Generated<string>;
}

/** One row (id 1): raised by triggers whenever the public catalogue changes (migration 0007). */
export interface CatalogVersionTable {
  id: number;
  /** bigint: a string from pg, a number from SQLite. */
  version: number | string;
}

/** Each suspension and reactivation of an artist, with the admin's reason (migration 0009). */
export interface ArtistStatusChangesTable {
  id: Generated<number>;
  artist_id: number;
  action: 'suspended' | 'reactivated';
  reason: string;
  admin_id: number | null;
  created_at: string;
}

/** One open notification stream on any node (migration 0010); ids grow, so the smallest is the oldest. */
export interface NotificationStreamsTable {
  id: Generated<number>;
  user_id: number;
  opened_at: string;
  /** Refreshed while the stream lives; an old one belongs to a node that died. */
  seen_at: string;
}

/** The fingerprint of a secret the stored data depends on (`payout_key`): HMAC-SHA256, never the secret. */
export interface SecretFingerprintsTable {
  name: string;
  fingerprint: string;
  created_at: string;
}

/** A running server process and the fingerprint of its JWT secret; `seen_at` is refreshed while it runs. */
export interface ServerNodesTable {
  node_id: string;
  jwt_fingerprint: string;
  started_at: string;
  seen_at: string;
}

/** An artist's maintained totals (migration 0014, kept by triggers on orders and payouts). Centavos. */
export interface ArtistSummariesTable {
  artist_id: number;
  /** Orders being worked on: price − fee each (PostgreSQL bigint: read with Number()). */
  pending_centavos: number | string;
  available_centavos: number | string;
  paid_out_centavos: number | string;
  rating_sum: number;
  rating_count: number;
}
/**
 * One listed artist's catalogue card (0034): every key the catalogue filters and sorts on, kept by triggers
 * on users, artist_profiles and artist_summaries. An artist has a card exactly when customers may see them.
 */
export interface CatalogCardsTable {
  artist_id: number;
  /** lower(stage_name). */
  name_key: string;
  /** What the customer pays: the rate, or the base price. */
  rate_centavos: number;
  /** The shown rating in tenths of a star (unrated: 0). */
  rating_tenths: number;
  rating_count: number;
  /** The standard turnaround: set, or the default. */
  turnaround_days: number;
  /** The profile's JSON array of genre keys. */
  genres: string;
  vocal_type: VocalType | null;
}
/** The ratings of an artist with each number of stars (0025), kept by triggers on orders. */
export interface ArtistRatingCountsTable {
  artist_id: number;
  stars: number;
  rating_count: number;
}

/** How many of an artist's taken orders are in each status (migration 0014). */
export interface ArtistStatusCountsTable {
  artist_id: number;
  status: OrderStatus;
  order_count: number;
}
/** What an artist was credited each month, yyyy-mm of the payouts' created_at (migration 0014). */
export interface ArtistMonthlyCreditsTable {
  artist_id: number;
  month: string;
  credited_centavos: number | string;
}

/** The operations home's figures of one day (0019, Asia/Manila yyyy-mm-dd), kept by triggers on orders. */
export interface OperationsDaysTable {
  day: string;
  paid_orders: number;
  /** PostgreSQL bigint: read with Number(). */
  paid_centavos: number | string;
  accepted_orders: number;
  /** Seconds from payment to acceptance, summed over the orders accepted that day. */
  accept_seconds: number | string;
  /** Orders first delivered that day; of them, on or before their due date, and later sent back. */
  delivered_orders: number;
  on_time_orders: number;
  revised_orders: number;
}

/** A message to the team from the contact page or "Report a problem" on an order (migration 0023). */
export interface SupportRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  order_id: number | null;
  name: string;
  email: string;
  topic: SupportTopic;
  message: string;
  status: Generated<SupportRequestStatus>;
  created_at: string;
  closed_at: string | null;
  closed_by: number | null;
  /** A reported conversation (0031): the newest message of the order's thread when it was reported. */
  thread_through_id: number | null;
}

/** One message of an order's thread (migration 0028); `client_id` is unique per author (a resend stores nothing new). */
export interface OrderMessagesTable {
  id: Generated<number>;
  order_id: number;
  author_role: 'customer' | 'artist' | 'team';
  author_id: number;
  client_id: string;
  body: string;
  /** 1 when contact details were masked out of the body when it was stored. */
  masked: Generated<number>;
  /** Stored name of kind `attachments`, copied from its upload with the client's file name, sniffed type and size. */
  attachment_key: string | null;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
  /** 'text', or a lyrics draft, the customer's change request or approval (0031, contracts/lyrics.ts). */
  kind: Generated<OrderMessageKind>;
  created_at: string;
}

/** An attachment stored for an order's thread before its message is sent (migration 0028). */
export interface OrderMessageUploadsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  file_key: string;
  file_name: string;
  mime: string;
  size: number;
  message_id: number | null;
  created_at: string;
}

/** How far a reader has read an order's thread: a customer's or artist's user id, 0 for the team (migration 0028). */
export interface OrderMessageReadsTable {
  order_id: number;
  reader_id: number;
  last_read_id: number;
}

/** 0030: what a reader was told of the messages waiting for them (the unread mail and the bell). */
export interface OrderMessageAlertsTable {
  order_id: number;
  reader_id: number;
  mailed_through_id: Generated<number>;
  pending_since: string | null;
  notification_id: number | null;
}

export interface DB {
  operations_days: OperationsDaysTable;
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  password_resets: PasswordResetsTable;
  email_confirmations: EmailConfirmationsTable;
  rate_limits: RateLimitsTable;
  artist_profiles: ArtistProfilesTable;
  artist_payouts: ArtistPayoutsTable;
  artist_songs: ArtistSongsTable;
  temp_orders: TempOrdersTable;
  temp_uploads: TempUploadsTable;
  orders: OrdersTable;
  order_artists: OrderArtistsTable;
  order_events: OrderEventsTable;
  order_clips: OrderClipsTable;
  payments: PaymentsTable;
  payment_callbacks: PaymentCallbacksTable;
  payment_exceptions: PaymentExceptionsTable;
  order_recordings: OrderRecordingsTable;
  notifications: NotificationsTable;
  notification_counters: NotificationCountersTable;
  payouts: PayoutsTable;
  tips: TipsTable;
  refunds: RefundsTable;
  payout_reveals: PayoutRevealsTable;
  gift_thanks: GiftThanksTable;
  mail_outbox: MailOutboxTable;
  mail_opt_outs: MailOptOutsTable;
  catalog_version: CatalogVersionTable;
  artist_status_changes: ArtistStatusChangesTable;
  notification_streams: NotificationStreamsTable;
  secret_fingerprints: SecretFingerprintsTable;
  server_nodes: ServerNodesTable;
  artist_summaries: ArtistSummariesTable;
  catalog_cards: CatalogCardsTable;
  artist_status_counts: ArtistStatusCountsTable;
  artist_rating_counts: ArtistRatingCountsTable;
  artist_monthly_credits: ArtistMonthlyCreditsTable;
  support_requests: SupportRequestsTable;
  order_messages: OrderMessagesTable;
  order_message_uploads: OrderMessageUploadsTable;
  order_message_reads: OrderMessageReadsTable;
  order_message_alerts: OrderMessageAlertsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ArtistProfileRow = Selectable<ArtistProfilesTable>;
export type ArtistProfileUpdate = Updateable<ArtistProfilesTable>;
export type ArtistPayoutRow = Selectable<ArtistPayoutsTable>;
export type ArtistSongRow = Selectable<ArtistSongsTable>;
export type NewArtistSong = Insertable<ArtistSongsTable>;
export type TempOrderRow = Selectable<TempOrdersTable>;
export type TempUploadRow = Selectable<TempUploadsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type NewPayment = Insertable<PaymentsTable>;
export type PaymentCallbackRow = Selectable<PaymentCallbacksTable>;
export type OrderArtistRow = Selectable<OrderArtistsTable>;
export type OrderRecordingRow = Selectable<OrderRecordingsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type PayoutRow = Selectable<PayoutsTable>;
export type RefundRow = Selectable<RefundsTable>;

export type MailStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed' | 'digested';

/** A mail to send (server/mail): written with the event that causes it, sent by the worker. */
export interface MailOutboxTable {
  id: Generated<number>;
  /** server/mail/templates.ts MailKind. */
  kind: string;
  /** The recipient's account, when the mail is for one (preferences and unsubscribe links need it). */
  user_id: number | null;
  to_address: string;
  /** Unique per event and recipient, so an event leaves its mail once. */
  dedupe_key: string;
  /** JSON: what the template needs, captured when the event happened. */
  payload: Generated<string>;
  status: Generated<MailStatus>;
  digest: Generated<Flag>;
  /** The digest mail this item went out in. */
  digest_id: number | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** While `sending`: after this another worker may take the row again (its sender died). */
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A kind of non-essential mail (contracts/mail.ts mailCategories) that a person turned off. */
export interface MailOptOutsTable {
  user_id: number;
  category: string;
  created_at: string;
}

export type MailOutboxRow = Selectable<MailOutboxTable>;

export type PayoutRevealRow = Selectable<PayoutRevealsTable>;
