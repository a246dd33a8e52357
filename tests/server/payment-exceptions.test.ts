import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentExceptionMessages } from '../../contracts/payment-exceptions';
import { createSandboxProvider } from '../../server/payments/sandbox.provider';
import { makeArtist } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { ADMIN, notificationsOf, signedIn, startCheckout, U } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';
import { type DragonPayStandIn, startDragonPayStandIn } from './support/dragonpay-standin';
import { moneyInvariantBreaks } from './support/money-invariant';
import { customer, orderFor, orderOf, paymentOf, paymentsOfOrder, postForm } from './support/payment-fixtures';

// Every verified success that cannot simply count (another amount, another currency, a success after
// the checkout closed) is accounted for: held for an admin's decision or owed back, never silent.

const LIST = `${ADMIN}/payment-exceptions`;
const resolveUrl = (id: number | string) => `${LIST}/${id}/resolve`;

const exceptionsOf = (h: Harness, orderId: number) =>
  h.database.db.selectFrom('payment_exceptions').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
const refundsOf = (h: Harness, orderId: number) =>
  h.database.db
    .selectFrom('refunds')
    .select(['payment_id', 'reason_code', 'status', 'amount_centavos', 'actor'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
const digestRows = (h: Harness, userId: number) =>
  h.database.db
    .selectFrom('mail_outbox')
    .select(['kind', 'payload'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'admin_payment_exception')
    .execute();
const mailKindsOf = async (h: Harness, userId: number) =>
  (await h.database.db.selectFrom('mail_outbox').select('kind').where('user_id', '=', userId).execute()).map(
    (r) => r.kind,
  );
const typesOf = async (h: Harness, userId: number) => (await notificationsOf(h, userId)).map((n) => n.type);

describe.each(databases)('payment exceptions with the sandbox (%s)', (kind) => {
  let h: Harness;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin', 'exceptions-admin');
  });
  afterAll(() => h.close());
  // paid − refunded = artist + platform, for every order, after every test.
  afterEach(async () => {
    expect(await moneyInvariantBreaks(h)).toEqual([]);
  });

  const sandbox = () =>
    createSandboxProvider({ publicUrl: 'http://labsongs.test', jwtSecret: h.config.jwtSecret as string });

  /** A signed sandbox success for this attempt, for `amountCentavos` in `currency`. */
  async function succeed(txnid: string, amountCentavos?: number, currency = 'PHP') {
    const row = await paymentOf(h, txnid);
    const res = await postForm(
      h,
      '/api/v1/payments/sandbox/postback',
      sandbox().postbackFor({
        txnid,
        refno: row.refno as string,
        amountCentavos: amountCentavos ?? row.amount_centavos,
        currency,
        status: 'succeeded',
      }),
    );
    // Verified: the provider is told OK whatever happens to the money, so it stops retrying.
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('result=OK');
  }

  async function newOrder() {
    const buyer = await makeCustomer(h);
    const artist = await makeRatedArtist(h);
    const order = await placeOrder(h, buyer.token, [artist.user_id]);
    const txnid = await startCheckout(h, buyer.token, order.id);
    return { buyer, order, txnid, priceCentavos: Math.round(order.price * 100) };
  }

  const exceptionAlerts = async (userId: number) =>
    (await notificationsOf(h, userId)).filter((n) => n.type === 'payment_exception').length;
  const resolve = (id: number | string, body: unknown, token = admin.token) =>
    h.call('POST', resolveUrl(id), body, { token });
  const list = (query = '', token = admin.token) => h.call('GET', `${LIST}${query}`, undefined, { token });
  /** The operations home's count of payments that need a decision. */
  const paymentsToDecide = async () => {
    const home = await h.call('GET', `${ADMIN}/operations`, undefined, { token: admin.token });
    expect(home.status, home.text).toBe(200);
    return home.body.data.queues.payment_exceptions as number;
  };

  it('a wrong amount is held, recorded once, alerts the admins, and refunding it owes the whole amount back', async () => {
    const { buyer, order, txnid, priceCentavos } = await newOrder();
    const notesBefore = (await notificationsOf(h, admin.id)).length;
    const openBefore = await paymentsToDecide();

    await succeed(txnid, 100);
    await succeed(txnid, 100); // the provider repeats itself
    // The operations home counts it once among the payments to decide.
    expect(await paymentsToDecide()).toBe(openBefore + 1);
    const payment = await paymentOf(h, txnid);
    expect(payment).toMatchObject({ status: 'held', amount_centavos: priceCentavos });
    expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
    const [exception, ...more] = await exceptionsOf(h, order.id);
    expect(more).toEqual([]);
    expect(exception).toMatchObject({
      payment_id: payment.id,
      kind: 'wrong_amount',
      expected_centavos: priceCentavos,
      received_centavos: 100,
      received_currency: 'PHP',
      resolved_at: null,
    });
    // The admins: one notification and one digest line, however often the provider calls.
    const notes = await notificationsOf(h, admin.id);
    expect(notes.length - notesBefore).toBe(1);
    expect(notes.at(-1)).toMatchObject({ type: 'payment_exception', order_id: order.id });
    const digest = await digestRows(h, admin.id);
    expect(digest.filter((d) => JSON.parse(d.payload).data.order_id === order.id)).toHaveLength(1);
    expect(JSON.parse(digest.at(-1)?.payload ?? '{}').data.line).toContain(order.reference);
    expect(await refundsOf(h, order.id)).toEqual([]);

    // The admin sees it first among the open ones, with what was asked and what came.
    const open = await list('?limit=50');
    expect(open.status, open.text).toBe(200);
    const row = open.body.data.items.find((x: { id: number }) => x.id === exception?.id);
    expect(row).toMatchObject({
      kind: 'wrong_amount',
      order_id: order.id,
      order_reference: order.reference,
      order_status: 'awaiting_payment',
      expected: { amount: order.price, currency: 'PHP' },
      received: { amount: 1, currency: 'PHP' },
      resolution: null,
      can_accept: false,
      payment: { id: payment.id, status: 'held', provider: 'sandbox' },
    });

    // ₱1 cannot pay a ₱2,000 order.
    const refused = await resolve(exception?.id ?? 0, { action: 'accept', note: '' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(paymentExceptionMessages.cannotAccept);
    expect((await exceptionsOf(h, order.id))[0]?.resolved_at).toBeNull();

    const refunded = await resolve(exception?.id ?? 0, { action: 'refund', note: '  Customer mistyped  ' });
    expect(refunded.status, refunded.text).toBe(200);
    expect(refunded.body.message).toBe(paymentExceptionMessages.refunded);
    expect(refunded.body.data).toMatchObject({ resolution: 'refunded', note: 'Customer mistyped', can_accept: false });
    expect(await paymentsToDecide()).toBe(openBefore);
    expect(await paymentOf(h, txnid)).toMatchObject({ status: 'refunded', amount_centavos: 100 });
    expect(await refundsOf(h, order.id)).toEqual([
      { payment_id: payment.id, reason_code: 'wrong_payment', status: 'owed', amount_centavos: 100, actor: 'admin' },
    ]);
    // The order still waits for a payment; the customer is told of the refund and can pay again.
    expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
    expect(await typesOf(h, buyer.id)).toContain('refund_recorded');
    expect(await mailKindsOf(h, buyer.id)).toContain('refund_recorded');
    const again = await startCheckout(h, buyer.token, order.id);
    await succeed(again);
    expect((await orderOf(h, order.id)).status).toBe('offered');

    // Decided once: a second decision is refused, and it moved to the resolved list.
    const twice = await resolve(exception?.id ?? 0, { action: 'refund', note: '' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(paymentExceptionMessages.alreadyResolved);
    expect((await list('?limit=50')).body.data.items.some((x: { id: number }) => x.id === exception?.id)).toBe(false);
    const resolved = await list('?status=resolved&limit=50');
    expect(resolved.body.data.items[0]).toMatchObject({ id: exception?.id, resolution: 'refunded' });
  });

  it('a wrong currency is held and can only be refunded', async () => {
    const { order, txnid, priceCentavos } = await newOrder();
    await succeed(txnid, priceCentavos, 'USD');
    await succeed(txnid, priceCentavos, 'USD');
    const [exception, ...more] = await exceptionsOf(h, order.id);
    expect(more).toEqual([]);
    expect(exception).toMatchObject({
      kind: 'wrong_currency',
      received_centavos: priceCentavos,
      received_currency: 'USD',
    });
    expect((await paymentOf(h, txnid)).status).toBe('held');

    expect((await resolve(exception?.id ?? 0, { action: 'accept', note: '' })).status).toBe(409);
    const refunded = await resolve(exception?.id ?? 0, { action: 'refund', note: '' });
    expect(refunded.status, refunded.text).toBe(200);
    // Owed back in the currency it came in: the payment carries what really arrived.
    expect(await paymentOf(h, txnid)).toMatchObject({ status: 'refunded', currency: 'USD' });
    expect(await refundsOf(h, order.id)).toMatchObject([
      { reason_code: 'wrong_payment', amount_centavos: priceCentavos },
    ]);
    expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
  });

  it('accepting an overpayment pays the order and owes the surplus back', async () => {
    const { buyer, order, txnid, priceCentavos } = await newOrder();
    await succeed(txnid, priceCentavos + 50_000);
    const [exception] = await exceptionsOf(h, order.id);
    const shown = (await list('?limit=50')).body.data.items.find((x: { id: number }) => x.id === exception?.id);
    expect(shown.can_accept).toBe(true);

    const accepted = await resolve(exception?.id ?? 0, { action: 'accept', note: 'Paid with the fee on top' });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.message).toBe(paymentExceptionMessages.accepted);
    expect((await orderOf(h, order.id)).status).toBe('offered');
    const payment = await paymentOf(h, txnid);
    expect(payment).toMatchObject({ status: 'succeeded', amount_centavos: priceCentavos + 50_000 });
    expect(await refundsOf(h, order.id)).toEqual([
      { payment_id: payment.id, reason_code: 'overpaid', status: 'owed', amount_centavos: 50_000, actor: 'admin' },
    ]);
    expect(await typesOf(h, buyer.id)).toContain('refund_recorded');
    expect((await resolve(exception?.id ?? 0, { action: 'accept', note: '' })).status).toBe(409);
  });

  it('an exact amount needs nothing: it pays the order and makes no exception', async () => {
    const { order, txnid } = await newOrder();
    await succeed(txnid);
    expect((await orderOf(h, order.id)).status).toBe('offered');
    expect(await exceptionsOf(h, order.id)).toEqual([]);
  });

  it('a success after cancellation is owed back at once, recorded resolved and alerted', async () => {
    const { buyer, order, txnid } = await newOrder();
    const cancelled = await h.call('POST', `${U}/orders/${order.id}/cancel`, { reason: 'Changed my mind' }, buyer);
    expect(cancelled.status, cancelled.text).toBe(200);
    const alertsBefore = await exceptionAlerts(admin.id);

    await succeed(txnid);
    await succeed(txnid);
    const payment = await paymentOf(h, txnid);
    expect(payment.status).toBe('refunded');
    expect(await refundsOf(h, order.id)).toMatchObject([
      { reason_code: 'paid_after_void', status: 'owed', amount_centavos: payment.amount_centavos },
    ]);
    const [exception, ...more] = await exceptionsOf(h, order.id);
    expect(more).toEqual([]);
    expect(exception).toMatchObject({ kind: 'late_success', resolution: 'refunded_automatically' });
    expect(exception?.resolved_at).not.toBeNull();
    // Told why the money goes back (the refund itself is also in their Refunds to send).
    expect((await exceptionAlerts(admin.id)) - alertsBefore).toBe(1);
    expect(await typesOf(h, buyer.id)).toContain('refund_recorded');
    expect(await mailKindsOf(h, buyer.id)).toContain('refund_recorded');
    // Nothing left to decide.
    expect((await resolve(exception?.id ?? 0, { action: 'refund', note: '' })).status).toBe(409);
    const resolved = await list('?status=resolved&limit=50');
    expect(resolved.body.data.items.find((x: { id: number }) => x.id === exception?.id)).toMatchObject({
      kind: 'late_success',
      resolution: 'refunded_automatically',
    });
  });

  it('held money for an order paid meanwhile by another checkout can only be refunded', async () => {
    const { buyer, order, txnid, priceCentavos } = await newOrder();
    const second = await startCheckout(h, buyer.token, order.id);
    await succeed(txnid, priceCentavos + 100);
    await succeed(second);
    expect((await orderOf(h, order.id)).status).toBe('offered');
    expect((await paymentOf(h, txnid)).status).toBe('held');
    const [exception] = await exceptionsOf(h, order.id);
    const accept = await resolve(exception?.id ?? 0, { action: 'accept', note: '' });
    expect(accept.status).toBe(409);
    expect(accept.body.message).toBe(paymentExceptionMessages.cannotAccept);
    expect((await resolve(exception?.id ?? 0, { action: 'refund', note: '' })).status).toBe(200);
    expect(await refundsOf(h, order.id)).toMatchObject([{ amount_centavos: priceCentavos + 100 }]);
  });

  it('validates the decision per field, 404s unknown ids', async () => {
    const { order, txnid } = await newOrder();
    await succeed(txnid, 100);
    const [exception] = await exceptionsOf(h, order.id);
    const id = exception?.id ?? 0;
    for (const body of [{}, { action: 'keep' }, { action: 3 }, { action: null, note: '' }]) {
      const answer = await resolve(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors.action).toEqual([paymentExceptionMessages.actionRequired]);
    }
    const long = await resolve(id, { action: 'refund', note: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['note']);
    expect((await resolve(id, { action: 'refund', note: 7 })).body.errors.note).toBeDefined();
    expect((await resolve(id, { action: 'refund', extra: 1 })).status).toBe(422);
    expect((await resolve(999_999_999, { action: 'refund', note: '' })).status).toBe(404);
    for (const bad of ['abc', '-1', '1.5']) expect((await resolve(bad, { action: 'refund' })).status, bad).toBe(404);
    expect((await list('?status=later')).status).toBe(422);
    expect((await list('?status=later')).body.errors.status).toBeDefined();
    expect((await list('?cursor=x')).body.errors.cursor).toBeDefined();
    // Nothing moved.
    expect((await exceptionsOf(h, order.id))[0]?.resolved_at).toBeNull();
    expect((await resolve(id, { action: 'refund' })).status).toBe(200);
  });

  it('pages open exceptions oldest first by keyset', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { order, txnid } = await newOrder();
      await succeed(txnid, 100 + i);
      ids.push(((await exceptionsOf(h, order.id))[0]?.id ?? 0) as number);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.items.map((x: { id: number }) => x.id));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    for (const id of ids) expect(seen).toContain(id);
    for (const id of ids) expect((await resolve(id, { action: 'refund' })).status).toBe(200);
  });

  it('is the admins’ alone', async () => {
    const { buyer, order, txnid } = await newOrder();
    await succeed(txnid, 100);
    const [exception] = await exceptionsOf(h, order.id);
    const artist = await makeArtist(h, { status: 'approved' });
    for (const token of [undefined, buyer.token, artist.token]) {
      expect((await h.call('GET', LIST, undefined, { token })).status).toBe(401);
      expect((await h.call('POST', resolveUrl(exception?.id ?? 0), { action: 'refund' }, { token })).status).toBe(401);
    }
    expect((await exceptionsOf(h, order.id))[0]?.resolved_at).toBeNull();
    expect((await resolve(exception?.id ?? 0, { action: 'refund' })).status).toBe(200);
  });
});

describe.each(databases)('payment exceptions with DragonPay (%s)', (kind) => {
  let dp: DragonPayStandIn;
  let h: Harness;
  let admin: Awaited<ReturnType<typeof signedIn>>;

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
    admin = await signedIn(h, 'admin', 'dp-admin');
  });
  afterAll(async () => {
    await h.close();
    await dp.close();
  });
  afterEach(async () => {
    expect(await moneyInvariantBreaks(h)).toEqual([]);
  });

  async function started() {
    const buyer = await customer(h);
    const order = await orderFor(h, buyer.user.id, { priceCentavos: 250_000 });
    const answer = await h.call(
      'POST',
      `/api/v1/user/order/${order.id}/checkout`,
      { paymentMethod: 'gcash' },
      { token: buyer.token },
    );
    expect(answer.status, answer.text).toBe(200);
    const [payment] = await paymentsOfOrder(h, order.id);
    return { order, txnid: payment?.txnid as string };
  }
  const postback = async (txnid: string) => {
    const res = await postForm(h, '/api/v1/payments/dragonpay/postback', dp.postback(txnid, 'S'));
    expect(await res.text()).toBe('result=OK');
  };

  it('a success the inquiry reports for another amount or currency is held once and alerted', async () => {
    for (const [change, kindOf] of [
      [{ amount: 1 }, 'wrong_amount'],
      [{ currency: 'USD' }, 'wrong_currency'],
    ] as const) {
      const { order, txnid } = await started();
      dp.settle(txnid, { status: 'S', ...change });
      const before = (await notificationsOf(h, admin.id)).length;
      await postback(txnid);
      await postback(txnid);
      expect((await paymentOf(h, txnid)).status).toBe('held');
      expect((await orderOf(h, order.id)).status).toBe('awaiting_payment');
      const rows = await exceptionsOf(h, order.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: kindOf, resolved_at: null });
      expect((await notificationsOf(h, admin.id)).length - before).toBe(1);
      expect(
        (await digestRows(h, admin.id)).filter((d) => JSON.parse(d.payload).data.order_id === order.id),
      ).toHaveLength(1);

      const refunded = await h.call('POST', resolveUrl(rows[0]?.id ?? 0), { action: 'refund' }, { token: admin.token });
      expect(refunded.status, refunded.text).toBe(200);
      expect((await paymentOf(h, txnid)).status).toBe('refunded');
      expect(await refundsOf(h, order.id)).toMatchObject([{ reason_code: 'wrong_payment', status: 'owed' }]);
    }
  });
});
