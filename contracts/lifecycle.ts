import * as v from 'valibot';
import type { OrderAddOns } from './addons';
import { fieldMessages as m } from './field-messages';
import type { LyricsStep } from './lyrics';
import { searchSchema } from './operations';
import {
  type AdminStage,
  adminStages,
  MAX_SELECTED_ARTISTS,
  type Order,
  type OrderBrief,
  type OrderStatus,
  orderMessages,
  orderReferencePattern,
  type Refund,
  type RefundBrief,
} from './order';
import { cursorIdInRange, idCursorSchema, invalidCursorMessage, pageLimitSchema } from './paging';
import { linesInput, plainText, textInput } from './text';

// The order after payment (docs/architecture.md §4): who may send which lifecycle event, the bodies of the calls
// that send them, and the answers the artist, admin and customer screens read. The states and guards
// themselves live in machines/order-lifecycle.machine.ts.

export type LifecycleRole = 'customer' | 'artist' | 'admin' | 'system';

/** Who may send each event (the machine's guards and the server's 403 both read this). */
export const eventRoles = {
  payment_succeeded: ['system'],
  artist_accepted: ['artist'],
  artist_declined: ['artist'],
  offer_expired: ['system'],
  recording_uploaded: ['artist'],
  admin_validated: ['admin'],
  admin_requested_revision: ['admin'],
  customer_accepted: ['customer'],
  customer_rejected: ['customer'],
  customer_rated: ['customer'],
  customer_rebooked: ['customer'],
  /** The system cancels an order left without an artist that the customer did not act on (IDLE_NEEDS_ARTIST_DAYS). */
  cancelled: ['customer', 'admin', 'system'],
  /** The artist deactivates their account, or an admin suspends them: their open work is released. */
  artist_left: ['artist', 'admin'],
  /** An admin offers an order nobody has (or overdue work) to another artist. */
  admin_reassigned: ['admin'],
  /** The provider refunded or charged back a succeeded payment: the order stops. */
  payment_reversed: ['system'],
  /** Lyrics for approval (contracts/lyrics.ts): the artist posts a draft in the order's thread… */
  lyrics_posted: ['artist'],
  /** …the customer approves it, or asks for changes (not a revision)… */
  lyrics_approved: ['customer'],
  lyrics_changes_requested: ['customer'],
  /** …or turns lyrics approval off for the order before the recording. */
  lyrics_skipped: ['customer'],
} as const satisfies Record<string, readonly LifecycleRole[]>;

export type LifecycleEventType = keyof typeof eventRoles;
export const lifecycleEventTypes = Object.keys(eventRoles) as LifecycleEventType[];

/** The artist screens of docs/architecture.md §4 and the `stage` query of GET /artist/orders and /admin/orders. */
const artistStages = ['new', 'ongoing', 'validation', 'revision', 'completed'] as const;
export type ArtistStage = (typeof artistStages)[number];

/** The statuses each stage lists. `new` lists orders with this artist's offer still pending. */
export const stageStatuses: Record<ArtistStage, readonly OrderStatus[]> = {
  new: ['offered'],
  // A disputed order stays in the artist's Ongoing list, marked on hold.
  ongoing: ['in_progress', 'disputed'],
  validation: ['in_validation', 'delivered'],
  revision: ['in_revision'],
  completed: ['completed'],
};

/** The statuses in which an artist works to a due date. */
export const dueWorkStatuses = ['in_progress', 'in_revision'] as const satisfies readonly OrderStatus[];

/** The shortest reason an admin gives for giving an order to another artist (a few words, not a letter). */
export const REASSIGN_REASON_MIN = 10;
/** Days an order waits without an artist for the customer to rebook or cancel before it is cancelled and refunded. */
export const IDLE_NEEDS_ARTIST_DAYS = 7;

/** Work past its due date: flagged on the lists, listed under the admin's `overdue` stage, open to reassignment. */
export const isOverdue = (order: { status: OrderStatus; due_at: string | null }, now: Date): boolean =>
  (dueWorkStatuses as readonly OrderStatus[]).includes(order.status) &&
  order.due_at !== null &&
  order.due_at < now.toISOString();

