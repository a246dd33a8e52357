import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/**
 * Help within reach (docs/api.md "Support"): what people write through the contact page or "Report a
 * problem" on an order. Open while `closed_at` is null; the operations home counts the open ones and
 * /admin/support pages them oldest first, both through a partial index that holds only the open rows.
 */
export function supportRequests(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('support_requests'), dialect)
        // The sender's customer account, when signed in; a guest's request has none.
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('topic', 'text', (col) =>
          col.notNull().check(sql`topic in ('order', 'payment', 'account', 'artist', 'other')`),
        )
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('closed_at', 'text')
        .addColumn('closed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .execute();
      await sql`create index support_requests_open on support_requests (id) where status = 'open'`.execute(db);
      await db.schema.createIndex('support_requests_order').on('support_requests').columns(['order_id']).execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('support_requests').execute();
    },
  };
}
