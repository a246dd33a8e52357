import * as v from 'valibot';
import {
  type MessageAuthorRole,
  type MessageReadState,
  type MessageUpload,
  messageAuthorRoles,
  type OrderMessage,
  type OrderMessageKind,
  type OrderMessagesPage,
  orderMessageKinds,
} from '../order-messages';
import { successSchema } from './envelope';
import type { Expect, SameType } from './same-type';

// The answers of the order message calls (contracts/order-messages.ts), for /api/openapi.json and the server tests.

export const orderMessageSchema = v.strictObject({
  id: v.number(),
  client_id: v.string(),
  author: v.strictObject({ role: v.picklist<MessageAuthorRole[]>([...messageAuthorRoles]), name: v.string() }),
  kind: v.picklist<OrderMessageKind[]>([...orderMessageKinds]),
  mine: v.boolean(),
  body: v.string(),
  masked: v.boolean(),
  attachment: v.nullable(v.strictObject({ name: v.string(), type: v.string(), size: v.number(), url: v.string() })),
  created_at: v.string(),
});

export const orderMessagesPageSchema = v.strictObject({
  items: v.array(orderMessageSchema),
  next_cursor: v.nullable(v.string()),
  writable: v.boolean(),
  unread: v.number(),
  last_read_id: v.number(),
});

export const messageUploadSchema = v.strictObject({
  id: v.number(),
  name: v.string(),
  type: v.string(),
  size: v.number(),
});

export const messageReadStateSchema = v.strictObject({ last_read_id: v.number(), unread: v.number() });

export const orderMessageAnswer = successSchema(orderMessageSchema);
export const orderMessagesPageAnswer = successSchema(orderMessagesPageSchema);
export const messageUploadAnswer = successSchema(messageUploadSchema);
export const messageReadStateAnswer = successSchema(messageReadStateSchema);

export type OrderMessageCheck = Expect<SameType<v.InferOutput<typeof orderMessageSchema>, OrderMessage>>;
export type OrderMessagesPageCheck = Expect<SameType<v.InferOutput<typeof orderMessagesPageSchema>, OrderMessagesPage>>;
export type MessageUploadCheck = Expect<SameType<v.InferOutput<typeof messageUploadSchema>, MessageUpload>>;
export type MessageReadStateCheck = Expect<SameType<v.InferOutput<typeof messageReadStateSchema>, MessageReadState>>;
