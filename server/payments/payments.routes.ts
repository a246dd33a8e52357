import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { checkoutAnswer, orderPaymentStateAnswer } from '../../contracts/api/orders';
import { checkoutSchema } from '../../contracts/order';
import { requireAuth } from '../auth/require-auth';
import type { AppContext, AppEnv } from '../context';
import { clientIp } from '../http/client-ip';
import { validateJson } from '../http/validate-json';
import { lifecycleSettingsOf } from '../lifecycle/settings';
import { operation } from '../openapi/operation';
import { findOrderById } from '../orders/orders.repository';
import type { PaymentCallbackOutcome } from '../services/metrics';
import { type CallbackDeps, type CallbackOutcome, fieldsOf, handleCallback, readCallbackForm } from './callbacks';
import { checkout, paymentState } from './checkout.handlers';
import { txnidRoutePattern } from './ids';
import { findPaymentByTxnid } from './payments.repository';
import type { CallbackFields, PaymentProvider } from './provider';
import { checkoutPageFor, checkoutRedirect } from './redirects';
import { sandboxMessagePage, sandboxPayPage } from './sandbox.page';
import { type SandboxProvider, sandboxOutcomes } from './sandbox.provider';
import { findTipByTxnid, tipPageStatus, tipReturnUrl } from './tips';

const isSandbox = (provider: PaymentProvider): provider is SandboxProvider =>
  provider.name === 'sandbox' && 'postbackFor' in provider;

const depsOf = (c: AppContext): CallbackDeps => ({
  db: c.var.db,
  clock: c.var.clock,
  logger: c.var.logger,
  hub: c.var.hub,
  lifecycle: lifecycleSettingsOf(c.var.config),
});

/** Handles a callback (a provider's or the sandbox page's) and counts it in labsongs_payment_callbacks_total. */
async function takeCallback(c: AppContext, provider: PaymentProvider, fields: CallbackFields) {
  const count = (outcome: PaymentCallbackOutcome) =>
    c.var.metrics.paymentCallbacks.inc({ provider: provider.name, outcome });
  let outcome: CallbackOutcome;
  try {
    outcome = await handleCallback(depsOf(c), provider, fields);
  } catch (error) {
    count('error');
    throw error;
  }
  count(
    outcome.kind === 'accepted' || outcome.kind === 'tip' ? (outcome.changed ? 'moved' : 'unchanged') : outcome.kind,
  );
  return outcome;
}

/** How a provider expects to be answered: `result=OK` (text/plain) for a genuine callback, else a refusal. */
function callbackAnswer(c: AppContext, outcome: CallbackOutcome) {
  c.header('Cache-Control', 'no-store');
  if (outcome.kind === 'accepted' || outcome.kind === 'tip') return c.text('result=OK', 200);
  if (outcome.kind === 'unavailable') return c.text('result=FAIL_TRY_AGAIN', 503);
  return c.text(outcome.reason === 'unknown_txnid' ? 'result=FAIL_UNKNOWN_TXNID' : 'result=FAIL_DIGEST_MISMATCH', 400);
}

const htmlHeaders = { 'Cache-Control': 'no-store' };

/** A real postback is a few hundred bytes; anything much larger is refused before it is read. */
const POSTBACK_MAX_BYTES = 16 * 1024;

/**
 * Bounds what anyone can make the postback routes do: a per-client rate limit (counted before the body
 * is read) and a body cap. A provider sends a handful of postbacks per payment, far below the limit.
 */
const postbackGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { rateLimiter, config } = c.var;
  const rule = { name: 'postback-client', limit: config.rateLimits.postbackPerClient, windowSeconds: 60 };
  const state = await rateLimiter.hit(rule, clientIp(c, config.trustProxy));
  if (!state.allowed) {
    c.header('Retry-After', String(state.retryAfterSeconds));
    c.header('Cache-Control', 'no-store');
    return c.text('result=FAIL_TRY_AGAIN', 429);
  }
  return bodyLimit({
    maxSize: POSTBACK_MAX_BYTES,
    onError: (ctx) => ctx.text('result=FAIL_TOO_LARGE', 413),
  })(c, next);
};

