import { type Kysely, Migrator } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '../../contracts/format';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { refundLine } from '../../contracts/refunds';
import { migrationProvider } from '../../server/db/migrations';
import { readOutbox } from '../../server/services/outbox';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, notificationsOf, paidOrder, payOrder, signedIn, U } from './lifecycle-fixtures';
import { makeRatedArtist, placeOrder } from './orders-fixtures';
import { moneyInvariantBreaks } from './support/money-invariant';
import { paymentsOfOrder, postForm } from './support/payment-fixtures';

// One refund truth (machines/refund.machine.ts) over HTTP: the customer's order, payment history and
// notifications, the admin's refunds and order all say the same state; owed → sent mails the customer
// with method and reference; failed tells them the team is on it and can be retried; every refund of an
// order is listed; a chargeback settles a refund still owed; the money adds up after every step.

type Person = { id: number; token: string };

describe.each(databases)('one refund truth (%s)', (kind) => {
  let h: Harness;
  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin', 'refund-admin');
  });
  afterAll(() => h.close());
  beforeEach(() => admin.renew());
  afterEach(async () => {
    expect(await moneyInvariantBreaks(h)).toEqual([]);
  });

  const post = (path: string, body: unknown, who: Person) => h.call('POST', path, body, who);
  const noBreaks = async (orderId: number, step: string) =>
    expect(await moneyInvariantBreaks(h, [orderId]), step).toEqual([]);

  /** Every answer that shows the order's refunds, as [status, line] per refund. */
  async function everywhere(orderId: number, customer: Person) {
    const order = await h.call('GET', `${U}/orders/${orderId}`, undefined, customer);
    expect(order.status, order.text).toBe(200);
    const history = await h.call('GET', `${U}/payments?limit=50`, undefined, customer);
    expect(history.status, history.text).toBe(200);
    const adminOrder = await h.call('GET', `${ADMIN}/orders/${orderId}`, undefined, admin);
    expect(adminOrder.status, adminOrder.text).toBe(200);
    const listed: Record<string, { id: number; status: string }[]> = {};
    for (const status of ['owed', 'failed', 'sent']) {
      const page = await h.call('GET', `${ADMIN}/refunds?status=${status}&limit=50`, undefined, admin);
      expect(page.status, page.text).toBe(200);
      listed[status] = page.body.data.items.filter((r: { order_id: number }) => r.order_id === orderId);
    }
    type Brief = Parameters<typeof refundLine>[0] & { id: number };
    const lines = (refunds: Brief[]) => refunds.map((r) => [r.id, r.status, refundLine(r)]);
    const fromOrder = lines(order.body.data.refunds);
    const fromHistory = lines(
      history.body.data.payments
        .filter((p: { order_id: number }) => p.order_id === orderId)
        .flatMap((p: { refunds: Brief[] }) => p.refunds)
        .sort((a: Brief, b: Brief) => a.id - b.id),
    );
    const fromAdminOrder = lines(adminOrder.body.data.refunds);
    const fromAdminRefunds = Object.values(listed)
      .flat()
      .sort((a, b) => a.id - b.id)
      .map((r) => [r.id, r.status]);
    expect(fromHistory).toEqual(fromOrder);
    expect(fromAdminOrder).toEqual(fromOrder);
    expect(fromAdminRefunds).toEqual(fromOrder.map(([id, status]) => [id, status]));
    return { refunds: order.body.data.refunds as Brief[], lines: fromOrder.map(([, , line]) => line as string) };
  }

  /** The customer's notifications about refunds, as the API lists them (newest first). */
  async function refundNotes(customer: Person) {
    const answer = await h.call('GET', `${U}/notifications?limit=50`, undefined, customer);
    expect(answer.status, answer.text).toBe(200);
    return (answer.body.data.notifications as { type: string; body: string }[]).filter((n) =>
      n.type.startsWith('refund_'),
    );
  }

  /** Mails delivered to the customer (the worker sends the queue to the outbox folder). */
  async function mailsTo(email: string) {
    await h.mailer.flush();
    return (await readOutbox(h.outboxDir)).filter((m) => m.to.includes(email));
  }

  const emailOf = async (userId: number) =>
    (await h.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

  it('a cancelled paid order: owed everywhere, then sent with method and reference everywhere, and mailed', async () => {
    const paid = await paidOrder(h, 1);
    const email = await emailOf(paid.customer.id);
    const cancelled = await post(`${U}/orders/${paid.id}/cancel`, { reason: 'Plans changed' }, paid.customer);
    expect(cancelled.status, cancelled.text).toBe(200);
    // The toast says what every page says.
    expect(cancelled.body.message).toBe(
      'The order was cancelled. Refund of ₱2,500.00 owed to you: we will tell you when it is sent.',
    );
    await noBreaks(paid.id, 'cancelled');

    const owed = await everywhere(paid.id, paid.customer);
    expect(owed.lines).toEqual(['Refund of ₱2,500.00 owed to you']);
    const refund = owed.refunds[0] as { id: number };
    expect((await refundNotes(paid.customer)).map((n) => [n.type, n.body])).toEqual([
      [
        'refund_recorded',
        `Order ${paid.reference}: Refund of ₱2,500.00 owed to you. We will send it back the way you paid and tell you when it is sent.`,
      ],
    ]);
    // The admins are alerted (notification and digest line) once.
    const alerts = (await notificationsOf(h, admin.id)).filter((n) => n.type === 'refund_owed');
    expect(alerts.filter((n) => n.order_id === paid.id)).toHaveLength(1);
    const digest = await h.database.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_id', '=', admin.id)
      .where('kind', '=', 'admin_refund_owed')
      .execute();
    expect(digest.length).toBeGreaterThan(0);

    // Bad input: 422 per field; someone else's call: 401; no such refund: 404.
    const path = `${ADMIN}/refunds/${refund.id}/mark-sent`;
    const empty = await post(path, {}, admin);
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['method', 'reference']);
    const blank = await post(path, { method: '  ', reference: 'GC-1' }, admin);
    expect(blank.status).toBe(422);
    expect(blank.body.errors.method).toBeTruthy();
    expect(
      (await post(path, { method: 'GCash', reference: 'x'.repeat(101) }, admin)).body.errors.reference,
    ).toBeTruthy();
    expect((await post(path, { method: 'GCash', reference: 'GC-1', extra: 1 }, admin)).status).toBe(422);
    expect((await post(path, { method: 'GCash', reference: 'GC-1' }, paid.customer)).status).toBe(401);
    expect((await post(`${ADMIN}/refunds/999999/mark-sent`, { method: 'GCash', reference: 'x' }, admin)).status).toBe(
      404,
    );

    const sent = await post(path, { method: ' GCash ', reference: ' GC-REF-7788 ' }, admin);
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.message).toBe(lifecycleMessages.refundSent);
    expect(sent.body.data).toMatchObject({ status: 'sent', method: 'GCash', reference: 'GC-REF-7788' });
    await noBreaks(paid.id, 'sent');
    const on = formatDate(h.clock.now());
    const line = `Refund of ₱2,500.00 sent on ${on} by GCash, reference GC-REF-7788`;
    expect((await everywhere(paid.id, paid.customer)).lines).toEqual([line]);
    // The machine refuses what a sent refund cannot do.
    const again = await post(path, { method: 'GCash', reference: 'again' }, admin);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(lifecycleMessages.refundNotNow.sent);
    const fail = await post(`${ADMIN}/refunds/${refund.id}/mark-failed`, { reason: 'Bounced' }, admin);
    expect(fail.status).toBe(409);
    expect(fail.body.message).toBe(lifecycleMessages.refundNotNow.failed);
    expect((await post(`${ADMIN}/refunds/${refund.id}/retry`, undefined, admin)).status).toBe(409);

    // The customer's notification has the amount and the reference, and the mail says it all.
    expect((await refundNotes(paid.customer))[0]).toEqual(
      expect.objectContaining({ type: 'refund_paid', body: `Order ${paid.reference}: ${line}.` }),
    );
    const mails = await mailsTo(email);
    const sentMail = mails.find((m) => m.subject === `Refund of ₱2,500.00 sent (order ${paid.reference})`);
    expect(sentMail, mails.map((m) => m.subject).join('\n')).toBeTruthy();
    for (const part of ['₱2,500.00', 'GCash', 'GC-REF-7788', paid.reference, on])
      expect(sentMail?.text).toContain(part);
    expect(mails.some((m) => m.subject === `Refund of ₱2,500.00 owed to you (order ${paid.reference})`)).toBe(true);
  });

  it('failed, then retried and sent; the customer is told each time; validation of the reason', async () => {
    const paid = await paidOrder(h, 1);
    const email = await emailOf(paid.customer.id);
    await post(`${U}/orders/${paid.id}/cancel`, { reason: 'No longer needed' }, paid.customer);
    const [refund] = (await everywhere(paid.id, paid.customer)).refunds as { id: number }[];
    const failPath = `${ADMIN}/refunds/${refund?.id}/mark-failed`;
    const missing = await post(failPath, { reason: ' ' }, admin);
    expect(missing.status).toBe(422);
    expect(missing.body.errors.reason).toBeTruthy();
    expect((await post(`${ADMIN}/refunds/${refund?.id}/retry`, undefined, admin)).body.message).toBe(
      lifecycleMessages.refundNotNow.retry,
    );

    const failed = await post(failPath, { reason: 'GCash number closed' }, admin);
    expect(failed.status, failed.text).toBe(200);
    expect(failed.body.data).toMatchObject({ status: 'failed', failure_reason: 'GCash number closed' });
    await noBreaks(paid.id, 'failed');
    const failedView = await everywhere(paid.id, paid.customer);
    expect(failedView.lines).toEqual(['Refund of ₱2,500.00 could not be sent yet']);
    // The customer does not see the team's reason, only that the team is on it.
    expect(JSON.stringify(failedView.refunds)).not.toContain('GCash number closed');
    const note = (await refundNotes(paid.customer))[0];
    expect(note?.type).toBe('refund_failed');
    expect(note?.body).toContain('our team is on it');
    expect((await mailsTo(email)).some((m) => m.subject.startsWith('Refund of ₱2,500.00 could not be sent yet'))).toBe(
      true,
    );

    const retried = await post(`${ADMIN}/refunds/${refund?.id}/retry`, undefined, admin);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.data).toMatchObject({ status: 'owed', failure_reason: 'GCash number closed' });
    expect((await everywhere(paid.id, paid.customer)).lines).toEqual(['Refund of ₱2,500.00 owed to you']);
    await noBreaks(paid.id, 'retried');
    const sent = await post(
      `${ADMIN}/refunds/${refund?.id}/mark-sent`,
      { method: 'Bank transfer', reference: 'BT-991' },
      admin,
    );
    expect(sent.status, sent.text).toBe(200);
    expect((await everywhere(paid.id, paid.customer)).lines[0]).toMatch(
      / sent on .* by Bank transfer, reference BT-991$/,
    );
    await noBreaks(paid.id, 'sent after retry');
  });

  it('two refunds on one order (a price difference, then the cancellation) are both listed everywhere', async () => {
    const customer = await signedIn(h, 'user', 'two-refunds');
    const dear = await makeRatedArtist(h, { rate: 2500 });
    const cheap = await makeRatedArtist(h, { rate: 1800 });
    const order = await placeOrder(h, customer.token, [dear.user_id, cheap.user_id]);
    await payOrder(h, customer.token, order.id);
    expect((await post(`${A}/orders/${order.id}/accept`, undefined, cheap)).status).toBe(200);
    await noBreaks(order.id, 'accepted by the cheaper artist');
    const first = await everywhere(order.id, customer);
    expect(first.lines).toEqual(['Refund of ₱700.00 owed to you']);
    const cancel = await post(`${ADMIN}/orders/${order.id}/cancel`, { reason: 'Artist unwell' }, admin);
    expect(cancel.status, cancel.text).toBe(200);
    expect(cancel.body.message).toBe(lifecycleMessages.cancelledRefund);
    await noBreaks(order.id, 'cancelled');
    const both = await everywhere(order.id, customer);
    expect(both.lines).toEqual(['Refund of ₱700.00 owed to you', 'Refund of ₱1,800.00 owed to you']);
    expect(both.refunds.map((r) => (r as unknown as { reason: string }).reason)).toEqual([
      'price_difference',
      'order_cancelled',
    ]);
    // Each refund recorded owed alerted the admins once.
    const alerts = (await notificationsOf(h, admin.id)).filter(
      (n) => n.type === 'refund_owed' && n.order_id === order.id,
    );
    expect(alerts).toHaveLength(2);
  });

  it('a chargeback after a refund was owed settles it: the customer is never refunded twice', async () => {
    const customer = await signedIn(h, 'user', 'chargeback');
    const dear = await makeRatedArtist(h, { rate: 2500 });
    const cheap = await makeRatedArtist(h, { rate: 1800 });
    const order = await placeOrder(h, customer.token, [dear.user_id, cheap.user_id]);
    await payOrder(h, customer.token, order.id);
    await post(`${A}/orders/${order.id}/accept`, undefined, cheap);
    const [payment] = await paymentsOfOrder(h, order.id);
    // The sandbox's chargeback: the bank returns the whole payment.
    const pressed = await postForm(h, `/payments/sandbox/${payment?.txnid}`, { action: 'chargeback' });
    expect(pressed.status).toBe(303);
    const refunds = await h.database.db
      .selectFrom('refunds')
      .select(['reason_code', 'status', 'amount_centavos', 'method'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    // The ₱700 owed is settled by the chargeback (sent by the bank), and the rest recorded as its return.
    expect(refunds).toEqual([
      { reason_code: 'price_difference', status: 'paid', amount_centavos: 70_000, method: 'chargeback' },
      { reason_code: 'charged_back', status: 'paid', amount_centavos: 180_000, method: 'chargeback' },
    ]);
    const owed = await h.call('GET', `${ADMIN}/refunds?status=owed&limit=50`, undefined, admin);
    expect(owed.body.data.items.filter((r: { order_id: number }) => r.order_id === order.id)).toEqual([]);
    const view = await h.call('GET', `${U}/orders/${order.id}`, undefined, customer);
    expect(view.body.data.refunds.map((r: { status: string }) => r.status)).toEqual(['sent', 'sent']);
    expect(view.body.data.refunds[0].reason).toBe('price_difference');
    // Disputed orders are settled by a person: the admin cancels; nothing more is owed.
    const cancel = await post(`${ADMIN}/orders/${order.id}/cancel`, { reason: 'Chargeback' }, admin);
    expect(cancel.status, cancel.text).toBe(200);
    const after = await h.database.db.selectFrom('refunds').select('status').where('order_id', '=', order.id).execute();
    expect(after.every((r) => r.status === 'paid')).toBe(true);
    await noBreaks(order.id, 'charged back and cancelled');
  });

  it('a customer sees only their own refunds; the admin list refuses an unknown status', async () => {
    const paid = await paidOrder(h, 1);
    await post(`${U}/orders/${paid.id}/cancel`, { reason: 'Plans changed' }, paid.customer);
    const other = await signedIn(h, 'user', 'stranger');
    expect((await h.call('GET', `${U}/orders/${paid.id}`, undefined, other)).status).toBe(404);
    const history = await h.call('GET', `${U}/payments`, undefined, other);
    expect(history.body.data.payments).toEqual([]);
    expect((await h.call('GET', `${ADMIN}/refunds?status=paid`, undefined, admin)).status).toBe(422);
    expect((await h.call('GET', `${ADMIN}/refunds`, undefined, paid.customer)).status).toBe(401);
  });
});

