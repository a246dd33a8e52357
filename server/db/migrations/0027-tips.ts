import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

const uniqueOrder = /"order_id" integer not null unique references/i;
const plainOrder = '"order_id" integer not null references';

/**
 * Sets whether payouts.order_id is unique on its own (one payout per order, as before 0027) or only for
 * the order's own earning (`tip_id is null`, by the partial index payouts_order_earning). PostgreSQL drops
 * or adds the named constraint; SQLite rebuilds the table from its stored definition, its indexes and
 * 0014's triggers recreated (the procedure of 0018).
 */
async function setOrderUnique(db: Kysely<unknown>, dialect: Dialect, unique: boolean): Promise<void> {
  if (dialect === 'postgres') {
    if (unique) await sql`alter table payouts add constraint payouts_order_id_key unique (order_id)`.execute(db);
    else await sql`alter table payouts drop constraint payouts_order_id_key`.execute(db);
    return;
  }
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'payouts'`.execute(db);
  const createSql = found.rows[0]?.sql ?? '';
  if (unique ? !createSql.includes(plainOrder) : !uniqueOrder.test(createSql))
    throw new Error('payouts.order_id: unexpected definition');
  const dependants = await sql<{ sql: string }>`select sql from sqlite_master
      where type in ('index', 'trigger') and tbl_name = 'payouts' and sql is not null`.execute(db);
  // Going down, the rebuild also leaves out tip_id (SQLite cannot drop a column of a table with 0014's triggers).
  const createNew = (
    unique
      ? createSql
          .replace(plainOrder, '"order_id" integer not null unique references')
          .replace(/,\s*"tip_id" integer/i, '')
      : createSql.replace(uniqueOrder, plainOrder)
  ).replace(/^create table\s+("?)(\w+)\1/i, 'create table "payouts_rebuilt"');
  const columns = (await sql<{ name: string }>`select name from pragma_table_info('payouts')`.execute(db)).rows
    .map((c) => c.name)
    .filter((name) => !unique || name !== 'tip_id');
  const list = sql.join(columns.map((name) => sql.ref(name)));
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(createNew).execute(db);
    await sql`insert into payouts_rebuilt (${list}) select ${list} from payouts`.execute(db);
    await sql`drop table payouts`.execute(db);
    await sql`pragma legacy_alter_table = on`.execute(db);
    await sql`alter table payouts_rebuilt rename to payouts`.execute(db);
    await sql`pragma legacy_alter_table = off`.execute(db);
    for (const row of dependants.rows) await sql.raw(row.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('payouts: foreign keys broken by the rebuild');
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Tips (docs/decisions.md "Tips"): after accepting the song a customer may thank the artist with money.
 * - `tips`: one row per tip the customer started, with its own payment at the provider (its own txnid,
 *   the amount stored here when the tip is made; the provider's callback is checked against it).
 *   `pending` until a verified callback says `paid`, `failed` or `cancelled`; `expired` when nobody paid;
 *   `held` when the provider's success is for another amount or currency (nothing is credited).
 * - `payouts.tip_id`: a paid tip is credited as a payout of its own (the whole tip, no platform share),
 *   so 0014's triggers count it in what the artist is owed. Unique: a tip is credited once, however many
 *   times its callback arrives. A plain column (no foreign key) so `down` can drop it on SQLite. An order
 *   has one payout of its own earning (payouts_order_earning) and one per paid tip.
 */
export function tips(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('tips'), dialect)
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('amount_centavos', 'integer', (col) => col.notNull().check(sql`amount_centavos > 0`))
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('txnid', 'text', (col) => col.notNull().unique())
        .addColumn('refno', 'text')
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'paid', 'failed', 'cancelled', 'expired', 'held')`),
        )
        .addColumn('raw_status', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema.createIndex('tips_order').on('tips').columns(['order_id', 'id']).execute();
      await sql`create index tips_pending on tips (created_at) where status = 'pending'`.execute(db);
      await db.schema.alterTable('payouts').addColumn('tip_id', 'integer').execute();
      await setOrderUnique(db, dialect, false);
      await sql`create unique index payouts_order_earning on payouts (order_id) where tip_id is null`.execute(db);
      await db.schema.createIndex('payouts_tip').on('payouts').column('tip_id').unique().execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      // Before 0027 an order had one payout: the tips' payouts go with the tips.
      await sql`delete from payouts where tip_id is not null`.execute(db);
      await db.schema.dropIndex('payouts_tip').execute();
      await db.schema.dropIndex('payouts_order_earning').execute();
      await setOrderUnique(db, dialect, true);
      // (SQLite's rebuild above already left tip_id out.)
      if (dialect === 'postgres') await db.schema.alterTable('payouts').dropColumn('tip_id').execute();
      await db.schema.dropTable('tips').execute();
    },
  };
}