/** POST /api/v1/user/order/{id}/checkout (mounted under /api/v1/user). */
export function createCheckoutRoutes(provider: PaymentProvider): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/order/:id{[0-9]{1,9}}/checkout',
    operation({
      summary: 'Start paying an order: answers where to send the browser',
      tags: 'Payments',
      auth: true,
      answers: { 200: checkoutAnswer },
      fails: [404, 409, 502, 503],
    }),
    requireAuth('user'),
    validateJson(checkoutSchema),
    (c) => checkout(c, provider, Number(c.req.param('id')), c.req.valid('json')),
  );
  routes.get(
    '/orders/:id{[0-9]{1,9}}/payment-state',
    operation({
      summary: "An order's payment state (polled by the checkout pages)",
      tags: 'Payments',
      auth: true,
      answers: { 200: orderPaymentStateAnswer },
      fails: [404],
    }),
    requireAuth('user'),
    (c) => paymentState(c, Number(c.req.param('id'))),
  );
  return routes;
}

/**
 * The sandbox page's buttons for a tip: pay, fail or cancel (a tip has no chargeback to simulate). The
 * signed postback goes through the same handler, then the browser goes back to the order's page.
 */
async function pressTipButton(c: AppContext, provider: SandboxProvider, action: string | undefined) {
  const { db, config } = c.var;
  const tip = await findTipByTxnid(db, c.req.param('txnid') ?? '');
  if (tip?.provider !== 'sandbox')
    return c.html(sandboxMessagePage('Payment not found', 'This payment link is not valid.'), 404, htmlHeaders);
  if (action !== 'pay' && action !== 'fail' && action !== 'cancel')
    return c.html(
      sandboxMessagePage('Choose an option', 'Use one of the buttons on the payment page.'),
      400,
      htmlHeaders,
    );
  const fields = provider.postbackFor({
    txnid: tip.txnid,
    refno: tip.refno ?? '',
    amountCentavos: tip.amount_centavos,
    currency: tip.currency,
    status: sandboxOutcomes[action],
  });
  await takeCallback(c, provider, fields);
  c.header('Cache-Control', 'no-store');
  return c.redirect(tipReturnUrl(config.publicUrl, tip.order_id), 303);
}

/**
 * The provider-facing routes (mounted at the root). Only the configured provider's routes exist: with
 * DragonPay configured the sandbox cannot pay anything, and the reverse.
 */
