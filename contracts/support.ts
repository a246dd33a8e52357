import * as v from 'valibot';
import { emailSchema } from './auth';
import { fieldMessages as m } from './field-messages';
import { idCursorSchema, pageLimitSchema } from './paging';
import { textInput } from './text';

// Help within reach (docs/api.md "Support"): the contact page and "Report a problem" on an order both
// create a support request; the admins read the open ones at /admin/support and close them.

/** What a request is about, as the contact form offers it; a report on an order is always `order`. */
export const supportTopics = ['order', 'payment', 'account', 'artist', 'other'] as const;
export type SupportTopic = (typeof supportTopics)[number];

export const supportTopicLabels: Record<SupportTopic, string> = {
  order: 'A problem with an order',
  payment: 'Payments and refunds',
  account: 'My account',
  artist: 'Becoming an artist',
  other: 'Something else',
};

export const SUPPORT_MESSAGE_MAX = 2000;
export const SUPPORT_NAME_MAX = 100;

export const supportMessages = {
  topicRequired: 'Please choose what your message is about',
  messageRequired: 'Please tell us what happened',
  messageTooLong: `Please keep your message under ${SUPPORT_MESSAGE_MAX} characters`,
  sent: 'Thank you. Your message reached our team; we sent you a copy by email.',
  requestNotFound: 'This support request was not found.',
  alreadyClosed: 'This support request is already closed.',
  closed: 'Support request closed.',
} as const;

const messageField = v.pipe(
  textInput(m.mustBeText, true),
  v.trim(),
  v.nonEmpty(supportMessages.messageRequired),
  v.maxLength(SUPPORT_MESSAGE_MAX, supportMessages.messageTooLong),
);

const topicField = v.pipe(
  v.optional(v.string(supportMessages.topicRequired), ''),
  v.picklist(supportTopics, supportMessages.topicRequired),
);

/**
 * POST /user/support-requests (the contact page). A signed-in customer's name and email are their
 * account's: the server uses those, whatever the body says.
 */
export const contactRequestSchema = v.strictObject({
  name: v.pipe(
    textInput(),
    v.trim(),
    v.nonEmpty(m.required('name')),
    v.maxLength(SUPPORT_NAME_MAX, m.tooLong('name', SUPPORT_NAME_MAX)),
  ),
  email: emailSchema,
  topic: topicField,
  message: messageField,
});
export type ContactRequestInput = v.InferOutput<typeof contactRequestSchema>;

/** POST /user/orders/{id}/support-requests ("Report a problem" on the customer's own order). */
export const orderProblemSchema = v.strictObject({ message: messageField });
export type OrderProblemInput = v.InferOutput<typeof orderProblemSchema>;

/** GET /admin/support-requests: the open requests, oldest first. */
export const supportRequestsQuerySchema = v.strictObject({ cursor: idCursorSchema, limit: pageLimitSchema });

export type SupportRequestStatus = 'open' | 'closed';

/** One request as the admins read it. */
export interface SupportRequest {
  id: number;
  status: SupportRequestStatus;
  name: string;
  email: string;
  topic: SupportTopic;
  message: string;
  /** The sender's customer account, when they were signed in. */
  user_id: number | null;
  /** The order reported on, when there is one. */
  order: { id: number; reference: string } | null;
  /** A reported conversation (contracts/thread-report.ts): the order's thread up to this message (0: empty). */
  thread: { through_message_id: number } | null;
  created_at: string;
  closed_at: string | null;
}

/** GET /user/support → data: where people can write besides the contact form (SUPPORT_EMAIL). */
export interface SupportContact {
  email: string;
}

/** POST → data: the request as its sender may see it. */
export interface SupportRequestReceipt {
  id: number;
  topic: SupportTopic;
  order_reference: string | null;
}
