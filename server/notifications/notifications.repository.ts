import { type Kysely, sql, type Transaction } from 'kysely';
import type { NotificationType } from '../../contracts/notifications';
import type { DB, NotificationRow } from '../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Ids are int4 on PostgreSQL: a cursor from the client beyond that range is compared in JavaScript,
 * never sent (it would be an "out of range" error instead of an empty or full page).
 */
const MAX_ID = 2_147_483_647;

export interface NewNotification {
  userId: number;
  type: NotificationType;
  title: string;
  body: string;
  orderId: number | null;
}

/**
 * Writes notifications and raises each recipient's unread counter, in the caller's transaction (the
 * lifecycle writes them with the status change). Answers the recipients, to publish after commit.
 *
 * The counters are raised first, in user id order: the counter row stays locked until the caller
 * commits, so on PostgreSQL two transactions notifying the same person take their ids one after the
 * other and commit in id order. A stream that has sent id N can then never see a lower id appear
 * later (notification-stream.ts reads `id > last sent`). The sorted order keeps two multi-recipient
 * transactions from deadlocking.
 */
export async function insertNotifications(trx: Executor, rows: NewNotification[], at: string): Promise<number[]> {
  if (rows.length === 0) return [];
  const perUser = new Map<number, number>();
  for (const row of rows) perUser.set(row.userId, (perUser.get(row.userId) ?? 0) + 1);
  for (const [userId, count] of [...perUser].sort(([a], [b]) => a - b)) {
    await trx
      .insertInto('notification_counters')
      .values({ user_id: userId, unread: count })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ unread: sql<number>`notification_counters.unread + excluded.unread` }),
      )
      .execute();
  }
  await trx
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        user_id: row.userId,
        type: row.type,
        title: row.title,
        body: row.body,
        order_id: row.orderId,
        created_at: at,
      })),
    )
    .execute();
  return [...perUser.keys()];
}

export interface NotificationSlice {
  rows: NotificationRow[];
  /** The id to continue below, or null on the last page. */
  nextCursor: number | null;
}

/**
 * One page of a user's notifications, newest first: keyset on the (user_id, id) index, one row more
 * than asked to know whether another page follows (no OFFSET, no COUNT: the cost stays flat however
 * many notifications a user has).
 */
export async function pageNotifications(
  db: Executor,
  userId: number,
  before: number | undefined,
  limit: number,
): Promise<NotificationSlice> {
  let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (before !== undefined && before <= MAX_ID) query = query.where('id', '<', before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextCursor: more ? (page.at(-1)?.id ?? null) : null };
}

/** The user's own notification; another user's id reads as missing. */
export function findNotification(db: Executor, userId: number, id: number): Promise<NotificationRow | undefined> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Marks one of the user's notifications read or unread in `trx`. The row only changes when is_read
 * actually flips (the old value is in the WHERE), and only then does the counter move: marking read
 * twice, or two tabs racing, counts once. Answers the row as it now is, or undefined when it is not
 * the user's.
 */
export async function markNotification(
  trx: Transaction<DB>,
  userId: number,
  id: number,
  read: boolean,
): Promise<NotificationRow | undefined> {
  const flipped = await trx
    .updateTable('notifications')
    .set({ is_read: read ? 1 : 0 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('is_read', '=', read ? 0 : 1)
    .returningAll()
    .executeTakeFirst();
  if (!flipped) return findNotification(trx, userId, id);
  if (read) {
    // Never below zero, even if the counter and the rows ever disagreed.
    await trx
      .updateTable('notification_counters')
      .set({ unread: sql<number>`case when unread > 0 then unread - 1 else 0 end` })
      .where('user_id', '=', userId)
      .execute();
  } else {
    await trx
      .insertInto('notification_counters')
      .values({ user_id: userId, unread: 1 })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ unread: sql<number>`notification_counters.unread + 1` }))
      .execute();
  }
  return flipped;
}

/**
 * Marks read every unread notification of the user up to `upToId`, in `trx`, and lowers the counter by
 * as many as flipped (the same never-below-zero rule as one mark). Answers how many flipped.
 */
export async function markAllRead(trx: Transaction<DB>, userId: number, upToId: number): Promise<number> {
  const flipped = await trx
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .where('id', '<=', Math.min(upToId, MAX_ID))
    .returning('id')
    .execute();
  if (flipped.length > 0) {
    await trx
      .updateTable('notification_counters')
      .set({ unread: sql<number>`case when unread > ${flipped.length} then unread - ${flipped.length} else 0 end` })
      .where('user_id', '=', userId)
      .execute();
  }
  return flipped.length;
}

/** The bell's number, from the counter row (0 for a user who never had a notification). */
export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notification_counters')
    .select('unread')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/** The user's notifications after `afterId`, oldest first, at most `limit` (what a stream has not sent yet). */
export async function notificationsAfter(
  db: Executor,
  userId: number,
  afterId: number,
  limit: number,
): Promise<NotificationRow[]> {
  if (afterId >= MAX_ID) return [];
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** The id of the user's newest notification, 0 when there is none (where a fresh stream starts). */
export async function newestNotificationId(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}
