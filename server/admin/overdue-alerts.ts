import type { Kysely } from 'kysely';
import { notificationTexts } from '../../contracts/notifications';
import { occasions } from '../../contracts/order';
import type { DB } from '../db/schema';
import { overdueAt } from '../lifecycle/overdue';
import type { NotificationHub } from '../notifications/hub';
import { yieldToRequests } from '../services/batches';
import type { Clock } from '../services/clock';
import { alertAdmins } from './admin-alerts';

/** Orders alerted per transaction: each is a notification per admin and a digest line per admin. */
const BATCH = 50;

/**
 * Tells the admins, once per order, that work passed its due date without a recording (`order_overdue`,
 * digest `admin_order_overdue`). A periodic job: newly overdue orders come from orders_overdue_watch
 * (0019: due work not yet alerted, by due date), a batch at a time; each batch claims its orders with
 * a conditional update, so several server processes never alert an order twice. Answers how many.
 */
export async function alertOverdueOrders(deps: {
  db: Kysely<DB>;
  hub: NotificationHub;
  clock: Clock;
}): Promise<number> {
  const { db, hub, clock } = deps;
  let alerted = 0;
  for (;;) {
    const now = clock.now();
    const iso = now.toISOString();
    const due = await db
      .selectFrom('orders')
      .select('id')
      .where(overdueAt(now))
      .where('overdue_alerted_at', 'is', null)
      .orderBy('due_at')
      .limit(BATCH)
      .execute();
    if (due.length === 0) return alerted;
    const notified = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('orders')
        .set({ overdue_alerted_at: iso })
        .where(
          'id',
          'in',
          due.map((o) => o.id),
        )
        .where('overdue_alerted_at', 'is', null)
        // Still overdue: not delivered or given to another artist since it was read.
        .where(overdueAt(now))
        .returning(['id', 'reference', 'recipient_first_name', 'occasion_name'])
        .execute();
      const admins = new Set<number>();
      for (const order of claimed) {
        const occasion = occasions.find((o) => o.value === order.occasion_name)?.display ?? order.occasion_name;
        const text = notificationTexts.order_overdue({
          reference: order.reference,
          occasion: occasion.toLowerCase(),
          recipient: order.recipient_first_name,
        });
        const told = await alertAdmins(trx, {
          type: 'order_overdue',
          text,
          orderId: order.id,
          item: {
            kind: 'admin_order_overdue',
            data: { line: `${order.reference} for ${order.recipient_first_name}`, order_id: order.id },
          },
          key: `admin_order_overdue:order${order.id}`,
          at: now,
        });
        for (const id of told) admins.add(id);
      }
      alerted += claimed.length;
      return [...admins];
    });
    if (notified.length > 0) hub.publish(notified);
    if (due.length < BATCH) return alerted;
    await yieldToRequests();
  }
}
