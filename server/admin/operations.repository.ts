import type { Kysely, SelectQueryBuilder } from 'kysely';
import {
  type ChartPeriod,
  type OperationsCharts,
  type OperationsDay,
  type OperationsQueue,
  PAYOUT_CHANGE_DAYS,
  strandedStatuses,
} from '../../contracts/operations-home';
import type { DB } from '../db/schema';
import { overdueAt } from '../lifecycle/overdue';
import { byDepartedArtist } from './departed-artists';

const DAY_MS = 86_400_000;
const MANILA_MS = 8 * 3_600_000;

// The operations home's reads. Every count is answered from an index alone, over the rows of its queue
// only (docs/scale-plans.md): statuses from orders_status, overdue work from orders_status_due, stranded
// work from users_departed_artists then orders_artist_status_id, refunds from refunds_status, open
// payment exceptions from payment_exceptions_open, recent payout-account changes from
// artist_payouts_changed, applications from users_applications, open support requests from
// support_requests_open. The charts read ≤ 90 maintained day rows.

// biome-ignore lint/suspicious/noExplicitAny: any table's query; only its count is read.
async function count(query: SelectQueryBuilder<DB, any, object>): Promise<number> {
  const row = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many items wait in each queue of the operations home, at `now`. */
export async function queueCounts(db: Kysely<DB>, now: Date): Promise<Record<OperationsQueue, number>> {
  // A new builder per count: one builder's queries would share a query id.
  const orders = () => db.selectFrom('orders');
  const [
    needs_artist,
    overdue,
    stranded,
    disputed,
    refunds_owed,
    payment_exceptions,
    payout_accounts_changed,
    applications_waiting,
    support_requests,
  ] = await Promise.all([
    count(orders().where('status', '=', 'needs_artist')),
    // overdueAt, not the list's overdueStage: its needed-by bound made SQLite walk orders_status_needed
    // and read every row it met for due_at (0.4 s at 300,000 orders); orders_status_due answers it alone.
    count(orders().where(overdueAt(now))),
    count(
      orders()
        .where('status', 'in', [...strandedStatuses])
        .where(byDepartedArtist),
    ),
    count(orders().where('status', '=', 'disputed')),
    count(db.selectFrom('refunds').where('status', '=', 'owed')),
    count(db.selectFrom('payment_exceptions').where('resolved_at', 'is', null)),
    count(
      db
        .selectFrom('artist_payouts')
        .where('changed_at', 'is not', null)
        .where('changed_at', '>=', new Date(now.getTime() - PAYOUT_CHANGE_DAYS * DAY_MS).toISOString()),
    ),
    count(db.selectFrom('users').where('type', '=', 'artist').where('app_status', '=', 'for_review')),
    count(db.selectFrom('support_requests').where('status', '=', 'open')),
  ]);
  return {
    needs_artist,
    overdue,
    stranded,
    disputed,
    refunds_owed,
    payment_exceptions,
    payout_accounts_changed,
    applications_waiting,
    support_requests,
  };
}

/** The Asia/Manila day (yyyy-mm-dd) of an instant. */
const manilaDay = (at: Date): string => new Date(at.getTime() + MANILA_MS).toISOString().slice(0, 10);

/** The `days` Manila days ending today, oldest first. */
function periodDays(now: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => manilaDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : null);
const hours = (seconds: number, orders: number) => (orders > 0 ? round1(seconds / orders / 3600) : null);

/** The charts of the last `days` Manila days, today included: every day, zero when nothing happened. */
export async function operationsCharts(db: Kysely<DB>, now: Date, days: ChartPeriod): Promise<OperationsCharts> {
  const period = periodDays(now, days);
  const from = period[0] as string;
  const to = period.at(-1) as string;
  const rows = await db
    .selectFrom('operations_days')
    .selectAll()
    .where('day', '>=', from)
    .where('day', '<=', to)
    .execute();
  const byDay = new Map(rows.map((row) => [row.day, row]));
  let acceptSeconds = 0;
  const series: OperationsDay[] = period.map((day) => {
    const row = byDay.get(day);
    const seconds = Number(row?.accept_seconds ?? 0);
    acceptSeconds += seconds;
    const accepted = row?.accepted_orders ?? 0;
    return {
      day,
      paid_orders: row?.paid_orders ?? 0,
      paid_value: Number(row?.paid_centavos ?? 0) / 100,
      accepted_orders: accepted,
      accept_hours: hours(seconds, accepted),
      delivered_orders: row?.delivered_orders ?? 0,
      on_time_orders: row?.on_time_orders ?? 0,
      revised_orders: row?.revised_orders ?? 0,
    };
  });
  const sum = (pick: (d: OperationsDay) => number) => series.reduce((total, d) => total + pick(d), 0);
  const delivered = sum((d) => d.delivered_orders);
  return {
    days,
    from,
    to,
    series,
    totals: {
      paid_orders: sum((d) => d.paid_orders),
      paid_value: Math.round(sum((d) => d.paid_value) * 100) / 100,
      accept_hours: hours(
        acceptSeconds,
        sum((d) => d.accepted_orders),
      ),
      on_time_rate: percent(
        sum((d) => d.on_time_orders),
        delivered,
      ),
      revision_rate: percent(
        sum((d) => d.revised_orders),
        delivered,
      ),
    },
  };
}
