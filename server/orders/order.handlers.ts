import type * as v from 'valibot';
import { type OrderDetail, type orderListQuerySchema, orderMessages, type Payment } from '../../contracts/order';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { OrderRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { loadRelations, toCustomerLifecycle } from '../lifecycle/order-views';
import { clipLocationsOf, parseStored, type StoredBrief, toOrderDetail, toPayment } from './order.serializers';
import {
  findOrderForCustomer,
  listOrderArtists,
  listOrderEvents,
  listOrdersForCustomer,
  listPaymentsForCustomer,
} from './orders.repository';
import { findUploadsByLocations } from './temp-uploads.repository';

type OrderListQuery = v.InferOutput<typeof orderListQuerySchema>;

/** Orders with their artists, events and brief (clips with fresh signed URLs). */
export async function detailsOf(c: AppContext, rows: OrderRow[]): Promise<OrderDetail[]> {
  const { db, media, config } = c.var;
  const ids = rows.map((row) => row.id);
  const locations = rows.flatMap((row) => clipLocationsOf(parseStored<StoredBrief>(row.brief)?.story ?? null));
  const [artists, events, found, relations] = await Promise.all([
    listOrderArtists(db, ids),
    listOrderEvents(db, ids),
    findUploadsByLocations(db, locations),
    loadRelations(db, rows),
  ]);
  return rows.map((row) => {
    // Only the clips this order took (attached at commit), never another order's or a stranger's.
    const uploads = new Map([...found].filter(([, upload]) => upload.attached_order_id === row.id));
    const lifecycle = toCustomerLifecycle(row, relations, media, config.publicUrl);
    return toOrderDetail(row, artists.get(row.id) ?? [], events.get(row.id) ?? [], uploads, media, lifecycle);
  });
}

/** GET /orders?transaction=: the customer's orders, newest first; a reference focuses one (or none). */
export async function listOrders(c: AppContext, query: OrderListQuery) {
  const rows = await listOrdersForCustomer(c.var.db, currentAuth(c).user.id, query.transaction);
  const body: { orders: OrderDetail[] } = { orders: await detailsOf(c, rows) };
  return ok(c, body);
}

/** GET /orders/{id}: one of the customer's orders with its events; anyone else's is 404. */
export async function getOrder(c: AppContext, id: number) {
  const row = await findOrderForCustomer(c.var.db, currentAuth(c).user.id, id);
  if (!row) throw new ApiError(404, orderMessages.orderNotFound);
  const [detail] = await detailsOf(c, [row]);
  return ok(c, detail as OrderDetail);
}

/** GET /payments: the customer's payments (every attempt, whatever its status), newest first. */
export async function listPayments(c: AppContext) {
  const rows = await listPaymentsForCustomer(c.var.db, currentAuth(c).user.id);
  const body: { payments: Payment[] } = { payments: rows.map(toPayment) };
  return ok(c, body);
}