// Defined beside the order statuses (./order); the admin's contract names them here as well.
export { type AdminStage, adminStages };

export const lifecycleMessages = {
  /** 409: the state does not accept the event now. */
  notNow: {
    payment_succeeded: 'This order is not awaiting payment.',
    artist_accepted: 'This order is no longer open: another artist took it or it was cancelled.',
    artist_declined: 'This offer is no longer open.',
    offer_expired: 'This offer is no longer open.',
    recording_uploaded: 'A recording cannot be submitted for this order now.',
    admin_validated: 'This order is not waiting for validation.',
    admin_requested_revision: 'This order is not waiting for validation.',
    customer_accepted: 'There is no delivered song to accept on this order.',
    customer_rejected: 'This song cannot be sent back for changes now.',
    customer_rated: 'You can rate the song once, after accepting it.',
    customer_rebooked: 'This order does not need another artist.',
    cancelled: 'This order can no longer be cancelled.',
    artist_left: 'This order has no open work for this artist.',
    admin_reassigned:
      'Only an order waiting for an artist, overdue work, or work whose artist left can be given to another artist.',
    payment_reversed: 'This order has no payment to reverse.',
    lyrics_posted: 'Lyrics can be sent for approval only while the customer has not approved them yet.',
    lyrics_approved: 'There is no lyrics draft waiting for your approval.',
    lyrics_changes_requested: 'There is no lyrics draft waiting for your approval.',
    lyrics_skipped: 'Lyrics approval can be turned off only before the recording is made.',
  } satisfies Record<LifecycleEventType, string>,
  noRevisionsLeft: 'You have used all the revisions this order includes.',
  payoutHeld: 'This payout is on hold: the order was disputed or cancelled.',
  payoutNoDestination: 'This artist has not given payout details yet.',
  payoutRevealed: 'Payout destination shown. This was recorded.',
  refundNotFound: 'This refund was not found.',
  /** 409: the refund's state does not take the move (machines/refund.machine.ts). */
  refundNotNow: {
    sent: 'This refund was already sent.',
    failed: 'Only a refund still owed can be marked failed.',
    retry: 'Only a failed refund can go back to the refunds to send.',
  },
  refundSent: 'Refund marked sent. The customer was told, with the reference.',
  refundFailed: 'Refund marked failed. The customer was told our team is on it.',
  refundRetried: 'The refund is back in the refunds to send.',
  offerExpired: 'This offer has expired.',
  accepted: 'You took this order. It is now in Ongoing.',
  declined: 'You declined this order.',
  recordingSubmitted: 'Your recording was sent for validation.',
  recordingUploaded: 'Your recording is uploaded. Preview it, then submit.',
  validated: 'The recording was validated and delivered to the customer.',
  revisionRequested: 'The artist was asked to revise the recording.',
  customerAccepted: 'Thank you! The order is complete.',
  customerRejected: 'Your feedback was sent to the artist.',
  rated: 'Thank you for rating the song.',
  cancelled: 'The order was cancelled.',
  /** The admin's confirmation; the customer's toast names the refund (contracts/refunds.ts cancelledMessage). */
  cancelledRefund: 'The order was cancelled. The refund is owed to the customer and waits in Refunds.',
  rebooked: 'Your order was sent to the new artists.',
  payoutPaid: 'The payout was marked as paid.',
  payoutAlreadyPaid: 'This payout was already marked as paid.',
  payoutNotFound: 'This payout was not found.',
  reasonRequired: 'Please tell us why',
  /** Under "What should the artist change?" (the customer sends a song back). */
  changesRequired: 'Please tell the artist what to change',
  notesRequired: 'Please write what the artist should change',
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  humanMadeRequired: 'Please confirm the recording was made by you, not generated',
  recordingRequired: 'Upload the recording first',
  recordingInvalid: 'This recording is no longer available: upload it again',
  rebookSameArtist: 'Choose artists who have not been offered this order',
  reassigned: 'The order was offered to the artist you chose.',
  reassignArtistRequired: 'Choose an approved, active artist',
  reassignSameArtist: 'Choose an artist other than the one who has the order',
  /** 409: a revision asked of an artist who deactivated or was suspended. */
  artistAway: 'The artist has left or is suspended, so nobody would revise it. Give the order to another artist first.',
  reassignReasonRequired: `Please give a reason of at least ${REASSIGN_REASON_MIN} characters`,
  giftNotFound: 'This gift link is not valid.',
  giftNotReady: 'The song is not ready to share yet.',
  giftShared: 'Your gift link is ready to share.',
  thanksSent: 'Your note was sent to the artist.',
  thanksAlreadySent: 'A thank-you note was already sent for this song.',
  revealDateInvalid: 'Choose a date from today on, or leave it empty',
} as const;

