import type { Transaction } from 'kysely';
import type * as v from 'valibot';
import {
  type AdminOrder,
  type AdminPayout,
  type AdminRefund,
  type adminOrdersQuerySchema,
  type cancelSchema,
  lifecycleMessages,
  type markPaidSchema,
  type markRefundFailedSchema,
  type markRefundSentSchema,
  type Page,
  type payoutsQuerySchema,
  type RevealedPayoutDestination,
  type reassignSchema,
  type refundsQuerySchema,
  type revisionNotesSchema,
} from '../../contracts/lifecycle';
import { orderMessages } from '../../contracts/order';
import { refundStateOf, storedStatusOf } from '../../machines/refund';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, OrderRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { enqueuePayoutPaidMail } from '../mail/money-mails';
import { adminIds, ChangeSet, publishCommitted } from '../notifications/live-changes';
import { findOrderById } from '../orders/orders.repository';
import { pesos } from '../orders/pricing';
import { notifyAbout } from '../payments/attempts';
import { type AdminRefundMove, moveRefund } from '../payments/refunds';
import { assertPayableAccount, changedRecently } from '../services/payout-account';
import { cancelOrder, reassignOrder, requestRevision, validateRecording } from './order-actions';
import { listAdminOrders } from './order-lists';
import { loadRelations, toAdminOrder } from './order-views';
import { lifecycleSettingsOf } from './settings';
import type { TransitionResult } from './transition';

async function adminOrders(c: AppContext, rows: OrderRow[]): Promise<AdminOrder[]> {
  const { db, media, clock } = c.var;
  const relations = await loadRelations(db, rows, { role: 'team', userId: currentAuth(c).user.id });
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
 * POST /orders/{id}/reassign {artist_id, reason}: offers an order needing an artist, overdue work, or
 * work whose artist left or was suspended, to another approved artist who is neither suspended nor
 * deactivated (online or not: the offer waits for them). The customer is mailed.
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
    reassignOrder(trx, { orderId: id, adminId, artistId: artist.id, reason: body.reason, at, settings }),
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
      'orders.status as order_status',
      'users.user_id as artist_public_id',
      'users.stage_name',
      'users.email',
      'artist_payouts.bank_name',
      'artist_payouts.account_name',
      'artist_payouts.account_last4',
      'artist_payouts.changed_at as account_changed_at',
      'artist_payouts.holder_review',
    ]);
}

type PayoutJoined = Awaited<ReturnType<ReturnType<typeof payoutsQuery>['executeTakeFirstOrThrow']>>;
type Reveals = Map<number, AdminPayout['reveals']>;

/** The audit of reveals for these payouts, oldest first, with the admin's name. */
async function revealsOf(c: AppContext, payoutIds: number[]): Promise<Reveals> {
  const map: Reveals = new Map();
  if (payoutIds.length === 0) return map;
  const rows = await c.var.db
    .selectFrom('payout_reveals')
    .leftJoin('users', 'users.id', 'payout_reveals.admin_id')
    .select(['payout_reveals.payout_id', 'payout_reveals.created_at', 'users.first_name', 'users.last_name'])
    .where('payout_reveals.payout_id', 'in', payoutIds)
    .orderBy('payout_reveals.id')
    .execute();
  for (const row of rows) {
    const admin = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || 'A former admin';
    map.set(row.payout_id, [...(map.get(row.payout_id) ?? []), { admin, at: row.created_at }]);
  }
  return map;
}

