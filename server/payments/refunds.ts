import type { Kysely, Transaction } from 'kysely';
import { formatPeso } from '../../contracts/format';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { type NotificationType, notificationTexts } from '../../contracts/notifications';
import { occasions, type RefundBrief, type RefundReason } from '../../contracts/order';
import { providerReturnMethod, refundLine } from '../../contracts/refunds';
import {
  decideRefund,
  type RefundEffect,
  type RefundEvent,
  type RefundState,
  refundStateOf,
  storedStatusOf,
} from '../../machines/refund';
import { alertAdmins } from '../admin/admin-alerts';
import type { DB, OrderEventActor, OrderRow, RefundRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { enqueueRefundMovedMail, enqueueRefundRecordedMail } from '../mail/money-mails';
import { adminIds, type ChangeSet } from '../notifications/live-changes';
import { insertNotifications } from '../notifications/notifications.repository';
import { recordOrderEvent } from '../orders/orders.repository';
import { pesos } from '../orders/pricing';

// Every refund moves here, decided by machines/refund.machine.ts: recorded owed (one helper for every
// path that owes money back), recorded sent by the provider, marked sent or failed by an admin,
// retried, or settled by a chargeback. Each move writes the row, the order's history, the customer's
// notification and mail, the admins' alert and the live change in the caller's transaction.

type Trx = Transaction<DB>;
type Executor = Kysely<DB> | Trx;

/** What was already refunded on a payment, owed, failed or sent (centavos). */
export async function refundedOn(db: Executor, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_centavos'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The refund's line for the customer (contracts/refunds.ts), from its stored row. */
const lineOf = (refund: RefundRow): string =>
  refundLine({
    status: refundStateOf(refund.status),
    amount: pesos(refund.amount_centavos),
    sent_at: refund.paid_at,
    method: refund.method,
    reference: refund.reference,
  });

/** A refund as the customer's screens list it (contracts/order.ts RefundBrief). */
export const toRefundBrief = (refund: RefundRow): RefundBrief => ({
  id: refund.id,
  amount: pesos(refund.amount_centavos),
  at: refund.created_at,
  reason: refund.reason_code,
  status: refundStateOf(refund.status),
  method: refund.method,
  reference: refund.reference,
  sent_at: refund.paid_at,
});

/** Writes each effect the machine decided for a refund that just moved; answers who to wake. */
async function carryOut(trx: Trx, refund: RefundRow, effects: RefundEffect[], at: Date): Promise<number[]> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', refund.order_id).executeTakeFirstOrThrow();
  const iso = at.toISOString();
  const notified: number[] = [];
  const tellCustomer = async (type: NotificationType) => {
    const text = notificationTexts[type]({ ...textsOf(order), refund: lineOf(refund) });
    notified.push(
      ...(await insertNotifications(trx, [{ userId: order.customer_id, type, orderId: order.id, ...text }], iso)),
    );
  };
  for (const effect of effects) {
    if (effect === 'tellOwed') {
      await enqueueRefundRecordedMail(trx, refund.id, at);
      await tellCustomer('refund_recorded');
    } else if (effect === 'tellSent') {
      await enqueueRefundMovedMail(trx, refund.id, 'sent', at);
      await tellCustomer('refund_paid');
    } else if (effect === 'tellFailed') {
      await enqueueRefundMovedMail(trx, refund.id, 'failed', at);
      await tellCustomer('refund_failed');
    } else {
      notified.push(...(await alertRefundOwed(trx, order, refund, at)));
    }
  }
  return notified;
}

/** The admins' alert for a refund to send: a notification each and a line in their next digest. */
function alertRefundOwed(trx: Trx, order: OrderRow, refund: RefundRow, at: Date): Promise<number[]> {
  return alertAdmins(trx, {
    type: 'refund_owed',
    text: notificationTexts.refund_owed(textsOf(order)),
    orderId: order.id,
    item: {
      kind: 'admin_refund_owed',
      data: {
        line: `${formatPeso(refund.amount_centavos)} to send back for order ${order.reference}`,
        order_id: order.id,
      },
    },
    key: `admin_refund_owed:refund${refund.id}`,
    at,
  });
}

function textsOf(order: OrderRow) {
  return {
    reference: order.reference,
    occasion: (occasions.find((o) => o.value === order.occasion_name)?.display ?? order.occasion_name).toLowerCase(),
    recipient: order.recipient_first_name,
  };
}

/** The refund's live change, for the customer's and every admin's open screens. */
async function addChange(
  trx: Trx,
  changes: ChangeSet,
  order: Pick<OrderRow, 'id' | 'reference' | 'customer_id'>,
  refund: RefundRow,
) {
  changes.add(
    {
      kind: 'refund',
      id: refund.id,
      status: refundStateOf(refund.status),
      order_id: order.id,
      reference: order.reference,
    },
    [order.customer_id, ...(await adminIds(trx))],
  );
}

export interface OwedRefund {
  order: OrderRow;
  paymentId: number;
  amountCentavos: number;
  reasonCode: RefundReason;
  /** Free text kept with it (a cancellation's reason, the price rule in words). */
  note: string;
  actor: OrderEventActor;
  actorId: number | null;
  at: Date;
  changes: ChangeSet;
}

/**
 * The one way money is recorded owed back to a customer, whatever the cause (a cancellation, a price
 * difference, a payment that cannot be kept): the row, the order's history, the customer's
 * notification and essential mail, and the admins' `refund_owed` alert. Answers the refund's id and
 * who to wake once committed.
 */
export async function recordRefundOwed(trx: Trx, input: OwedRefund): Promise<{ id: number; notified: number[] }> {
  const decision = decideRefund('new', { type: 'system.owed' });
  if (!decision.ok) throw new Error('refund machine: a new refund cannot be owed');
  const iso = input.at.toISOString();
  const refund = await trx
    .insertInto('refunds')
    .values({
      payment_id: input.paymentId,
      order_id: input.order.id,
      amount_centavos: input.amountCentavos,
      reason: input.note,
      reason_code: input.reasonCode,
      status: storedStatusOf(decision.to),
      actor: input.actor,
      actor_id: input.actorId,
      created_at: iso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await addChange(trx, input.changes, input.order, refund);
  await recordOrderEvent(trx, {
    orderId: input.order.id,
    type: 'refund_recorded',
    actor: input.actor,
    actorId: input.actorId,
    payload: { payment_id: input.paymentId, refund_id: refund.id, reason: input.reasonCode },
    at: iso,
  });
  return { id: refund.id, notified: await carryOut(trx, refund, decision.effects, input.at) };
}

/**
 * An artist whose rate is below what the customer paid accepted: the difference is owed back, against
 * the order's succeeded payment, in the acceptance's transaction.
 */
export async function recordPriceDifferenceRefund(
  trx: Trx,
  input: { order: OrderRow; artistId: number; amountCentavos: number; at: Date; changes: ChangeSet },
): Promise<number[]> {
  const { order } = input;
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'amount_centavos'])
    .where('order_id', '=', order.id)
    .where('status', '=', 'succeeded')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  // Only a provider's payment can be refunded; an order offered without one has nothing to give back.
  if (!payment) return [];
  const artist = await trx.selectFrom('users').select('stage_name').where('id', '=', input.artistId).executeTakeFirst();
  const accepted = order.price_centavos - input.amountCentavos;
  const owed = await recordRefundOwed(trx, {
    order,
    paymentId: payment.id,
    amountCentavos: input.amountCentavos,
    reasonCode: 'price_difference',
    note:
      `${artist?.stage_name ?? 'The artist'} took your order at their rate of ${formatPeso(accepted)}. ` +
      `You paid ${formatPeso(order.price_centavos)}, the highest rate of the artists you chose, so the difference comes back to you.`,
    actor: 'system',
    actorId: null,
    at: input.at,
    changes: input.changes,
  });
  return owed.notified;
}

/**
 * The provider returned a payment itself (a chargeback, a refund made at the provider). The rule that
 * keeps a customer from being refunded twice: the provider returned the whole payment, so every refund
 * of it still owed or failed is settled as sent by the provider (the machine's `provider.returned`),
 * and what the payment's refunds did not cover yet is recorded as one more refund, sent by the
 * provider. Refunds an admin already sent stay as they are: that money left twice, and the team
 * settles it with the provider. Answers who to wake.
 */
export async function recordProviderReturn(
  trx: Trx,
  input: {
    order: OrderRow;
    payment: { id: number; amount_centavos: number; refno: string | null };
    reasonCode: 'charged_back' | 'provider_refund';
    note: string;
    at: Date;
    changes: ChangeSet;
  },
): Promise<number[]> {
  const { order, payment, at } = input;
  const iso = at.toISOString();
  const method = providerReturnMethod[input.reasonCode];
  const event: RefundEvent = { type: 'provider.returned' };
  const open = await trx
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', payment.id)
    .where('status', 'in', ['owed', 'failed'])
    .orderBy('id')
    .execute();
  for (const refund of open) {
    const decision = decideRefund(refundStateOf(refund.status), event);
    if (!decision.ok) continue;
    const settled = await trx
      .updateTable('refunds')
      .set({ status: storedStatusOf(decision.to), method, reference: payment.refno, paid_at: iso, paid_by: null })
      .where('id', '=', refund.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await addChange(trx, input.changes, order, settled);
  }
  const left = payment.amount_centavos - (await refundedOn(trx, payment.id));
  if (left <= 0) return [];
  const decision = decideRefund('new', event);
  if (!decision.ok) return [];
  const refund = await trx
    .insertInto('refunds')
    .values({
      payment_id: payment.id,
      order_id: order.id,
      amount_centavos: left,
      reason: input.note,
      reason_code: input.reasonCode,
      status: storedStatusOf(decision.to),
      method,
      reference: payment.refno,
      paid_at: iso,
      actor: 'provider',
      actor_id: null,
      created_at: iso,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await addChange(trx, input.changes, order, refund);
  // A reversal is already in the order's history as the lifecycle's payment_reversed.
  return [];
}

/** An admin's move of one refund (POST /admin/refunds/{id}/mark-sent | mark-failed | retry). */
export type AdminRefundMove =
  | { type: 'admin.sent'; method: string; reference: string }
  | { type: 'admin.failed'; reason: string }
  | { type: 'admin.retry' };

/** The 409 each move gets when the refund's state does not take it. */
const refusalOf = { 'admin.sent': 'sent', 'admin.failed': 'failed', 'admin.retry': 'retry' } as const;

/**
 * Moves one refund as an admin asked, if the machine allows it from the refund's current state (the
 * row is locked first, so two admins cannot both send it): 404 when there is no such refund, 409 with
 * `lifecycleMessages.refundNotNow` when the state does not take the move. Answers the moved row and who to wake.
 */
export async function moveRefund(
  trx: Trx,
  input: {
    id: number;
    move: AdminRefundMove;
    adminId: number;
    at: Date;
    changes: ChangeSet;
  },
): Promise<{ refund: RefundRow; notified: number[] }> {
  const { move, at } = input;
  const iso = at.toISOString();
  // A write first: the row lock on PostgreSQL, the write lock on SQLite (as transition.ts locks an order).
  const current = await trx
    .updateTable('refunds')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', input.id)
    .returningAll()
    .executeTakeFirst();
  if (!current) throw new ApiError(404, lifecycleMessages.refundNotFound);
  const from: RefundState = refundStateOf(current.status);
  const decision = decideRefund(from, move);
  if (!decision.ok) throw new ApiError(409, lifecycleMessages.refundNotNow[refusalOf[move.type]]);
  const moved = await trx
    .updateTable('refunds')
    .set({
      status: storedStatusOf(decision.to),
      ...(move.type === 'admin.sent'
        ? { method: move.method, reference: move.reference, paid_at: iso, paid_by: input.adminId }
        : move.type === 'admin.failed'
          ? { failed_at: iso, failure_reason: move.reason }
          : {}),
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', moved.order_id).executeTakeFirstOrThrow();
  await recordOrderEvent(trx, {
    orderId: order.id,
    type:
      move.type === 'admin.sent' ? 'refund_paid' : move.type === 'admin.failed' ? 'refund_failed' : 'refund_retried',
    actor: 'admin',
    actorId: input.adminId,
    payload: {
      refund_id: moved.id,
      ...(move.type === 'admin.sent' ? { method: move.method, reference: move.reference } : {}),
      ...(move.type === 'admin.failed' ? { reason: move.reason } : {}),
    },
    at: iso,
  });
  await addChange(trx, input.changes, order, moved);
  return { refund: moved, notified: await carryOut(trx, moved, decision.effects, at) };
}
