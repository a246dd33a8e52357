import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { orderFactsOf } from './order-mails';
import { enqueueMail } from './queue';

// Mails for money events recorded outside an order transition. Each is one call inside the
// transaction that records the event:
//   await enqueuePayoutPaidMail(trx, payoutId, at);   // where a payout is marked paid
//   await enqueueRefundRecordedMail(trx, refundId, at); // where a refund row is inserted on its own

type Executor = Kysely<DB> | Transaction<DB>;

/** The artist's "payout sent" mail (essential: always sent). Once per payout. */
export async function enqueuePayoutPaidMail(trx: Executor, payoutId: number, at: Date): Promise<void> {
  const payout = await trx
    .selectFrom('payouts')
    .innerJoin('orders', 'orders.id', 'payouts.order_id')
    .select([
      'payouts.artist_id',
      'payouts.amount_centavos',
      'payouts.reference',
      'orders.reference as order_reference',
    ])
    .where('payouts.id', '=', payoutId)
    .executeTakeFirst();
  if (!payout) return;
  await enqueueMail(
    trx,
    { userId: payout.artist_id },
    {
      kind: 'payout_paid',
      data: { amount_centavos: payout.amount_centavos, reference: payout.reference, orders: [payout.order_reference] },
      key: `payout_paid:payout${payoutId}`,
      at,
    },
  );
}

/** The customer's "refund recorded" mail (essential). Once per refund. */
export async function enqueueRefundRecordedMail(trx: Executor, refundId: number, at: Date): Promise<void> {
  const refund = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
  if (!refund) return;
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', refund.order_id).executeTakeFirstOrThrow();
  await enqueueMail(
    trx,
    { userId: order.customer_id },
    {
      kind: 'refund_recorded',
      data: { order: await orderFactsOf(trx, order), amount_centavos: refund.amount_centavos, reason: refund.reason },
      key: `refund_recorded:refund${refundId}`,
      at,
    },
  );
}
