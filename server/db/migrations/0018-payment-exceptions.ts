import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

const paymentStatusesBefore = `'pending', 'succeeded', 'failed', 'cancelled', 'refunded', 'expired', 'voided', 'charged_back'`;
const paymentStatusesAfter = `${paymentStatusesBefore}, 'held'`;

/**
 * Sets the CHECK list of payments.status. PostgreSQL alters the named constraint; SQLite cannot alter a
 * CHECK, so the table is rebuilt from its own stored definition (the documented 12-step procedure, as
 * 0005 does), its indexes and triggers (0013's customer copy) recreated, foreign keys off meanwhile.
 */
async function setPaymentStatuses(db: Kysely<unknown>, dialect: Dialect, from: string, to: string): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table payments drop constraint payments_status_check`.execute(db);
    await sql`alter table payments add constraint payments_status_check check (status in (${sql.raw(to)}))`.execute(db);
    return;
  }
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'payments'`.execute(db);
  const createSql = found.rows[0]?.sql;
  if (!createSql?.includes(from)) throw new Error('payments.status: unexpected definition');
  const dependants = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type in ('index', 'trigger') and tbl_name = 'payments' and sql is not null`.execute(
    db,
  );
  const createNew = createSql
    .replace(from, to)
    .replace(/^create table\s+("?)(\w+)\1/i, 'create table "payments_rebuilt"');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(createNew).execute(db);
    await sql`insert into payments_rebuilt select * from payments`.execute(db);
    await sql`drop table payments`.execute(db);
    // Legacy mode: the rename only names the table. The modern one re-checks every trigger in the
    // schema, and 0014's upsert triggers (an aliased target) fail that check though they run fine.
    await sql`pragma legacy_alter_table = on`.execute(db);
    await sql`alter table payments_rebuilt rename to payments`.execute(db);
    await sql`pragma legacy_alter_table = off`.execute(db);
    for (const row of dependants.rows) await sql.raw(row.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('payments: foreign keys broken by the rebuild');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Verified payments that need a decision: a provider confirmed money we cannot simply count (a wrong
 * amount, another currency, a success after the checkout closed). One row per payment and kind; open
 * while `resolved_at` is null, which the operations home counts through a partial index. A payment
 * whose money did not match waits in the new payment status `held` until an admin accepts or refunds it.
 */
export function paymentExceptions(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await setPaymentStatuses(db, dialect, paymentStatusesBefore, paymentStatusesAfter);
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
        .addColumn('resolution', 'text', (col) =>
          col.check(sql`resolution in ('accepted', 'refunded', 'refunded_automatically')`),
        )
        // The admin's note with the decision (for the record; never shown to the customer).
        .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('payment_exceptions_payment_kind')
        .unique()
        .on('payment_exceptions')
        .columns(['payment_id', 'kind'])
        .execute();
      // The two tabs of /admin/payments, keyset-paged by id: open oldest first, resolved newest first.
      await sql`create index payment_exceptions_open on payment_exceptions (id) where resolved_at is null`.execute(db);
      await sql`create index payment_exceptions_resolved on payment_exceptions (id) where resolved_at is not null`.execute(
        db,
      );
      await db.schema.createIndex('payment_exceptions_order').on('payment_exceptions').columns(['order_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('payment_exceptions').execute();
      // Held money no longer has a state of its own: it reads as the pending attempt it was.
      await sql`update payments set status = 'pending' where status = 'held'`.execute(db);
      await setPaymentStatuses(db, dialect, paymentStatusesAfter, paymentStatusesBefore);
    },
  };
}
