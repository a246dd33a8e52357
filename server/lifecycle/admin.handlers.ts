import type { Transaction } from 'kysely';
import type * as v from 'valibot';
import {
  type AdminOrder,
  type AdminPayout,
  type adminOrdersQuerySchema,
  type cancelSchema,
  lifecycleMessages,
  type markPaidSchema,
  type Page,
  type payoutsQuerySchema,
  type reassignSchema,
  type revisionNotesSchema,
} from '../../contracts/lifecycle';
import { orderMessages } from '../../contracts/order';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, OrderRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { adminIds, ChangeSet, publishCommitted } from '../notifications/live-changes';
import { findOrderById } from '../orders/orders.repository';
import { pesos } from '../orders/pricing';
import { cancelOrder, reassignOrder, requestRevision, validateRecording } from './order-actions';
import { listAdminOrders } from './order-lists';
import { loadRelations, toAdminOrder } from './order-views';
import { lifecycleSettingsOf } from './settings';
import type { TransitionResult } from './transition';

async function adminOrders(c: AppContext, rows: OrderRow[]): Promise<AdminOrder[]> {
  const { db, media, clock } = c.var;
  const relations = await loadRelations(db, rows);
  return rows.map((row) => toAdminOrder(row, relations, media, clock.now()));
}

export async function listOrders(c: AppContext, query: v.InferOutput<typeof adminOrdersQuerySchema>) {
  const page = await listAdminOrders(c.var.db, query.stage, {
    cursor: query.cursor,
    limit: query.limit,
    reference: query.transaction,
    search: query.q,
    now: c.var.clock.now(),
  });
  const body: Page<AdminOrder> = { items: await adminOrders(c, page.items), next_cursor: page.next_cursor };
  return ok(c, body);
}

export async function getOrder(c: AppContext, id: number) {
  const order = await findOrderById(c.var.db, id);
  if (!order) throw new ApiError(404, orderMessages.orderNotFound);
  const [detail] = await adminOrders(c, [order]);
  return ok(c, detail as AdminOrder);
}

async function act(
  c: AppContext,
  message: string,
  run: (trx: Transaction<DB>, at: Date, adminId: number) => Promise<TransitionResult>,
) {
  const adminId = currentAuth(c).user.id;
  const result = await c.var.db.transaction().execute((trx) => run(trx, c.var.clock.now(), adminId));
  publishCommitted(c.var.hub, result);
  const [detail] = await adminOrders(c, [result.order]);
  return ok(c, detail as AdminOrder, message);
}

export const validate = (c: AppContext, id: number) =>
  act(c, lifecycleMessages.validated, (trx, at, adminId) => validateRecording(trx, { orderId: id, adminId, at }));

export const askRevision = (c: AppContext, id: number, body: v.InferOutput<typeof revisionNotesSchema>) =>
  act(c, lifecycleMessages.revisionRequested, (trx, at, adminId) =>
    requestRevision(trx, { orderId: id, adminId, notes: body.notes, at }),
  );

export async function cancel(c: AppContext, id: number, body: v.InferOutput<typeof cancelSchema>) {
  const order = await findOrderById(c.var.db, id);
  if (!order) throw new ApiError(404, orderMessages.orderNotFound);
  const message = order.paid_at ? lifecycleMessages.cancelledRefund : lifecycleMessages.cancelled;
  return act(c, message, (trx, at, adminId) =>
    cancelOrder(trx, { orderId: id, role: 'admin', actorId: adminId, reason: body.reason, at }),
  );
}

/**
 * POST /orders/{id}/reassign: offers an order needing an artist, or overdue work, to another approved
 * artist who is neither suspended nor deactivated (online or not: the offer waits for them).
 */
