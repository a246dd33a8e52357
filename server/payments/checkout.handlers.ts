import type * as v from 'valibot';
import { serverMessages } from '../../contracts/messages';
import { type CheckoutAnswer, type checkoutSchema, orderMessages } from '../../contracts/order';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { findOrderForCustomer } from '../orders/orders.repository';
import { newTxnid } from './ids';
import { paymentMessages } from './payment-messages';
import { insertPayment, setProviderAnswer } from './payments.repository';
import { type PaymentProvider, ProviderError } from './provider';

type CheckoutBody = v.InferOutput<typeof checkoutSchema>;

/**
 * POST /api/v1/user/order/{id}/checkout: a new payment attempt (its own txnid, pending) for the
 * order's server-side price, started with the configured provider. Each call is a new attempt, so a
 * customer who closed the provider's page can pay again; only a verified callback marks the order.
 */
export async function checkout(c: AppContext, provider: PaymentProvider, orderId: number, body: CheckoutBody) {
  const { db, clock, logger } = c.var;
  const { user } = currentAuth(c);

  const order = await findOrderForCustomer(db, user.id, orderId);
  if (!order) throw new ApiError(404, serverMessages.notFound);
  if (order.status !== 'awaiting_payment') throw new ApiError(409, orderMessages.notPayable);
  if (!provider.methods.includes(body.paymentMethod)) {
    throw fieldError(paymentMessages.methodUnavailable, 'paymentMethod');
  }

  const at = clock.now().toISOString();
  const payment = await insertPayment(db, {
    order_id: order.id,
    provider: provider.name,
    method: body.paymentMethod,
    txnid: newTxnid(),
    refno: null,
    // Always the order's price as stored at commit: nothing from the request decides what is charged.
    amount_centavos: order.price_centavos,
    currency: order.currency,
    status: 'pending',
    raw_status: null,
    created_at: at,
    updated_at: at,
  });

  let created: CheckoutAnswer['payment'];
  try {
    created = await provider.createPayment(
      {
        txnid: payment.txnid,
        orderId: order.id,
        orderReference: order.reference,
        amountCentavos: payment.amount_centavos,
        currency: 'PHP',
        description: `Labsongs song order ${order.reference}`,
      },
      body.paymentMethod,
      { email: user.email, name: `${user.first_name} ${user.last_name}`.trim() },
    );
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const failedAt = clock.now().toISOString();
    await db
      .updateTable('payments')
      .set({ status: 'failed', raw_status: 'create_failed', updated_at: failedAt })
      .where('id', '=', payment.id)
      .where('status', '=', 'pending')
      .execute();
    logger.warn('payment could not be started', { provider: provider.name, txnid: payment.txnid, ...error.detail });
    throw new ApiError(502, error.message);
  }

  await setProviderAnswer(db, payment.id, created.RefNo, created.Status, clock.now().toISOString());
  logger.info('payment started', { provider: provider.name, txnid: payment.txnid, order_id: order.id });
  const answer: CheckoutAnswer = { payment: { Url: created.Url, RefNo: created.RefNo, Status: created.Status } };
  return ok(c, answer);
}
