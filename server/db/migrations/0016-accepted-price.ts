import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

const UNIQUE_PAYMENT = '"payment_id" integer not null unique';
const PLAIN_PAYMENT = '"payment_id" integer not null';

/**
 * SQLite cannot drop a column constraint: the table is rebuilt from its own stored definition with the
 * column changed (the documented 12-step procedure, as 0005 widens a CHECK), foreign keys off while
 * the old table is dropped, so rows, ids and indexes stay as they were. No trigger or table refers to it.
 */
async function rebuildRefunds(db: Kysely<unknown>, from: string, to: string): Promise<void> {
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'refunds'`.execute(db);
  const createSql = found.rows[0]?.sql;
  if (!createSql?.includes(from)) throw new Error('refunds.payment_id: unexpected definition');
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'refunds' and sql is not null`.execute(db);
  const createNew = createSql
    .replace(from, to)
    .replace(/^create table\s+("?)(\w+)\1/i, 'create table "refunds_rebuilt"');
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(createNew).execute(db);
    await sql`insert into refunds_rebuilt select * from refunds`.execute(db);
    await sql`drop table refunds`.execute(db);
    // Legacy rename: the other tables' triggers do not name refunds, so nothing needs rewriting or re-checking.
    await sql`pragma legacy_alter_table = on`.execute(db);
    await sql`alter table refunds_rebuilt rename to refunds`.execute(db);
    await sql`pragma legacy_alter_table = off`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('refunds: foreign keys broken by the rebuild');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Prices that mean what they say (docs/decisions.md "Orders and payments"): the customer pays the
 * highest rate of the artists they chose up front, and the artist who accepts takes the order at
 * their own rate; the difference is owed back to the customer.
 *
 * Each offer keeps its artist's rate and the platform fee on it as they were when the offer was made,
 * so a rate changed later does not change an open offer. Offers made before this keep null: they were
 * made at the order's price, which still applies to them.
 *
 * A payment may now carry more than one refund (the price difference, then the rest if the order is
 * cancelled), so refunds.payment_id is no longer unique; an index keeps the lookups by payment.
 * `down` restores the unique constraint, which fails while a payment has two refunds.
 */
export function acceptedPriceColumns(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('order_artists').addColumn('rate_centavos', 'integer').execute();
      await db.schema.alterTable('order_artists').addColumn('platform_fee_centavos', 'integer').execute();
      if (dialect === 'postgres') await sql`alter table refunds drop constraint refunds_payment_id_key`.execute(db);
      else await rebuildRefunds(db, UNIQUE_PAYMENT, PLAIN_PAYMENT);
      await db.schema.createIndex('refunds_payment').on('refunds').columns(['payment_id', 'id']).execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('refunds_payment').execute();
      if (dialect === 'postgres')
        await sql`alter table refunds add constraint refunds_payment_id_key unique (payment_id)`.execute(db);
      else await rebuildRefunds(db, PLAIN_PAYMENT, UNIQUE_PAYMENT);
      await db.schema.alterTable('order_artists').dropColumn('platform_fee_centavos').execute();
      await db.schema.alterTable('order_artists').dropColumn('rate_centavos').execute();
    },
  };
}
