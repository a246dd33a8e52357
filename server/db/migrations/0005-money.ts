import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

const orderStatusesBefore = `'awaiting_payment', 'offered', 'needs_artist', 'in_progress', 'in_validation', 'in_revision', 'delivered', 'completed', 'cancelled'`;
const paymentStatusesBefore = `'pending', 'succeeded', 'failed', 'cancelled', 'refunded'`;

/**
 * Widens a column's CHECK list. PostgreSQL alters the named constraint. SQLite cannot alter a CHECK:
 * the table is rebuilt from its own stored definition with the longer list (the documented 12-step
 * procedure), foreign keys off while the old table is dropped and the new one takes its name, so the
 * rows, ids, indexes and the other tables' references stay as they were.
 */
async function widenCheck(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: string,
  column: string,
  before: string,
  after: string,
): Promise<void> {
  if (dialect === 'postgres') {
    const name = `${table}_${column}_check`;
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(name)} check (${sql.ref(column)} in (${sql.raw(after)}))`.execute(
      db,
    );
    return;
  }
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const createSql = found.rows[0]?.sql;
  if (!createSql?.includes(before)) throw new Error(`${table}.${column}: unexpected definition`);
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const temp = `${table}_rebuilt`;
  const createNew = createSql.replace(before, after).replace(/^create table\s+("?)(\w+)\1/i, `create table "${temp}"`);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(createNew).execute(db);
    await sql`insert into ${sql.table(temp)} select * from ${sql.table(table)}`.execute(db);
    await sql`drop table ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(temp)} rename to ${sql.table(table)}`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`${table}: foreign keys broken by the rebuild`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Money and trust: payment attempts get the states of machines/payment-attempt.machine.ts (expired,
 * voided, charged back), orders a `disputed` state, refunds become a queue (owed → paid with a
 * reference), and revealing an artist's payout destination leaves an audit row.
 */
export function moneyTables(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await widenCheck(
        db,
        dialect,
        'payments',
        'status',
        paymentStatusesBefore,
        `${paymentStatusesBefore}, 'expired', 'voided', 'charged_back'`,
      );
      await widenCheck(db, dialect, 'orders', 'status', orderStatusesBefore, `${orderStatusesBefore}, 'disputed'`);
      await db.schema.alterTable('orders').addColumn('disputed_at', 'text').execute();

      const addRefundColumn = (
        name: string,
        build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (column) => column,
      ) => db.schema.alterTable('refunds').addColumn(name, 'text', build).execute();
      // Refunds recorded before this migration came from cancellations.
      await addRefundColumn('reason_code', (c) => c.notNull().defaultTo('order_cancelled'));
      await addRefundColumn('status', (c) => c.notNull().defaultTo('owed').check(sql`status in ('owed', 'paid')`));
      await addRefundColumn('reference');
      await addRefundColumn('paid_at');
      await db.schema
        .alterTable('refunds')
        .addColumn('paid_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('refunds_status').on('refunds').columns(['status', 'id']).execute();

      await addIdColumn(db.schema.createTable('payout_reveals'), dialect)
        .addColumn('payout_id', 'integer', (col) => col.notNull().references('payouts.id').onDelete('cascade'))
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('admin_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('payout_reveals_payout').on('payout_reveals').columns(['payout_id', 'id']).execute();

      // The maintenance job prunes old callbacks by age.
      await db.schema
        .createIndex('payment_callbacks_created_at')
        .on('payment_callbacks')
        .column('created_at')
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('payment_callbacks_created_at').execute();
      await db.schema.dropTable('payout_reveals').execute();
      await db.schema.dropIndex('refunds_status').execute();
      for (const name of ['paid_by', 'paid_at', 'reference', 'status', 'reason_code'])
        await db.schema.alterTable('refunds').dropColumn(name).execute();
      await db.schema.alterTable('orders').dropColumn('disputed_at').execute();
    },
  };
}