const trimmed = (message: string, max: number, multiline = true) =>
  v.pipe(
    textInput(m.mustBeText, multiline),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(max, `Please keep this under ${max} characters`),
  );
const optionalTrimmed = (max: number, multiline = true) =>
  v.pipe(textInput(m.mustBeText, multiline), v.trim(), v.maxLength(max, `Please keep this under ${max} characters`));

/** POST /artist/orders/{id}/decline. */
export const declineSchema = v.strictObject({ reason: trimmed(lifecycleMessages.reasonRequired, 500) });
/**
 * A revision note (the admin's notes, the customer's reason for sending a song back) is mailed to the
 * artist, who has to act on it: at least a short sentence, REVISION_NOTE_MIN_CHARS characters and
 * REVISION_NOTE_MIN_WORDS words ("Too fast" is not enough; "Slower tempo in the chorus, please" is).
 */
const REVISION_NOTE_MIN_CHARS = 20;
const REVISION_NOTE_MIN_WORDS = 3;
/** Shown under the field before anything is typed. */
export const revisionNoteRule = `Write at least ${REVISION_NOTE_MIN_WORDS} words (${REVISION_NOTE_MIN_CHARS} characters or more): what should change, and where in the song.`;
export const revisionNoteTooShort = `Please write a full sentence of at least ${REVISION_NOTE_MIN_WORDS} words and ${REVISION_NOTE_MIN_CHARS} characters, so the artist knows what to change.`;
const wordsIn = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
/** Empty text gets only the field's "required" message. */
const isRevisionNoteLongEnough = (text: string) =>
  text === '' || (text.length >= REVISION_NOTE_MIN_CHARS && wordsIn(text) >= REVISION_NOTE_MIN_WORDS);
const revisionNote = (requiredMessage: string) =>
  v.pipe(trimmed(requiredMessage, 2000), v.check(isRevisionNoteLongEnough, revisionNoteTooShort));

