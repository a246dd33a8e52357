import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The statuses in which an artist works on an order: its earning is pending (contracts/lifecycle.ts). */
const WORKING = `'in_progress', 'in_validation', 'in_revision', 'delivered'`;

/** An order row's share of its artist's summary (`row`: `new`, `old`, or the table's alias). */
const orderShare = (row: string) => ({
  pending: `case when ${row}.status in (${WORKING}) then ${row}.price_centavos - ${row}.platform_fee_centavos else 0 end`,
  ratingSum: `coalesce(${row}.rating, 0)`,
  ratingCount: `case when ${row}.rating is null then 0 else 1 end`,
});

/** A payout row's share: credited and waiting (available) or transferred (paid out). */
const payoutShare = (row: string) => ({
  available: `case when ${row}.status = 'pending' then ${row}.amount_centavos else 0 end`,
  paid: `case when ${row}.status = 'paid' then ${row}.amount_centavos else 0 end`,
  month: `substr(${row}.created_at, 1, 7)`,
});

// The trigger bodies, one statement each, shared by both dialects (PostgreSQL wraps them in a function).
// Subtracting an old row's share finds its rows already there: adding it made them.

function addOrder(): string[] {
  const s = orderShare('new');
  return [
    `insert into artist_summaries as t (artist_id, pending_centavos, rating_sum, rating_count)
       select new.artist_id, ${s.pending}, ${s.ratingSum}, ${s.ratingCount} where new.artist_id is not null
       on conflict (artist_id) do update set
         pending_centavos = t.pending_centavos + excluded.pending_centavos,
         rating_sum = t.rating_sum + excluded.rating_sum,
         rating_count = t.rating_count + excluded.rating_count`,
    `insert into artist_status_counts as t (artist_id, status, order_count)
       select new.artist_id, new.status, 1 where new.artist_id is not null
       on conflict (artist_id, status) do update set order_count = t.order_count + 1`,
  ];
}

function removeOrder(): string[] {
  const s = orderShare('old');
  return [
    `update artist_summaries set
       pending_centavos = pending_centavos - ${s.pending},
       rating_sum = rating_sum - ${s.ratingSum},
       rating_count = rating_count - ${s.ratingCount}
     where artist_id = old.artist_id`,
    `update artist_status_counts set order_count = order_count - 1 where artist_id = old.artist_id and status = old.status`,
  ];
}

function addPayout(): string[] {
  const s = payoutShare('new');
  return [
    `insert into artist_summaries as t (artist_id, available_centavos, paid_out_centavos)
       select new.artist_id, ${s.available}, ${s.paid} where true
       on conflict (artist_id) do update set
         available_centavos = t.available_centavos + excluded.available_centavos,
         paid_out_centavos = t.paid_out_centavos + excluded.paid_out_centavos`,
    `insert into artist_monthly_credits as t (artist_id, month, credited_centavos)
       select new.artist_id, ${s.month}, new.amount_centavos where true
       on conflict (artist_id, month) do update set credited_centavos = t.credited_centavos + excluded.credited_centavos`,
  ];
}

function removePayout(): string[] {
  const s = payoutShare('old');
  return [
    `update artist_summaries set
       available_centavos = available_centavos - ${s.available},
       paid_out_centavos = paid_out_centavos - ${s.paid}
     where artist_id = old.artist_id`,
    `update artist_monthly_credits set credited_centavos = credited_centavos - old.amount_centavos
     where artist_id = old.artist_id and month = ${s.month}`,
  ];
}

const ORDER_COLUMNS = ['artist_id', 'status', 'rating', 'price_centavos', 'platform_fee_centavos'];
const PAYOUT_COLUMNS = ['artist_id', 'status', 'amount_centavos', 'created_at'];
/** An update trigger fires only when a column the summaries read really changed (the lock update sets updated_at). */
const changed = (columns: string[], dialect: Dialect) =>
  columns.map((c) => `old.${c} is ${dialect === 'postgres' ? 'distinct from' : 'not'} new.${c}`).join(' or ');

/**
 * The artist's maintained figures (docs/decisions.md "Artist summaries"): per artist, the earnings
 * totals and the rating (`artist_summaries`), the orders in each status (`artist_status_counts`) and
 * the credits of each month (`artist_monthly_credits`). Database triggers on `orders` and `payouts`
 * keep them, in the transaction of the write, whichever code path (lifecycle, payments, admin, seed,
 * the scale generator) makes it; the dashboard, the earnings and the public profile read a few rows
 * instead of the artist's whole history. `up` fills them from the rows already there.
 */
