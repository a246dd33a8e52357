import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Verified payments that need a decision: a provider confirmed money we cannot simply count (a wrong
 * amount, another currency, a success after the checkout closed). One row per payment and kind; open
 * while `resolved_at` is null, which the operations home counts through a partial index.
 */
export function paymentExceptions(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('payment_exceptions')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) => col.primaryKey())
        .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id').onDelete('cascade'))
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) =>
          col.notNull().check(sql`kind in ('wrong_amount', 'wrong_currency', 'late_success')`),
        )
        .addColumn('expected_centavos', 'integer', (col) => col.notNull())
        .addColumn('received_centavos', 'integer')
        .addColumn('received_currency', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('resolved_at', 'text')
        .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('resolution', 'text')
        .execute();
      await db.schema
        .createIndex('payment_exceptions_payment_kind')
        .unique()
        .on('payment_exceptions')
        .columns(['payment_id', 'kind'])
        .execute();
      await sql`create index payment_exceptions_open on payment_exceptions (id) where resolved_at is null`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('payment_exceptions').execute();
    },
  };
}