/** POST /user/orders/{id}/reject: what the customer wants changed. */
export const rejectSchema = v.strictObject({ reason: revisionNote(lifecycleMessages.changesRequired) });
/** POST /admin/orders/{id}/request-revision. */
export const revisionNotesSchema = v.strictObject({ notes: revisionNote(lifecycleMessages.notesRequired) });
/** POST /user/orders/{id}/cancel and /admin/orders/{id}/cancel. */
export const cancelSchema = v.strictObject({ reason: optionalTrimmed(500) });
/** POST /user/orders/{id}/rate. */
export const rateSchema = v.strictObject({
  // A missing rating defaults to 0, which the range check refuses with the same message.
  rating: v.pipe(
    v.optional(v.number(lifecycleMessages.ratingRequired), 0),
    v.integer(lifecycleMessages.ratingRequired),
    v.minValue(1, lifecycleMessages.ratingRequired),
    v.maxValue(5, lifecycleMessages.ratingRequired),
  ),
  review: optionalTrimmed(2000),
});
/** POST /admin/orders/{id}/reassign: the public id of the artist to offer the order to, and why (kept in the history). */
export const reassignSchema = v.strictObject({
  artist_id: v.pipe(
    textInput(lifecycleMessages.reassignArtistRequired),
    v.trim(),
    v.nonEmpty(lifecycleMessages.reassignArtistRequired),
    v.maxLength(64, lifecycleMessages.reassignArtistRequired),
  ),
  reason: v.pipe(
    linesInput(lifecycleMessages.reassignReasonRequired),
    v.trim(),
    v.minLength(REASSIGN_REASON_MIN, lifecycleMessages.reassignReasonRequired),
    v.maxLength(500, 'Please keep this under 500 characters'),
  ),
});
/** POST /user/orders/{id}/rebook: public artist ids, ranked. */
export const rebookSchema = v.strictObject({
  selected_artists: v.pipe(
    v.optional(
      v.array(v.pipe(v.string(orderMessages.artistsRequired), plainText()), orderMessages.artistsRequired),
      [],
    ),
    v.minLength(1, orderMessages.artistsRequired),
    v.maxLength(MAX_SELECTED_ARTISTS, orderMessages.tooManyArtists),
    v.check((ids) => new Set(ids).size === ids.length, orderMessages.artistsRequired),
  ),
});
/** POST /artist/orders/{id}/recording: a location from POST /artist/order/song/upload. */
export const recordingSchema = v.strictObject({
  temp_location: v.pipe(
    v.optional(v.string(lifecycleMessages.recordingRequired), ''),
    v.nonEmpty(lifecycleMessages.recordingRequired),
    v.regex(/^tmp_[A-Za-z0-9_-]{8,64}$/, lifecycleMessages.recordingInvalid),
  ),
  lyrics: optionalTrimmed(10_000),
  human_made: v.pipe(
    v.optional(v.boolean(lifecycleMessages.humanMadeRequired), false),
    v.check((x) => x === true, lifecycleMessages.humanMadeRequired),
  ),
});
/** POST /user/orders/{id}/gift: an optional reveal date (yyyy-mm-dd, Manila). */
export const giftSchema = v.strictObject({
  reveal_on: v.optional(
    v.nullable(
      v.pipe(
        v.string(lifecycleMessages.revealDateInvalid),
        v.regex(/^\d{4}-\d{2}-\d{2}$/, lifecycleMessages.revealDateInvalid),
        // A real calendar day: 2099-02-30 and 2026-13-01 are not.
        v.check((day) => {
          const at = new Date(`${day}T00:00:00Z`);
          return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(day);
        }, lifecycleMessages.revealDateInvalid),
      ),
    ),
    null,
  ),
});
/** POST /user/gifts/{token}/thanks: the recipient's note to the artist (public). */
export const thanksSchema = v.strictObject({
  name: trimmed(m.required('name'), 100, false),
  message: trimmed('Please write your note', 1000),
});

/**
 * An order list's cursor is "<needed_by>_<id>" of the last row sent; the artist's open offers page by
 * answer deadline, "<expires_at>_<id>" (server/lifecycle/order-lists.ts).
 */
const orderCursorSchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}\.\d{3}Z)?_\d{1,10}$/, invalidCursorMessage),
    cursorIdInRange,
  ),
);

/** GET /artist/orders?stage=&cursor=&limit=: offers (`new`) by answer deadline, the others by due date; then id. */
export const artistOrdersQuerySchema = v.strictObject({
  stage: v.picklist(artistStages, 'Unknown stage'),
  cursor: orderCursorSchema,
  limit: pageLimitSchema,
});
/**
 * GET /admin/orders?stage=&q=&cursor=&limit=&transaction=: by due date then id (latest first for `all`);
 * a search (`q`) lists the newest order first, and its cursor is the id of the last order sent.
 */
