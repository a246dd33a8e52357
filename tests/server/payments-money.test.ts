import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { type NotificationType, notificationMessages } from '../../contracts/notifications';
import { orderMessages } from '../../contracts/order';
import { demoLogins, seedDemoData } from '../../server/db/seed';
import { UNVERIFIED_BODY_CHARS, UNVERIFIED_CALLBACK_DAYS } from '../../server/payments/payments.repository';
import { createSandboxProvider } from '../../server/payments/sandbox.provider';
import { pruneExpired } from '../../server/services/maintenance';
import { type ArtistAccount, formOf, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import {
  A,
  ADMIN,
  eventTypesOf,
  notificationsOf,
  paidOrder,
  payOrder,
  signedIn,
  startCheckout,
  submitRecording,
  U,
} from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, occasionBody, placeOrder, seedDemoOrdersIn } from './orders-fixtures';
import { moneyInvariantBreaks } from './support/money-invariant';
import { callbacksOf, orderOf, paymentOf, paymentsOfOrder, postForm } from './support/payment-fixtures';

// Money and trust over HTTP: every peso accounted for (closed checkouts, refunds owed, chargebacks),
// bounded callbacks, need-to-know for artists, payouts that can be paid, the result page's state.

describe.each(databases)('money and trust (%s)', (kind) => {
  let h: Harness;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin', 'money-admin');
  });
  afterAll(() => h.close());
  // Some tests move the clock by days: the admin signs in again so their token is always fresh.
  beforeEach(() => admin.renew());
  // Whatever happened, every order's money adds up: paid − refunded = the artist's earning + the platform's share.
  afterEach(async () => {
    expect(await moneyInvariantBreaks(h)).toEqual([]);
  });

  const sandbox = () =>
    createSandboxProvider({ publicUrl: 'http://labsongs.test', jwtSecret: h.config.jwtSecret as string });
  const press = (txnid: string, action: string) => postForm(h, `/payments/sandbox/${txnid}`, { action });

  /** What the sandbox would post back for this attempt, signed (as a late provider callback arrives). */
  async function signedPostback(txnid: string, status: 'succeeded' | 'failed' | 'cancelled' | 'charged_back') {
    const row = await paymentOf(h, txnid);
    return postForm(
      h,
      '/api/v1/payments/sandbox/postback',
      sandbox().postbackFor({
        txnid,
        refno: row.refno as string,
        amountCentavos: row.amount_centavos,
        currency: 'PHP',
        status,
      }),
    );
  }

  const refundsOf = (orderId: number) =>
    h.database.db
      .selectFrom('refunds')
      .select(['payment_id', 'reason_code', 'status', 'amount_centavos'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();

  const typesOf = async (userId: number) => (await notificationsOf(h, userId)).map((n) => n.type as NotificationType);
  /** The kinds of mail queued for someone, in the order the events queued them. */
  const mailKindsOf = async (userId: number) =>
    (
      await h.database.db.selectFrom('mail_outbox').select('kind').where('user_id', '=', userId).orderBy('id').execute()
    ).map((row) => row.kind);

  async function newOrder() {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h);
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    return { customer, artist, order };
  }

  describe('a cancelled order keeps no money without a refund record', () => {
    it('cancelling voids the open checkout; its pay page refuses; a late signed success is owed back', async () => {
      const { customer, order } = await newOrder();
      const txnid = await startCheckout(h, customer.token, order.id);
      const cancelled = await h.call('POST', `${U}/orders/${order.id}/cancel`, { reason: 'Changed my mind' }, customer);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect((await paymentOf(h, txnid)).status).toBe('voided');

      // The sandbox page says the checkout is closed, and pressing Pay anyway charges nothing.
      const page = await h.request(`/payments/sandbox/${txnid}`);
      expect(await page.text()).toContain('This checkout is closed');
      const pressed = await press(txnid, 'pay');
      expect(pressed.status).toBe(409);
      expect(await pressed.text()).toContain('This checkout is closed');
      expect((await paymentOf(h, txnid)).status).toBe('voided');
      expect(await refundsOf(order.id)).toEqual([]);

      // The provider's success arrives all the same (a signed postback): the money is owed back.
      expect(await (await signedPostback(txnid, 'succeeded')).text()).toBe('result=OK');
      expect((await orderOf(h, order.id)).status).toBe('cancelled');
      const payment = await paymentOf(h, txnid);
      expect(payment.status).toBe('refunded');
      expect(await refundsOf(order.id)).toEqual([
        {
          payment_id: payment.id,
          reason_code: 'paid_after_void',
          status: 'owed',
          amount_centavos: payment.amount_centavos,
        },
      ]);
      expect(await typesOf(customer.id)).toContain('refund_recorded');
      expect((await mailKindsOf(customer.id)).filter((k) => k === 'refund_recorded')).toHaveLength(1);
      // Replayed, it changes nothing more.
      await signedPostback(txnid, 'succeeded');
      expect(await refundsOf(order.id)).toHaveLength(1);
      expect((await mailKindsOf(customer.id)).filter((k) => k === 'refund_recorded')).toHaveLength(1);

      // The customer sees it on the order and in the payment history.
      const seen = await h.call('GET', `${U}/orders/${order.id}`, undefined, customer);
      expect(seen.body.data.refunds).toMatchObject([
        { reason: 'paid_after_void', status: 'owed', amount: order.price },
      ]);
      const history = await h.call('GET', `${U}/payments`, undefined, customer);
      expect(history.body.data.payments[0]).toMatchObject({
        status: 'refunded',
        refunds: [{ reason: 'paid_after_void', status: 'owed', amount: order.price }],
      });
    });
  });

  describe('a double payment is refused or refunded', () => {
    it('paying one checkout voids the other; the other’s page refuses and its late money is owed back', async () => {
      const { customer, order } = await newOrder();
      const first = await startCheckout(h, customer.token, order.id);
      const second = await startCheckout(h, customer.token, order.id);
      expect((await press(first, 'pay')).status).toBe(303);
      expect((await orderOf(h, order.id)).status).toBe('offered');
      expect((await paymentOf(h, second)).status).toBe('voided');
      expect((await press(second, 'pay')).status).toBe(409);
      // No new checkout for a paid order.
      const again = await h.call('POST', `${U}/order/${order.id}/checkout`, { paymentMethod: 'sandbox' }, customer);
      expect(again.status).toBe(409);

      await signedPostback(second, 'succeeded');
      const payments = await paymentsOfOrder(h, order.id);
      expect(payments.map((p) => p.status)).toEqual(['succeeded', 'refunded']);
      expect(await refundsOf(order.id)).toMatchObject([
        { payment_id: payments[1]?.id, reason_code: 'paid_after_void' },
      ]);
      expect(await eventTypesOf(h, order.id)).toEqual(['created', 'payment_succeeded', 'refund_recorded']);
    });

    it('a failed checkout paid late, after another paid the order, is owed back as paid twice', async () => {
      const { customer, order } = await newOrder();
      const failed = await startCheckout(h, customer.token, order.id);
      expect((await press(failed, 'fail')).status).toBe(303);
      const paying = await startCheckout(h, customer.token, order.id);
      expect((await press(paying, 'pay')).status).toBe(303);
      // The failed one was not open, so it was not voided; its money still arrives (over the counter).
      expect((await paymentOf(h, failed)).status).toBe('failed');
      await signedPostback(failed, 'succeeded');
      expect((await paymentOf(h, failed)).status).toBe('refunded');
      expect(await refundsOf(order.id)).toMatchObject([{ reason_code: 'paid_twice', status: 'owed' }]);
      expect((await orderOf(h, order.id)).status).toBe('offered');
    });
  });

  describe('a chargeback stops the order', () => {
    it('before an artist started: the order is cancelled, the offers withdrawn, the reversal recorded', async () => {
      const paid = await paidOrder(h, 2);
      const [payment] = await paymentsOfOrder(h, paid.id);
      const pressed = await press(payment?.txnid as string, 'chargeback');
      expect(pressed.status).toBe(303);
      expect((await orderOf(h, paid.id)).status).toBe('cancelled');
      expect((await paymentOf(h, payment?.txnid as string)).status).toBe('charged_back');
      expect(await refundsOf(paid.id)).toMatchObject([{ reason_code: 'charged_back', status: 'paid' }]);
      for (const artist of paid.artists) expect(await typesOf(artist.id)).toContain('cancelled_order');
      // No artist can take it now.
      const accept = await h.call('POST', `${A}/orders/${paid.id}/accept`, undefined, paid.artists[0]);
      expect(accept.status).toBe(409);
    });

    it('after work started: the order is disputed, the artist and admins told, the work stops', async () => {
      const paid = await paidOrder(h, 1);
      const artist = paid.artists[0] as ArtistAccount;
      expect((await h.call('POST', `${A}/orders/${paid.id}/accept`, undefined, artist)).status).toBe(200);
      const [payment] = await paymentsOfOrder(h, paid.id);
      expect(await (await signedPostback(payment?.txnid as string, 'charged_back')).text()).toBe('result=OK');
      const order = await orderOf(h, paid.id);
      expect(order.status).toBe('disputed');
      expect(order.disputed_at).not.toBeNull();
      expect(await typesOf(artist.id)).toContain('order_disputed');
      expect(await typesOf(admin.id)).toContain('order_disputed');
      // And it waits in every admin's next digest, once.
      const digestLines = await h.database.db
        .selectFrom('mail_outbox')
        .select('payload')
        .where('kind', '=', 'admin_order_disputed')
        .where('user_id', '=', admin.id)
        .execute();
      expect(digestLines.filter((row) => JSON.parse(row.payload).data.order_id === paid.id)).toHaveLength(1);
      // The artist cannot deliver; the admin may settle it by cancelling.
      const temp = await h.upload(
        `${A}/order/song/upload`,
        formOf({}, { file: { bytes: wavBytes(), name: 'x.wav' } }),
        artist,
      );
      const submitted = await h.call(
        'POST',
        `${A}/orders/${paid.id}/recording`,
        { temp_location: temp.body.data.temp_location, lyrics: 'La', human_made: true },
        artist,
      );
      expect(submitted.status).toBe(409);
      const cancel = await h.call('POST', `${ADMIN}/orders/${paid.id}/cancel`, { reason: 'Chargeback' }, admin);
      expect(cancel.status, cancel.text).toBe(200);
      expect((await orderOf(h, paid.id)).status).toBe('cancelled');
    });

    it('after completion: the payout is held and cannot be marked paid', async () => {
      const paid = await paidOrder(h, 1);
      const artist = paid.artists[0] as ArtistAccount;
      await completeOrder(paid.id, paid.customer, artist);
      const payout = await h.database.db
        .selectFrom('payouts')
        .selectAll()
        .where('order_id', '=', paid.id)
        .executeTakeFirstOrThrow();
      const [payment] = await paymentsOfOrder(h, paid.id);
      await signedPostback(payment?.txnid as string, 'charged_back');
      expect((await orderOf(h, paid.id)).status).toBe('disputed');
      const marked = await h.call('POST', `${ADMIN}/payouts/${payout.id}/mark-paid`, { reference: 'X' }, admin);
      expect(marked.status).toBe(409);
      expect(marked.body.message).toBe(lifecycleMessages.payoutHeld);
      expect(
        (
          await h.database.db
            .selectFrom('payouts')
            .select('status')
            .where('id', '=', payout.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending');
    });
  });

  async function completeOrder(orderId: number, customer: { token: string }, artist: ArtistAccount) {
    expect((await h.call('POST', `${A}/orders/${orderId}/accept`, undefined, artist)).status).toBe(200);
    await submitRecording(h, artist.token, orderId);
    expect((await h.call('POST', `${ADMIN}/orders/${orderId}/validate`, undefined, admin)).status).toBe(200);
    expect((await h.call('POST', `${U}/orders/${orderId}/accept`, undefined, customer)).status).toBe(200);
  }

  describe('callbacks are bounded', () => {
    async function storageBytes(): Promise<number> {
      if (kind === 'postgres') {
        const row = await sql<{
          n: string;
        }>`select coalesce(pg_total_relation_size(to_regclass('payment_callbacks')), 0) + coalesce(pg_total_relation_size(to_regclass('rate_limits')), 0) as n`.execute(
          h.database.db,
        );
        return Number(row.rows[0]?.n ?? 0);
      }
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(h.database.db);
      const size = await sql<{ page_size: number }>`pragma page_size`.execute(h.database.db);
      return Number(pages.rows[0]?.page_count) * Number(size.rows[0]?.page_size);
    }

    it('300 forged 60 KB postbacks grow the database by under 2 MB', async () => {
      const { customer, order } = await newOrder();
      const txnid = await startCheckout(h, customer.token, order.id);
      const before = await storageBytes();
      const statuses = new Map<number, number>();
      for (let i = 0; i < 300; i++) {
        const res = await postForm(h, '/api/v1/payments/sandbox/postback', {
          txnid,
          status: 'succeeded',
          signature: 'f'.repeat(64),
          filler: 'x'.repeat(1990).repeat(30),
        });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
      const grown = (await storageBytes()) - before;
      expect(grown).toBeLessThan(2 * 1024 * 1024);
      // Too large to be a callback (413) until the client is rate limited (429); nothing changed.
      expect([...statuses.keys()].every((s) => s === 413 || s === 429)).toBe(true);
      expect(statuses.get(429)).toBeGreaterThan(0);
      expect((await paymentOf(h, txnid)).status).toBe('pending');
      h.clock.advance(61_000);
    });

    it('keeps a few KB of an unverified body and prunes old unverified rows; verified ones stay', async () => {
      const { customer, order } = await newOrder();
      const txnid = await startCheckout(h, customer.token, order.id);
      const forged = await postForm(h, '/api/v1/payments/sandbox/postback', {
        txnid,
        status: 'succeeded',
        signature: 'f'.repeat(64),
        a: 'x'.repeat(1999),
        b: 'y'.repeat(1999),
        c: 'z'.repeat(1999),
      });
      expect(forged.status).toBe(400);
      expect(await signedPostback(txnid, 'failed').then((r) => r.status)).toBe(200);
      const rows = await callbacksOf(h, txnid);
      expect(rows.map((r) => (r.verified ? 1 : 0))).toEqual([0, 1]);
      expect(rows[0]?.body.length).toBeLessThanOrEqual(UNVERIFIED_BODY_CHARS);
      h.clock.advance((UNVERIFIED_CALLBACK_DAYS + 1) * 86_400_000);
      await pruneExpired(h.database.db, h.clock);
      expect((await callbacksOf(h, txnid)).map((r) => (r.verified ? 1 : 0))).toEqual([1]);
    });

    it('rate-limits postbacks per client', async () => {
      h.clock.advance(61_000);
      const answers: number[] = [];
      for (let i = 0; i < h.config.rateLimits.postbackPerClient + 2; i++) {
        const res = await postForm(h, '/api/v1/payments/sandbox/postback', { txnid: 'LS0', status: 'x' });
        answers.push(res.status);
      }
      expect(answers.slice(0, h.config.rateLimits.postbackPerClient).every((s) => s === 400)).toBe(true);
      expect(answers.slice(-2)).toEqual([429, 429]);
      h.clock.advance(61_000);
    });

    it('expires a checkout nobody paid; late money still pays the order', async () => {
      const { customer, order } = await newOrder();
      const txnid = await startCheckout(h, customer.token, order.id);
      h.clock.advance(3 * 86_400_000);
      await pruneExpired(h.database.db, h.clock);
      expect((await paymentOf(h, txnid)).status).toBe('expired');
      await signedPostback(txnid, 'succeeded');
      expect((await paymentOf(h, txnid)).status).toBe('succeeded');
      expect((await orderOf(h, order.id)).status).toBe('offered');
    });
  });

  describe('need to know', () => {
    it('an artist’s views carry no customer email, phone or last name; the admin’s do', async () => {
      const customer = await makeCustomer(h);
      const artist = await makeRatedArtist(h);
      const order = await placeOrder(h, customer.token, [artist.user_id]);
      await payOrder(h, customer.token, order.id);
      const body = occasionBody();
      const secrets = [
        body.gifter_email,
        body.gifter_last_name,
        body.gifter_contact_number,
        customer.email,
        'gifter_email',
        'gifter_contact_number',
        'gifter_last_name',
        'gifter_dial_code',
      ];
      const views = [
        await h.call('GET', `${A}/orders?stage=new`, undefined, artist),
        await h.call('GET', `${A}/orders/${order.id}`, undefined, artist),
      ];
      expect((await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, artist)).status).toBe(200);
      views.push(await h.call('GET', `${A}/orders?stage=ongoing`, undefined, artist));
      views.push(await h.call('GET', `${A}/orders/${order.id}`, undefined, artist));
      for (const view of views) {
        expect(view.status, view.text).toBe(200);
        for (const secret of secrets) expect(view.text, secret).not.toContain(secret);
      }
      // What writing the song needs is there.
      const detail = views[1]?.body.data;
      expect(detail.brief.occasion).toMatchObject({
        gifter_first_name: body.gifter_first_name,
        recipient_first_name: body.recipient_first_name,
        recipient_pronunciation: body.recipient_pronunciation,
      });
      const adminView = await h.call('GET', `${ADMIN}/orders/${order.id}`, undefined, admin);
      expect(adminView.body.data.brief.occasion.gifter_email).toBe(body.gifter_email);
    });
  });

  describe('the result page reads the server', () => {
    it('answers the order’s real payment state; another customer’s order is a 404', async () => {
      const { customer, order } = await newOrder();
      const state = () => h.call('GET', `${U}/orders/${order.id}/payment-state`, undefined, customer);
      expect((await state()).body.data).toMatchObject({ state: 'unpaid', payable: true, payment_status: null });
      const txnid = await startCheckout(h, customer.token, order.id);
      expect((await state()).body.data).toMatchObject({ state: 'waiting', payable: true, payment_status: 'pending' });
      await press(txnid, 'fail');
      expect((await state()).body.data).toMatchObject({ state: 'failed', payable: true });
      const again = await startCheckout(h, customer.token, order.id);
      await press(again, 'cancel');
      expect((await state()).body.data).toMatchObject({ state: 'cancelled', payable: true });
      const third = await startCheckout(h, customer.token, order.id);
      await press(third, 'pay');
      const paid = await state();
      expect(paid.headers.get('cache-control')).toBe('no-store');
      expect(paid.body.data).toMatchObject({
        state: 'paid',
        payable: false,
        order_status: 'offered',
        order_reference: order.reference,
      });
      const other = await makeCustomer(h);
      expect((await h.call('GET', `${U}/orders/${order.id}/payment-state`, undefined, other)).status).toBe(404);
      expect((await h.call('GET', `${U}/orders/999999/payment-state`, undefined, customer)).body.message).toBe(
        orderMessages.orderNotFound,
      );
      expect((await h.call('GET', `${U}/orders/${order.id}/payment-state`)).status).toBe(401);
      expect((await h.call('GET', `${U}/orders/abc/payment-state`, undefined, customer)).status).toBe(404);
    });
  });

  describe('refunds people can see', () => {
    it('the admin lists refunds owed and marks one sent with its method and reference; the customer is told', async () => {
      const paid = await paidOrder(h, 1);
      const cancelled = await h.call(
        'POST',
        `${U}/orders/${paid.id}/cancel`,
        { reason: 'Plans changed' },
        paid.customer,
      );
      expect(cancelled.status).toBe(200);
      const owed = await h.call('GET', `${ADMIN}/refunds?status=owed&limit=50`, undefined, admin);
      expect(owed.status, owed.text).toBe(200);
      const item = owed.body.data.items.find((r: { order_id: number }) => r.order_id === paid.id);
      expect(item).toMatchObject({ reason: 'order_cancelled', note: 'Plans changed', status: 'owed', reference: null });
      expect(item.customer.email).toBeTruthy();

      // tests/server/refund-states.test.ts covers the bad input and the refused moves.
      const path = `${ADMIN}/refunds/${item.id}/mark-sent`;
      expect((await h.call('POST', path, {}, admin)).status).toBe(422);
      const marked = await h.call('POST', path, { method: 'GCash', reference: ' GC-REF-7788 ' }, admin);
      expect(marked.status, marked.text).toBe(200);
      expect(marked.body.data).toMatchObject({ status: 'sent', method: 'GCash', reference: 'GC-REF-7788' });
      expect((await h.call('POST', path, { method: 'GCash', reference: 'again' }, admin)).status).toBe(409);
      expect(await typesOf(paid.customer.id)).toContain('refund_paid');

      const order = await h.call('GET', `${U}/orders/${paid.id}`, undefined, paid.customer);
      expect(order.body.data.refunds).toMatchObject([{ status: 'sent', reference: 'GC-REF-7788' }]);
      const history = await h.call('GET', `${U}/payments`, undefined, paid.customer);
      expect(history.body.data.payments[0].refunds).toMatchObject([{ status: 'sent', reference: 'GC-REF-7788' }]);
      const sentList = await h.call('GET', `${ADMIN}/refunds?status=sent`, undefined, admin);
      expect(sentList.body.data.items.some((r: { id: number }) => r.id === item.id)).toBe(true);
      expect((await h.call('GET', `${ADMIN}/refunds?status=lost`, undefined, admin)).status).toBe(422);
      expect((await h.call('GET', `${ADMIN}/refunds`, undefined, paid.customer)).status).toBe(401);
    });
  });

  describe('payouts that can be paid', () => {
    it('the admin reveals the destination (audited, shown on the payout), marks it paid; the artist is told', async () => {
      const paid = await paidOrder(h, 1);
      const artist = paid.artists[0] as ArtistAccount;
      const at = h.clock.now().toISOString();
      await h.database.db
        .insertInto('artist_payouts')
        .values({
          user_id: artist.id,
          bank_name: 'GCash',
          account_name: 'Liza Santos',
          account_number_enc: h.payouts.encrypt('09171234567'),
          account_last4: '4567',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await completeOrder(paid.id, paid.customer, artist);
      const payout = await h.database.db
        .selectFrom('payouts')
        .selectAll()
        .where('order_id', '=', paid.id)
        .executeTakeFirstOrThrow();

      const listed = await h.call('GET', `${ADMIN}/payouts?status=pending&limit=50`, undefined, admin);
      const before = listed.body.data.items.find((p: { id: number }) => p.id === payout.id);
      expect(before).toMatchObject({ reveals: [], order_status: 'completed' });
      expect(listed.text).not.toContain('09171234567');

      expect((await h.call('POST', `${ADMIN}/payouts/${payout.id}/reveal`, undefined, paid.customer)).status).toBe(401);
      expect((await h.call('POST', `${ADMIN}/payouts/999999/reveal`, undefined, admin)).status).toBe(404);
      const revealed = await h.call('POST', `${ADMIN}/payouts/${payout.id}/reveal`, undefined, admin);
      expect(revealed.status, revealed.text).toBe(200);
      expect(revealed.headers.get('cache-control')).toBe('no-store');
      expect(revealed.body.data).toMatchObject({
        bank_name: 'GCash',
        account_name: 'Liza Santos',
        account_number: '09171234567',
      });
      const audit = await h.database.db
        .selectFrom('payout_reveals')
        .selectAll()
        .where('payout_id', '=', payout.id)
        .execute();
      expect(audit).toMatchObject([{ admin_id: admin.id, artist_id: artist.id }]);

      const marked = await h.call('POST', `${ADMIN}/payouts/${payout.id}/mark-paid`, { reference: 'GC-55' }, admin);
      expect(marked.status, marked.text).toBe(200);
      expect(marked.body.data.reveals).toHaveLength(1);
      expect(await typesOf(artist.id)).toContain('payout_paid');
      expect(await mailKindsOf(artist.id)).toContain('payout_paid');
      const payouts = await h.call('GET', `${A}/payouts`, undefined, artist);
      expect(payouts.body.data.items).toMatchObject([{ id: payout.id, status: 'paid', reference: 'GC-55' }]);
    });

    it('a payout without payout details cannot be revealed (409)', async () => {
      const paid = await paidOrder(h, 1);
      const artist = paid.artists[0] as ArtistAccount;
      await completeOrder(paid.id, paid.customer, artist);
      const payout = await h.database.db
        .selectFrom('payouts')
        .select('id')
        .where('order_id', '=', paid.id)
        .executeTakeFirstOrThrow();
      const answer = await h.call('POST', `${ADMIN}/payouts/${payout.id}/reveal`, undefined, admin);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(lifecycleMessages.payoutNoDestination);
    });
  });

  describe('notification streams end with the session', () => {
    const streamToken = async (token: string) =>
      (await h.call('POST', `${U}/notifications/stream-token`, undefined, { token })).body.data.token as string;

    it('logging out ends the session’s stream tokens and open streams', async () => {
      const customer = await makeCustomer(h);
      const token = await streamToken(customer.token);
      const controller = new AbortController();
      const open = await h.app.request(`${U}/notifications/stream?token=${token}`, { signal: controller.signal });
      expect(open.status).toBe(200);
      const second = await streamToken(customer.token);
      expect((await h.call('POST', `${U}/auth/logout`, undefined, customer)).status).toBe(200);
      // The open stream finishes (the logout woke it), and the unused token no longer opens one.
      const reader = open.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
      }
      const refused = await h.request(`${U}/notifications/stream?token=${second}`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: notificationMessages.streamTokenInvalid });
      controller.abort();
    });

    it('at most five streams per account: a sixth closes the oldest', async () => {
      const customer = await makeCustomer(h);
      const controllers: AbortController[] = [];
      const streams: Response[] = [];
      for (let i = 0; i < 6; i++) {
        const controller = new AbortController();
        controllers.push(controller);
        const res = await h.app.request(`${U}/notifications/stream?token=${await streamToken(customer.token)}`, {
          signal: controller.signal,
        });
        expect(res.status).toBe(200);
        streams.push(res);
      }
      const reader = streams[0]?.body?.getReader();
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
      }
      for (const controller of controllers) controller.abort();
    });
  });
});

describe.each(databases)('the demo customer (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('has one succeeded payment for each paid order, and her payment history shows them', async () => {
    await seedDemoData({
      db: h.database.db,
      passwords: h.passwords,
      storage: h.storage,
      payouts: h.payouts,
      now: h.clock.now(),
    });
    await seedDemoOrdersIn(h);
    const login = demoLogins.find((l) => l.area === 'user') as (typeof demoLogins)[number];
    const token = await h.login('user', login.email, login.password);
    const orders = (await h.call('GET', `${U}/orders`, undefined, { token })).body.data.orders as {
      reference: string;
      paid_at: string | null;
      price: number;
    }[];
    const payments = (await h.call('GET', `${U}/payments`, undefined, { token })).body.data.payments as {
      order_reference: string;
      status: string;
      amount: number;
    }[];
    const paid = orders.filter((o) => o.paid_at !== null);
    expect(paid.length).toBeGreaterThan(0);
    expect(payments.map((p) => [p.order_reference, p.status, p.amount]).sort()).toEqual(
      paid.map((o) => [o.reference, 'succeeded', o.price]).sort(),
    );
  });
});
