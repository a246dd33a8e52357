import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../contracts/field-messages';
import { orderMessages } from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { createApp } from '../../server/app';
import { newTxnid } from '../../server/payments/ids';
import { createSandboxProvider } from '../../server/payments/sandbox.provider';
import { createLogger } from '../../server/services/logger';
import { createHarness, databases, type Harness, isFailureEnvelope } from './harness';
import {
  callbacksOf,
  customer,
  eventsOf,
  orderFor,
  orderOf,
  paymentOf,
  paymentsOfOrder,
  postForm,
  txnidOfUrl,
} from './support/payment-fixtures';

describe.each(databases)('checkout with the sandbox provider (%s)', (kind) => {
  let h: Harness;
  let buyer: Awaited<ReturnType<typeof customer>>;

  beforeAll(async () => {
    h = await createHarness(kind);
    buyer = await customer(h);
  });
  afterAll(() => h.close());

  const checkoutOf = (orderId: number | string, body: unknown, token = buyer.token) =>
    h.call('POST', `/api/v1/user/order/${orderId}/checkout`, body, { token });

  /** Checkout, then the txnid of the payment it made. */
  async function startPayment(orderId: number, method = 'sandbox') {
    const answer = await checkoutOf(orderId, { paymentMethod: method });
    expect(answer.status, answer.text).toBe(200);
    return { answer, txnid: txnidOfUrl(answer.body.data.payment.Url) };
  }

  const press = (txnid: string, action: string) => postForm(h, `/payments/sandbox/${txnid}`, { action });

  describe('POST /order/{id}/checkout', () => {
    it('creates a pending payment for the order price and answers {payment: {Url, RefNo, Status}}', async () => {
      const order = await orderFor(h, buyer.user.id, { priceCentavos: 312_550 });
      const { answer, txnid } = await startPayment(order.id);
      const { payment } = answer.body.data;
      expect(Object.keys(answer.body.data)).toEqual(['payment']);
      expect(payment.Url).toMatch(/^http:\/\/labsongs\.test\/payments\/sandbox\/LS[0-9A-Z]{18}$/);
      expect(payment.RefNo).toMatch(/^SB[0-9A-Z]{8}$/);
      expect(payment.Status).toBe('S');
      expect(answer.headers.get('cache-control')).toBe('no-store');

      const row = await paymentOf(h, txnid);
      expect(row).toMatchObject({
        order_id: order.id,
        provider: 'sandbox',
        method: 'sandbox',
        refno: payment.RefNo,
        amount_centavos: 312_550,
        currency: 'PHP',
        status: 'pending',
      });
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
    });

    it('never takes the amount from the client', async () => {
      const order = await orderFor(h, buyer.user.id);
      const answer = await checkoutOf(order.id, { paymentMethod: 'gcash', amount: 1, price: 1 });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.amount).toEqual([fieldMessages.unknownField]);
      expect(await paymentsOfOrder(h, order.id)).toEqual([]);
      // Every method is priced the same way: from the order row.
      const { txnid } = await startPayment(order.id, 'otc');
      expect((await paymentOf(h, txnid)).amount_centavos).toBe(order.price_centavos);
    });

    it('accepts every method on the sandbox', async () => {
      for (const method of ['sandbox', 'gcash', 'bank', 'otc']) {
        const order = await orderFor(h, buyer.user.id);
        const { txnid } = await startPayment(order.id, method);
        expect((await paymentOf(h, txnid)).method).toBe(method);
      }
    });

    it('validates the body', async () => {
      const order = await orderFor(h, buyer.user.id);
      for (const body of [
        {},
        { paymentMethod: '' },
        { paymentMethod: 'bitcoin' },
        { paymentMethod: 3 },
        { paymentMethod: null },
      ]) {
        const answer = await checkoutOf(order.id, body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.body.errors.paymentMethod).toEqual([orderMessages.paymentMethodRequired]);
      }
      for (const body of ['[]', 'null', '"gcash"', '{"__proto__": {"paymentMethod": "gcash"}}']) {
        const answer = await checkoutOf(order.id, body);
        expect(answer.status, body).toBe(422);
        expect(isFailureEnvelope(answer.body)).toBe(true);
      }
      expect((await checkoutOf(order.id, '{"paymentMethod":')).status).toBe(400);
      const notJson = await h.call('POST', `/api/v1/user/order/${order.id}/checkout`, 'paymentMethod=gcash', {
        token: buyer.token,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(notJson.status).toBe(415);
      expect(await paymentsOfOrder(h, order.id)).toEqual([]);
    });

    it('needs a customer token', async () => {
      const order = await orderFor(h, buyer.user.id);
      const anonymous = await h.call('POST', `/api/v1/user/order/${order.id}/checkout`, { paymentMethod: 'gcash' });
      expect(anonymous.status).toBe(401);
      const artistEmail = `artist.${Date.now()}@example.test`;
      await h.createAccount({ type: 'artist', email: artistEmail, password: 'Secret123' });
      const artistToken = await h.login('artist', artistEmail, 'Secret123');
      expect((await checkoutOf(order.id, { paymentMethod: 'gcash' }, artistToken)).status).toBe(401);
      expect(await paymentsOfOrder(h, order.id)).toEqual([]);
    });

    it("answers 404 for another customer's order, an unknown id and a malformed id", async () => {
      const stranger = await customer(h, 'stranger');
      const theirs = await orderFor(h, stranger.user.id);
      const answer = await checkoutOf(theirs.id, { paymentMethod: 'gcash' });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: serverMessages.notFound });
      expect(await paymentsOfOrder(h, theirs.id)).toEqual([]);
      expect((await checkoutOf(999_999_999, { paymentMethod: 'gcash' })).status).toBe(404);
      for (const id of ['abc', '1.5', '-1', '0x10', '1e3']) {
        expect((await checkoutOf(id, { paymentMethod: 'gcash' })).status, id).toBe(404);
      }
    });

    it('answers 409 notPayable for an order that is not awaiting payment', async () => {
      for (const status of ['offered', 'cancelled', 'completed'] as const) {
        const order = await orderFor(h, buyer.user.id, { status });
        const answer = await checkoutOf(order.id, { paymentMethod: 'gcash' });
        expect(answer.status, status).toBe(409);
        expect(answer.body).toEqual({ message: orderMessages.notPayable });
        expect(await paymentsOfOrder(h, order.id)).toEqual([]);
      }
    });
  });

  describe('the sandbox pay page', () => {
    it('shows merchant, amount and references with Pay, Fail and Cancel, without any script', async () => {
      const order = await orderFor(h, buyer.user.id, { priceCentavos: 250_000 });
      const { answer, txnid } = await startPayment(order.id);
      const res = await h.request(`/payments/sandbox/${txnid}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('Labsongs');
      expect(html).toContain('₱2,500.00');
      expect(html).toContain(order.reference);
      expect(html).toContain(answer.body.data.payment.RefNo);
      expect(html).toContain(`<form method="post" action="/payments/sandbox/${txnid}">`);
      for (const action of ['pay', 'fail', 'cancel']) expect(html).toContain(`name="action" value="${action}"`);
      expect(html).not.toMatch(/<script|javascript:|\son\w+=/i);
    });

    it('answers 404 for an unknown or malformed payment link', async () => {
      const unknown = await h.request(`/payments/sandbox/${newTxnid()}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('Payment not found');
      expect((await press(newTxnid(), 'pay')).status).toBe(404);
      for (const bad of ['LS123', 'ls0000000000000000000', '..%2f..%2fetc', 'LS00000000000000000000000']) {
        expect((await h.request(`/payments/sandbox/${bad}`)).status, bad).toBe(404);
      }
    });

    it('Pay: posts back through the callback handler, marks the order paid and returns to /checkout/success', async () => {
      const order = await orderFor(h, buyer.user.id);
      const { answer, txnid } = await startPayment(order.id);
      const res = await press(txnid, 'pay');
      expect(res.status).toBe(303);
      const refno = answer.body.data.payment.RefNo;
      expect(res.headers.get('location')).toBe(`http://labsongs.test/checkout/success?order=${order.id}&ref=${refno}`);

      expect(await paymentOf(h, txnid)).toMatchObject({ status: 'succeeded', raw_status: 'succeeded', refno });
      const paid = await orderOf(h, order.id);
      expect(paid.status).toBe('offered');
      expect(paid.paid_at).toBe(h.clock.now().toISOString());
      const events = await eventsOf(h, order.id);
      expect(events.map((e) => [e.type, e.actor])).toEqual([['payment_succeeded', 'provider']]);
      expect(JSON.parse(events[0]?.payload ?? '{}')).toMatchObject({ txnid, provider: 'sandbox', refno });
      const callbacks = await callbacksOf(h, txnid);
      expect(callbacks.map((c) => [c.verified, c.status])).toEqual([[1, 'succeeded']]);

      // The page now says so, and the order cannot be paid again.
      expect(await (await h.request(`/payments/sandbox/${txnid}`)).text()).toContain(
        'This payment has already gone through.',
      );
      const again = await checkoutOf(order.id, { paymentMethod: 'sandbox' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(orderMessages.notPayable);
    });

    it('Fail: the payment fails, the order still awaits payment and can be paid with a new attempt', async () => {
      const order = await orderFor(h, buyer.user.id);
      const first = await startPayment(order.id);
      const res = await press(first.txnid, 'fail');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(
        new RegExp(`^http://labsongs\\.test/checkout/failed\\?order=${order.id}&ref=SB[0-9A-Z]{8}$`),
      );
      expect((await paymentOf(h, first.txnid)).status).toBe('failed');
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');

      const second = await startPayment(order.id);
      expect(second.txnid).not.toBe(first.txnid);
      expect((await press(second.txnid, 'pay')).headers.get('location')).toContain('/checkout/success?');
      expect((await orderOf(h, order.id)).status).toBe('offered');
      expect((await paymentsOfOrder(h, order.id)).map((p) => p.status)).toEqual(['failed', 'succeeded']);
    });

    it('Cancel: the payment is cancelled and the browser goes to /checkout/cancelled', async () => {
      const order = await orderFor(h, buyer.user.id);
      const { txnid } = await startPayment(order.id);
      const res = await press(txnid, 'cancel');
      expect(res.headers.get('location')).toMatch(/^http:\/\/labsongs\.test\/checkout\/cancelled\?order=\d+&ref=SB/);
      expect((await paymentOf(h, txnid)).status).toBe('cancelled');
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
      expect(await eventsOf(h, order.id)).toEqual([]);
    });

    it('a second press changes nothing: Pay twice, or Fail after Pay, leaves one success', async () => {
      const order = await orderFor(h, buyer.user.id);
      const { txnid } = await startPayment(order.id);
      await press(txnid, 'pay');
      const paidAt = (await orderOf(h, order.id)).paid_at;
      h.clock.advance(60_000);
      for (const action of ['pay', 'fail', 'cancel']) {
        const res = await press(txnid, action);
        expect(res.headers.get('location'), action).toContain('/checkout/success?');
      }
      expect((await paymentOf(h, txnid)).status).toBe('succeeded');
      expect((await orderOf(h, order.id)).paid_at).toBe(paidAt);
      expect(await eventsOf(h, order.id)).toHaveLength(1);
      expect((await callbacksOf(h, txnid)).map((c) => c.verified)).toEqual([1, 1, 1, 1]);
    });

    it('refuses a press that is not one of the buttons', async () => {
      const order = await orderFor(h, buyer.user.id);
      const { txnid } = await startPayment(order.id);
      for (const action of ['', 'refund', 'PAY']) {
        expect((await press(txnid, action)).status, action).toBe(400);
      }
      const huge = await postForm(h, `/payments/sandbox/${txnid}`, { action: 'pay', filler: 'x'.repeat(10_000) });
      expect(huge.status).toBe(413);
      expect((await paymentOf(h, txnid)).status).toBe('pending');
    });

    it('two presses at once make one success and one event', async () => {
      const order = await orderFor(h, buyer.user.id);
      const { txnid } = await startPayment(order.id);
      const answers = await Promise.all([press(txnid, 'pay'), press(txnid, 'pay'), press(txnid, 'fail')]);
      for (const res of answers) expect(res.status).toBe(303);
      expect((await paymentOf(h, txnid)).status).toBe('succeeded');
      expect(await eventsOf(h, order.id)).toHaveLength(1);
    });
  });

  describe('POST /api/v1/payments/sandbox/postback', () => {
    const sandboxWith = (secret: string) =>
      createSandboxProvider({ publicUrl: 'http://labsongs.test', jwtSecret: secret });

    it('answers result=OK to a signed callback and is idempotent when replayed', async () => {
      const order = await orderFor(h, buyer.user.id);
      const { txnid } = await startPayment(order.id);
      const row = await paymentOf(h, txnid);
      const fields = sandboxWith(h.config.jwtSecret as string).postbackFor({
        txnid,
        refno: row.refno as string,
        amountCentavos: row.amount_centavos,
        currency: 'PHP',
        status: 'succeeded',
      });
      for (let i = 0; i < 3; i++) {
        const res = await postForm(h, '/api/v1/payments/sandbox/postback', fields);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(await res.text()).toBe('result=OK');
      }
      expect((await orderOf(h, order.id)).status).toBe('offered');
      expect(await eventsOf(h, order.id)).toHaveLength(1);
      expect(await callbacksOf(h, txnid)).toHaveLength(3);
    });

    it('refuses forged callbacks with 400, records them unverified and changes nothing', async () => {
      const order = await orderFor(h, buyer.user.id);
      const { txnid } = await startPayment(order.id);
      const row = await paymentOf(h, txnid);
      const genuine = sandboxWith(h.config.jwtSecret as string).postbackFor({
        txnid,
        refno: row.refno as string,
        amountCentavos: row.amount_centavos,
        currency: 'PHP',
        status: 'succeeded',
      });
      const forgeries: Record<string, string>[] = [
        // Signed with another secret.
        sandboxWith(randomBytes(48).toString('base64url')).postbackFor({
          txnid,
          refno: row.refno as string,
          amountCentavos: row.amount_centavos,
          currency: 'PHP',
          status: 'succeeded',
        }),
        // A genuine failure's signature on a success.
        {
          ...genuine,
          signature: sandboxWith(h.config.jwtSecret as string).postbackFor({
            txnid,
            refno: row.refno as string,
            amountCentavos: row.amount_centavos,
            currency: 'PHP',
            status: 'failed',
          }).signature as string,
        },
        { ...genuine, amount: '1.00' },
        { ...genuine, signature: (genuine.signature as string).replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
        { ...genuine, signature: '' },
        { txnid, status: 'succeeded' },
        {},
      ];
      for (const fields of forgeries) {
        const res = await postForm(h, '/api/v1/payments/sandbox/postback', fields);
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(await res.text()).toBe('result=FAIL_DIGEST_MISMATCH');
      }
      const json = await h.request('/api/v1/payments/sandbox/postback', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(genuine),
      });
      expect(json.status).toBe(400);
      expect((await paymentOf(h, txnid)).status).toBe('pending');
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
      const recorded = await callbacksOf(h, txnid);
      expect(recorded.length).toBeGreaterThanOrEqual(5);
      expect(recorded.every((c) => c.verified === 0)).toBe(true);
    });

    it('a genuine success for another amount is recorded but does not pay the order', async () => {
      const order = await orderFor(h, buyer.user.id, { priceCentavos: 250_000 });
      const { txnid } = await startPayment(order.id);
      const row = await paymentOf(h, txnid);
      const sandbox = sandboxWith(h.config.jwtSecret as string);
      for (const [amountCentavos, currency] of [
        [100, 'PHP'],
        [250_000, 'USD'],
      ] as const) {
        const fields = sandbox.postbackFor({
          txnid,
          refno: row.refno as string,
          amountCentavos,
          currency,
          status: 'succeeded',
        });
        const res = await postForm(h, '/api/v1/payments/sandbox/postback', fields);
        expect(await res.text()).toBe('result=OK');
      }
      // Held for an admin's decision (tests/server/payment-exceptions.test.ts); the second changes nothing.
      expect((await paymentOf(h, txnid)).status).toBe('held');
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
      expect((await callbacksOf(h, txnid)).map((c) => c.verified)).toEqual([1, 1]);
    });

    it('refuses a signed callback for an unknown txnid', async () => {
      const txnid = newTxnid();
      const fields = sandboxWith(h.config.jwtSecret as string).postbackFor({
        txnid,
        refno: 'SB00000000',
        amountCentavos: 250_000,
        currency: 'PHP',
        status: 'succeeded',
      });
      const res = await postForm(h, '/api/v1/payments/sandbox/postback', fields);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('result=FAIL_UNKNOWN_TXNID');
      expect((await callbacksOf(h, txnid)).map((c) => [c.payment_id, c.verified])).toEqual([[null, 0]]);
    });
  });

  it('has no DragonPay routes while the sandbox is configured', async () => {
    const postback = await postForm(h, '/api/v1/payments/dragonpay/postback', { txnid: 'x', status: 'S' });
    expect(postback.status).toBe(404);
    expect((await h.request('/api/v1/payments/dragonpay/return?txnid=x&status=S')).status).toBe(404);
  });

  it('logs a refused callback without secrets', async () => {
    const lines: string[] = [];
    const app = createApp({
      config: h.config,
      database: h.database,
      clock: h.clock,
      mailer: h.mailer,
      logger: createLogger('debug', (line) => lines.push(line)),
      jwtSecret: h.config.jwtSecret as string,
      payoutKey: Buffer.from(h.config.payoutKey as string, 'hex'),
      storage: h.storage,
    });
    const txnid = newTxnid();
    const signature = 'f'.repeat(64);
    const res = await app.request('/api/v1/payments/sandbox/postback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        txnid,
        refno: 'SB1',
        status: 'succeeded',
        amount: '2500.00',
        currency: 'PHP',
        signature,
      }).toString(),
    });
    expect(res.status).toBe(400);
    const refused = lines.map((l) => JSON.parse(l)).find((l) => l.message === 'payment callback refused');
    expect(refused).toMatchObject({ level: 'warn', provider: 'sandbox', txnid, reason: 'unverified' });
    const all = lines.join('\n');
    expect(all).not.toContain(signature);
    expect(all).not.toContain(h.config.jwtSecret as string);
  });
});
