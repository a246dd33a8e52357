import { type Kysely, sql, type Transaction } from 'kysely';
import type { NotificationType } from '../../contracts/notifications';
import type { DB } from '../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

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
 */
export async function insertNotifications(trx: Executor, rows: NewNotification[], at: string): Promise<number[]> {
  if (rows.length === 0) return [];
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
  const perUser = new Map<number, number>();
  for (const row of rows) perUser.set(row.userId, (perUser.get(row.userId) ?? 0) + 1);
  for (const [userId, count] of perUser) {
    await trx
      .insertInto('notification_counters')
      .values({ user_id: userId, unread: count })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ unread: sql<number>`notification_counters.unread + excluded.unread` }),
      )
      .execute();
  }
  return [...perUser.keys()];
}
