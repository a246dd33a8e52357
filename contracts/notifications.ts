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
  /** Artist: the customer of an accepted song tipped them (issue 28); the tip is in their earnings. */
  'tip_received',
  /** Customer and artist: new messages in an order's thread (one until they read the thread; issue 28). */
  'new_message',
  /** Customer: the artist posted lyrics for approval (contracts/lyrics.ts). */
  'lyrics_posted',
  /** Artist: the customer approved the lyrics, asked for changes, or turned lyrics approval off. */
  'lyrics_approved',
  'lyrics_changes_requested',
  'lyrics_skipped',
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
  /** The order it is about (a click opens that order), or null for notifications about no order. */
  order_id: number | null;
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

/**
 * POST /notifications/read-all: marks read every notification up to the newest the person has seen
 * (`up_to_id`), so one that arrives meanwhile still shows as new.
 */
export const markAllReadSchema = v.strictObject({
  up_to_id: v.pipe(
    v.number('Must be a notification id'),
    v.integer('Must be a notification id'),
    v.minValue(0, 'Must be a notification id'),
  ),
});

/** POST /notifications/read-all → data: how many were marked read, and the unread count left. */
export interface ReadAllAnswer {
  marked: number;
  unread_count: number;
}

export const notificationMessages = {
  notFound: 'This notification was not found.',
  markedRead: 'Marked as read.',
  markedUnread: 'Marked as unread.',
  markedAllRead: 'All notifications marked as read.',
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
  tip_received: 'earnings',
  // The thread is on the order's card; most conversations happen while the artist works on the song.
  new_message: 'ongoing',
  // Lyrics come before the recording: the order is in Ongoing.
  lyrics_posted: 'ongoing',
  lyrics_approved: 'ongoing',
  lyrics_changes_requested: 'ongoing',
  lyrics_skipped: 'ongoing',
};

/** Where an admin resolves each alert that is not about the order itself (the others open the order). */
const adminTargets: Partial<Record<NotificationType, string>> = {
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
  /** The element of the page to bring into view (an artist's order card: `order-<id>`). */
  hash?: string;
}

/**
 * Where a click on the notification leads: the order itself when it is about one (issue 27), else
 * the page of its type.
 * - Customers: the order's page; without an order, order history (filtered by the body's reference,
 *   for notifications written before they carried their order).
 * - Artists: the stage screen of the product's table, scrolled to the order's card.
 * - Admins: the order's page (from the validation queue for a new recording), or the queue where the
 *   alert is resolved.
 */
export function notificationTarget(area: AccountType, notification: Notification): NotificationTarget {
  // `?? null`: a notification stored by an older version of the app may lack the field.
  const orderId = notification.order_id ?? null;
  if (area === 'artist') {
    const to = `/artist/${artistTargets[notification.type]}`;
    return orderId === null ? { to } : { to, hash: `order-${orderId}` };
  }
  const reference = extractOrderReference(notification);
  if (area === 'admin') {
    const queue = adminTargets[notification.type];
    if (queue) return { to: queue };
    if (orderId !== null) {
      const to = `/admin/orders/${orderId}`;
      return notification.type === 'uploaded_by_artist' ? { to, search: { from: 'validation' } } : { to };
    }
    if (notification.type === 'uploaded_by_artist') return { to: '/admin/validation' };
    return reference ? { to: '/admin/orders', search: { transaction: reference } } : { to: '/admin/orders' };
  }
  if (orderId !== null) return { to: `/customer/account/orders/${orderId}` };
  return reference
    ? { to: '/customer/account/order-history', search: { transaction: reference } }
    : { to: '/customer/account/order-history' };
}

/** The target as an address of the app (path, query, then the element to show). */
export function notificationHref(target: NotificationTarget): string {
  const query = target.search ? `?${new URLSearchParams(target.search).toString()}` : '';
  return `${target.to}${query}${target.hash ? `#${target.hash}` : ''}`;
}

/** Who reads a notification: a type sent to several kinds of people says it in each one's words. */
export type NotificationReader = 'customer' | 'artist' | 'admin';

/**
 * What each notification says, in the words of the person who reads it (issue 27: no back-office words
 * for customers and artists); every order notification carries the reference (docs/product.md §3).
 */
export const notificationTexts: Record<
  NotificationType,
  (o: {
    reference: string;
    occasion: string;
    recipient: string;
    artist?: string;
    /** Who wrote to the team (a support request). */
    sender?: string;
    refund?: string;
    reader?: NotificationReader;
  }) => {
    title: string;
    body: string;
  }
