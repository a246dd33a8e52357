import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

const TWO_STATES = `status in ('owed', 'paid')`;
const THREE_STATES = `status in ('owed', 'paid', 'failed')`;

/**
 * SQLite cannot alter a CHECK: the table is rebuilt from its own stored definition with the longer list
 * (the documented 12-step procedure, as 0005 and 0016 do), foreign keys off while the old table is
 * dropped, so rows, ids and indexes stay as they were. No trigger or table refers to refunds.
 */
async function rebuildRefunds(
  db: Kysely<unknown>,
  from: string,
  to: string,
  /** Columns to leave out of the new table (`down`: SQLite cannot drop them while triggers elsewhere use upserts). */
  dropped: readonly string[] = [],
): Promise<void> {
  const found = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = 'refunds'`.execute(db);
  const createSql = found.rows[0]?.sql;
  if (!createSql?.includes(from)) throw new Error('refunds.status: unexpected definition');
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'refunds' and sql is not null`.execute(db);
  let createNew = createSql.replace(from, to).replace(/^create table\s+("?)(\w+)\1/i, 'create table "refunds_rebuilt"');
  for (const name of dropped) createNew = createNew.replace(new RegExp(`,\\s*"?${name}"?\\s+text`, 'i'), '');
  const columns = await sql<{ name: string }>`select name from pragma_table_info('refunds')`.execute(db);
  const kept = columns.rows.map((c) => c.name).filter((name) => !dropped.includes(name));
  const list = sql.join(kept.map((name) => sql.ref(name)));
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    await sql.raw(createNew).execute(db);
    await sql`insert into refunds_rebuilt (${list}) select ${list} from refunds`.execute(db);
    await sql`drop table refunds`.execute(db);
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

const NEW_COLUMNS = ['method', 'failed_at', 'failure_reason'] as const;

async function setStatusCheck(db: Kysely<unknown>, to: string): Promise<void> {
  await sql`alter table refunds drop constraint refunds_status_check`.execute(db);
  await sql`alter table refunds add constraint refunds_status_check check (${sql.raw(to)})`.execute(db);
}

/**
 * One refund truth (machines/refund.machine.ts): a refund is owed, sent or failed. A sent refund stays
 * stored as `paid` (with paid_at, paid_by), the word every query and report already uses; the machine's
 * helpers map it (machines/refund.ts). New: `failed` with when and why (kept after a retry, for the
 * team), and how each refund was sent (`method`). Backfill: refunds the provider made (chargebacks,
 * provider refunds) were sent by it; the ones an admin marked paid were sent in the provider's console,
 * the only way the admin's Refunds offered. `down` puts failed refunds back to owed.
 */
export function refundStates(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await setStatusCheck(db, THREE_STATES);
      else await rebuildRefunds(db, TWO_STATES, THREE_STATES);
      for (const name of NEW_COLUMNS) await db.schema.alterTable('refunds').addColumn(name, 'text').execute();
      await sql`update refunds set method = case reason_code
          when 'charged_back' then 'chargeback'
          when 'provider_refund' then 'the payment provider'
          else 'Provider console' end
        where status = 'paid'`.execute(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await sql`update refunds set status = 'owed' where status = 'failed'`.execute(db);
      if (dialect === 'postgres') {
        for (const name of NEW_COLUMNS) await db.schema.alterTable('refunds').dropColumn(name).execute();
        await setStatusCheck(db, TWO_STATES);
      } else await rebuildRefunds(db, THREE_STATES, TWO_STATES, NEW_COLUMNS);
    },
  };
}
