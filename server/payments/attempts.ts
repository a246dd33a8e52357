import { type Kysely, sql, type Transaction } from 'kysely';
import { type NotificationType, notificationTexts } from '../../contracts/notifications';
import { occasions, type RefundReason } from '../../contracts/order';
import { decidePayment, type PaymentDecision } from '../../machines/payment-attempt';
import type { OrderStanding, PaymentAttemptEvent } from '../../machines/payment-attempt.machine';
import type { DB, OrderEventActor, OrderRow, PaymentRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import { type LifecycleSettings, payOrder } from '../lifecycle/order-actions';
import { transitionOrder } from '../lifecycle/transition';
import { ChangeSet } from '../notifications/live-changes';
import { insertNotifications } from '../notifications/notifications.repository';
import { BATCH_ROWS, inBatches } from '../services/batches';
import { voidOpenAttempts } from './payments.repository';
import { recordProviderReturn, recordRefundOwed, refundedOn } from './refunds';

// Carries out what machines/payment-attempt.machine.ts decides, inside the caller's transaction with
// the order row locked (as server/lifecycle/transition.ts does for the order): the attempt's status,
// the order's lifecycle event, the other attempts voided, refunds and notifications commit together.

type Trx = Transaction<DB>;
type Executor = Kysely<DB> | Trx;

/** Locks the order row (the same portable write-lock as transition.ts) and answers it. */
async function lockOrderRow(trx: Executor, orderId: number): Promise<OrderRow | undefined> {
  return trx
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirst();
}

const standingOf = (order: Pick<OrderRow, 'status'>): OrderStanding =>
  order.status === 'awaiting_payment' ? 'awaiting_payment' : order.status === 'cancelled' ? 'cancelled' : 'paid';

export interface AttemptStep {
  paymentId: number;
  /** The event; a `provider.succeeded` has its `order` filled in here, under the lock. */
  event: PaymentAttemptEvent;
  at: Date;
  settings: LifecycleSettings;
  /** The provider's own code and reference, when a callback brought them. */
  rawStatus?: string;
  refno?: string | null;
  /** Who records a refund owed (a cancellation names its actor). */
  actor?: { actor: OrderEventActor; actorId: number | null; note: string };
}

export interface AttemptResult {
  payment: PaymentRow;
  decision: PaymentDecision;
  orderPaid: boolean;
  /** Users with new notifications: publish once committed. */
  notified: number[];
  /** The live changes (order, offers, refund): publish once committed. */
  changes: ChangeSet;
}

/**
 * One step of one payment attempt: the order row is locked, the attempt re-read, the machine decides
 * with the order's standing, then the attempt moves and the decision's effects are written.
 */
export async function stepAttempt(trx: Trx, step: AttemptStep): Promise<AttemptResult> {
  const first = await trx.selectFrom('payments').selectAll().where('id', '=', step.paymentId).executeTakeFirstOrThrow();
  const order = await lockOrderRow(trx, first.order_id);
  if (!order) throw new ApiError(404, 'Order not found');
  // Read again under the lock: another callback may have moved it meanwhile.
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', step.paymentId)
    .executeTakeFirstOrThrow();
  const event: PaymentAttemptEvent =
    step.event.type === 'provider.succeeded' || step.event.type === 'admin.accepted'
      ? { ...step.event, order: standingOf(order) }
      : step.event;
  const decision = decidePayment(payment.status, event);
  if (!decision.ok) return { payment, decision, orderPaid: false, notified: [], changes: new ChangeSet() };
  const iso = step.at.toISOString();
  const sameCode = step.rawStatus === undefined || step.rawStatus === payment.raw_status;
  if (!decision.changed && sameCode)
    return { payment, decision, orderPaid: false, notified: [], changes: new ChangeSet() };
  const moved = await trx
    .updateTable('payments')
    .set({
      status: decision.to,
      ...(step.rawStatus !== undefined ? { raw_status: step.rawStatus } : {}),
      ...(step.refno ? { refno: step.refno } : {}),
      updated_at: iso,
    })
    .where('id', '=', payment.id)
    .returningAll()
    .executeTakeFirstOrThrow();

  const notified: number[] = [];
  const changes = new ChangeSet();
  let orderPaid = false;
  for (const effect of decision.effects) {
    if (effect.type === 'payOrder') {
      const paid = await payOrder(trx, {
        orderId: order.id,
        at: step.at,
        payload: { payment_id: moved.id, provider: moved.provider, txnid: moved.txnid, refno: moved.refno },
        settings: step.settings,
      });
      notified.push(...paid.notified);
      changes.items.push(...paid.changes.items);
      orderPaid = true;
      await voidOpenAttempts(trx, order.id, moved.id, step.at);
    } else if (effect.type === 'recordRefundOwed') {
      notified.push(...(await recordRefund(trx, order, moved, effect.reason, 'owed', step, changes)));
    } else if (effect.type === 'recordSurplusOwed') {
      // Accepted money above the price: what the order keeps is its price, the rest goes back.
      const surplus = moved.amount_centavos - order.price_centavos;
      if (surplus > 0)
        notified.push(...(await recordRefund(trx, order, moved, 'overpaid', 'owed', step, changes, surplus)));
    } else if (effect.type === 'stopOrder') {
      notified.push(...(await stopOrder(trx, order, moved, effect.reason, step, changes)));
    }
    // holdForDecision: the caller records the payment exception (server/payments/exceptions.ts).
  }
  return { payment: moved, decision, orderPaid, notified, changes };
}

/**
 * Marks still-pending attempts expired when nobody paid them in time (the maintenance job): what the
 * machine decides for a pending attempt, written a batch per statement (index payments_status_created).
 */
export async function expireStaleAttempts(db: Kysely<DB>, at: Date, maxAgeMs: number): Promise<number> {
  const decision = decidePayment('pending', { type: 'system.expired' });
  if (!decision.ok) return 0;
  const before = new Date(at.getTime() - maxAgeMs).toISOString();
  return inBatches(async () => {
    const batch = await db
      .selectFrom('payments')
      .select('id')
      .where('status', '=', 'pending')
      .where('created_at', '<', before)
      .limit(BATCH_ROWS)
      .execute();
    if (batch.length > 0)
      await db
        .updateTable('payments')
        .set({ status: decision.to, updated_at: at.toISOString() })
        .where(
          'id',
          'in',
          batch.map((r) => r.id),
        )
        // Paid between the two statements: not expired. Written `status || ''` so SQLite finds the rows by
        // id, not by walking every pending attempt's index entry.
        .where(sql<string>`status || ''`, '=', 'pending')
        .execute();
    return batch.length;
  });
}

function textsOf(order: OrderRow) {
  return {
    reference: order.reference,
    occasion: (occasions.find((o) => o.value === order.occasion_name)?.display ?? order.occasion_name).toLowerCase(),
    recipient: order.recipient_first_name,
  };
}

/** Notifications about one order to these people, in the caller's transaction; answers who to wake. */
export async function notifyAbout(trx: Trx, order: OrderRow, userIds: number[], type: NotificationType, at: string) {
  const rows = userIds.map((userId) => ({
    userId,
    type,
    orderId: order.id,
    ...notificationTexts[type](textsOf(order)),
  }));
  return insertNotifications(trx, rows, at);
}

/**
 * Money that must go back (`owed`, for an admin to send) or that the provider already took back
 * (`paid`): what is left of the payment after its earlier refunds (a price difference owed when a
 * cheaper artist accepted), so a payment is never refunded twice and a repeat changes nothing.
 */
async function recordRefund(
  trx: Trx,
  order: OrderRow,
  payment: PaymentRow,
  reason: RefundReason,
  status: 'owed' | 'paid',
  step: AttemptStep,
  changes: ChangeSet,
  /** At most this much (a surplus); otherwise all that is left. */
  upTo = Number.POSITIVE_INFINITY,
): Promise<number[]> {
  // The provider returned the payment itself: owed refunds of it are settled, never sent twice (refunds.ts).
  if (status === 'paid')
    return recordProviderReturn(trx, {
      order,
      payment,
      reasonCode: reason === 'charged_back' ? 'charged_back' : 'provider_refund',
      note: step.actor?.note ?? '',
      at: step.at,
      changes,
    });
  const left = Math.min(upTo, payment.amount_centavos - (await refundedOn(trx, payment.id)));
  if (left <= 0) return [];
  const owed = await recordRefundOwed(trx, {
    order,
    paymentId: payment.id,
    amountCentavos: left,
    reasonCode: reason,
    note: step.actor?.note ?? '',
    actor: step.actor?.actor ?? 'provider',
    actorId: step.actor?.actorId ?? null,
    at: step.at,
    changes,
  });
  return owed.notified;
}

/**
 * The provider took the money back after it paid the order: the lifecycle stops the order (cancelled
 * before work started, disputed after), and the reversal is recorded as a refund the provider made.
 */
async function stopOrder(
  trx: Trx,
  order: OrderRow,
  payment: PaymentRow,
  reason: RefundReason,
  step: AttemptStep,
  changes: ChangeSet,
): Promise<number[]> {
  const notified: number[] = [];
  try {
    const stopped = await transitionOrder(trx, {
      orderId: order.id,
      event: { type: 'payment_reversed', role: 'system' },
      actorId: null,
      payload: { payment_id: payment.id, reason },
      at: step.at,
      apply: async (t, current) => {
        await t
          .updateTable('order_artists')
          .set({ offer_status: 'withdrawn', responded_at: step.at.toISOString() })
          .where('order_id', '=', current.id)
          .where('offer_status', '=', 'pending')
          .execute();
        return current.status === 'offered' || current.status === 'needs_artist'
          ? { cancelled_at: step.at.toISOString() }
          : { disputed_at: step.at.toISOString() };
      },
    });
    notified.push(...stopped.notified);
    changes.items.push(...stopped.changes.items);
  } catch (error) {
    // The order was already stopped (cancelled, disputed): the reversal is still recorded below.
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
  notified.push(...(await recordRefund(trx, order, payment, reason, 'paid', step, changes)));
  return notified;
}