> = {
  new_order: (o) => ({
    title: 'New song request for you',
    body: `You have a new ${o.occasion} song offer for ${o.recipient} (${o.reference}). Accept it before it expires.`,
  }),
  accepted_by_artist: (o) => ({
    title: `${o.artist ?? 'Your artist'} is making your song`,
    body: `${o.artist ?? 'Your artist'} is now working on the song for ${o.recipient} (${o.reference}).`,
  }),
  rejected_by_artist: (o) => ({
    title: 'Choose another artist',
    body: `The artists you chose could not take order ${o.reference}. Choose other artists or cancel for a refund.`,
  }),
  // Admins review the recording; the artist who sent it hears that it arrived.
  uploaded_by_artist: (o) =>
    o.reader === 'artist'
      ? {
          title: 'We received your recording',
          body: `Our team is listening to your song for ${o.recipient} (${o.reference}) and will send it to the customer.`,
        }
      : {
          title: 'Recording to review',
          body: `A recording for order ${o.reference} was uploaded and is waiting for validation.`,
        },
  validated_by_admin: (o) =>
    o.reader === 'artist'
      ? {
          title: 'Your song was sent to the customer',
          body: `Our team approved your song for ${o.recipient} (${o.reference}); the customer can listen to it now.`,
        }
      : {
          title: 'Your song is ready to hear',
          body: `The song for ${o.recipient} (${o.reference}) is ready. Listen to it, then keep it or ask for changes.`,
        },
  revision_by_admin: (o) => ({
    title: 'Our team asked for changes',
    body: `Our team asked for changes to your song for order ${o.reference}. Read the notes and upload again.`,
  }),
  rejected_by_customer: (o) => ({
    title: 'The customer asked for changes',
    body: `The customer sent order ${o.reference} back with feedback. Read it and upload a new version.`,
  }),
  accepted_by_customer: (o) => ({
    title: 'The customer accepted your song',
    body: `The customer accepted the song for ${o.recipient} (${o.reference}).`,
  }),
  completed_order: (o) =>
    o.reader === 'customer'
      ? { title: 'Your song is yours to keep', body: `Order ${o.reference} is complete. Thank you for ordering.` }
      : { title: 'Order complete', body: `Order ${o.reference} is complete.` },
  rated_by_customer: (o) => ({
    title: 'The customer rated your song',
    body: `The customer rated your song for order ${o.reference}.`,
  }),
  cancelled_order: (o) => ({
    title: o.reader === 'customer' ? 'Your order was cancelled' : 'An order was cancelled',
    body: `Order ${o.reference} was cancelled.`,
  }),
  // `refund`: the refund's line (contracts/refunds.ts refundLine), e.g. "Refund of ₱4,500.00 owed to you".
  refund_recorded: (o) => ({
    title: 'We owe you a refund',
    body: `Order ${o.reference}: ${o.refund ?? 'a refund is owed to you'}. We will send it back the way you paid and tell you when it is sent.`,
  }),
  refund_paid: (o) => ({
    title: 'Your refund was sent',
    body: `Order ${o.reference}: ${o.refund ?? 'your refund was sent'}.`,
  }),
  refund_failed: (o) => ({
    title: 'Your refund is delayed',
    body: `Order ${o.reference}: ${o.refund ?? 'your refund could not be sent yet'}. The transfer did not go through; our team is on it and will tell you as soon as it is sent.`,
  }),
  order_disputed: (o) =>
    o.reader === 'admin'
      ? {
          title: 'Payment reversed after work started',
          body: `The payment for order ${o.reference} was reversed by the customer's bank. The order is on hold: settle it.`,
        }
      : {
          title: 'Order on hold: please stop work',
          body: `The payment for order ${o.reference} was reversed by the customer's bank. Please stop work; our team will be in touch.`,
        },
  // `sender`: who wrote (the artist's stage name, the customer's first name or the team).
  new_message: (o) => ({
    title: o.sender ? `New message from ${o.sender}` : 'New message',
    body: `${o.sender ?? 'Someone'} wrote to you about order ${o.reference}. Read it on the order page.`,
  }),
  lyrics_posted: (o) => ({
    title: 'Lyrics waiting for your approval',
    body: `${o.artist ?? 'Your artist'} wrote the lyrics of the song for ${o.recipient} (${o.reference}). Read them in the messages, then approve them or ask for changes.`,
  }),
  lyrics_approved: (o) => ({
    title: 'Lyrics approved',
    body: `The customer approved your lyrics for ${o.recipient} (${o.reference}). You can record the song now.`,
  }),
  lyrics_changes_requested: (o) => ({
    title: 'Changes asked to the lyrics',
    body: `The customer asked for changes to your lyrics for ${o.recipient} (${o.reference}). Read their note in the messages and post new lyrics.`,
  }),
  lyrics_skipped: (o) => ({
    title: 'You can record now',
    body: `The customer turned lyrics approval off for ${o.recipient} (${o.reference}). Record the song when you are ready.`,
  }),
  tip_received: (o) => ({
    title: 'You received a tip',
    body: `The customer tipped you for the song for ${o.recipient} (${o.reference}). The whole tip is in your earnings.`,
  }),
  payout_paid: (o) => ({
    title: 'Your earning was sent',
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
  // `reference`: the order reported on, if any.
  support_request: (o) => ({
    title: 'Support request',
    body: o.reference
      ? `${o.sender ?? 'A customer'} reported a problem with order ${o.reference}.`
      : `${o.sender ?? 'Someone'} wrote to the team through the contact page.`,
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
    title: 'A song request is no longer open',
    body: `The offer for order ${o.reference} is closed: another artist took it or the customer cancelled.`,
  }),
  offer_expired: (o) => ({
    title: 'A song request ran out of time',
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
  order_reassigned: (o) =>
    o.reader === 'customer'
      ? {
          title: 'A new artist for your song',
          body: `Our team gave your song for ${o.recipient} (${o.reference}) to another artist, who will make it for you.`,
        }
      : {
          title: 'Order given to another artist',
          body: `Our team gave order ${o.reference} for ${o.recipient} to another artist.`,
        },
  artist_suspended: () => ({
    title: 'Account suspended',
    body: 'Our team suspended your artist account. Contact support to find out why and what happens next.',
  }),
  artist_reactivated: () => ({
    title: 'Account reactivated',
    body: 'Our team reactivated your artist account. You are offline until you go online again.',
  }),
};
