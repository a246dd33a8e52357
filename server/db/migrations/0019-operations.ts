import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

// The operations home (docs/api.md "Operations home"): its charts read one maintained row per day
// (`operations_days`, Asia/Manila days) instead of the orders; its overdue alert finds newly overdue
// work through a partial index; its CSV exports page on (created_at, id).

/** The day (yyyy-mm-dd, Asia/Manila: UTC+8, no daylight saving) of an ISO-8601 UTC text column. */
const manilaDay = (dialect: Dialect, column: string) =>
  dialect === 'postgres'
    ? `to_char((${column})::timestamptz at time zone 'Asia/Manila', 'YYYY-MM-DD')`
    : `date(${column}, '+8 hours')`;

/** Whole seconds from `from` to `to` (two ISO-8601 UTC text columns). */
const secondsBetween = (dialect: Dialect, from: string, to: string) =>
  dialect === 'postgres'
    ? `round(extract(epoch from ((${to})::timestamptz - (${from})::timestamptz)))::bigint`
    : `cast(round((julianday(${to}) - julianday(${from})) * 86400) as integer)`;

/**
 * An order row's share of the day rows (`row`: `new`, `old`, or a table alias): paid on the day of
 * paid_at (with its price), accepted on the day of accepted_at (with the wait since payment), first
 * delivered on the day of delivered_at (on time when by due_at; revised once the customer sent it back).
 */
function shares(dialect: Dialect, row: string) {
  return [
    {
      when: `${row}.paid_at is not null`,
      day: manilaDay(dialect, `${row}.paid_at`),
      values: { paid_orders: '1', paid_centavos: `${row}.price_centavos` },
    },
    {
      when: `${row}.accepted_at is not null and ${row}.paid_at is not null`,
      day: manilaDay(dialect, `${row}.accepted_at`),
      values: { accepted_orders: '1', accept_seconds: secondsBetween(dialect, `${row}.paid_at`, `${row}.accepted_at`) },
    },
    {
      when: `${row}.delivered_at is not null`,
      day: manilaDay(dialect, `${row}.delivered_at`),
      values: {
        delivered_orders: '1',
        on_time_orders: `case when ${row}.due_at is not null and ${row}.delivered_at <= ${row}.due_at then 1 else 0 end`,
        revised_orders: `case when ${row}.revisions_used > 0 then 1 else 0 end`,
      },
    },
  ];
}

// The trigger bodies, one statement per share, shared by both dialects (PostgreSQL wraps them in a function).
function addOrder(dialect: Dialect): string[] {
  return shares(dialect, 'new').map(({ when, day, values }) => {
    const columns = Object.keys(values);
    return `insert into operations_days as t (day, ${columns.join(', ')})
      select ${day}, ${Object.values(values).join(', ')} where ${when}
      on conflict (day) do update set ${columns.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ')}`;
  });
}

function removeOrder(dialect: Dialect): string[] {
  return shares(dialect, 'old').map(
    ({ when, day, values }) =>
      `update operations_days set ${Object.entries(values)
        .map(([c, v]) => `${c} = ${c} - (${v})`)
        .join(', ')} where ${when} and day = ${day}`,
  );
}

const SUMMARY_COLUMNS = ['paid_at', 'price_centavos', 'accepted_at', 'delivered_at', 'due_at', 'revisions_used'];
/** PostgreSQL fires `update of` only for columns the statement names: a status change sets delivered_at in its BEFORE trigger. */
const FIRING_COLUMNS = [...SUMMARY_COLUMNS, 'status'];
const changed = (dialect: Dialect) =>
  SUMMARY_COLUMNS.map((c) => `old.${c} is ${dialect === 'postgres' ? 'distinct from' : 'not'} new.${c}`).join(' or ');

/** When the customer could first hear the song: the update that delivered it (an order written completed: its completion). */
const DELIVERED = `new.delivered_at is null and new.status in ('delivered', 'completed')`;
const deliveredAt = `case when new.status = 'completed' then coalesce(new.completed_at, new.updated_at) else new.updated_at end`;

const EXPORT_TABLES = ['orders', 'payments', 'refunds', 'payouts'] as const;

