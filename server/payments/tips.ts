import type { Kysely, Transaction } from 'kysely';
import { orderMessages } from '../../contracts/order';
import { type OrderTips, type Tip, type TipBody, type TipCheckout, tipMessages } from '../../contracts/tips';
import { decideTip, tipProviderEvent } from '../../machines/tip-payment';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, OrderRow, TipRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { enqueueTipMail } from '../mail/money-mails';
import { adminIds, ChangeSet, publishCommitted } from '../notifications/live-changes';
import { findOrderForCustomer } from '../orders/orders.repository';
import { pesos } from '../orders/pricing';
import { notifyAbout } from './attempts';
import type { CallbackDeps, CallbackOutcome } from './callbacks';
import { newTxnid } from './ids';
import { paymentMessages } from './payment-messages';
import { recordCallback } from './payments.repository';
import { type CallbackFields, type PaymentProvider, ProviderError, type VerifiedCallback } from './provider';

// Tips (docs/decisions.md "Tips"): a customer thanks the artist of an accepted song with money, paid at
// the same provider as orders, through the same signed callbacks. A tip has its own row and txnid (not a
// payment of the order: the order's payments, refunds and result page stay what they were); the amount
// charged is the one stored here when the tip is made. Once paid, the whole tip is a payout of its own.

type Executor = Kysely<DB> | Transaction<DB>;

const tipOf = (row: TipRow): Tip => ({
  id: row.id,
  amount: pesos(row.amount_centavos),
  status: row.status,
  created_at: row.created_at,
  paid_at: row.paid_at,
});

/** Tips can be given once the customer accepted the song (the order is completed) and it has an artist. */
const canTip = (order: Pick<OrderRow, 'status' | 'artist_id'>) =>
  order.status === 'completed' && order.artist_id !== null;

export const findTipByTxnid = (db: Executor, txnid: string) =>
  db.selectFrom('tips').selectAll().where('txnid', '=', txnid).executeTakeFirst();

async function ownOrder(c: AppContext, orderId: number) {
  const order = await findOrderForCustomer(c.var.db, currentAuth(c).user.id, orderId);
  if (!order) throw new ApiError(404, orderMessages.orderNotFound);
  return order;
}

/** GET /user/orders/{id}/tips: the order's tips, newest first. Another customer's order is a 404. */
export async function listTips(c: AppContext, orderId: number) {
  const order = await ownOrder(c, orderId);
  const rows = await c.var.db
    .selectFrom('tips')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  c.header('Cache-Control', 'no-store');
  return ok(c, { can_tip: canTip(order), items: rows.map(tipOf) } satisfies OrderTips);
}

/**
 * POST /user/orders/{id}/tips: a new tip (pending) of the validated amount, started with the provider.
 * The amount is stored here; the provider is asked for exactly it and its callback must match it.
 */
