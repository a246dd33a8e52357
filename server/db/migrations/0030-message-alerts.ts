import type { Kysely } from 'kysely';

/**
 * What a customer or an artist has been told about the messages waiting for them in an order's thread
 * (docs/decisions.md "Unread message mail and the bell"), one row per (order, reader), beside the read marks
 * of `order_message_reads` (0028):
 * - `mailed_through_id`: the newest message the last "unread messages" mail covered (0: none yet). Only
 *   messages past it and past the read mark can cause the next mail: one mail per burst.
 * - `pending_since`: when the oldest message that could cause the next mail was sent, or null when there is
 *   none. The periodic job takes the rows where it is older than UNREAD_MAIL_MINUTES (the index), and claims
 *   each with a conditional update, so several server processes never mail a burst twice.
 * - `notification_id`: the bell notification of the messages unread now, marked read when the reader has
 *   read the thread; a message arriving while it is unread adds nothing to the bell.
 * The team reads as one reader and gets neither (admins watch the operations views).
 */
export function messageAlerts() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('order_message_alerts')
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('reader_id', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('mailed_through_id', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('pending_since', 'text')
        .addColumn('notification_id', 'integer')
        .addPrimaryKeyConstraint('order_message_alerts_pk', ['order_id', 'reader_id'])
        .execute();
      await db.schema
        .createIndex('order_message_alerts_pending')
        .on('order_message_alerts')
        .columns(['pending_since'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('order_message_alerts').execute();
    },
  };
}
