import type { Transaction } from 'kysely';
import { formatPeso } from '../../contracts/format';
import { notificationTexts } from '../../contracts/notifications';
import { type PaymentExceptionKind, paymentExceptionMessages } from '../../contracts/payment-exceptions';
import { alertAdmins } from '../admin/admin-alerts';
import type { DB, OrderRow, PaymentRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { LifecycleSettings } from '../lifecycle/order-actions';
import { type AttemptResult, stepAttempt } from './attempts';
import { amountText } from './provider';

// Verified money that cannot simply count (docs/decisions.md "Payment exceptions"). The payment-attempt
// machine decides what happens to the money (held, refunded, accepted); this file keeps the admins'
// record of it (payment_exceptions), alerts them, and carries out their decision.

type Trx = Transaction<DB>;

/** What the provider says it took. */
export interface Received {
  centavos: number | null;
  currency: string | null;
}

/** "₱2,500.00", or "USD 25.00" for another currency; "an unknown amount" when the provider did not say. */
function moneyText(centavos: number | null, currency: string | null): string {
  if (centavos === null) return 'an unknown amount';
  return currency === 'PHP' || currency === null ? formatPeso(centavos) : `${currency} ${amountText(centavos)}`;
}

/** A success that ended in no money for its order: the order was cancelled, paid another way, or this checkout closed. */
const lateReasons = new Set(['paid_after_cancel', 'paid_twice', 'paid_after_void']);

export interface RecordedException {
  id: number;
  kind: PaymentExceptionKind;
  /** False when this payment already had its row (a repeated callback): nothing was written. */
  created: boolean;
  /** Admins alerted: wake their streams once committed. */
  notified: number[];
}

/**
 * After a verified success moved the payment (in the callback's transaction): the exception row the
 * machine's decision calls for, once per payment and kind, and the admins' alert. Held money waits open
 * for a decision; late money is already owed back whole, so its row is resolved at once, for the record.
 */
export async function recordCallbackException(
  trx: Trx,
  step: AttemptResult,
  received: Received,
  at: Date,
): Promise<RecordedException | null> {
  if (!step.decision.ok) return null;
  const effects = step.decision.effects;
  const payment = step.payment;
  let kind: PaymentExceptionKind;
  if (effects.some((e) => e.type === 'holdForDecision'))
    kind = received.currency !== null && received.currency !== payment.currency ? 'wrong_currency' : 'wrong_amount';
  else if (effects.some((e) => e.type === 'recordRefundOwed' && lateReasons.has(e.reason))) kind = 'late_success';
  else return null;

  const iso = at.toISOString();
  const automatic = kind === 'late_success';
  const inserted = await trx
    .insertInto('payment_exceptions')
    .values({
      payment_id: payment.id,
      order_id: payment.order_id,
      kind,
      expected_centavos: payment.amount_centavos,
      received_centavos: received.centavos,
      received_currency: received.currency,
      created_at: iso,
      resolved_at: automatic ? iso : null,
      resolution: automatic ? 'refunded_automatically' : null,
    })
    .onConflict((oc) => oc.columns(['payment_id', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await trx
      .selectFrom('payment_exceptions')
      .select('id')
      .where('payment_id', '=', payment.id)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    return { id: existing.id, kind, created: false, notified: [] };
  }

  const order = await trx.selectFrom('orders').selectAll().where('id', '=', payment.order_id).executeTakeFirstOrThrow();
  const expected = moneyText(payment.amount_centavos, payment.currency);
  const got = moneyText(received.centavos, received.currency);
  const text = automatic
    ? {
        title: 'Late payment owed back',
        body: `A payment of ${got} for order ${order.reference} arrived after its checkout closed. It is owed back to the customer: send the refund.`,
      }
    : notificationTexts.payment_exception({
        reference: order.reference,
        occasion: '',
        recipient: order.recipient_first_name,
      });
  const line = automatic
    ? `Order ${order.reference}: ${got} arrived after the checkout closed; refund owed.`
    : `Order ${order.reference}: ${got} arrived for a payment of ${expected}. Accept it or refund it.`;
  const notified = await alertAdmins(trx, {
    type: 'payment_exception',
    text,
    orderId: order.id,
    item: { kind: 'admin_payment_exception', data: { line, order_id: order.id } },
    key: `admin_payment_exception:payment${payment.id}:${kind}`,
    at,
  });
  return { id: inserted.id, kind, created: true, notified };
}

export interface Decision {
  exceptionId: number;
  action: 'accept' | 'refund';
  note: string;
  adminId: number;
  at: Date;
  settings: LifecycleSettings;
}

/** What the customer reads with the refund (mail quote, order page); the admin's own note stays here. */
function customerNote(action: Decision['action'], order: OrderRow, payment: PaymentRow): string {
  const paid = moneyText(payment.amount_centavos, payment.currency);
  return action === 'refund'
    ? `Your payment of ${paid} did not match the price of order ${order.reference} (${formatPeso(order.price_centavos)}), so it comes back to you whole. You can pay the order again.`
    : `You paid ${paid} for order ${order.reference}, which costs ${formatPeso(order.price_centavos)}: the difference comes back to you.`;
}

/**
 * An admin's decision on an open exception, in one transaction: the exception is claimed (404 unknown,
 * 409 already decided), the held payment takes the amount the provider really took, and the
 * payment-attempt machine decides (409 when "accept" is not allowed: the whole transaction rolls back).
 */
export async function resolvePaymentException(
  trx: Trx,
  decision: Decision,
): Promise<{ exceptionId: number; step: AttemptResult }> {
  const iso = decision.at.toISOString();
  const claimed = await trx
    .updateTable('payment_exceptions')
    .set({
      resolved_at: iso,
      resolved_by: decision.adminId,
      resolution: decision.action === 'accept' ? 'accepted' : 'refunded',
      note: decision.note,
    })
    .where('id', '=', decision.exceptionId)
    .where('resolved_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const exists = await trx
      .selectFrom('payment_exceptions')
      .select('id')
      .where('id', '=', decision.exceptionId)
      .executeTakeFirst();
    throw exists
      ? new ApiError(409, paymentExceptionMessages.alreadyResolved)
      : new ApiError(404, paymentExceptionMessages.notFound);
  }
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', claimed.order_id).executeTakeFirstOrThrow();
  // From here on the payment carries the money that really arrived: what is counted or owed back.
  const received = claimed.received_centavos;
  const payment =
    received !== null && received > 0
      ? await trx
          .updateTable('payments')
          .set({
            amount_centavos: received,
            currency: claimed.received_currency ?? order.currency,
            updated_at: iso,
          })
          .where('id', '=', claimed.payment_id)
          .where('status', '=', 'held')
          .returningAll()
          .executeTakeFirst()
      : undefined;
  const current =
    payment ??
    (await trx.selectFrom('payments').selectAll().where('id', '=', claimed.payment_id).executeTakeFirstOrThrow());
  const covers = current.currency === order.currency && current.amount_centavos >= order.price_centavos;
  const step = await stepAttempt(trx, {
    paymentId: claimed.payment_id,
    event:
      decision.action === 'accept'
        ? { type: 'admin.accepted', covers, order: 'awaiting_payment' }
        : { type: 'admin.refunded' },
    at: decision.at,
    settings: decision.settings,
    actor: { actor: 'admin', actorId: decision.adminId, note: customerNote(decision.action, order, current) },
  });
  if (!step.decision.ok)
    throw new ApiError(
      409,
      current.status === 'held' ? paymentExceptionMessages.cannotAccept : paymentExceptionMessages.alreadyResolved,
    );
  return { exceptionId: claimed.id, step };
}