export function operationsTables(dialect: Dialect) {
  const money = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('delivered_at', 'text').execute();
      await db.schema.alterTable('orders').addColumn('overdue_alerted_at', 'text').execute();
      // Delivered before now: the first validation of the order, else (written delivered or completed) as above.
      await sql`update orders set delivered_at = (select min(e.created_at) from order_events e
          where e.order_id = orders.id and e.type = 'admin_validated')
        where exists (select 1 from order_events e where e.order_id = orders.id and e.type = 'admin_validated')`.execute(
        db,
      );
      await sql`update orders set delivered_at = case when status = 'completed' then coalesce(completed_at, updated_at) else updated_at end
        where delivered_at is null and status in ('delivered', 'completed')`.execute(db);
      // Work already overdue is in the overdue queue: only work that becomes overdue from now on is alerted.
      await sql`update orders set overdue_alerted_at = due_at
        where status in ('in_progress', 'in_revision') and due_at < ${new Date().toISOString()}`.execute(db);

      await db.schema
        .createTable('operations_days')
        .addColumn('day', 'text', (col) => col.primaryKey())
        .addColumn('paid_orders', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('paid_centavos', money, (col) => col.notNull().defaultTo(0))
        .addColumn('accepted_orders', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('accept_seconds', money, (col) => col.notNull().defaultTo(0))
        .addColumn('delivered_orders', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('on_time_orders', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('revised_orders', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // Backfill: each share summed by day, from the rows already there.
      for (const { when, day, values } of shares(dialect, 'o')) {
        const columns = Object.keys(values);
        await sql
          .raw(`insert into operations_days as t (day, ${columns.join(', ')})
            select ${day}, ${Object.values(values)
              .map((v) => `sum(${v})`)
              .join(', ')} from orders o where ${when} group by ${day}
            on conflict (day) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`)
          .execute(db);
      }

      if (dialect === 'postgres') {
        const fn = (name: string, body: string) =>
          sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} end $$`).execute(db);
        const statements = (list: string[]) => list.map((s) => `${s};`).join('\n');
        await fn('orders_delivered_at', `if ${DELIVERED} then new.delivered_at := ${deliveredAt}; end if; return new;`);
        await fn('operations_order_added', `${statements(addOrder(dialect))} return null;`);
        await fn('operations_order_removed', `${statements(removeOrder(dialect))} return null;`);
        await fn(
          'operations_order_changed',
          `${statements([...removeOrder(dialect), ...addOrder(dialect)])} return null;`,
        );
        await sql`create trigger orders_delivered_at before insert or update of status on orders for each row
          execute function orders_delivered_at()`.execute(db);
        await sql`create trigger orders_operations_insert after insert on orders for each row
          execute function operations_order_added()`.execute(db);
        await sql`create trigger orders_operations_delete after delete on orders for each row
          execute function operations_order_removed()`.execute(db);
        await sql
          .raw(`create trigger orders_operations_update after update of ${FIRING_COLUMNS.join(', ')} on orders
            for each row when (${changed(dialect)}) execute function operations_order_changed()`)
          .execute(db);
      } else {
        const body = (list: string[]) => `begin ${list.map((s) => `${s};`).join('\n')} end`;
        const setDelivered = `update orders set delivered_at = ${deliveredAt} where id = new.id`;
        // SQLite has no BEFORE-row assignment: an update right after sets the column (and fires the update trigger below).
        await sql
          .raw(
            `create trigger orders_delivered_at_insert after insert on orders when ${DELIVERED} ${body([setDelivered])}`,
          )
          .execute(db);
        await sql
          .raw(`create trigger orders_delivered_at_update after update of status on orders when ${DELIVERED}
            ${body([setDelivered])}`)
          .execute(db);
        await sql
          .raw(`create trigger orders_operations_insert after insert on orders ${body(addOrder(dialect))}`)
          .execute(db);
        await sql
          .raw(`create trigger orders_operations_delete after delete on orders ${body(removeOrder(dialect))}`)
          .execute(db);
        await sql
          .raw(`create trigger orders_operations_update after update of ${SUMMARY_COLUMNS.join(', ')} on orders
            when ${changed(dialect)} ${body([...removeOrder(dialect), ...addOrder(dialect)])}`)
          .execute(db);
      }

      // The overdue alert's job: work not yet alerted, by due date (services: admin/overdue-alerts.ts).
      await sql`create index orders_overdue_watch on orders (due_at, id)
        where status in ('in_progress', 'in_revision') and overdue_alerted_at is null`.execute(db);
      // The stranded queue: the few artists who left or are suspended, then their orders (orders_artist_status_id).
      await sql`create index users_departed_artists on users (id)
        where type = 'artist' and (deactivated_at is not null or suspended_at is not null)`.execute(db);
      // The CSV exports: a date range, a batch at a time, keyset on (created_at, id).
      for (const table of EXPORT_TABLES)
        await db.schema.createIndex(`${table}_created_id`).on(table).columns(['created_at', 'id']).execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of EXPORT_TABLES) await db.schema.dropIndex(`${table}_created_id`).execute();
      await db.schema.dropIndex('users_departed_artists').execute();
      await db.schema.dropIndex('orders_overdue_watch').execute();
      if (dialect === 'postgres') {
        for (const name of [
          'orders_delivered_at',
          'orders_operations_insert',
          'orders_operations_delete',
          'orders_operations_update',
        ])
          await sql.raw(`drop trigger ${name} on orders`).execute(db);
        for (const name of [
          'orders_delivered_at',
          'operations_order_added',
          'operations_order_removed',
          'operations_order_changed',
        ])
          await sql.raw(`drop function ${name}()`).execute(db);
      } else {
        for (const name of [
          'orders_delivered_at_insert',
          'orders_delivered_at_update',
          'orders_operations_insert',
          'orders_operations_delete',
          'orders_operations_update',
        ])
          await sql.raw(`drop trigger ${name}`).execute(db);
      }
      await db.schema.dropTable('operations_days').execute();
      await db.schema.alterTable('orders').dropColumn('overdue_alerted_at').execute();
      await db.schema.alterTable('orders').dropColumn('delivered_at').execute();
    },
  };
}