export const adminOrdersQuerySchema = v.pipe(
  v.strictObject({
    stage: v.optional(v.picklist(adminStages, 'Unknown stage'), 'all'),
    transaction: v.optional(v.pipe(v.string(), v.trim(), v.regex(orderReferencePattern, 'Unknown transaction'))),
    /** Part of a reference, the customer's name or email, the recipient, or an artist's stage name or email. */
    q: searchSchema,
    cursor: v.optional(
      v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2}_)?\d{1,10}$/, invalidCursorMessage), cursorIdInRange),
    ),
    limit: pageLimitSchema,
  }),
  // A list's cursor is "<needed_by>_<id>", a search's the id alone: each only with its own kind.
  v.forward(
    v.partialCheck(
      [['q'], ['cursor']],
      ({ q, cursor }) => cursor === undefined || /^\d+$/.test(cursor) === Boolean(q),
      'Invalid cursor',
    ),
    ['cursor'],
  ),
);
/** GET /artist/earnings/lines?cursor=&limit=: a pending line's cursor is "p<order id>", a credited one's "c<payout id>". */
export const earningLinesQuerySchema = v.strictObject({
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[pc]\d{1,10}$/, invalidCursorMessage), cursorIdInRange)),
  limit: pageLimitSchema,
});
/** GET /artist/payouts?cursor=&limit=: the artist's payouts, newest first. */
export const artistPayoutsQuerySchema = v.strictObject({
  cursor: idCursorSchema,
  limit: pageLimitSchema,
});
/** GET /admin/payouts?status=&cursor=. */
export const payoutsQuerySchema = v.strictObject({
  status: v.optional(v.picklist(['pending', 'paid'] as const, 'Unknown status'), 'pending'),
  cursor: idCursorSchema,
  limit: pageLimitSchema,
});

// ---- Answers -------------------------------------------------------------------------------------

/** What the lifecycle machine needs to rebuild an order's state (machines/order-lifecycle.ts). */
export interface LifecycleFacts {
  status: OrderStatus;
  /** completed and rated */
  rated: boolean;
  open_offers: number;
  revisions_used: number;
  revision_limit: number;
  /** Present (true) only when the artist who has the order deactivated or was suspended. */
  artist_away?: true;
  /** Present (true) only when the customer approves the lyrics before the recording (contracts/lyrics.ts). */
  lyrics_approval?: true;
  /** While the artist works on an order with lyrics approval: where the lyrics stand (absent once approved). */
  lyrics_step?: LyricsStep;
}

export interface Page<T> {
  items: T[];
  /** Opaque; null on the last page. */
  next_cursor: string | null;
}

export type RecordingStatus = 'pending' | 'validated' | 'revision_requested' | 'rejected_by_customer' | 'accepted';

export interface Recording {
  id: number;
  /** 1 for the first upload, +1 for each revision. */
  version: number;
  /** Short-lived signed URL (supports Range). */
  url: string;
  mime: string;
  size: number;
  lyrics: string;
  uploaded_at: string;
  status: RecordingStatus;
}

/** The latest word on what to change: the admin's notes or the customer's feedback. */
export interface Feedback {
  from: 'admin' | 'customer';
  text: string;
  at: string;
}

export type OfferStatus = 'pending' | 'accepted' | 'declined' | 'expired' | 'withdrawn';

/** Fields of the brief an artist never receives: how to reach the customer. */
const customerContactFields = [
  'gifter_last_name',
  'gifter_email',
  'gifter_contact_number',
  'gifter_dial_code',
  'gifter_country',
] as const;
type CustomerContactField = (typeof customerContactFields)[number];

export interface ArtistOrderBrief extends Omit<OrderBrief, 'occasion'> {
  occasion: Omit<OrderBrief['occasion'], CustomerContactField>;
}

