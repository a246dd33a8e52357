import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../../contracts/order';
import type { OrderRow } from '../../server/db/schema';
import { newTxnid } from '../../server/payments/ids';
import { paymentMessages } from '../../server/payments/payment-messages';
import { createHarness, databases, type Harness } from './harness';
import { type DragonPayStandIn, startDragonPayStandIn } from './support/dragonpay-standin';
import {
  callbacksOf,
  customer,
  eventsOf,
  orderFor,
  orderOf,
  paymentOf,
  paymentsOfOrder,
  postForm,
} from './support/payment-fixtures';

const POSTBACK = '/api/v1/payments/dragonpay/postback';
const RETURN = '/api/v1/payments/dragonpay/return';

describe.each(databases)('checkout with DragonPay against a stand-in collect API (%s)', (kind) => {
  let dp: DragonPayStandIn;
  let h: Harness;
  let buyer: Awaited<ReturnType<typeof customer>>;

  beforeAll(async () => {
    dp = await startDragonPayStandIn();
    h = await createHarness(kind, {
      env: {
        PAYMENT_PROVIDER: 'dragonpay',
        DRAGONPAY_MERCHANT_ID: dp.merchantId,
        DRAGONPAY_PASSWORD: dp.password,
        DRAGONPAY_API_URL: dp.apiUrl,
      },
    });
    buyer = await customer(h);
  });
  afterAll(async () => {
    await h.close();
    await dp.close();
  });

  const checkoutOf = (orderId: number, paymentMethod: string) =>
    h.call('POST', `/api/v1/user/order/${orderId}/checkout`, { paymentMethod }, { token: buyer.token });

  /** An order and a started DragonPay payment for it. */
  async function started(
    method = 'gcash',
    priceCentavos = 250_000,
  ): Promise<{ order: OrderRow; txnid: string; refno: string }> {
    const order = await orderFor(h, buyer.user.id, { priceCentavos });
    const answer = await checkoutOf(order.id, method);
    expect(answer.status, answer.text).toBe(200);
    const [payment] = await paymentsOfOrder(h, order.id);
    return { order, txnid: payment?.txnid as string, refno: answer.body.data.payment.RefNo };
  }

  const postback = (fields: Record<string, string>) => postForm(h, POSTBACK, fields);
  const inquiriesFor = (txnid: string) => dp.requests.filter((r) => r.path.endsWith(`/txnid/${txnid}`)).length;

  describe('creating the payment', () => {
    it('POSTs {txnid}/post with Basic auth and the order price, and answers DragonPay’s Url, RefNo and Status', async () => {
      const { order, txnid, refno } = await started('gcash', 312_550);
      const created = dp.transactions.get(txnid);
      expect(created).toMatchObject({ amount: 3125.5, currency: 'PHP', procId: 'GCSH', email: buyer.email, refno });
      expect(created?.rawBody).toMatch(
        /^\{"Amount":3125\.50,"Currency":"PHP","Description":"Labsongs song order OR\d{10}","Email":/,
      );
      expect(created?.description).toBe(`Labsongs song order ${order.reference}`);
      expect(dp.requests.find((r) => r.path.endsWith(`/${txnid}/post`))).toMatchObject({
        method: 'POST',
        authorized: true,
      });
      expect(await paymentOf(h, txnid)).toMatchObject({
        provider: 'dragonpay',
        method: 'gcash',
        refno,
        raw_status: 'S',
        amount_centavos: 312_550,
        status: 'pending',
      });
    });

    it('answers the payment exactly as the provider gave it', async () => {
      const order = await orderFor(h, buyer.user.id);
      const answer = await checkoutOf(order.id, 'bank');
      const { payment } = answer.body.data;
      expect(Object.keys(payment).sort()).toEqual(['RefNo', 'Status', 'Url']);
      expect(payment.Url).toMatch(/^https:\/\/test\.dragonpay\.ph\/Pay\.aspx\?tokenid=[0-9a-f]+&procid=BOG$/);
      expect(payment.Status).toBe('S');
    });

    it('locks each method to its ProcId (test environment codes)', async () => {
      for (const [method, procId] of [
        ['gcash', 'GCSH'],
        ['bank', 'BOG'],
        ['otc', 'BOGX'],
      ]) {
        const { txnid } = await started(method);
        expect(dp.transactions.get(txnid)?.procId, method).toBe(procId);
      }
    });

    it('refuses the sandbox method with 422 and makes no payment', async () => {
      const order = await orderFor(h, buyer.user.id);
      const answer = await checkoutOf(order.id, 'sandbox');
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        message: paymentMessages.methodUnavailable,
        errors: { paymentMethod: [paymentMessages.methodUnavailable] },
      });
      expect(await paymentsOfOrder(h, order.id)).toEqual([]);
    });

    it('maps DragonPay errors to 502 with a clear message and marks the attempt failed', async () => {
      for (const [status, body] of [
        [500, 'Internal Server Error'],
        [401, { Message: 'Invalid credentials' }],
        [200, { RefNo: '', Status: 'F', Message: 'Invalid ProcId' }],
        [200, 'not json'],
        [200, { Status: 'S' }],
      ] as const) {
        dp.failNextCreate(status, body);
        const order = await orderFor(h, buyer.user.id);
        const answer = await checkoutOf(order.id, 'gcash');
        expect(answer.status, JSON.stringify(body)).toBe(502);
        expect(answer.body).toEqual({ message: paymentMessages.providerRefused });
        const [payment] = await paymentsOfOrder(h, order.id);
        expect(payment).toMatchObject({ status: 'failed', raw_status: 'create_failed' });
        expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
      }
    });

    it('answers 409 for an order that is already paid', async () => {
      const { order, txnid } = await started();
      dp.settle(txnid, { status: 'S' });
      expect(await (await postback(dp.postback(txnid, 'S'))).text()).toBe('result=OK');
      const again = await checkoutOf(order.id, 'gcash');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(orderMessages.notPayable);
    });
  });

  describe('postbacks', () => {
    it('a valid postback (SHA-1 digest) is confirmed by the status inquiry, pays the order and answers result=OK', async () => {
      const { order, txnid, refno } = await started();
      dp.settle(txnid, { status: 'S' });
      const res = await postback(dp.postback(txnid, 'S'));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('result=OK');
      expect(inquiriesFor(txnid)).toBe(1);
      expect(await paymentOf(h, txnid)).toMatchObject({ status: 'succeeded', raw_status: 'S', refno });
      expect((await orderOf(h, order.id)).status).toBe('offered');
      const [event] = await eventsOf(h, order.id);
      expect(event).toMatchObject({ type: 'payment_succeeded', actor: 'provider' });
      expect(JSON.parse(event?.payload ?? '{}')).toMatchObject({ provider: 'dragonpay', txnid, refno });
      expect((await callbacksOf(h, txnid)).map((c) => [c.verified, c.status])).toEqual([[1, 'S']]);
    });

    it('a postback with the newer RSA signature is trusted for its amount without an inquiry', async () => {
      const { order, txnid } = await started();
      const res = await postback(dp.postback(txnid, 'S', { signed: true }));
      expect(await res.text()).toBe('result=OK');
      expect(inquiriesFor(txnid)).toBe(0);
      expect((await orderOf(h, order.id)).status).toBe('offered');
      // Signature only (no digest) is enough too.
      const second = await started();
      const fields = dp.postback(second.txnid, 'S', { signed: true, digest: false });
      expect(fields.digest).toBeUndefined();
      expect(await (await postback(fields)).text()).toBe('result=OK');
      expect((await orderOf(h, second.order.id)).status).toBe('offered');
    });

    it('a forged digest or signature changes nothing, is recorded unverified and answered 400', async () => {
      const { order, txnid } = await started();
      dp.settle(txnid, { status: 'S' });
      const genuine = dp.postback(txnid, 'S');
      const failed = dp.postback(txnid, 'F');
      const signed = dp.postback(txnid, 'S', { signed: true });
      const forgeries: Record<string, string>[] = [
        dp.postback(txnid, 'S', { password: 'guessed-password' }),
        { ...genuine, digest: failed.digest as string },
        { ...genuine, status: 'S', message: 'tampered' },
        { ...genuine, digest: (genuine.digest as string).toUpperCase().replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
        { ...genuine, digest: '' },
        { ...genuine, digest: 'not-hex' },
        { txnid, refno: genuine.refno as string, status: 'S', message: genuine.message as string },
        // The digest holds but the signature sent with it does not: every proof must hold.
        { ...signed, signatures: dp.postback(txnid, 'F', { signed: true }).signatures as string },
        { ...signed, amount: '1.00' },
        { ...signed, signatures: 'AAAA'.repeat(20) },
        // Another merchant's callback.
        { ...signed, merchantid: 'SOMEONEELSE' },
      ];
      for (const fields of forgeries) {
        const res = await postback(fields);
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(await res.text()).toBe('result=FAIL_DIGEST_MISMATCH');
      }
      expect(await paymentOf(h, txnid)).toMatchObject({ status: 'pending', raw_status: 'S' });
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
      const recorded = await callbacksOf(h, txnid);
      expect(recorded).toHaveLength(forgeries.length);
      expect(recorded.every((c) => c.verified === 0)).toBe(true);
      expect(JSON.parse(recorded[0]?.body ?? '{}')).toMatchObject({ txnid, status: 'S' });
    });

    it('a genuine success for another amount or currency does not pay the order', async () => {
      // The inquiry reports what was really paid.
      const short = await started();
      dp.settle(short.txnid, { status: 'S', amount: 1 });
      expect(await (await postback(dp.postback(short.txnid, 'S'))).text()).toBe('result=OK');
      // Held for an admin's decision (tests/server/payment-exceptions.test.ts).
      expect((await paymentOf(h, short.txnid)).status).toBe('held');
      expect((await orderOf(h, short.order.id)).status).toBe('awaiting_payment');

      const dollars = await started();
      dp.settle(dollars.txnid, { status: 'S', currency: 'USD' });
      expect(await (await postback(dp.postback(dollars.txnid, 'S'))).text()).toBe('result=OK');
      expect((await orderOf(h, dollars.order.id)).status).toBe('awaiting_payment');

      // A signed amount is believed as signed.
      const signed = await started();
      dp.settle(signed.txnid, { amount: 2499.99 });
      expect(await (await postback(dp.postback(signed.txnid, 'S', { signed: true }))).text()).toBe('result=OK');
      expect((await paymentOf(h, signed.txnid)).status).toBe('held');
      expect((await orderOf(h, signed.order.id)).status).toBe('awaiting_payment');
      expect((await callbacksOf(h, signed.txnid)).map((c) => c.verified)).toEqual([1]);
    });

    it('a success the status inquiry does not confirm changes nothing', async () => {
      const { order, txnid } = await started();
      // DragonPay still says pending.
      expect(await (await postback(dp.postback(txnid, 'S'))).text()).toBe('result=OK');
      expect((await paymentOf(h, txnid)).status).toBe('pending');
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
    });

    it('a replayed postback changes nothing', async () => {
      const { order, txnid } = await started();
      dp.settle(txnid, { status: 'S' });
      const fields = dp.postback(txnid, 'S');
      await postback(fields);
      const paid = await orderOf(h, order.id);
      h.clock.advance(60_000);
      for (let i = 0; i < 3; i++) expect(await (await postback(fields)).text()).toBe('result=OK');
      expect(await orderOf(h, order.id)).toEqual(paid);
      expect(await eventsOf(h, order.id)).toHaveLength(1);
      expect((await paymentOf(h, txnid)).updated_at).toBe(paid.paid_at);
      expect(await callbacksOf(h, txnid)).toHaveLength(4);
    });

    it('out of order: pending, failure or void after success change nothing; a provider refund stops the order', async () => {
      const { order, txnid } = await started();
      dp.settle(txnid, { status: 'S' });
      await postback(dp.postback(txnid, 'S'));
      for (const status of ['P', 'U', 'A', 'F', 'V', 'X']) {
        expect(await (await postback(dp.postback(txnid, status))).text(), status).toBe('result=OK');
        expect(await paymentOf(h, txnid), status).toMatchObject({ status: 'succeeded', raw_status: 'S' });
      }
      expect((await orderOf(h, order.id)).status).toBe('offered');
      await postback(dp.postback(txnid, 'R'));
      expect(await paymentOf(h, txnid)).toMatchObject({ status: 'refunded', raw_status: 'R' });
      // Nobody had started: the order is cancelled (never back to awaiting payment), the refund recorded as made.
      expect((await orderOf(h, order.id)).status).toBe('cancelled');
      await postback(dp.postback(txnid, 'S'));
      expect((await paymentOf(h, txnid)).status).toBe('refunded');
      expect((await eventsOf(h, order.id)).map((e) => e.type)).toEqual(['payment_succeeded', 'payment_reversed']);
      expect(
        await h.database.db
          .selectFrom('refunds')
          .select(['reason_code', 'status'])
          .where('order_id', '=', order.id)
          .execute(),
      ).toEqual([{ reason_code: 'provider_refund', status: 'paid' }]);
    });

    it('pending, then success; and a late success after a failure still pays', async () => {
      const first = await started('otc');
      await postback(dp.postback(first.txnid, 'P'));
      expect(await paymentOf(h, first.txnid)).toMatchObject({ status: 'pending', raw_status: 'P' });
      await postback(dp.postback(first.txnid, 'U'));
      expect(await paymentOf(h, first.txnid)).toMatchObject({ status: 'pending', raw_status: 'U' });
      dp.settle(first.txnid, { status: 'S' });
      await postback(dp.postback(first.txnid, 'S'));
      expect((await orderOf(h, first.order.id)).status).toBe('offered');

      const second = await started('otc');
      await postback(dp.postback(second.txnid, 'F'));
      expect((await paymentOf(h, second.txnid)).status).toBe('failed');
      dp.settle(second.txnid, { status: 'S' });
      await postback(dp.postback(second.txnid, 'S'));
      expect((await paymentOf(h, second.txnid)).status).toBe('succeeded');
      expect((await orderOf(h, second.order.id)).status).toBe('offered');
    });

    it('a void cancels a pending payment', async () => {
      const { order, txnid } = await started('otc');
      await postback(dp.postback(txnid, 'V'));
      expect(await paymentOf(h, txnid)).toMatchObject({ status: 'cancelled', raw_status: 'V' });
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
    });

    it('a correctly signed postback for an unknown txnid is refused and recorded', async () => {
      const txnid = newTxnid();
      const res = await postback(dp.postback(txnid, 'S'));
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('result=FAIL_UNKNOWN_TXNID');
      expect((await callbacksOf(h, txnid)).map((c) => [c.payment_id, c.verified])).toEqual([[null, 0]]);
    });

    it('refuses a body that is not form-encoded', async () => {
      const { txnid } = await started();
      dp.settle(txnid, { status: 'S' });
      const res = await h.request(POSTBACK, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(dp.postback(txnid, 'S')),
      });
      expect(res.status).toBe(400);
      expect((await paymentOf(h, txnid)).status).toBe('pending');
    });
  });

  describe('the browser return URL', () => {
    const returnOf = (fields: Record<string, string>) => h.request(`${RETURN}?${new URLSearchParams(fields)}`);

    it('verifies and redirects to /checkout/{status} but never changes anything', async () => {
      const { order, txnid, refno } = await started();
      dp.settle(txnid, { status: 'S' });
      const before = await paymentOf(h, txnid);
      for (const [status, page] of [
        ['S', 'success'],
        ['P', 'pending'],
        ['F', 'failed'],
        ['V', 'cancelled'],
      ]) {
        const res = await returnOf(dp.postback(txnid, status as string));
        expect(res.status, status).toBe(302);
        expect(res.headers.get('location')).toBe(
          `http://labsongs.test/checkout/${page}?order=${order.id}&ref=${refno}`,
        );
      }
      expect(await paymentOf(h, txnid)).toEqual(before);
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
      expect(await callbacksOf(h, txnid)).toEqual([]);
      expect(await eventsOf(h, order.id)).toEqual([]);
    });

    it('a forged return goes to the neutral pending page, and nothing else is ever a target', async () => {
      const { txnid } = await started();
      for (const fields of [
        dp.postback(txnid, 'S', { password: 'wrong' }),
        { txnid, status: 'S' },
        { ...dp.postback(txnid, 'S'), next: 'https://evil.example/', redirect: '//evil.example' },
      ]) {
        const res = await returnOf(fields);
        expect(res.status).toBe(302);
        const location = new URL(res.headers.get('location') as string);
        expect(location.origin).toBe('http://labsongs.test');
        expect(location.pathname).toMatch(/^\/checkout\/(success|pending|failed|cancelled)$/);
      }
      expect((await returnOf({ txnid, status: 'S' })).headers.get('location')).toBe(
        'http://labsongs.test/checkout/pending',
      );
      expect((await paymentOf(h, txnid)).status).toBe('pending');
    });
  });

  it('has no sandbox routes while DragonPay is configured', async () => {
    const { txnid } = await started();
    expect((await h.request(`/payments/sandbox/${txnid}`)).status).toBe(404);
    expect((await postForm(h, `/payments/sandbox/${txnid}`, { action: 'pay' })).status).toBe(404);
    expect((await postForm(h, '/api/v1/payments/sandbox/postback', { txnid, status: 'succeeded' })).status).toBe(404);
    expect((await paymentOf(h, txnid)).status).toBe('pending');
  });
});

describe('DragonPay unreachable', () => {
  it('answers 502 providerUnreachable', async () => {
    const h = await createHarness('sqlite', {
      env: {
        PAYMENT_PROVIDER: 'dragonpay',
        DRAGONPAY_MERCHANT_ID: 'LABSONGS',
        DRAGONPAY_PASSWORD: 'secret',
        // Nothing listens on port 9 of the loopback: the connection is refused at once.
        DRAGONPAY_API_URL: 'http://127.0.0.1:9/api/collect/v2',
      },
    });
    try {
      const buyer = await customer(h);
      const order = await orderFor(h, buyer.user.id);
      const answer = await h.call(
        'POST',
        `/api/v1/user/order/${order.id}/checkout`,
        { paymentMethod: 'gcash' },
        { token: buyer.token },
      );
      expect(answer.status).toBe(502);
      expect(answer.body).toEqual({ message: paymentMessages.providerUnreachable });
      expect((await paymentsOfOrder(h, order.id))[0]?.status).toBe('failed');
    } finally {
      await h.close();
    }
  });
});
