import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type AdminStage, dueWorkStatuses, type Page } from '../../contracts/lifecycle';
import { strandedStatuses } from '../../contracts/operations-home';
import { byDepartedArtist } from '../admin/departed-artists';
import type { DB, OrderRow } from '../db/schema';
import { overdueAt } from '../lifecycle/overdue';
import { ftsString, isPostgres, likeContains, MIN_INDEXED_SEARCH } from './search-text';

// The admin's order search (GET /admin/orders?q=): newest order first (id descending), a cursor of the
// last id sent. Newest first is the order the search indexes can stream: FTS5 walks its rowids (the
// order ids) backwards and stops at the page; on PostgreSQL the planner either walks order_search's
// primary key backwards (a common fragment) or reads the few matches from the trigram index (a rare
// one). The search text and the status of each order are in order_search (migration 0012).

export interface OrderSearch {
  text: string;
  stage: AdminStage;
  now: Date;
  /** Only the order with this reference (`?transaction=`). */
  reference?: string | undefined;
  /** The id of the last order sent. */
  after?: number | undefined;
  limit: number;
}

/** The statuses a stage covers (null: every status); overdue is the due work, then overdueAt; stranded, by a departed artist. */
const stageStatuses = (stage: AdminStage): readonly string[] | null =>
  stage === 'all' ? null : stage === 'overdue' ? dueWorkStatuses : stage === 'stranded' ? strandedStatuses : [stage];

/** One FTS5 query: the fragment in the order's text, and one of the stage's statuses. */
function ftsQuery(text: string, statuses: readonly string[] | null): string {
  const words = `doc : ${ftsString(text)}`;
  return statuses ? `${words} AND stage : (${statuses.map(ftsString).join(' OR ')})` : words;
}

/**
 * References are "OR" and digits (contracts/order-status.ts orderReferencePattern): a short fragment
 * made of anything else is in none, and must not walk every order to find that out.
 */
const fitsReference = (text: string) => /^(o|r|or|r\d|\d{1,2})$/i.test(text);

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `);

export async function searchOrders(db: Kysely<DB>, search: OrderSearch): Promise<Page<OrderRow>> {
  const { text, now, reference, after, limit } = search;
  const statuses = stageStatuses(search.stage);
  const conditions: RawBuilder<unknown>[] = [];
  if (reference !== undefined) conditions.push(sql`orders.reference = ${reference}`);
  if (search.stage === 'overdue') conditions.push(overdueAt(now));
  if (search.stage === 'stranded') conditions.push(byDepartedArtist);

  let query: RawBuilder<OrderRow>;
  if (text.length < MIN_INDEXED_SEARCH) {
    // Too short for a trigram: part of a reference only, walking the orders newest first. A digit or
    // two is in about one reference in ten or more, so a page is found within a few hundred rows.
    if (!fitsReference(text)) return { items: [], next_cursor: null };
    conditions.push(sql`lower(orders.reference) like ${likeContains(text)} escape '\\'`);
    if (after !== undefined) conditions.push(sql`orders.id < ${after}`);
    if (statuses) conditions.push(sql`orders.status in (${sql.join(statuses)})`);
    query = sql<OrderRow>`select orders.* from orders where ${and(conditions)}
      order by orders.id desc limit ${limit + 1}`;
  } else if (isPostgres(db)) {
    conditions.push(sql`order_search.doc like ${likeContains(text)} escape '\\'`);
    if (after !== undefined) conditions.push(sql`order_search.order_id < ${after}`);
    if (statuses) conditions.push(sql`order_search.stage in (${sql.join(statuses)})`);
    query = sql<OrderRow>`select orders.* from order_search join orders on orders.id = order_search.order_id
      where ${and(conditions)} order by order_search.order_id desc limit ${limit + 1}`;
  } else {
    conditions.push(sql`order_search match ${ftsQuery(text, statuses)}`);
    if (after !== undefined) conditions.push(sql`order_search.rowid < ${after}`);
    query = sql<OrderRow>`select orders.* from order_search join orders on orders.id = order_search.rowid
      where ${and(conditions)} order by order_search.rowid desc limit ${limit + 1}`;
  }
  const { rows } = await query.execute(db);
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next_cursor: rows.length > limit && last ? String(last.id) : null };
}