/** GET /artist/orders → data.items[], GET /artist/orders/{id} → data. */
export interface ArtistOrder {
  id: number;
  reference: string;
  status: OrderStatus;
  occasion_name: string;
  recipient_first_name: string;
  needed_by: string;
  /** When the recording is due (set on accept); null for offers. */
  due_at: string | null;
  overdue: boolean;
  /**
   * The order's price (pesos). To an artist: what they take it at, their own rate on an offer (never
   * above what the customer paid); once an artist accepted, the accepted price.
   */
  price: number;
  /** What the artist earns: price − platform fee (pesos). */
  earning: number;
  /** Rush delivery and extra revisions the customer bought, parts of `price` (to an artist: their own rush price). */
  add_ons: OrderAddOns;
  offer: { status: OfferStatus; rank: number; expires_at: string | null; decline_reason: string | null };
  /** The brief, clips with signed URLs; without the customer's contact details (need to know). */
  brief: ArtistOrderBrief;
  lifecycle: LifecycleFacts;
  recording: Recording | null;
  feedback: Feedback | null;
  rating: number | null;
  review: string | null;
  /** The recipient's thank-you note from the gift page. */
  thanks: { name: string; message: string; at: string } | null;
  accepted_at: string | null;
  completed_at: string | null;
  /** Messages in the order's thread the reader has not read (contracts/order-messages.ts). */
  unread_messages: number;
}

/** GET /admin/orders → data.items[], GET /admin/orders/{id} → data. */
export interface AdminOrder extends Omit<ArtistOrder, 'offer' | 'thanks' | 'brief'> {
  /** The whole brief, the customer's contact details included. */
  brief: OrderBrief;
  customer: { name: string; email: string };
  /** The artist who took the order, if any. */
  artist: { id: string; stage_name: string } | null;
  offers: {
    artist: { id: string; stage_name: string };
    status: OfferStatus;
    rank: number;
    expires_at: string | null;
  }[];
  platform_fee: number;
  /** The order's history; `note`: the reason given with the event (a reassignment's, a cancellation's). */
  events: (Order['events'][number] & { note?: string })[];
  refunds: OrderRefund[];
}

/** A refund on an order (owed → sent, or failed: machines/refund.machine.ts); an order lists every one, oldest first. */
export type OrderRefund = RefundBrief;

/** GET /user/orders and /orders/{id} add these to the order (OrderDetail). */
export interface CustomerOrderLifecycle {
  lifecycle: LifecycleFacts;
  /** Messages in the order's thread the customer has not read (contracts/order-messages.ts). */
  unread_messages: number;
  due_at: string | null;
  /** The delivered song, once an admin validated it (also while in revision after a rejection). */
  recording:
    | (Pick<Recording, 'id' | 'version' | 'url' | 'mime' | 'lyrics' | 'uploaded_at'> & {
        /** The same signed file as an attachment, named "<recipient> – <occasion> (Labsongs).<ext>". */
        download_url: string;
      })
    | null;
  /** The artist who took the order. */
  artist: { id: string; stage_name: string } | null;
  rating: number | null;
  review: string | null;
  gift: GiftLink | null;
  refunds: OrderRefund[];
  /** The order awaits payment: the customer may open a new checkout ("Pay now"). */
  payable: boolean;
  /** When the system cancels and refunds an order left without an artist (IDLE_NEEDS_ARTIST_DAYS); null otherwise. */
  auto_cancel_at: string | null;
  /** Every song the customer was given, oldest first: v1, then one per revision she asked for. */
  versions: SongVersion[];
  /** The version her latest notes asked for, while it is being made (null once delivered, or none asked). */
  requested_version: { number: number; notes: string; asked_at: string } | null;
}

/** A song the customer was given (validated by our team), numbered as she heard them. */
export interface SongVersion {
  /** 1 for the first song delivered, +1 for each revision she asked for. */
  number: number;
  url: string;
  download_url: string;
  mime: string;
  lyrics: string;
  /** When our team validated it and she could listen to it. */
  delivered_at: string;
  /** Her notes that asked for this version; null for the first. */
  notes: string | null;
}

export interface GiftLink {
  token: string;
  /** The page address to share: `${PUBLIC_URL}/gift/${token}`. */
  url: string;
  reveal_on: string | null;
}

/** GET /user/gifts/{token} (public). Before the reveal date, `song` and `lyrics` are null. */
export interface Gift {
  recipient_first_name: string;
  occasion_name: string;
  gifter_first_name: string;
  artist: { id: string; stage_name: string };
  reveal_on: string | null;
  revealed: boolean;
  song: { url: string; download_url: string; mime: string } | null;
  lyrics: string | null;
  thanked: boolean;
}

