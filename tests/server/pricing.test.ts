import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ArtistAccount } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, payOrder, type SignedIn, signedIn, submitRecording, U } from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';
import { moneyInvariantBreaks } from './support/money-invariant';

// Prices that mean what they say: the customer pays the highest rate of the artists they chose; the
// artist who accepts takes the order at their own rate and earns it less the platform fee; what the
// customer paid above it is owed back to them at once. The money adds up after every event.

describe.each(databases)('prices of orders with several artists (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;
  let ana: ArtistAccount;
  let migs: ArtistAccount;

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin', 'pricing-admin');
    ana = await makeRatedArtist(h, { rate: 2500 });
    migs = await makeRatedArtist(h, { rate: 1800 });
  });
  afterAll(() => h.close());
  beforeEach(() => admin.renew());

  const post = async (path: string, body: unknown, who: { token: string }) => {
    const answer = await h.call('POST', path, body, who);
    expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    return answer;
  };
  const noBreaks = async (orderId: number, step: string) =>
    expect(await moneyInvariantBreaks(h, [orderId]), step).toEqual([]);
  const refundsOf = (orderId: number) =>
    h.database.db
      .selectFrom('refunds')
      .select(['payment_id', 'amount_centavos', 'reason_code', 'status'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const orderRow = (orderId: number) =>
    h.database.db
      .selectFrom('orders')
      .select(['price_centavos', 'platform_fee_centavos', 'status'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
  const mailsOf = (userId: number, kind: string) =>
    h.database.db
      .selectFrom('mail_outbox')
      .select('payload')
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => JSON.parse(r.payload).data));
  /** What the customer's payment history says was paid and refunded for the order (pesos). */
  const historyOf = async (customer: { token: string }, reference: string) => {
    const answer = await h.call('GET', `${U}/payments?limit=50`, undefined, customer);
    expect(answer.status, answer.text).toBe(200);
    const rows = (
      answer.body.data.payments as { order_reference: string; amount: number; refunds: { amount: number }[] }[]
    ).filter((p) => p.order_reference === reference);
    return {
      rows: rows.length,
      paid: rows.reduce((t, p) => t + p.amount, 0),
      refunded: rows.reduce((t, p) => t + p.refunds.reduce((sum, r) => sum + r.amount, 0), 0),
    };
  };

  /** A customer's order with Ana (₱2,500) and Migs (₱1,800), paid; the money checked at each step. */
  async function paidToBoth() {
    const customer = await makeCustomer(h);
    const order = await placeOrder(h, customer.token, [ana.user_id, migs.user_id]);
    expect(order.price).toBe(2500);
    const state = await h.call('GET', `${U}/orders/${order.id}/payment-state`, undefined, customer);
    expect(state.body.data).toMatchObject({ amount: 2500, artist_rates: [2500, 1800], payable: true });
    // What /pay/{id} says is being paid for: the song and the artists offered, in the rates' order.
    const [anaRow, migsRow] = await Promise.all(
      [ana, migs].map((a) =>
        h.database.db
          .selectFrom('users')
          .select(['stage_name', 'first_name'])
          .where('user_id', '=', a.user_id)
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(state.body.data).toMatchObject({
      occasion_name: 'birthday',
      recipient_first_name: 'Jose',
      artist_names: [anaRow, migsRow].map((r) => r?.stage_name ?? r?.first_name),
    });
    await noBreaks(order.id, 'placed');
    await payOrder(h, customer.token, order.id);
    await noBreaks(order.id, 'paid');
    return { customer, order };
  }

  it('shows each artist their own earning on the offer, in the mail and on the order', async () => {
    const { order } = await paidToBoth();
    for (const [artist, earning] of [
      [ana, 2000],
      [migs, 1440],
    ] as const) {
      const view = await h.call('GET', `${A}/orders/${order.id}`, undefined, artist);
      expect(view.status, view.text).toBe(200);
      expect(view.body.data).toMatchObject({ earning, price: earning / 0.8 });
      const offers = (await mailsOf(artist.id, 'new_offer')).filter((m) => m.order.order_id === order.id);
      expect(offers.map((m) => m.earning_centavos)).toEqual([earning * 100]);
    }
  });

  it('the cheaper artist accepts: the difference is owed back, listed, mailed; the artist earns their share', async () => {
    const { customer, order } = await paidToBoth();
    await post(`${A}/orders/${order.id}/accept`, undefined, migs);

    // The order takes Migs's rate and the fee on it.
    expect(await orderRow(order.id)).toEqual({
      price_centavos: 180_000,
      platform_fee_centavos: 36_000,
      status: 'in_progress',
    });
    const [payment] = await h.database.db
      .selectFrom('payments')
      .select(['id', 'status', 'amount_centavos'])
      .where('order_id', '=', order.id)
      .where('status', '=', 'succeeded')
      .execute();
    expect(payment?.amount_centavos).toBe(250_000);
    expect(await refundsOf(order.id)).toEqual([
      { payment_id: payment?.id, amount_centavos: 70_000, reason_code: 'price_difference', status: 'owed' },
    ]);
    await noBreaks(order.id, 'accepted by the cheaper artist');

    // The customer sees it: the order page, the payment history (2,500 − 700 = Migs's 1,800), a mail.
    const seen = await h.call('GET', `${U}/orders/${order.id}`, undefined, customer);
    expect(seen.body.data).toMatchObject({
      price: 1800,
      refunds: [{ amount: 700, reason: 'price_difference', status: 'owed' }],
    });
    expect(await historyOf(customer, order.reference)).toEqual({ rows: 1, paid: 2500, refunded: 700 });
    const mails = (await mailsOf(customer.id, 'refund_recorded')).filter((m) => m.order.order_id === order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ amount_centavos: 70_000 });
    expect(mails[0].reason).toContain('₱1,800');

    // The admin's refunds queue has it.
    const queue = await h.call('GET', `${ADMIN}/refunds?status=owed&limit=50`, undefined, admin);
    expect(queue.status, queue.text).toBe(200);
    const item = queue.body.data.items.find((r: { order_id: number }) => r.order_id === order.id);
    expect(item).toMatchObject({ amount: 700, reason: 'price_difference', status: 'owed' });

    // Migs earns his share of his own rate.
    expect((await h.call('GET', `${A}/orders/${order.id}`, undefined, migs)).body.data).toMatchObject({
      price: 1800,
      earning: 1440,
    });
    // Ana's offer closed: the order, and Migs's earning on it, are not hers to see.
    expect((await h.call('GET', `${A}/orders/${order.id}`, undefined, ana)).status).toBe(404);

    // Through delivery and completion the money still adds up; the payout is his share.
    await submitRecording(h, migs.token, order.id);
    await noBreaks(order.id, 'recording submitted');
    await post(`${ADMIN}/orders/${order.id}/validate`, undefined, admin);
    await post(`${U}/orders/${order.id}/accept`, undefined, customer);
    const payouts = await h.database.db
      .selectFrom('payouts')
      .select('amount_centavos')
      .where('order_id', '=', order.id)
      .execute();
    expect(payouts).toEqual([{ amount_centavos: 144_000 }]);
    await noBreaks(order.id, 'completed');
    await post(`${ADMIN}/refunds/${item.id}/mark-sent`, { method: 'GCash', reference: 'GC-700' }, admin);
    await noBreaks(order.id, 'refund sent');
  });

  it('cancelled after the cheaper artist accepted: only what is still held is refunded', async () => {
    const { customer, order } = await paidToBoth();
    await post(`${A}/orders/${order.id}/accept`, undefined, migs);
    await post(`${ADMIN}/orders/${order.id}/cancel`, { reason: 'Artist unwell' }, admin);
    expect((await refundsOf(order.id)).map((r) => [r.reason_code, r.amount_centavos])).toEqual([
      ['price_difference', 70_000],
      ['order_cancelled', 180_000],
    ]);
    // One row per payment in the history, with both its refunds.
    expect(await historyOf(customer, order.reference)).toEqual({ rows: 1, paid: 2500, refunded: 2500 });
    await noBreaks(order.id, 'cancelled');
  });

  it('the dearer artist accepts: no refund, and she earns her share of the price paid', async () => {
    const { customer, order } = await paidToBoth();
    await post(`${A}/orders/${order.id}/accept`, undefined, ana);
    expect(await orderRow(order.id)).toEqual({
      price_centavos: 250_000,
      platform_fee_centavos: 50_000,
      status: 'in_progress',
    });
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await mailsOf(customer.id, 'refund_recorded')).toEqual([]);
    expect(await historyOf(customer, order.reference)).toEqual({ rows: 1, paid: 2500, refunded: 0 });
    const anaView = await h.call('GET', `${A}/orders/${order.id}`, undefined, ana);
    expect(anaView.status, anaView.text).toBe(200);
    expect(anaView.body.data).toMatchObject({ price: 2500, earning: 2000 });
    await noBreaks(order.id, 'accepted by the dearer artist');
  });

  it('a single artist: no refund, the price is their rate', async () => {
    const customer = await makeCustomer(h);
    const order = await placeOrder(h, customer.token, [migs.user_id]);
    const state = await h.call('GET', `${U}/orders/${order.id}/payment-state`, undefined, customer);
    expect(state.body.data).toMatchObject({ amount: 1800, artist_rates: [1800] });
    await payOrder(h, customer.token, order.id);
    await noBreaks(order.id, 'paid');
    await post(`${A}/orders/${order.id}/accept`, undefined, migs);
    expect(await orderRow(order.id)).toMatchObject({ price_centavos: 180_000, platform_fee_centavos: 36_000 });
    expect(await refundsOf(order.id)).toEqual([]);
    await noBreaks(order.id, 'accepted');
  });

  it('another customer cannot read the payment state (404)', async () => {
    const { order } = await paidToBoth();
    const other = await makeCustomer(h);
    expect((await h.call('GET', `${U}/orders/${order.id}/payment-state`, undefined, other)).status).toBe(404);
  });
});