export async function startTip(c: AppContext, provider: PaymentProvider, orderId: number, body: TipBody) {
  const { db, clock, logger } = c.var;
  const { user } = currentAuth(c);
  const order = await ownOrder(c, orderId);
  if (!canTip(order)) throw new ApiError(409, tipMessages.notAccepted);
  if (!provider.methods.includes(body.paymentMethod))
    throw fieldError(paymentMessages.methodUnavailable, 'paymentMethod');

  const at = clock.now().toISOString();
  const tip = await db
    .insertInto('tips')
    .values({
      order_id: order.id,
      customer_id: user.id,
      artist_id: order.artist_id as number,
      amount_centavos: body.amount * 100,
      currency: order.currency,
      provider: provider.name,
      method: body.paymentMethod,
      txnid: newTxnid(),
      refno: null,
      raw_status: null,
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  let created: TipCheckout['payment'];
  try {
    created = await provider.createPayment(
      {
        txnid: tip.txnid,
        orderId: order.id,
        orderReference: order.reference,
        amountCentavos: tip.amount_centavos,
        currency: 'PHP',
        description: `Labsongs tip for song order ${order.reference}`,
      },
      body.paymentMethod,
      { email: user.email, name: `${user.first_name} ${user.last_name}`.trim() },
    );
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await db
      .updateTable('tips')
      .set({ status: 'failed', raw_status: 'create_failed', updated_at: clock.now().toISOString() })
      .where('id', '=', tip.id)
      .where('status', '=', 'pending')
      .execute();
    logger.warn('tip could not be started', { provider: provider.name, txnid: tip.txnid, ...error.detail });
    throw new ApiError(502, error.message);
  }
  const started = await db
    .updateTable('tips')
    .set({ refno: created.RefNo, raw_status: created.Status, updated_at: clock.now().toISOString() })
    .where('id', '=', tip.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  logger.info('tip started', { provider: provider.name, txnid: tip.txnid, order_id: order.id });
  const answer: TipCheckout = {
    tip: tipOf(started),
    payment: { Url: created.Url, RefNo: created.RefNo, Status: created.Status },
  };
  return ok(c, answer, tipMessages.started, 201);
}

/**
 * A verified callback for a tip (callbacks.ts found no order payment with its txnid). The same rules as
 * an order's payment: a success counts only for the stored amount and currency (asked of the provider's
 * own records when the callback does not sign them); machines/tip-payment.machine.ts decides with the
 * tip row locked; a paid tip is credited once (payouts.tip_id is unique) however often its callback comes.
 */
export async function handleTipCallback(
  deps: CallbackDeps,
  provider: PaymentProvider,
  tip: TipRow,
  verified: VerifiedCallback,
  fields: CallbackFields,
): Promise<CallbackOutcome> {
  const { db, clock, logger } = deps;
  const record = (executor: Executor) =>
    recordCallback(executor, {
      paymentId: null,
      provider: provider.name,
      txnid: tip.txnid,
      status: verified.rawStatus,
      verified: true,
      fields,
      at: clock.now().toISOString(),
    });
  let target = verified.status;
  let amount = verified.amountCentavos;
  let currency = verified.currency;
  if (target === 'succeeded' && (amount === null || currency === null) && provider.lookUp) {
    try {
      const known = await provider.lookUp(verified.txnid);
      amount = known.amountCentavos;
      currency = known.currency;
      target = known.status;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      await record(db);
      logger.warn('tip callback not confirmed: provider unreachable', { provider: provider.name, txnid: tip.txnid });
      return { kind: 'unavailable' };
    }
  }
  const amountMatches = amount === tip.amount_centavos && currency === tip.currency;
  const event = target === null ? null : tipProviderEvent(target, amountMatches);

  const notified: number[] = [];
  const changes = new ChangeSet();
  const outcome = await db.transaction().execute(async (trx) => {
    await record(trx);
    // Lock the tip row (a portable write lock) and read it again: another callback may have moved it.
    const current = await trx
      .updateTable('tips')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', tip.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const decision = event ? decideTip(current.status, event) : ({ ok: false, reason: 'unknown status' } as const);
    if (!decision.ok || (!decision.changed && current.raw_status === verified.rawStatus)) {
      logger.info('tip callback changed nothing', {
        provider: provider.name,
        txnid: tip.txnid,
        ignored: decision.ok ? 'repeated' : decision.reason,
      });
      return { moved: current, changed: false };
    }
    const at = clock.now();
    const moved = await trx
      .updateTable('tips')
      .set({
        status: decision.to,
        raw_status: verified.rawStatus,
        ...(verified.refno ? { refno: verified.refno } : {}),
        ...(decision.effects.includes('creditArtist') ? { paid_at: at.toISOString() } : {}),
        updated_at: at.toISOString(),
      })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (decision.effects.includes('creditArtist')) {
      notified.push(...(await creditArtist(trx, moved, at, changes)));
    }
    if (decision.effects.includes('holdTip')) {
      logger.warn('tip held: amount or currency differs, nothing credited', {
        provider: provider.name,
        txnid: tip.txnid,
        order_id: tip.order_id,
        expected: { amount_centavos: tip.amount_centavos, currency: tip.currency },
        received: { amount_centavos: amount, currency },
      });
    }
    logger.info('tip moved', { provider: provider.name, txnid: tip.txnid, from: current.status, to: moved.status });
    return { moved, changed: decision.changed };
  });
  publishCommitted(deps.hub, { notified, changes });
  return { kind: 'tip', tip: outcome.moved, changed: outcome.changed };
}

/** The whole tip as the artist's payout of its own, the artist's notification and mail; once per tip. */
async function creditArtist(trx: Transaction<DB>, tip: TipRow, at: Date, changes: ChangeSet): Promise<number[]> {
  const payout = await trx
    .insertInto('payouts')
    .values({
      artist_id: tip.artist_id,
      order_id: tip.order_id,
      amount_centavos: tip.amount_centavos,
      tip_id: tip.id,
      created_at: at.toISOString(),
    })
    .onConflict((oc) => oc.column('tip_id').doNothing())
    .returning(['id', 'status'])
    .executeTakeFirst();
  if (!payout) return [];
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', tip.order_id).executeTakeFirstOrThrow();
  changes.add(
    { kind: 'payout', id: payout.id, status: payout.status, order_id: order.id, reference: order.reference },
    [tip.artist_id, ...(await adminIds(trx))],
  );
  await enqueueTipMail(trx, order, tip, at);
  return notifyAbout(trx, order, [tip.artist_id], 'tip_received', at.toISOString());
}

/** Marks still-pending tips expired when nobody paid them in time (the maintenance job). */
export async function expireStaleTips(db: Kysely<DB>, at: Date, maxAgeMs: number): Promise<number> {
  const before = new Date(at.getTime() - maxAgeMs).toISOString();
  const decision = decideTip('pending', { type: 'system.expired' });
  if (!decision.ok) return 0;
  const moved = await db
    .updateTable('tips')
    .set({ status: decision.to, updated_at: at.toISOString() })
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

/** Where the browser goes after paying a tip: the order's page, which reads the tip from the server. */
export function tipReturnUrl(publicUrl: string, orderId: number): string {
  return `${publicUrl}/customer/account/orders/${Math.trunc(orderId)}`;
}

/** How the sandbox page shows a tip's status (its words are the payment's). */
export const tipPageStatus = (status: TipRow['status']) => (status === 'paid' ? ('succeeded' as const) : status);
