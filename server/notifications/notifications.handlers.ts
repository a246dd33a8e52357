import type * as v from 'valibot';
import {
  type markAllReadSchema,
  type markNotificationSchema,
  type NotificationsPage,
  notificationMessages,
  type notificationsQuerySchema,
  type ReadAllAnswer,
  type StreamToken,
} from '../../contracts/notifications';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import {
  findNotification,
  markAllRead,
  markNotification,
  pageNotifications,
  unreadCount,
} from './notifications.repository';
import { toNotification } from './notifications.serializers';
import { sessionKeyOf } from './stream-sessions';
import { STREAM_TOKEN_TTL_SECONDS, type StreamTokens } from './stream-token';

type PageQuery = v.InferOutput<typeof notificationsQuerySchema>;
type MarkInput = v.InferOutput<typeof markNotificationSchema>;
type ReadAllInput = v.InferOutput<typeof markAllReadSchema>;

const notFound = () => new ApiError(404, notificationMessages.notFound);

/** GET /notifications?cursor=&limit=: newest first, `next_cursor` continues below the last one. */
export async function listNotifications(c: AppContext, query: PageQuery) {
  const { db } = c.var;
  const userId = currentAuth(c).user.id;
  const cursor = query.cursor === undefined ? undefined : Number(query.cursor);
  const slice = await pageNotifications(db, userId, cursor, query.limit);
  const page: NotificationsPage = {
    notifications: slice.rows.map(toNotification),
    next_cursor: slice.nextCursor === null ? null : String(slice.nextCursor),
    unread_count: await unreadCount(db, userId),
  };
  return ok(c, page);
}

/** GET /notifications/{id}: the user's own only (another user's is a 404, as if it did not exist). */
export async function getNotification(c: AppContext, id: number) {
  const row = await findNotification(c.var.db, currentAuth(c).user.id, id);
  if (!row) throw notFound();
  return ok(c, toNotification(row));
}

/**
 * PATCH /notifications/{id} `{mark_as_read}`. The user's other tabs hear about the new count through
 * their streams (an `unread` event), so the bell agrees everywhere.
 */
export async function patchNotification(c: AppContext, id: number, body: MarkInput) {
  const { db, hub } = c.var;
  const userId = currentAuth(c).user.id;
  const result = await db.transaction().execute(async (trx) => {
    const row = await markNotification(trx, userId, id, body.mark_as_read);
    return row ? { notification: toNotification(row), unread_count: await unreadCount(trx, userId) } : undefined;
  });
  if (!result) throw notFound();
  hub.publish([userId]);
  return ok(c, result, body.mark_as_read ? notificationMessages.markedRead : notificationMessages.markedUnread);
}

/**
 * POST /notifications/read-all `{up_to_id}`: the caller's own notifications only. Like one mark, the
 * person's other tabs hear the new count through their streams.
 */
export async function readAllNotifications(c: AppContext, body: ReadAllInput) {
  const { db, hub } = c.var;
  const userId = currentAuth(c).user.id;
  const answer: ReadAllAnswer = await db.transaction().execute(async (trx) => {
    const marked = await markAllRead(trx, userId, body.up_to_id);
    return { marked, unread_count: await unreadCount(trx, userId) };
  });
  if (answer.marked > 0) hub.publish([userId]);
  return ok(c, answer, notificationMessages.markedAllRead);
}

/** POST /notifications/stream-token: what GET /notifications/stream?token= accepts for one minute. */
export async function issueStreamToken(c: AppContext, streamTokens: StreamTokens) {
  const { user, claims } = currentAuth(c);
  const token = await streamTokens.issue(user, sessionKeyOf(claims));
  const answer: StreamToken = { token, expires_in: STREAM_TOKEN_TTL_SECONDS };
  return ok(c, answer);
}
