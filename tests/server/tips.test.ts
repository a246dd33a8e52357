import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TIP_MAX_PESOS, TIP_MIN_PESOS, tipMessages } from '../../contracts/tips';
import { tips as tipsMigration } from '../../server/db/migrations/0027-tips';
import { createSandboxProvider } from '../../server/payments/sandbox.provider';
import type { ArtistAccount } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, notificationsOf, paidOrder, signedIn, submitRecording, U } from './lifecycle-fixtures';
import { makeCustomer } from './orders-fixtures';
import { moneyInvariantBreaks } from './support/money-invariant';
import { postForm, txnidOfUrl } from './support/payment-fixtures';

// Tips over HTTP (issue 28): after accepting the song the customer tips the artist through the sandbox
// provider; the whole tip becomes the artist's payout; the amount charged is the one the server stored.

describe.each(databases)('tips (%s)', (kind) => {
  let h: Harness;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin', 'tips-admin');
  });
  afterAll(() => h.close());
  beforeEach(() => admin.renew());
  // After every event, every order's money adds up, tips included.
  afterEach(async () => {
    expect(await moneyInvariantBreaks(h)).toEqual([]);
  });

  const sandbox = () =>
    createSandboxProvider({ publicUrl: 'http://labsongs.test', jwtSecret: h.config.jwtSecret as string });
  const tipOf = (txnid: string) =>
    h.database.db.selectFrom('tips').selectAll().where('txnid', '=', txnid).executeTakeFirstOrThrow();
  const tipPayouts = (orderId: number) =>
    h.database.db
      .selectFrom('payouts')
      .select(['artist_id', 'amount_centavos', 'tip_id', 'status'])
      .where('order_id', '=', orderId)
      .where('tip_id', 'is not', null)
      .execute();

  /** A paid order the customer has accepted (completed), as the other money tests make one. */
  async function acceptedOrder() {
    const paid = await paidOrder(h, 1);
    const artist = paid.artists[0] as ArtistAccount;
    expect((await h.call('POST', `${A}/orders/${paid.id}/accept`, undefined, artist)).status).toBe(200);
    await submitRecording(h, artist.token, paid.id);
    expect((await h.call('POST', `${ADMIN}/orders/${paid.id}/validate`, undefined, admin)).status).toBe(200);
    return { ...paid, artist };
  }
  async function completedOrder() {
    const order = await acceptedOrder();
    expect((await h.call('POST', `${U}/orders/${order.id}/accept`, undefined, order.customer)).status).toBe(200);
    return order;
  }
  const tip = (orderId: number, body: unknown, who: { token: string }) =>
    h.call('POST', `${U}/orders/${orderId}/tips`, body, who);

  it('a customer tips ₱250 after accepting: paid on the sandbox page, credited whole to the artist, who is told', async () => {
    const order = await completedOrder();
    const before = await h.call('GET', `${U}/orders/${order.id}/tips`, undefined, order.customer);
    expect(before.status, before.text).toBe(200);
    expect(before.body.data).toEqual({ can_tip: true, items: [] });

    const started = await tip(order.id, { amount: 250, paymentMethod: 'sandbox' }, order.customer);
    expect(started.status, started.text).toBe(201);
    expect(started.body.data.tip).toMatchObject({ amount: 250, status: 'pending', paid_at: null });
    const txnid = txnidOfUrl(started.body.data.payment.Url);
    expect((await tipOf(txnid)).amount_centavos).toBe(25_000);
    expect(await tipPayouts(order.id)).toEqual([]);

    // The sandbox page shows the stored amount, for a tip, with no chargeback to simulate once paid.
    const page = await (await h.request(`/payments/sandbox/${txnid}`)).text();
    expect(page).toContain('Tip for order');
    expect(page).toContain(order.reference);
    expect(page).toContain('Pay ₱250.00');

    const pressed = await postForm(h, `/payments/sandbox/${txnid}`, { action: 'pay' });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toMatch(new RegExp(`/customer/account/orders/${order.id}$`));
    expect((await tipOf(txnid)).status).toBe('paid');
    const tipRow = await tipOf(txnid);
    expect(await tipPayouts(order.id)).toEqual([
      { artist_id: order.artist.id, amount_centavos: 25_000, tip_id: tipRow.id, status: 'pending' },
    ]);
    const paidPage = await (await h.request(`/payments/sandbox/${txnid}`)).text();
    expect(paidPage).not.toContain('chargeback');

    // The same postback again (a provider retries): nothing is credited twice.
    const again = await postForm(
      h,
      '/api/v1/payments/sandbox/postback',
      sandbox().postbackFor({
        txnid,
        refno: tipRow.refno as string,
        amountCentavos: 25_000,
        currency: 'PHP',
        status: 'succeeded',
      }),
    );
    expect(await again.text()).toBe('result=OK');
    expect(await tipPayouts(order.id)).toHaveLength(1);

    // The artist is told (a notification and a mail), and their earnings and payouts show the tip.
    const notes = await notificationsOf(h, order.artist.id);
    expect(notes.filter((n) => n.type === 'tip_received')).toHaveLength(1);
    const mails = await h.database.db
      .selectFrom('mail_outbox')
      .select(['kind', 'payload'])
      .where('user_id', '=', order.artist.id)
      .where('kind', '=', 'tip_received')
      .execute();
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]?.payload as string).data.amount_centavos).toBe(25_000);
    const lines = await h.call('GET', `${A}/earnings/lines?limit=20`, undefined, order.artist);
    expect(lines.status, lines.text).toBe(200);
    const amounts = lines.body.data.items
      .filter((l: { reference: string }) => l.reference === order.reference)
      .map((l: { amount: number }) => l.amount)
      .sort((a: number, b: number) => a - b);
    expect(amounts).toEqual([250, 2000]);
    const payouts = await h.call('GET', `${A}/payouts?limit=20`, undefined, order.artist);
    expect(payouts.body.data.items.map((p: { amount: number }) => p.amount)).toContain(250);
    const adminPayouts = await h.call('GET', `${ADMIN}/payouts?status=pending&limit=50`, undefined, admin);
    expect(adminPayouts.status, adminPayouts.text).toBe(200);
    expect(
      adminPayouts.body.data.items.filter(
        (p: { order_reference: string; amount: number }) => p.order_reference === order.reference && p.amount === 250,
      ),
    ).toHaveLength(1);

    const after = await h.call('GET', `${U}/orders/${order.id}/tips`, undefined, order.customer);
    expect(after.body.data.items).toEqual([expect.objectContaining({ amount: 250, status: 'paid' })]);
  });

  it('another customer’s order is a 404, for reading and for tipping', async () => {
    const order = await completedOrder();
    const stranger = await makeCustomer(h);
    expect((await h.call('GET', `${U}/orders/${order.id}/tips`, undefined, stranger)).status).toBe(404);
    expect((await tip(order.id, { amount: 100, paymentMethod: 'sandbox' }, stranger)).status).toBe(404);
    expect(await h.database.db.selectFrom('tips').select('id').where('order_id', '=', order.id).execute()).toEqual([]);
  });

  it('an order whose song is not accepted yet cannot be tipped (409)', async () => {
    const order = await acceptedOrder();
    const list = await h.call('GET', `${U}/orders/${order.id}/tips`, undefined, order.customer);
    expect(list.body.data.can_tip).toBe(false);
    const refused = await tip(order.id, { amount: 100, paymentMethod: 'sandbox' }, order.customer);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(tipMessages.notAccepted);
  });

  it('an amount outside the limits or malformed, or a wrong method, is a 422 on its field', async () => {
    const order = await completedOrder();
    for (const amount of [TIP_MIN_PESOS - 1, TIP_MAX_PESOS + 1, 120.5, '100', null, -100]) {
      const refused = await tip(order.id, { amount, paymentMethod: 'sandbox' }, order.customer);
      expect(refused.status, String(amount)).toBe(422);
      expect(refused.body.errors.amount).toEqual([tipMessages.amountInvalid]);
    }
    const missing = await tip(order.id, { paymentMethod: 'sandbox' }, order.customer);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.amount).toBeDefined();
    const method = await tip(order.id, { amount: 100, paymentMethod: 'cash' }, order.customer);
    expect(method.status).toBe(422);
    expect(method.body.errors.paymentMethod).toEqual([tipMessages.paymentMethodRequired]);
    // Limits are inclusive.
    expect((await tip(order.id, { amount: TIP_MIN_PESOS, paymentMethod: 'sandbox' }, order.customer)).status).toBe(201);
    expect((await tip(order.id, { amount: TIP_MAX_PESOS, paymentMethod: 'sandbox' }, order.customer)).status).toBe(201);
  });

  it('a signed success for another amount than the stored tip credits nothing; a forged one is refused', async () => {
    const order = await completedOrder();
    const started = await tip(order.id, { amount: 500, paymentMethod: 'sandbox' }, order.customer);
    const txnid = txnidOfUrl(started.body.data.payment.Url);
    const row = await tipOf(txnid);

    // Altered amount on a signed postback: the signature no longer checks out.
    const fields = sandbox().postbackFor({
      txnid,
      refno: row.refno as string,
      amountCentavos: 50_000,
      currency: 'PHP',
      status: 'succeeded',
    });
    const forged = await postForm(h, '/api/v1/payments/sandbox/postback', { ...fields, amount: '5.00' });
    expect(forged.status).toBe(400);
    expect((await tipOf(txnid)).status).toBe('pending');

    // A genuine provider answer for ₱5: held, nothing credited to the artist.
    const cheap = await postForm(
      h,
      '/api/v1/payments/sandbox/postback',
      sandbox().postbackFor({
        txnid,
        refno: row.refno as string,
        amountCentavos: 500,
        currency: 'PHP',
        status: 'succeeded',
      }),
    );
    expect(await cheap.text()).toBe('result=OK');
    expect((await tipOf(txnid)).status).toBe('held');
    expect(await tipPayouts(order.id)).toEqual([]);

    // The right amount afterwards does not turn held money into a credit either: a person decides.
    await postForm(
      h,
      '/api/v1/payments/sandbox/postback',
      sandbox().postbackFor({
        txnid,
        refno: row.refno as string,
        amountCentavos: 50_000,
        currency: 'PHP',
        status: 'succeeded',
      }),
    );
    expect((await tipOf(txnid)).status).toBe('held');
    expect(await tipPayouts(order.id)).toEqual([]);
  });

  it('a cancelled tip credits nothing; late money for it still reaches the artist once', async () => {
    const order = await completedOrder();
    const started = await tip(order.id, { amount: 100, paymentMethod: 'sandbox' }, order.customer);
    const txnid = txnidOfUrl(started.body.data.payment.Url);
    expect((await postForm(h, `/payments/sandbox/${txnid}`, { action: 'cancel' })).status).toBe(303);
    expect((await tipOf(txnid)).status).toBe('cancelled');
    expect(await tipPayouts(order.id)).toEqual([]);
    // A chargeback button press is refused for a tip.
    expect((await postForm(h, `/payments/sandbox/${txnid}`, { action: 'chargeback' })).status).toBe(400);
    const row = await tipOf(txnid);
    await postForm(
      h,
      '/api/v1/payments/sandbox/postback',
      sandbox().postbackFor({
        txnid,
        refno: row.refno as string,
        amountCentavos: 10_000,
        currency: 'PHP',
        status: 'succeeded',
      }),
    );
    expect((await tipOf(txnid)).status).toBe('paid');
    expect(await tipPayouts(order.id)).toHaveLength(1);
  });

  it('a chargeback of the order after a tip leaves the tip credited; the order is on hold for a person', async () => {
    const order = await completedOrder();
    const started = await tip(order.id, { amount: 100, paymentMethod: 'sandbox' }, order.customer);
    await postForm(h, `/payments/sandbox/${txnidOfUrl(started.body.data.payment.Url)}`, { action: 'pay' });
    const payment = await h.database.db
      .selectFrom('payments')
      .select('txnid')
      .where('order_id', '=', order.id)
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    expect((await postForm(h, `/payments/sandbox/${payment.txnid}`, { action: 'chargeback' })).status).toBe(303);
    const status = await h.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('disputed');
    expect(await tipPayouts(order.id)).toHaveLength(1);
  });

  it('the migration goes down (tips and their payouts with it) and up again; payouts still count', async () => {
    const order = await completedOrder();
    const started = await tip(order.id, { amount: 300, paymentMethod: 'sandbox' }, order.customer);
    await postForm(h, `/payments/sandbox/${txnidOfUrl(started.body.data.payment.Url)}`, { action: 'pay' });
    const migration = tipsMigration(h.database.dialect);
    const db = h.database.db as unknown as Kysely<unknown>;
    await migration.down(db);
    const left = await h.database.db
      .selectFrom('payouts')
      .select('amount_centavos')
      .where('order_id', '=', order.id)
      .execute();
    expect(left).toEqual([{ amount_centavos: 200_000 }]);
    await migration.up(db);
    // 0014's triggers survived the rebuild: a new tip's payout is in what the artist is owed.
    const summary = () =>
      h.database.db
        .selectFrom('artist_summaries')
        .select('available_centavos')
        .where('artist_id', '=', order.artist.id)
        .executeTakeFirstOrThrow();
    const before = Number((await summary()).available_centavos);
    const again = await tip(order.id, { amount: 150, paymentMethod: 'sandbox' }, order.customer);
    await postForm(h, `/payments/sandbox/${txnidOfUrl(again.body.data.payment.Url)}`, { action: 'pay' });
    expect(Number((await summary()).available_centavos)).toBe(before + 15_000);
  });
});
