import * as v from 'valibot';
import type { Page } from './lifecycle';
import type { OrderStatus } from './order-status';
import { idCursorSchema, MAX_ROW_ID, pageLimitSchema } from './paging';
import { linesInput } from './text';

// Order messages (docs/product.md "Order messages", docs/api.md "Order messages"): one thread per order,
// from payment to completion, between the customer, the artist who took the order and the team.

/** Who wrote a message: the order's customer, its artist, or an admin writing as the team. */
export const messageAuthorRoles = ['customer', 'artist', 'team'] as const;
export type MessageAuthorRole = (typeof messageAuthorRoles)[number];

/**
 * What a message is: text (with or without an attachment), or a step of lyrics for approval
 * (contracts/lyrics.ts): the artist's lyrics draft, the customer's change request, their approval.
 */
export const orderMessageKinds = ['text', 'lyrics', 'lyrics_changes', 'lyrics_approved'] as const;
export type OrderMessageKind = (typeof orderMessageKinds)[number];

/** The name every admin writes under. */
export const TEAM_AUTHOR_NAME = 'Labsongs team';

/** The longest message body (characters). */
export const MESSAGE_MAX = 2000;
/** Messages one person may send per window (MESSAGE_WINDOW_SECONDS), every thread together. */
export const MESSAGES_PER_WINDOW = 30;
export const MESSAGE_WINDOW_SECONDS = 10 * 60;
/** Attachments one person may upload per hour. */
export const ATTACHMENTS_PER_HOUR = 20;
/** Messages shown per page of a thread. */
export const MESSAGES_PAGE_SIZE = 30;
/**
 * A message unread this long is mailed to the customer or the artist who has not read it, once per burst
 * (server/messages/message-alerts.ts; docs/product.md "Order messages").
 */
export const UNREAD_MAIL_MINUTES = 10;

/** A thread can be read once the order is paid, and written in until the order is completed or cancelled. */
export const threadReadable = (status: OrderStatus): boolean => status !== 'awaiting_payment';
export const threadWritable = (status: OrderStatus): boolean =>
  threadReadable(status) && status !== 'completed' && status !== 'cancelled';

export const orderMessageTexts = {
  /** Shown under a message whose contact details the server hid (docs/product.md "Order messages"). */
  maskedNote:
    'Contact details were hidden. To keep everyone safe and every order covered, talk and pay only through Labsongs.',
  bodyRequired: 'Write a message or attach a file',
  bodyTooLong: `Please keep your message under ${MESSAGE_MAX} characters`,
  clientIdInvalid: 'The message id must be 8 to 64 letters, digits, "-" or "_"',
  attachmentIdInvalid: 'Choose an attachment from this order',
  attachmentUnusable: 'This attachment cannot be sent. Attach the file again.',
  attachmentOnly: 'Attach a sound (MP3, WAV, OGG, M4A, FLAC or WebM), a picture (JPEG, PNG or WebP) or a PDF.',
  notPaidYet: 'Messages open once the order is paid.',
  threadClosed: 'This conversation is closed: the order is finished.',
  clientIdTaken: 'This message id was already used for another conversation.',
  tooManyMessages: 'You are sending messages very quickly. Wait a few minutes and try again.',
  tooManyAttachments: 'You have attached many files in the last hour. Try again later.',
  lastReadInvalid: 'Choose a message of this conversation',
  sent: 'Message sent.',
  attached: 'File attached.',
  read: 'Conversation marked as read.',
  notFound: 'This attachment was not found.',
} as const;

/** POST …/orders/{id}/messages: `client_id` is chosen once per message by the sender's app; sending again with it answers the stored message. */
export const sendMessageSchema = v.strictObject({
  client_id: v.pipe(
    v.string(orderMessageTexts.clientIdInvalid),
    v.regex(/^[A-Za-z0-9_-]{8,64}$/, orderMessageTexts.clientIdInvalid),
  ),
  body: v.pipe(linesInput(), v.trim(), v.maxLength(MESSAGE_MAX, orderMessageTexts.bodyTooLong)),
  attachment_id: v.optional(
    v.pipe(
      v.number(orderMessageTexts.attachmentIdInvalid),
      v.integer(orderMessageTexts.attachmentIdInvalid),
      v.minValue(1, orderMessageTexts.attachmentIdInvalid),
      v.maxValue(MAX_ROW_ID, orderMessageTexts.attachmentIdInvalid),
    ),
  ),
});
export type SendMessageInput = v.InferOutput<typeof sendMessageSchema>;

/** GET …/orders/{id}/messages: the newest page first; `cursor` (a page's next_cursor) reads older ones. */
export const messagesQuerySchema = v.strictObject({ cursor: idCursorSchema, limit: pageLimitSchema });

/** POST …/orders/{id}/messages/read: everything up to this message is read (a mark never moves back). */
export const markReadSchema = v.strictObject({
  last_read_id: v.pipe(
    v.number(orderMessageTexts.lastReadInvalid),
    v.integer(orderMessageTexts.lastReadInvalid),
    v.minValue(1, orderMessageTexts.lastReadInvalid),
    v.maxValue(MAX_ROW_ID, orderMessageTexts.lastReadInvalid),
  ),
});
export type MarkReadInput = v.InferOutput<typeof markReadSchema>;

export interface MessageAttachment {
  name: string;
  /** Sniffed from the file's bytes at upload. */
  type: string;
  size: number;
  /** A signed link for the reader it was given to, valid for a while (like song links). */
  url: string;
}

export interface OrderMessage {
  id: number;
  /** The id the sender's app chose: it matches a pending message to the stored one. */
  client_id: string;
  author: { role: MessageAuthorRole; name: string };
  /** Text, or a lyrics step (shown as such in the thread). */
  kind: OrderMessageKind;
  /** Written by the reader (the team's messages are "mine" to every admin). */
  mine: boolean;
  body: string;
  /** Contact details were hidden from the body (shown with orderMessageTexts.maskedNote). */
  masked: boolean;
  attachment: MessageAttachment | null;
  created_at: string;
}

/** A page of a thread: `items` oldest first within the page; `next_cursor` reads the older page. */
export interface OrderMessagesPage extends Page<OrderMessage> {
  /** Whether the reader may write now (the order is paid and not finished). */
  writable: boolean;
  /** The reader's unread messages in the thread. */
  unread: number;
  /** The reader's read mark (0: nothing read). */
  last_read_id: number;
}

/** POST …/orders/{id}/messages/attachments → data: the stored file, to send with a message. */
export interface MessageUpload {
  id: number;
  name: string;
  type: string;
  size: number;
}

/** POST …/orders/{id}/messages/read → data. */
export interface MessageReadState {
  last_read_id: number;
  unread: number;
}