describe.each(databases)('migration 0017-refund-states (%s)', (kind) => {
  const AT = '2026-01-01T00:00:00.000Z';
  let h: Harness;
  let migrator: Migrator;
  const db = () => h.database.db as unknown as Kysely<any>;
  const migrateTo = async (name: string) => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  const refund = (id: number, status: string, reason_code: string) =>
    db()
      .insertInto('refunds')
      .values({
        id,
        payment_id: 1,
        order_id: 10,
        amount_centavos: 100,
        reason_code,
        status,
        actor: 'provider',
        created_at: AT,
      })
      .execute();
  const rows = () => db().selectFrom('refunds').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    h = await createHarness(kind, { migrate: false });
    migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    await migrateTo('0016-accepted-price');
  });
  afterAll(() => h.close());

  it('backfills how sent refunds were sent, takes failed, and comes down to owed and paid', async () => {
    await db()
      .insertInto('users')
      .values({
        id: 1,
        user_id: 'u1',
        type: 'user',
        email: 'c1@example.test',
        first_name: 'C',
        last_name: 'D',
        password_hash: 'x',
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await db()
      .insertInto('orders')
      .values({
        id: 10,
        reference: 'OR1',
        customer_id: 1,
        status: 'cancelled',
        price_centavos: 200_000,
        platform_fee_centavos: 40_000,
        occasion_name: 'birthday',
        recipient_first_name: 'Lola',
        needed_by: '2030-01-01',
        brief: '{}',
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await db()
      .insertInto('payments')
      .values({
        id: 1,
        order_id: 10,
        provider: 'sandbox',
        method: 'gcash',
        txnid: 'SC1',
        amount_centavos: 200_000,
        status: 'refunded',
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await refund(1, 'owed', 'order_cancelled');
    await refund(2, 'paid', 'charged_back');
    await refund(3, 'paid', 'order_cancelled');
    await expect(refund(9, 'failed', 'order_cancelled')).rejects.toThrow();

    await migrateTo('0017-refund-states');
    expect((await rows()).map((r) => [r.id, r.status, r.method])).toEqual([
      [1, 'owed', null],
      [2, 'paid', 'chargeback'],
      [3, 'paid', 'Provider console'],
    ]);
    await refund(4, 'failed', 'order_cancelled');
    await expect(refund(5, 'lost', 'order_cancelled')).rejects.toThrow();
    // Other paths keep inserting owed refunds without the new columns.
    await refund(6, 'owed', 'price_difference');

    await migrateTo('0016-accepted-price');
    // Only this file's schema: on PostgreSQL the other test files' tables are listed too.
    const columns = (await db().introspection.getTables()).find(
      (t) => t.name === 'refunds' && (t.schema ?? null) === (h.database.schema ?? t.schema ?? null),
    )?.columns;
    expect(columns?.map((c) => c.name)).not.toContain('method');
    expect((await rows()).map((r) => [r.id, r.status])).toEqual([
      [1, 'owed'],
      [2, 'paid'],
      [3, 'paid'],
      [4, 'owed'],
      [6, 'owed'],
    ]);
    await expect(refund(7, 'failed', 'order_cancelled')).rejects.toThrow();
    await migrateTo('0017-refund-states');
  });
});
