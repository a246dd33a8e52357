import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB, OrderEventActor, OrderEventRow, OrderRow, PaymentRow, RefundRow } from '../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** The public order reference: "OR" + 10 random digits (docs/product.md §3); uniqueness is the column's. */
export const newOrderReference = (): string => `OR${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;

const isoOf = (at: Date | string): string => (typeof at === 'string' ? at : at.toISOString());

/** The order if it is this customer's; another customer's order is as good as missing. */
export function findOrderForCustomer(db: Executor, customerId: number, orderId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export function findOrderById(db: Executor, orderId: number): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** One page of a customer's list, newest first: rows older than `before` (the last id sent), `take` of them. */
export interface CustomerPageQuery {
  before?: number | undefined;
  take: number;
}

/**
 * A page of the customer's orders, newest first (index orders_customer_id: customer_id, id); with
 * `reference`, only that one (or none).
 */
export function listOrdersForCustomer(
  db: Executor,
  customerId: number,
  page: CustomerPageQuery & { reference?: string | undefined },
): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('customer_id', '=', customerId);
  if (page.reference !== undefined) query = query.where('reference', '=', page.reference);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return query.orderBy('id', 'desc').limit(page.take).execute();
}

export interface OrderEventInput {
  orderId: number;
  type: string;
  actor: OrderEventActor;
  actorId?: number | null;
  payload?: Record<string, unknown>;
  /** Defaults to now. */
  at?: Date | string;
}

/** Appends one event to the order's history. */
export async function recordOrderEvent(trx: Executor, event: OrderEventInput): Promise<OrderEventRow> {
  return trx
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      type: event.type,
      actor: event.actor,
      actor_id: event.actorId ?? null,
      payload: JSON.stringify(event.payload ?? {}),
      created_at: isoOf(event.at ?? new Date()),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The history of several orders, oldest event first. */
export async function listOrderEvents(db: Executor, orderIds: number[]): Promise<Map<number, OrderEventRow[]>> {
  const byOrder = new Map<number, OrderEventRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), row]);
  return byOrder;
}

/** The artists of several orders (public id and stage name), in the customer's ranked order. */
export async function listOrderArtists(
  db: Executor,
  orderIds: number[],
): Promise<Map<number, { id: string; stage_name: string }[]>> {
  const byOrder = new Map<number, { id: string; stage_name: string }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_artists')
    .innerJoin('users', 'users.id', 'order_artists.artist_id')
    .select(['order_artists.order_id', 'order_artists.rank', 'users.user_id', 'users.stage_name'])
    .where('order_artists.order_id', 'in', orderIds)
    .orderBy('order_artists.order_id')
    .orderBy('order_artists.rank')
    .execute();
  for (const row of rows) {
    const artists = byOrder.get(row.order_id) ?? [];
    artists.push({ id: row.user_id, stage_name: row.stage_name ?? '' });
    byOrder.set(row.order_id, artists);
  }
  return byOrder;
}

export type PaymentWithRefunds = PaymentRow & { order_reference: string; refunds: RefundRow[] };

/**
 * A page of the customer's payments with their order's reference and every refund of each, newest
 * first. The payment's own customer_id (copied from its order by a trigger, migration 0013) pages on
 * the index payments_customer (customer_id, id) without reading the customer's other orders; the page's
 * refunds come in one more query on refunds_payment (payment_id, id).
 */
export async function listPaymentsForCustomer(
  db: Executor,
  customerId: number,
  page: CustomerPageQuery,
): Promise<PaymentWithRefunds[]> {
  let query = db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('payments')
    .select('orders.reference as order_reference')
    .where('payments.customer_id', '=', customerId);
  if (page.before !== undefined) query = query.where('payments.id', '<', page.before);
  const rows = await query.orderBy('payments.id', 'desc').limit(page.take).execute();
  if (rows.length === 0) return [];
  const refunds = await db
    .selectFrom('refunds')
    .selectAll()
    .where(
      'payment_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, refunds: refunds.filter((refund) => refund.payment_id === row.id) }));
}
