import type * as v from 'valibot';
import { type CheckoutAnswer, type checkoutSchema, type OrderPaymentState, orderMessages } from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { OrderRow, PaymentRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { findOrderForCustomer } from '../orders/orders.repository';
import { addOnsOf, pesos } from '../orders/pricing';
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

/** What the result page shows for the order's newest attempt and the order itself. */
function paymentStateOf(
  order: Pick<
    OrderRow,
    | 'id'
    | 'reference'
    | 'status'
    | 'price_centavos'
    | 'occasion_name'
    | 'recipient_first_name'
    | 'rush'
    | 'rush_centavos'
    | 'extra_revisions'
    | 'extra_revisions_centavos'
  >,
  latest: Pick<PaymentRow, 'status' | 'refno'> | undefined,
  offers: { rate_centavos: number | null; stage_name: string | null; first_name: string }[],
): OrderPaymentState {
  const payable = order.status === 'awaiting_payment';
  let state: OrderPaymentState['state'];
  if (!payable) state = order.status === 'cancelled' || order.status === 'disputed' ? 'closed' : 'paid';
  else if (!latest) state = 'unpaid';
  else if (latest.status === 'pending') state = 'waiting';
  else if (latest.status === 'cancelled' || latest.status === 'voided') state = 'cancelled';
  // Succeeded and not yet moved, or held for another amount until an admin decides: not paid, not failed.
  else if (latest.status === 'succeeded' || latest.status === 'held') state = 'waiting';
  else state = 'failed';
  return {
    order_id: order.id,
    order_reference: order.reference,
    order_status: order.status,
    payment_status: latest?.status ?? null,
    payment_reference: latest?.refno ?? null,
    state,
    payable,
    amount: pesos(order.price_centavos),
    // An offer without its own rate was made at the order's price.
    artist_rates: offers.map((o) => pesos(o.rate_centavos ?? order.price_centavos)),
    add_ons: addOnsOf(order),
    occasion_name: order.occasion_name,
    recipient_first_name: order.recipient_first_name,
    artist_names: offers.map((o) => o.stage_name ?? o.first_name),
  };
}

/**
 * GET /api/v1/user/orders/{id}/payment-state: the result page reads the server, never the URL. The
 * order is paid only once a verified callback moved it; until then the newest attempt says whether the
 * money is still on its way (`waiting`), failed or was cancelled. Another customer's order is a 404.
 */
export async function paymentState(c: AppContext, orderId: number) {
  const { db } = c.var;
  const order = await findOrderForCustomer(db, currentAuth(c).user.id, orderId);
  if (!order) throw new ApiError(404, orderMessages.orderNotFound);
  const latest = await db
    .selectFrom('payments')
    .select(['status', 'refno'])
    .where('order_id', '=', order.id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const offers = await db
    .selectFrom('order_artists')
    .innerJoin('users', 'users.id', 'order_artists.artist_id')
    .select(['order_artists.rate_centavos', 'users.stage_name', 'users.first_name'])
    .where('order_artists.order_id', '=', order.id)
    .orderBy('order_artists.rank')
    .execute();
  c.header('Cache-Control', 'no-store');
  return ok(c, paymentStateOf(order, latest, offers));
}
