import type * as v from 'valibot';
import { type OrderDetail, type orderListQuerySchema, orderMessages, type Payment } from '../../contracts/order';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { OrderRow, TempUploadRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { loadRelations, toCustomerLifecycle } from '../lifecycle/order-views';
import { toOrderDetail, toPayment } from './order.serializers';
import { findOrderForCustomer, listOrdersForCustomer, listPaymentsForCustomer } from './orders.repository';

type OrderListQuery = v.InferOutput<typeof orderListQuerySchema>;

/**
 * Orders with their artists, events and brief (clips with fresh signed URLs). One set of queries for
 * the whole list, whatever its length (loadRelations): artists, events and uploads come from it too.
 */
export async function detailsOf(c: AppContext, rows: OrderRow[]): Promise<OrderDetail[]> {
  const { db, media, config } = c.var;
  const relations = await loadRelations(db, rows);
  // Only the clips an order took (attached at commit), never another order's or a stranger's.
  const uploadsOf = new Map<number, Map<string, TempUploadRow>>();
  for (const [location, upload] of relations.uploads) {
    if (upload.attached_order_id === null) continue;
    const own = uploadsOf.get(upload.attached_order_id) ?? new Map<string, TempUploadRow>();
    own.set(location, upload);
    uploadsOf.set(upload.attached_order_id, own);
  }
  return rows.map((row) => {
    const artists = (relations.offers.get(row.id) ?? []).map((o) => ({
      id: o.user_id,
      stage_name: o.stage_name ?? '',
    }));
    const lifecycle = toCustomerLifecycle(row, relations, media, config.publicUrl);
    return toOrderDetail(
      row,
      artists,
      relations.events.get(row.id) ?? [],
      uploadsOf.get(row.id) ?? new Map(),
      media,
      lifecycle,
    );
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
