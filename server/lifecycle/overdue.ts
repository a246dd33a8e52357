import { sql } from 'kysely';
import { dueWorkStatuses } from '../../contracts/lifecycle';
import { dueAtFor } from './order-actions';

// Overdue work, in SQL: the one rule of contracts/lifecycle.ts isOverdue, for the admin's `overdue`
// stage (lists, count and search) and the admins' overdue alert.

const DAY_MS = 86_400_000;

/** The statuses whose work has a due date, as a literal SQL list (a partial index's WHERE must match it). */
const dueWorkList = sql.raw(dueWorkStatuses.map((status) => `'${status}'`).join(', '));

/**
 * contracts/lifecycle.ts isOverdue, in SQL: work past its due date at `now`. The literal status list lets
 * the partial indexes on due work apply (orders_due_work 0012, orders_overdue_watch 0019).
 */
export const overdueAt = (now: Date) =>
  sql<boolean>`(orders.status in (${dueWorkList}) and orders.due_at < ${now.toISOString()})`;

/**
 * The admin's `overdue` list: overdueAt, and a needed-by day no later than the last overdue one. due_at is
 * never before dueAtFor(needed_by), so that bound selects no fewer orders; it stops the walk of
 * orders_due_work (needed_by, id, due_at) there instead of reading all the work not yet due.
 *
 * On SQLite the status term is wrapped in likely(): without statistics SQLite takes the two-value IN as the
 * most selective term, seeks orders_status_needed once per status and sorts every overdue order for one
 * page (3× its demo-size ratio at a million orders). Told the term is usually true, it walks the partial
 * index orders_due_work in the list's order and stops after a page; likely() is SQLite's documented
 * planner hint, and the term stays the same expression, so the partial index still applies.
 * PostgreSQL has no likely() and plans by its statistics.
 */
export const overdueStage = (now: Date, sqlite: boolean) => {
  const due = sqlite
    ? sql<boolean>`(likely(orders.status in (${dueWorkList})) and orders.due_at < ${now.toISOString()})`
    : overdueAt(now);
  return sql<boolean>`(${due} and orders.needed_by <= ${lastOverdueDay(now)})`;
};

/** The latest needed-by day whose due date is before `now`. */
function lastOverdueDay(now: Date): string {
  const day = new Date(now.getTime() + 3 * DAY_MS);
  while (dueAtFor(day.toISOString().slice(0, 10)) >= now.toISOString()) day.setTime(day.getTime() - DAY_MS);
  return day.toISOString().slice(0, 10);
}
