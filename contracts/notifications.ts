import * as v from 'valibot';
import type { AccountType } from './account';
import { pageLimitMessage } from './field-messages';

// In-app notifications (docs/product.md §3 Notification, §4 Notifications, §7; docs/architecture.md §3–§4).

/** The twelve types of docs/product.md §4, then the ones added for events that had none (offers, applications, operations, money). */
export const notificationTypes = [
  'new_order',
  'completed_order',
  'cancelled_order',
  'application_approved',
  'accepted_by_artist',
  'uploaded_by_artist',
  'rejected_by_artist',
  'validated_by_admin',
  'revision_by_admin',
  'accepted_by_customer',
  'rejected_by_customer',
  'rated_by_customer',
  'offer_withdrawn',
  'offer_expired',
  'application_rejected',
  'application_received',
  // Operations (issue 13): an admin gave the order to another artist; an admin suspended the artist.
  'order_reassigned',
  'artist_suspended',
  /** Customer: money we owe back was recorded. */
  'refund_recorded',
  /** Customer: the refund was sent. */
  'refund_paid',
  /** Customer: an admin's transfer of the refund failed; the team is on it. */
  'refund_failed',
  /** Artist and admins: the payment was reversed after work started; the order is on hold. */
  'order_disputed',
  /** Artist: a payout was transferred. */
  'payout_paid',
  // Operations alerts for admins (issue 25): each puts something in a queue of the operations home.
  'order_needs_artist',
  'order_overdue',
  'order_stranded',
  'refund_owed',
  'payment_exception',
  'payout_account_changed',
  'stage_name_review',
  /** Artist: an admin approved or turned down the stage name they asked for. */
  'stage_name_approved',
  'stage_name_rejected',
  /** Artist: an admin reactivated the account; they are offline until they go online. */
  'artist_reactivated',
  /** Admins: someone wrote through the contact page or reported a problem on an order. */
  'support_request',
] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** GET /notifications → data.notifications[], GET /notifications/{id} → data. */
export interface Notification {
  id: number;
  title: string;
  body: string;
  type: NotificationType;
  is_read: boolean;
  created_at: string;
}

/** GET /notifications?cursor=&limit= → data. Newest first; `next_cursor` null on the last page. */
export interface NotificationsPage {
  notifications: Notification[];
  next_cursor: string | null;
  unread_count: number;
}

/** POST /notifications/stream-token → data: for GET /notifications/stream?token=. */
export interface StreamToken {
  token: string;
  expires_in: number;
}

/** One SSE message (event `notification`, id = the notification's id). */
export interface NotificationPush {
  notification: Notification;
  unread_count: number;
}

export const notificationsQuerySchema = v.strictObject({
  cursor: v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/, 'Invalid cursor'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, pageLimitMessage),
      v.transform(Number),
      v.minValue(1, pageLimitMessage),
      v.maxValue(50, pageLimitMessage),
    ),
    '10',
  ),
});

/** PATCH /notifications/{id}. */
export const markNotificationSchema = v.strictObject({
  mark_as_read: v.boolean('Must be true or false'),
});

export const notificationMessages = {
  notFound: 'This notification was not found.',
  markedRead: 'Marked as read.',
  markedUnread: 'Marked as unread.',
  streamTokenInvalid: 'The notification stream link has expired.',
} as const;

/** docs/product.md §3: a transaction reference ("OR" followed by digits) taken from the body, else the title. */
export function extractOrderReference(notification: Pick<Notification, 'title' | 'body'>): string | null {
  const pattern = /OR\d+/;
  return pattern.exec(notification.body)?.[0] ?? pattern.exec(notification.title)?.[0] ?? null;
}

