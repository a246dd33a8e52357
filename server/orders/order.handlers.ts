import type * as v from 'valibot';
import {
  type OrderDetail,
  type OrderHistoryPage,
  type orderListQuerySchema,
  orderMessages,
  type PaymentHistoryPage,
  type paymentListQuerySchema,
} from '../../contracts/order';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { OrderRow, TempUploadRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { ok } from '../http/envelope';
import { loadRelations, toCustomerLifecycle } from '../lifecycle/order-views';
import { toOrderDetail, toPayment } from './order.serializers';
import { findOrderForCustomer, listOrdersForCustomer, listPaymentsForCustomer } from './orders.repository';

type OrderListQuery = v.InferOutput<typeof orderListQuerySchema>;
type PaymentListQuery = v.InferOutput<typeof paymentListQuerySchema>;

/**
 * Orders with their artists, events and brief (clips with fresh signed URLs). One set of queries for
 * the whole list, whatever its length (loadRelations): artists, events and uploads come from it too.
 */
export async function detailsOf(c: AppContext, rows: OrderRow[]): Promise<OrderDetail[]> {
  const { db, media, config } = c.var;
  const relations = await loadRelations(db, rows, { role: 'customer', userId: currentAuth(c).user.id });
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

/** The page's rows and the cursor of the next page: one row more than the page was read to tell. */
function pageOf<T extends { id: number }>(rows: T[], limit: number): { rows: T[]; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, next_cursor: rows.length > limit && last ? String(last.id) : null };
}

/**
 * GET /orders?transaction=&cursor=&limit=: a page of the customer's orders, newest first; a reference
 * focuses one (or none). Details are read for the page's rows only.
 */
export async function listOrders(c: AppContext, query: OrderListQuery) {
  const rows = await listOrdersForCustomer(c.var.db, currentAuth(c).user.id, {
    reference: query.transaction,
    before: query.cursor,
    take: query.limit + 1,
  });
  const page = pageOf(rows, query.limit);
  const body: OrderHistoryPage = { orders: await detailsOf(c, page.rows), next_cursor: page.next_cursor };
  return ok(c, body);
}

/** GET /orders/{id}: one of the customer's orders with its events; anyone else's is 404. */
export async function getOrder(c: AppContext, id: number) {
  const row = await findOrderForCustomer(c.var.db, currentAuth(c).user.id, id);
  if (!row) throw new ApiError(404, orderMessages.orderNotFound);
  const [detail] = await detailsOf(c, [row]);
  return ok(c, detail as OrderDetail);
}

/** GET /payments?cursor=&limit=: a page of the customer's payments (every attempt, whatever its status), newest first. */
export async function listPayments(c: AppContext, query: PaymentListQuery) {
  const rows = await listPaymentsForCustomer(c.var.db, currentAuth(c).user.id, {
    before: query.cursor,
    take: query.limit + 1,
  });
  const page = pageOf(rows, query.limit);
  const body: PaymentHistoryPage = { payments: page.rows.map(toPayment), next_cursor: page.next_cursor };
  return ok(c, body);
}
