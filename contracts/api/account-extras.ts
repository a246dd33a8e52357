import * as v from 'valibot';
import type { EmailConfirmationState } from '../email-confirmation';
import { type MailArea, type MailPreferences, mailCategories } from '../mail';
import {
  type Notification,
  type NotificationPush,
  type NotificationsPage,
  type NotificationType,
  notificationTypes,
  type ReadAllAnswer,
  type StreamToken,
} from '../notifications';
import type { Expect, SameType } from './same-type';

// The answers of the account's extras (notifications, profile photo, customer profile, mail preferences)
// for /api/openapi.json and the server tests. The photo and the profile answer the user (account.ts); the
// deactivation preview is the artist area's (artist.ts), both areas answering the same shape.

/** One in-app notification (contracts/notifications.ts `Notification`). */
export const notificationSchema = v.strictObject({
  id: v.number(),
  title: v.string(),
  body: v.string(),
  type: v.picklist<NotificationType[]>([...notificationTypes]),
  is_read: v.boolean(),
  created_at: v.string(),
  order_id: v.nullable(v.number()),
});

/** GET /notifications: a keyset page with the unread count for the bell. */
export const notificationsPageSchema = v.strictObject({
  notifications: v.array(notificationSchema),
  next_cursor: v.nullable(v.string()),
  unread_count: v.number(),
});

/** PATCH /notifications/{id}: the notification as it is now, and the new unread count (the SSE message's shape). */
export const notificationPushSchema = v.strictObject({
  notification: notificationSchema,
  unread_count: v.number(),
});

/** POST /notifications/read-all: how many were marked read and the unread count left. */
export const readAllAnswerSchema = v.strictObject({ marked: v.number(), unread_count: v.number() });

/** POST /notifications/stream-token: the token for the stream URL and its lifetime in seconds. */
export const streamTokenSchema = v.strictObject({ token: v.string(), expires_in: v.number() });

/** GET/PATCH /mail-preferences of one area: every kind of that area's mail, on or off (no other kind). */
function mailPreferencesOf<A extends MailArea>(area: A) {
  type Category = (typeof mailCategories)[A][number];
  const entries = Object.fromEntries(mailCategories[area].map((category) => [category, v.boolean()]));
  return v.strictObject(entries as Record<Category, v.BooleanSchema<undefined>>);
}

export const mailPreferencesAnswerSchemas = {
  user: mailPreferencesOf('user'),
  artist: mailPreferencesOf('artist'),
} as const satisfies Record<MailArea, v.GenericSchema>;

/** Every area's answer, each kind optional: the SPA's one `MailPreferences` type for both areas. */
type KeysOf<T> = T extends unknown ? keyof T : never;
type AnyAreaPreferences = {
  [K in KeysOf<v.InferOutput<(typeof mailPreferencesAnswerSchemas)[MailArea]>>]?: boolean;
};

export type NotificationCheck = Expect<SameType<v.InferOutput<typeof notificationSchema>, Notification>>;
export type NotificationsPageCheck = Expect<SameType<v.InferOutput<typeof notificationsPageSchema>, NotificationsPage>>;
export type ReadAllAnswerCheck = Expect<SameType<v.InferOutput<typeof readAllAnswerSchema>, ReadAllAnswer>>;
export type NotificationPushCheck = Expect<SameType<v.InferOutput<typeof notificationPushSchema>, NotificationPush>>;
export type StreamTokenCheck = Expect<SameType<v.InferOutput<typeof streamTokenSchema>, StreamToken>>;
export type MailPreferencesCheck = Expect<SameType<AnyAreaPreferences, MailPreferences>>;

/** GET /email-confirmation and POST /email-confirmation/confirm (contracts/email-confirmation.ts). */
export const emailConfirmationStateSchema = v.strictObject({
  email: v.string(),
  confirmed_at: v.nullable(v.string()),
});
export type EmailConfirmationStateCheck = Expect<
  SameType<v.InferOutput<typeof emailConfirmationStateSchema>, EmailConfirmationState>
>;