/** docs/product.md §4 artist targets (route names under /artist). */
const artistTargets: Record<NotificationType, string> = {
  new_order: 'song-orders',
  cancelled_order: 'song-orders',
  completed_order: 'completed',
  accepted_by_customer: 'completed',
  rated_by_customer: 'completed',
  application_approved: 'profile',
  accepted_by_artist: 'ongoing',
  uploaded_by_artist: 'validation',
  validated_by_admin: 'validation',
  revision_by_admin: 'validation',
  rejected_by_artist: 'revision',
  rejected_by_customer: 'revision',
  offer_withdrawn: 'song-orders',
  offer_expired: 'song-orders',
  application_rejected: 'profile',
  // Admins only; an artist never receives it.
  application_received: 'profile',
  // The order is no longer the artist's: their list of offers is where it was.
  order_reassigned: 'song-orders',
  artist_suspended: 'profile',
  artist_reactivated: 'dashboard',
  order_disputed: 'ongoing',
  payout_paid: 'earnings',
  // Customer notifications; an artist never receives them.
  refund_recorded: 'dashboard',
  refund_paid: 'dashboard',
  refund_failed: 'dashboard',
  // Admins only; an artist never receives them.
  order_needs_artist: 'dashboard',
  order_overdue: 'dashboard',
  order_stranded: 'dashboard',
  refund_owed: 'dashboard',
  payment_exception: 'dashboard',
  payout_account_changed: 'earnings',
  stage_name_review: 'profile',
  stage_name_approved: 'profile',
  stage_name_rejected: 'profile',
  // Admins only; an artist never receives it.
  support_request: 'dashboard',
};

/** Where an admin resolves each operations alert (the others lead to the order or their own queue). */
const adminTargets: Partial<Record<NotificationType, string>> = {
  uploaded_by_artist: '/admin/validation',
  application_received: '/admin/applications',
  refund_recorded: '/admin/refunds',
  refund_owed: '/admin/refunds',
  payment_exception: '/admin',
  payout_account_changed: '/admin/payouts',
  stage_name_review: '/admin/artists',
  support_request: '/admin/support',
};

export interface NotificationTarget {
  to: string;
  search?: Record<string, string>;
}

/**
 * Where a click on the notification leads. Customers: order history with `?transaction=` when the
 * reference is present (docs/product.md §4). Artists: the product's table. Admins: the validation queue for new
 * recordings, else the order overview focused on the reference.
 */
export function notificationTarget(area: AccountType, notification: Notification): NotificationTarget {
  const reference = extractOrderReference(notification);
  if (area === 'artist') return { to: `/artist/${artistTargets[notification.type]}` };
  if (area === 'admin') {
    const to = adminTargets[notification.type];
    if (to) return { to };
    return reference ? { to: '/admin/orders', search: { transaction: reference } } : { to: '/admin/orders' };
  }
  return reference
    ? { to: '/customer/account/order-history', search: { transaction: reference } }
    : { to: '/customer/account/order-history' };
}

/** What each notification says; every order notification carries the reference (docs/product.md §3). */
export const notificationTexts: Record<
  NotificationType,
  (o: { reference: string; occasion: string; recipient: string; artist?: string; refund?: string }) => {
    title: string;
    body: string;
  }