const toAdminPayout = (p: PayoutJoined, reveals: Reveals, now: Date): AdminPayout => ({
  id: p.id,
  order_reference: p.order_reference,
  order_status: p.order_status,
  amount: pesos(p.amount_centavos),
  status: p.status,
  created_at: p.created_at,
  paid_at: p.paid_at,
  reference: p.reference,
  artist: { id: p.artist_public_id, stage_name: p.stage_name ?? '', email: p.email },
  // Only the last four digits leave the server here; the whole number only through POST /reveal.
  payout_details:
    p.bank_name && p.account_name && p.account_last4
      ? {
          bank_name: p.bank_name,
          account_name: p.account_name,
          account_last4: p.account_last4,
          changed_at: p.account_changed_at,
          recently_changed: changedRecently(p.account_changed_at, now),
          holder_review: p.holder_review,
        }
      : null,
  reveals: reveals.get(p.id) ?? [],
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
  const page = rows.slice(0, query.limit);
  const reveals = await revealsOf(
    c,
    page.map((p) => p.id),
  );
  const now = c.var.clock.now();
  const items = page.map((p) => toAdminPayout(p, reveals, now));
  const body: Page<AdminPayout> = {
    items,
    next_cursor: rows.length > query.limit ? String(items.at(-1)?.id) : null,
  };
  return ok(c, body);
}

async function onePayout(c: AppContext, id: number): Promise<AdminPayout> {
  const row = await payoutsQuery(c).where('payouts.id', '=', id).executeTakeFirstOrThrow();
  return toAdminPayout(row, await revealsOf(c, [id]), c.var.clock.now());
}

/** A payout whose order was disputed or cancelled after completion is held: nothing is released. */
const isHeld = (orderStatus: string) => orderStatus !== 'completed';

/**
 * POST /payouts/{id}/mark-paid: once; a second call is a 409 and changes nothing. The artist is told
 * (payout_paid) in the same transaction.
 */
export async function markPaid(c: AppContext, id: number, body: v.InferOutput<typeof markPaidSchema>) {
  const { db, clock, hub } = c.var;
  const at = clock.now().toISOString();
  const { notified, changes } = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('payouts')
      .innerJoin('orders', 'orders.id', 'payouts.order_id')
      .select(['payouts.status', 'payouts.artist_id', 'orders.status as order_status'])
      .where('payouts.id', '=', id)
      .executeTakeFirst();
    if (!existing) throw new ApiError(404, lifecycleMessages.payoutNotFound);
    if (existing.status === 'pending') await assertPayableAccount(trx, existing.artist_id);
    if (existing.status === 'pending' && isHeld(existing.order_status))
      throw new ApiError(409, lifecycleMessages.payoutHeld);
    const moved = await trx
      .updateTable('payouts')
      .set({ status: 'paid', paid_at: at, paid_by: currentAuth(c).user.id, reference: body.reference || null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!moved) throw new ApiError(409, lifecycleMessages.payoutAlreadyPaid);
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', moved.order_id).executeTakeFirstOrThrow();
    await enqueuePayoutPaidMail(trx, moved.id, new Date(at));
    return {
      notified: await notifyAbout(trx, order, [moved.artist_id], 'payout_paid', at),
      changes: new ChangeSet().add(
        { kind: 'payout', id: moved.id, status: moved.status, order_id: order.id, reference: order.reference },
        [moved.artist_id, ...(await adminIds(trx))],
      ),
    };
  });
  publishCommitted(hub, { notified, changes });
  return ok(c, await onePayout(c, id), lifecycleMessages.payoutPaid);
}

/**
 * POST /payouts/{id}/reveal: the artist's full payout destination, so the admin can make the transfer.
 * An explicit action: every reveal is written to payout_reveals (who, when, which artist) and shown on
 * the payout. The answer is never cached.
 */
