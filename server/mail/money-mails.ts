import type { Kysely, Transaction } from 'kysely';
import type { DB, OrderRow, TipRow } from '../db/schema';
import { orderFactsOf } from './order-mails';
import { enqueueMail } from './queue';

// Mails for money events recorded outside an order transition. Each is one call inside the
// transaction that records the event:
//   await enqueuePayoutPaidMail(trx, payoutId, at);   // where a payout is marked paid
//   await enqueueRefundRecordedMail(trx, refundId, at); // where a refund is recorded owed
//   await enqueueRefundMovedMail(trx, refundId, 'sent' | 'failed', at); // where an admin records a transfer

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

/**
 * The customer's mail when an admin records the refund's transfer (essential): `sent` with amount,
 * date, method and reference; `failed` saying the team is on it. Once per refund and move (a refund
 * that failed, was retried and failed again is mailed each time).
 */
export async function enqueueRefundMovedMail(
  trx: Executor,
  refundId: number,
  to: 'sent' | 'failed',
  at: Date,
): Promise<void> {
  const refund = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
  if (!refund) return;
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', refund.order_id).executeTakeFirstOrThrow();
  const facts = await orderFactsOf(trx, order);
  const iso = at.toISOString();
  await enqueueMail(
    trx,
    { userId: order.customer_id },
    to === 'sent'
      ? {
          kind: 'refund_sent',
          data: {
            order: facts,
            amount_centavos: refund.amount_centavos,
            sent_at: refund.paid_at ?? iso,
            method: refund.method ?? '',
            reference: refund.reference ?? '',
          },
          key: `refund_sent:refund${refundId}`,
          at,
        }
      : {
          kind: 'refund_failed',
          data: { order: facts, amount_centavos: refund.amount_centavos },
          key: `refund_failed:refund${refundId}:${iso}`,
          at,
        },
  );
}

/** The artist's "you received a tip" mail (a thank-you note: the artist may turn it off). Once per tip. */
export async function enqueueTipMail(trx: Executor, order: OrderRow, tip: TipRow, at: Date): Promise<void> {
  await enqueueMail(
    trx,
    { userId: tip.artist_id },
    {
      kind: 'tip_received',
      data: { order: await orderFactsOf(trx, order), amount_centavos: tip.amount_centavos },
      key: `tip_received:tip${tip.id}`,
      at,
    },
  );
}