> = {
  new_order: (o) => ({
    title: 'New song order',
    body: `You have a new ${o.occasion} song offer for ${o.recipient} (${o.reference}). Accept it before it expires.`,
  }),
  accepted_by_artist: (o) => ({
    title: 'An artist accepted your order',
    body: `${o.artist ?? 'Your artist'} is now working on the song for ${o.recipient} (${o.reference}).`,
  }),
  rejected_by_artist: (o) => ({
    title: 'Choose another artist',
    body: `The artists you chose could not take order ${o.reference}. Choose other artists or cancel for a refund.`,
  }),
  uploaded_by_artist: (o) => ({
    title: 'Recording uploaded',
    body: `A recording for order ${o.reference} was uploaded and is waiting for validation.`,
  }),
  validated_by_admin: (o) => ({
    title: 'Recording validated',
    body: `The song for ${o.recipient} (${o.reference}) passed validation and is ready to listen to.`,
  }),
  revision_by_admin: (o) => ({
    title: 'Revision requested',
    body: `Our team asked for changes to the recording of order ${o.reference}. Read the notes and upload again.`,
  }),
  rejected_by_customer: (o) => ({
    title: 'The customer asked for changes',
    body: `The customer sent order ${o.reference} back with feedback. Read it and upload a new version.`,
  }),
  accepted_by_customer: (o) => ({
    title: 'The customer accepted your song',
    body: `The customer accepted the song for ${o.recipient} (${o.reference}).`,
  }),
  completed_order: (o) => ({
    title: 'Order completed',
    body: `Order ${o.reference} is complete.`,
  }),
  rated_by_customer: (o) => ({
    title: 'New rating',
    body: `The customer rated your song for order ${o.reference}.`,
  }),
  cancelled_order: (o) => ({
    title: 'Order cancelled',
    body: `Order ${o.reference} was cancelled.`,
  }),
  // `refund`: the refund's line (contracts/refunds.ts refundLine), e.g. "Refund of ₱4,500.00 owed to you".
  refund_recorded: (o) => ({
    title: 'Refund owed to you',
    body: `Order ${o.reference}: ${o.refund ?? 'a refund is owed to you'}. We will send it back the way you paid and tell you when it is sent.`,
  }),
  refund_paid: (o) => ({
    title: 'Refund sent',
    body: `Order ${o.reference}: ${o.refund ?? 'your refund was sent'}.`,
  }),
  refund_failed: (o) => ({
    title: 'Refund delayed',
    body: `Order ${o.reference}: ${o.refund ?? 'your refund could not be sent yet'}. The transfer did not go through; our team is on it and will tell you as soon as it is sent.`,
  }),
  order_disputed: (o) => ({
    title: 'Order on hold',
    body: `The payment for order ${o.reference} was reversed by the customer's bank. Please stop work; our team will be in touch.`,
  }),
  payout_paid: (o) => ({
    title: 'Payout sent',
    body: `Your earning for order ${o.reference} was transferred.`,
  }),
  order_needs_artist: (o) => ({
    title: 'Order without an artist',
    body: `Order ${o.reference} for ${o.recipient} has no artist: every offer was declined or expired, or its artist left.`,
  }),
  order_overdue: (o) => ({
    title: 'Order overdue',
    body: `Order ${o.reference} for ${o.recipient} is past its due date without a song the customer accepted.`,
  }),
  order_stranded: (o) => ({
    title: 'Order left by its artist',
    body: `${o.artist ?? 'The artist'} can no longer work on order ${o.reference}. Give it to another artist.`,
  }),
  refund_owed: (o) => ({
    title: 'Refund to send',
    body: `A refund on order ${o.reference} is owed to the customer.`,
  }),
  payment_exception: (o) => ({
    title: 'Payment needs a decision',
    body: `A payment for order ${o.reference} did not match what the order asked for. Decide what happens to it.`,
  }),
  payout_account_changed: (o) => ({
    title: 'Payout account changed',
    body: `${o.artist ?? 'An artist'} changed their payout account. Check it before the next payout.`,
  }),
  stage_name_review: (o) => ({
    title: 'Stage name to review',
    body: `${o.artist ?? 'An artist'} asked to change their stage name.`,
  }),
  // `artist`: the sender's name; `reference`: the order reported on, if any.
  support_request: (o) => ({
    title: 'Support request',
    body: o.reference
      ? `${o.artist ?? 'A customer'} reported a problem with order ${o.reference}.`
      : `${o.artist ?? 'Someone'} wrote to the team through the contact page.`,
  }),
  stage_name_approved: (o) => ({
    title: 'Stage name approved',
    body: `Customers now see you as ${o.artist ?? 'your new stage name'}.`,
  }),
  stage_name_rejected: (o) => ({
    title: 'Stage name not approved',
    body: `Our team kept your stage name ${o.artist ?? ''}. You can ask for another one from your profile.`,
  }),
  application_approved: () => ({
    title: 'Application approved',
    body: 'Your artist application was approved. Go online so customers can find you.',
  }),
  offer_withdrawn: (o) => ({
    title: 'Offer withdrawn',
    body: `The offer for order ${o.reference} is closed: another artist took it or the customer cancelled.`,
  }),
  offer_expired: (o) => ({
    title: 'Offer expired',
    body: `The time to answer the offer for order ${o.reference} has passed.`,
  }),
  application_rejected: () => ({
    title: 'Application needs changes',
    body: 'Our team asked for changes to your artist application. Read the reason on your profile, edit the application and send it again.',
  }),
  application_received: (o) => ({
    title: 'New artist application',
    body: `${o.artist ?? 'An artist'} sent an application for review.`,
  }),
  order_reassigned: (o) => ({
    title: 'Order given to another artist',
    body: `Our team gave order ${o.reference} for ${o.recipient} to another artist.`,
  }),
  artist_suspended: () => ({
    title: 'Account suspended',
    body: 'Our team suspended your artist account. Contact support to find out why and what happens next.',
  }),
  artist_reactivated: () => ({
    title: 'Account reactivated',
    body: 'Our team reactivated your artist account. You are offline until you go online again.',
  }),
};