export async function revealPayout(c: AppContext, id: number) {
  const { db, clock, payouts, logger } = c.var;
  const admin = currentAuth(c).user;
  const row = await db
    .selectFrom('payouts')
    .leftJoin('artist_payouts', 'artist_payouts.user_id', 'payouts.artist_id')
    .select([
      'payouts.id',
      'payouts.artist_id',
      'artist_payouts.bank_name',
      'artist_payouts.account_name',
      'artist_payouts.account_number_enc',
    ])
    .where('payouts.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, lifecycleMessages.payoutNotFound);
  if (!row.bank_name || !row.account_name || !row.account_number_enc)
    throw new ApiError(409, lifecycleMessages.payoutNoDestination);
  const accountNumber = payouts.decrypt(row.account_number_enc);
  const at = clock.now().toISOString();
  await db
    .insertInto('payout_reveals')
    .values({ payout_id: row.id, artist_id: row.artist_id, admin_id: admin.id, created_at: at })
    .execute();
  // The audit line names who looked, never the number.
  logger.info('payout destination revealed', { payout_id: row.id, artist_id: row.artist_id, admin_id: admin.id });
  c.header('Cache-Control', 'no-store');
  const body: RevealedPayoutDestination = {
    payout_id: row.id,
    bank_name: row.bank_name,
    account_name: row.account_name,
    account_number: accountNumber,
    revealed_at: at,
  };
  return ok(c, body, lifecycleMessages.payoutRevealed);
}

// ---- Refunds (machines/refund.machine.ts decides each move: server/payments/refunds.ts) -------------

function refundsQuery(c: AppContext) {
  return c.var.db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .innerJoin('users', 'users.id', 'orders.customer_id')
    .selectAll('refunds')
    .select([
      'orders.reference as order_reference',
      'orders.status as order_status',
      'users.first_name',
      'users.last_name',
      'users.email',
    ]);
}
type RefundJoined = Awaited<ReturnType<ReturnType<typeof refundsQuery>['executeTakeFirstOrThrow']>>;

const toAdminRefund = (r: RefundJoined): AdminRefund => ({
  id: r.id,
  order_id: r.order_id,
  order_reference: r.order_reference,
  order_status: r.order_status,
  payment_id: r.payment_id,
  amount: pesos(r.amount_centavos),
  currency: 'PHP',
  reason: r.reason_code,
  note: r.reason,
  status: refundStateOf(r.status),
  method: r.method,
  reference: r.reference,
  created_at: r.created_at,
  sent_at: r.paid_at,
  failed_at: r.failed_at,
  failure_reason: r.failure_reason,
  customer: { name: `${r.first_name} ${r.last_name}`.trim(), email: r.email },
});

/**
 * GET /refunds?status=owed|failed|sent: owed and failed oldest first (to send in order), sent newest
 * first. Keyset on id over the index refunds_status (status, id).
 */
export async function listRefunds(c: AppContext, query: v.InferOutput<typeof refundsQuerySchema>) {
  const direction = query.status === 'sent' ? 'desc' : 'asc';
  let q = refundsQuery(c).where('refunds.status', '=', storedStatusOf(query.status));
  if (query.cursor) q = q.where('refunds.id', direction === 'asc' ? '>' : '<', Number(query.cursor));
  const rows = await q
    .orderBy('refunds.id', direction)
    .limit(query.limit + 1)
    .execute();
  const items = rows.slice(0, query.limit).map(toAdminRefund);
  const body: Page<AdminRefund> = { items, next_cursor: rows.length > query.limit ? String(items.at(-1)?.id) : null };
  return ok(c, body);
}

/** One admin move of a refund, in one transaction; answers the refund as the refunds page lists it. */
async function moveRefundAs(c: AppContext, id: number, move: AdminRefundMove, message: string) {
  const { db, clock, hub } = c.var;
  const at = clock.now();
  const changes = new ChangeSet();
  const { notified } = await db
    .transaction()
    .execute((trx) => moveRefund(trx, { id, move, adminId: currentAuth(c).user.id, at, changes }));
  publishCommitted(hub, { notified, changes });
  const row = await refundsQuery(c).where('refunds.id', '=', id).executeTakeFirstOrThrow();
  return ok(c, toAdminRefund(row), message);
}

/** POST /refunds/{id}/mark-sent {method, reference}: owed or failed → sent; the customer is told and mailed. */
export const markRefundSent = (c: AppContext, id: number, body: v.InferOutput<typeof markRefundSentSchema>) =>
  moveRefundAs(c, id, { type: 'admin.sent', ...body }, lifecycleMessages.refundSent);

/** POST /refunds/{id}/mark-failed {reason}: owed → failed; the customer is told the team is on it. */
export const markRefundFailed = (c: AppContext, id: number, body: v.InferOutput<typeof markRefundFailedSchema>) =>
  moveRefundAs(c, id, { type: 'admin.failed', reason: body.reason }, lifecycleMessages.refundFailed);

/** POST /refunds/{id}/retry: failed → owed, back in the refunds to send. */
export const retryRefund = (c: AppContext, id: number) =>
  moveRefundAs(c, id, { type: 'admin.retry' }, lifecycleMessages.refundRetried);