export function createPaymentRoutes(provider: PaymentProvider): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  if (provider.name === 'dragonpay') {
    // Server to server: the only way a DragonPay payment changes.
    routes.post(
      '/api/v1/payments/dragonpay/postback',
      operation({
        summary: "DragonPay's server-to-server postback (form fields, signed)",
        tags: 'Payment callbacks',
        answers: {
          200: { media: 'text/plain' },
          400: { media: 'text/plain' },
          413: { media: 'text/plain' },
          429: { media: 'text/plain' },
          503: { media: 'text/plain' },
        },
      }),
      postbackGuard,
      async (c) => callbackAnswer(c, await takeCallback(c, provider, await readCallbackForm(c.req.raw))),
    );
    // The browser coming back: verified like a postback, but it NEVER changes anything; it only
    // chooses which /checkout page to show.
    routes.get(
      '/api/v1/payments/dragonpay/return',
      operation({
        summary: "The browser's return from DragonPay: redirects to the checkout page",
        tags: 'Payment callbacks',
        answers: { 302: 'empty' },
      }),
      async (c) => {
        const { config, db, logger } = c.var;
        const fields = fieldsOf(new URL(c.req.url).searchParams);
        let target = checkoutRedirect(config.publicUrl, 'pending');
        try {
          const verified = fields ? await provider.verifyCallback(fields) : null;
          const payment = verified ? await findPaymentByTxnid(db, verified.txnid) : undefined;
          const tip = verified && !payment ? await findTipByTxnid(db, verified.txnid) : undefined;
          if (tip?.provider === 'dragonpay') target = tipReturnUrl(config.publicUrl, tip.order_id);
          else if (verified && payment && payment.provider === 'dragonpay') {
            target = checkoutRedirect(config.publicUrl, checkoutPageFor(verified.status), {
              orderId: payment.order_id,
              refno: verified.refno || payment.refno,
            });
          } else {
            logger.warn('payment return not verified', {
              provider: 'dragonpay',
              txnid: (fields?.txnid ?? '').slice(0, 64),
            });
          }
        } catch (error) {
          logger.warn('payment return not checked', { provider: 'dragonpay', error });
        }
        c.header('Cache-Control', 'no-store');
        return c.redirect(target, 302);
      },
    );
  }

  if (isSandbox(provider)) {
    routes.post(
      '/api/v1/payments/sandbox/postback',
      operation({
        summary: "The sandbox provider's postback (form fields, signed)",
        tags: 'Payment callbacks',
        answers: {
          200: { media: 'text/plain' },
          400: { media: 'text/plain' },
          413: { media: 'text/plain' },
          429: { media: 'text/plain' },
          503: { media: 'text/plain' },
        },
      }),
      postbackGuard,
      async (c) => callbackAnswer(c, await takeCallback(c, provider, await readCallbackForm(c.req.raw))),
    );

    const pagePath = `/payments/sandbox/:txnid{${txnidRoutePattern}}`;
    const notFoundPage = (c: AppContext) =>
      c.html(sandboxMessagePage('Payment not found', 'This payment link is not valid.'), 404, htmlHeaders);

    routes.get(
      pagePath,
      operation({
        summary: "The sandbox provider's pay page",
        tags: 'Payment callbacks',
        answers: { 200: { media: 'text/html' }, 404: { media: 'text/html' } },
      }),
      async (c) => {
        const { db, config } = c.var;
        const payment = await findPaymentByTxnid(db, c.req.param('txnid'));
        if (!payment) {
          const tip = await findTipByTxnid(db, c.req.param('txnid'));
          const tipOrder = tip?.provider === 'sandbox' ? await findOrderById(db, tip.order_id) : undefined;
          if (!tip || !tipOrder) return notFoundPage(c);
          const tipPage = sandboxPayPage({
            txnid: tip.txnid,
            refno: tip.refno,
            orderReference: tipOrder.reference,
            amountCentavos: tip.amount_centavos,
            currency: tip.currency,
            status: tipPageStatus(tip.status),
            returnUrl: tipReturnUrl(config.publicUrl, tip.order_id),
            tip: true,
          });
          return c.html(tipPage, 200, htmlHeaders);
        }
        const order = payment.provider === 'sandbox' ? await findOrderById(db, payment.order_id) : undefined;
        if (!order) return notFoundPage(c);
        const page = sandboxPayPage({
          txnid: payment.txnid,
          refno: payment.refno,
          orderReference: order.reference,
          amountCentavos: payment.amount_centavos,
          currency: payment.currency,
          status: payment.status,
          returnUrl: checkoutRedirect(config.publicUrl, checkoutPageFor(payment.status), {
            orderId: payment.order_id,
            refno: payment.refno,
          }),
        });
        return c.html(page, 200, htmlHeaders);
      },
    );

    // The pay page's buttons: the server posts the matching callback to itself (through the same
    // handler as DragonPay's postback, signed and verified), then sends the browser to /checkout.
    routes.post(
      pagePath,
      operation({
        summary: "The sandbox pay page's buttons: settles the payment, then redirects to the checkout page",
        tags: 'Payment callbacks',
        answers: {
          303: 'empty',
          400: { media: 'text/html' },
          404: { media: 'text/html' },
          409: { media: 'text/html' },
          413: { media: 'text/html' },
        },
      }),
      bodyLimit({
        maxSize: 4 * 1024,
        onError: (c) => c.html(sandboxMessagePage('Request too large', 'Please try again.'), 413, htmlHeaders),
      }),
      async (c) => {
        const { db, config } = c.var;
        const action = (await readCallbackForm(c.req.raw)).action;
        const payment = await findPaymentByTxnid(db, c.req.param('txnid'));
        if (!payment) return pressTipButton(c, provider, action);
        if (payment.provider !== 'sandbox') return notFoundPage(c);
        if (payment.status === 'voided') {
          // The order was paid by another checkout or cancelled: this one takes no money.
          return c.html(
            sandboxMessagePage(
              'This checkout is closed',
              'The order was already paid or cancelled, so this payment can no longer be made. Nothing was charged.',
            ),
            409,
            htmlHeaders,
          );
        }
        if (action !== 'pay' && action !== 'fail' && action !== 'cancel' && action !== 'chargeback') {
          return c.html(
            sandboxMessagePage('Choose an option', 'Use one of the buttons on the payment page.'),
            400,
            htmlHeaders,
          );
        }
        const fields = provider.postbackFor({
          txnid: payment.txnid,
          refno: payment.refno ?? '',
          amountCentavos: payment.amount_centavos,
          currency: payment.currency,
          status: sandboxOutcomes[action],
        });
        const outcome = await takeCallback(c, provider, fields);
        const settled = outcome.kind === 'accepted' ? outcome.payment : payment;
        c.header('Cache-Control', 'no-store');
        return c.redirect(
          checkoutRedirect(config.publicUrl, checkoutPageFor(settled.status), {
            orderId: settled.order_id,
            refno: settled.refno,
          }),
          303,
        );
      },
    );
  }

  return routes;
}