export type EarningStatus = 'pending' | 'available' | 'paid';

/** GET /artist/earnings → data: the maintained totals and the chart (the lines and payouts are paged apart). Pesos. */
export interface Earnings {
  totals: { pending: number; available: number; paid_out: number };
  /** The last 12 months (yyyy-mm, oldest first), amounts credited in each. */
  monthly: { month: string; amount: number }[];
}

/**
 * GET /artist/earnings/lines → data.items[]: one line per order taken, the orders being worked on
 * (pending, newest first), then the credited ones (newest credit first). `id` is the order's id.
 */
export interface EarningLine {
  id: number;
  reference: string;
  occasion_name: string;
  status: EarningStatus;
  amount: number;
  credited_at: string | null;
  paid_at: string | null;
}

/** GET /artist/payouts → data.items[]; and, with the artist and destination, the admin's payouts. */
export interface Payout {
  id: number;
  order_reference: string;
  amount: number;
  status: 'pending' | 'paid';
  created_at: string;
  paid_at: string | null;
  /** The admin's transfer reference. */
  reference: string | null;
}

/** GET /admin/payouts → data.items[]. */
export interface AdminPayout extends Payout {
  artist: { id: string; stage_name: string; email: string };
  /** Masked bank details (last four digits only), or null when the artist has none. */
  payout_details: {
    bank_name: string;
    account_name: string;
    account_last4: string;
    /** When the artist last replaced their account (null: the first one). */
    changed_at: string | null;
    /** Replaced within PAYOUT_CHANGE_FLAG_DAYS: confirm it with the artist before paying. */
    recently_changed: boolean;
    /** The holder name's check: null when it matches the legal name; pending or rejected cannot be paid. */
    holder_review: 'pending' | 'approved' | 'rejected' | null;
  } | null;
  /** The order's status: a disputed or cancelled order's payout is held (mark-paid refuses it). */
  order_status: OrderStatus;
  /** Every time an admin revealed the full destination (audit), oldest first. */
  reveals: { admin: string; at: string }[];
}

/** POST /admin/payouts/{id}/reveal → data: the full destination, for the transfer. Written to the audit. */
export interface RevealedPayoutDestination {
  payout_id: number;
  bank_name: string;
  account_name: string;
  account_number: string;
  revealed_at: string;
}

/** GET /admin/refunds?status=&cursor=: the refunds in one state of machines/refund.machine.ts. */
export const refundsQuerySchema = v.strictObject({
  status: v.optional(v.picklist(['owed', 'failed', 'sent'] as const, 'Unknown status'), 'owed'),
  cursor: idCursorSchema,
  limit: pageLimitSchema,
});

const requiredLine = (missing: string, max: number) =>
  v.pipe(
    v.string(missing),
    plainText(),
    v.trim(),
    v.minLength(1, missing),
    v.maxLength(max, `Use at most ${max} characters`),
  );

/** POST /admin/refunds/{id}/mark-sent: how the money was sent and the transfer's reference, both required. */
export const markRefundSentSchema = v.strictObject({
  method: requiredLine('Enter how the refund was sent, e.g. GCash or bank transfer', 60),
  reference: requiredLine('Enter the transfer reference', 100),
});

/** POST /admin/refunds/{id}/mark-failed: why the transfer failed (for the team; the customer is told it is handled). */
export const markRefundFailedSchema = v.strictObject({
  reason: requiredLine('Enter why the transfer failed', 500),
});

/** GET /admin/refunds → data.items[]. */
export interface AdminRefund extends Refund {
  customer: { name: string; email: string };
  order_status: OrderStatus;
}

/** POST /admin/payouts/{id}/mark-paid. */
export const markPaidSchema = v.strictObject({ reference: optionalTrimmed(100, false) });

/** POST /artist/order/song/upload → data. */
export interface RecordingUpload {
  temp_location: string;
  /** Signed URL for the preview (also GET /artist/order/song/upload?source=). */
  url: string;
  mime: string;
  size: number;
}