export function artistSummaryTables(dialect: Dialect) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('artist_summaries')
        .addColumn('artist_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('pending_centavos', money, (col) => col.notNull().defaultTo(0))
        .addColumn('available_centavos', money, (col) => col.notNull().defaultTo(0))
        .addColumn('paid_out_centavos', money, (col) => col.notNull().defaultTo(0))
        .addColumn('rating_sum', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('rating_count', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('artist_status_counts')
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('order_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('artist_status_counts_pk', ['artist_id', 'status'])
        .execute();
      await db.schema
        .createTable('artist_monthly_credits')
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        /** yyyy-mm (UTC) of the payout's created_at. */
        .addColumn('month', 'text', (col) => col.notNull())
        .addColumn('credited_centavos', money, (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('artist_monthly_credits_pk', ['artist_id', 'month'])
        .execute();

      // Backfill from the rows already there.
      const o = orderShare('o');
      await sql
        .raw(`insert into artist_summaries (artist_id, pending_centavos, rating_sum, rating_count)
          select o.artist_id, sum(${o.pending}), sum(${o.ratingSum}), sum(${o.ratingCount})
          from orders o where o.artist_id is not null group by o.artist_id`)
        .execute(db);
      const p = payoutShare('p');
      await sql
        .raw(`insert into artist_summaries as t (artist_id, available_centavos, paid_out_centavos)
          select p.artist_id, sum(${p.available}), sum(${p.paid}) from payouts p where true group by p.artist_id
          on conflict (artist_id) do update set
            available_centavos = excluded.available_centavos, paid_out_centavos = excluded.paid_out_centavos`)
        .execute(db);
      await sql`insert into artist_status_counts (artist_id, status, order_count)
          select artist_id, status, count(*) from orders where artist_id is not null group by artist_id, status`.execute(
        db,
      );
      await sql
        .raw(`insert into artist_monthly_credits (artist_id, month, credited_centavos)
          select p.artist_id, ${p.month}, sum(p.amount_centavos) from payouts p group by p.artist_id, ${p.month}`)
        .execute(db);

      if (dialect === 'postgres') {
        const fn = (name: string, statements: string[]) =>
          sql
            .raw(`create function ${name}() returns trigger language plpgsql as $$
              begin ${statements.map((s) => `${s};`).join('\n')} return null; end $$`)
            .execute(db);
        await fn('artist_summary_order_added', addOrder());
        await fn('artist_summary_order_removed', removeOrder());
        await fn('artist_summary_order_changed', [...removeOrder(), ...addOrder()]);
        await fn('artist_summary_payout_added', addPayout());
        await fn('artist_summary_payout_removed', removePayout());
        await fn('artist_summary_payout_changed', [...removePayout(), ...addPayout()]);
        for (const [table, columns] of [
          ['orders', ORDER_COLUMNS],
          ['payouts', PAYOUT_COLUMNS],
        ] as const) {
          const kind = table === 'orders' ? 'order' : 'payout';
          await sql
            .raw(`create trigger ${table}_summary_insert after insert on ${table} for each row
              execute function artist_summary_${kind}_added()`)
            .execute(db);
          await sql
            .raw(`create trigger ${table}_summary_delete after delete on ${table} for each row
              execute function artist_summary_${kind}_removed()`)
            .execute(db);
          await sql
            .raw(`create trigger ${table}_summary_update after update of ${columns.join(', ')} on ${table} for each row
              when (${changed([...columns], dialect)}) execute function artist_summary_${kind}_changed()`)
            .execute(db);
        }
      } else {
        const body = (statements: string[]) => `begin ${statements.map((s) => `${s};`).join('\n')} end`;
        for (const [table, columns, added, removed] of [
          ['orders', ORDER_COLUMNS, addOrder(), removeOrder()],
          ['payouts', PAYOUT_COLUMNS, addPayout(), removePayout()],
        ] as const) {
          await sql.raw(`create trigger ${table}_summary_insert after insert on ${table} ${body(added)}`).execute(db);
          await sql.raw(`create trigger ${table}_summary_delete after delete on ${table} ${body(removed)}`).execute(db);
          await sql
            .raw(`create trigger ${table}_summary_update after update of ${columns.join(', ')} on ${table}
              when ${changed([...columns], dialect)} ${body([...removed, ...added])}`)
            .execute(db);
        }
      }

      // Open offers of an artist: the offered ones only (unpaid orders' offers are pending but not offered).
      await db.schema
        .createIndex('order_artists_artist_open')
        .on('order_artists')
        .columns(['artist_id', 'offer_status', 'offered_at', 'order_id'])
        .execute();
      // Pending earning lines: one artist's orders of one status, newest first (keyset on id).
      await db.schema
        .createIndex('orders_artist_status_id')
        .on('orders')
        .columns(['artist_id', 'status', 'id'])
        .execute();
      // The newest reviews of an artist (the public profile).
      await db.schema
        .createIndex('orders_artist_reviews')
        .on('orders')
        .columns(['artist_id', 'rated_at'])
        .where(sql.ref('rating'), 'is not', null)
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const index of ['orders_artist_reviews', 'orders_artist_status_id', 'order_artists_artist_open'])
        await db.schema.dropIndex(index).execute();
      for (const table of ['orders', 'payouts'])
        for (const event of ['insert', 'delete', 'update'])
          await sql
            .raw(`drop trigger ${table}_summary_${event}${dialect === 'postgres' ? ` on ${table}` : ''}`)
            .execute(db);
      if (dialect === 'postgres') {
        for (const kind of ['order', 'payout'])
          for (const change of ['added', 'removed', 'changed'])
            await sql.raw(`drop function artist_summary_${kind}_${change}()`).execute(db);
      }
      await db.schema.dropTable('artist_monthly_credits').execute();
      await db.schema.dropTable('artist_status_counts').execute();
      await db.schema.dropTable('artist_summaries').execute();
    },
  };
}
