import type { Kysely, Transaction } from 'kysely';
import type { NotificationType } from '../../contracts/notifications';
import type { DB } from '../db/schema';
import type { DigestItem } from '../mail/admin-digest';
import { enqueueAdminDigestItem } from '../mail/queue';
import { adminIds } from '../notifications/live-changes';
import { insertNotifications } from '../notifications/notifications.repository';

type Executor = Kysely<DB> | Transaction<DB>;

export interface AdminAlert {
  type: NotificationType;
  text: { title: string; body: string };
  orderId: number | null;
  /** The admins' digest line; `key` makes it once per event (e.g. `admin_order_stranded:order42:<iso>`). */
  item: DigestItem;
  key: string;
  at: Date;
}

/**
 * Something needs a person: every active admin gets a notification and an item in their next digest
 * mail, in the caller's transaction. Answers the admins' ids, for waking their open streams after commit.
 */
export async function alertAdmins(trx: Executor, alert: AdminAlert): Promise<number[]> {
  const admins = await adminIds(trx);
  await insertNotifications(
    trx,
    admins.map((userId) => ({
      userId,
      type: alert.type,
      title: alert.text.title,
      body: alert.text.body,
      orderId: alert.orderId,
    })),
    alert.at.toISOString(),
  );
  await enqueueAdminDigestItem(trx, alert.item, alert.key, alert.at);
  return admins;
}