export async function reassign(c: AppContext, id: number, body: v.InferOutput<typeof reassignSchema>) {
  const { db, config } = c.var;
  if (!(await findOrderById(db, id))) throw new ApiError(404, orderMessages.orderNotFound);
  const artist = await db
    .selectFrom('users')
    .select('id')
    .where('type', '=', 'artist')
    .where('user_id', '=', body.artist_id)
    .where('app_status', '=', 'approved')
    .where('deactivated_at', 'is', null)
    .where('suspended_at', 'is', null)
    .executeTakeFirst();
  if (!artist) throw fieldError(lifecycleMessages.reassignArtistRequired, 'artist_id');
  const settings = lifecycleSettingsOf(config);
  return act(c, lifecycleMessages.reassigned, (trx, at, adminId) =>
    reassignOrder(trx, { orderId: id, adminId, artistId: artist.id, at, settings }),
  );
}

// ---- Payouts ---------------------------------------------------------------------------------------

function payoutsQuery(c: AppContext) {
  return c.var.db
    .selectFrom('payouts')
    .innerJoin('orders', 'orders.id', 'payouts.order_id')
    .innerJoin('users', 'users.id', 'payouts.artist_id')
    .leftJoin('artist_payouts', 'artist_payouts.user_id', 'payouts.artist_id')
    .selectAll('payouts')
    .select([
      'orders.reference as order_reference',
      'users.user_id as artist_public_id',
      'users.stage_name',
      'users.email',
      'artist_payouts.bank_name',
      'artist_payouts.account_name',
      'artist_payouts.account_last4',
    ]);
}

type PayoutJoined = Awaited<ReturnType<ReturnType<typeof payoutsQuery>['executeTakeFirstOrThrow']>>;

const toAdminPayout = (p: PayoutJoined): AdminPayout => ({
  id: p.id,
  order_reference: p.order_reference,
  amount: pesos(p.amount_centavos),
  status: p.status,
  created_at: p.created_at,
  paid_at: p.paid_at,
  reference: p.reference,
  artist: { id: p.artist_public_id, stage_name: p.stage_name ?? '', email: p.email },
  // Only the last four digits ever leave the server (the number is sealed at rest).
  payout_details:
    p.bank_name && p.account_name && p.account_last4
      ? { bank_name: p.bank_name, account_name: p.account_name, account_last4: p.account_last4 }
      : null,
});

/** GET /payouts?status=: oldest pending first (to pay in order); paid newest first. Keyset on id. */
export async function listPayouts(c: AppContext, query: v.InferOutput<typeof payoutsQuerySchema>) {
  const direction = query.status === 'pending' ? 'asc' : 'desc';
  let q = payoutsQuery(c).where('payouts.status', '=', query.status);
  const after = query.cursor && /^\d{1,12}$/.test(query.cursor) ? Number(query.cursor) : null;
  if (after !== null) q = q.where('payouts.id', direction === 'asc' ? '>' : '<', after);
  const rows = await q
    .orderBy('payouts.id', direction)
    .limit(query.limit + 1)
    .execute();
  const items = rows.slice(0, query.limit).map(toAdminPayout);
  const body: Page<AdminPayout> = {
    items,
    next_cursor: rows.length > query.limit ? String(items.at(-1)?.id) : null,
  };
  return ok(c, body);
}

/** POST /payouts/{id}/mark-paid: once; a second call is a 409 and changes nothing. */
export async function markPaid(c: AppContext, id: number, body: v.InferOutput<typeof markPaidSchema>) {
  const { db, clock } = c.var;
  const existing = await db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirst();
  if (!existing) throw new ApiError(404, lifecycleMessages.payoutNotFound);
  const moved = await db
    .updateTable('payouts')
    .set({
      status: 'paid',
      paid_at: clock.now().toISOString(),
      paid_by: currentAuth(c).user.id,
      reference: body.reference || null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  if (!moved) throw new ApiError(409, lifecycleMessages.payoutAlreadyPaid);
  const row = await payoutsQuery(c).where('payouts.id', '=', id).executeTakeFirstOrThrow();
  publishCommitted(c.var.hub, {
    changes: new ChangeSet().add(
      { kind: 'payout', id, status: row.status, order_id: row.order_id, reference: row.order_reference },
      [row.artist_id, ...(await adminIds(db))],
    ),
  });
  return ok(c, toAdminPayout(row), lifecycleMessages.payoutPaid);
}
