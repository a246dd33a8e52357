import * as v from 'valibot';
import type { Page } from '../lifecycle';
import {
  type SupportContact,
  type SupportRequest,
  type SupportRequestReceipt,
  type SupportRequestStatus,
  type SupportTopic,
  supportTopics,
} from '../support';
import { successSchema } from './envelope';
import type { Expect, SameType } from './same-type';

// The answers of the support calls (contracts/support.ts), for /api/openapi.json and the server tests.

const topicSchema = v.picklist<SupportTopic[]>([...supportTopics]);

export const supportContactSchema = v.strictObject({ email: v.string() });

export const supportReceiptSchema = v.strictObject({
  id: v.number(),
  topic: topicSchema,
  order_reference: v.nullable(v.string()),
});

export const supportRequestSchema = v.strictObject({
  id: v.number(),
  status: v.picklist<SupportRequestStatus[]>(['open', 'closed']),
  name: v.string(),
  email: v.string(),
  topic: topicSchema,
  message: v.string(),
  user_id: v.nullable(v.number()),
  order: v.nullable(v.strictObject({ id: v.number(), reference: v.string() })),
  thread: v.nullable(v.strictObject({ through_message_id: v.number() })),
  created_at: v.string(),
  closed_at: v.nullable(v.string()),
});

export const supportRequestsPageSchema = v.strictObject({
  items: v.array(supportRequestSchema),
  next_cursor: v.nullable(v.string()),
});

export const supportContactAnswer = successSchema(supportContactSchema);
export const supportReceiptAnswer = successSchema(supportReceiptSchema);
export const supportRequestAnswer = successSchema(supportRequestSchema);
export const supportRequestsPageAnswer = successSchema(supportRequestsPageSchema);

export type SupportContactCheck = Expect<SameType<v.InferOutput<typeof supportContactSchema>, SupportContact>>;
export type SupportReceiptCheck = Expect<SameType<v.InferOutput<typeof supportReceiptSchema>, SupportRequestReceipt>>;
export type SupportRequestCheck = Expect<SameType<v.InferOutput<typeof supportRequestSchema>, SupportRequest>>;
export type SupportPageCheck = Expect<SameType<v.InferOutput<typeof supportRequestsPageSchema>, Page<SupportRequest>>>;
