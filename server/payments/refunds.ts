import type { Kysely, Transaction } from 'kysely';
import { formatPeso } from '../../contracts/format';
import type { DB, OrderRow } from '../db/schema';
import { enqueueRefundRecordedMail } from '../mail/money-mails';
import { adminIds, type ChangeSet } from '../notifications/live-changes';
import { recordOrderEvent } from '../orders/orders.repository';
import { notifyAbout } from './attempts';

// Refunds the order's own events owe (as opposed to money a provider sent that we must give back).

type Executor = Kysely<DB> | Transaction<DB>;

/** What was already refunded on a payment, owed or sent (centavos). */
export async function refundedOn(db: Executor, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_centavos'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * An artist whose rate is below what the customer paid accepted: the difference is owed back, against
 * the order's succeeded payment, in the acceptance's transaction. The customer is told (notification
 * and the essential refund mail) and the refund waits in the admin's Refunds like any other.
 */
export async function recordPriceDifferenceRefund(
  trx: Transaction<DB>,
  input: { order: OrderRow; artistId: number; amountCentavos: number; at: Date; changes: ChangeSet },
): Promise<number[]> {
  const { order, at } = input;
  const iso = at.toISOString();
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
  const refund = await trx
    .insertInto('refunds')
    .values({
      payment_id: payment.id,
      order_id: order.id,
      amount_centavos: input.amountCentavos,
      reason:
        `${artist?.stage_name ?? 'The artist'} took your order at their rate of ${formatPeso(accepted)}. ` +
        `You paid ${formatPeso(order.price_centavos)}, the highest rate of the artists you chose, so the difference comes back to you.`,
      reason_code: 'price_difference',
      status: 'owed',
      actor: 'system',
      actor_id: null,
      created_at: iso,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  input.changes.add({ kind: 'refund', id: refund.id, status: 'owed', order_id: order.id, reference: order.reference }, [
    order.customer_id,
    ...(await adminIds(trx)),
  ]);
  await enqueueRefundRecordedMail(trx, refund.id, at);
  await recordOrderEvent(trx, {
    orderId: order.id,
    type: 'refund_recorded',
    actor: 'system',
    actorId: null,
    payload: { payment_id: payment.id, reason: 'price_difference' },
    at: iso,
  });
  return notifyAbout(trx, order, [order.customer_id], 'refund_recorded', iso);
}
