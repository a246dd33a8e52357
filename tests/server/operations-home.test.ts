import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationsCharts, OperationsCounts, OperationsQueue } from '../../contracts/operations-home';
import type { OrderStatus } from '../../contracts/order-status';
import { alertOverdueOrders } from '../../server/admin/overdue-alerts';
import { type ArtistAccount, makeAdmin, makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, paidOrder, renewArtist, submitRecording } from './lifecycle-fixtures';
import { occasionBody, songBody, storyBody } from './orders-fixtures';
import { moneyInvariantBreaks } from './support/money-invariant';

// The operations home: each queue's count follows its rows, the charts match a recount of the orders,
// the CSV exports stream what the range holds (quoted, formula-safe), and "mark paid" pays one artist's
// payouts at once.

const DAY_MS = 86_400_000;
const manilaDay = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

describe.each(databases)('operations home (%s)', (kind) => {
  let h: Harness;
  let admin: { id: number; token: string };
  let adminEmail: string;
  let customer: { id: number; token: string };
  let artist: Awaited<ReturnType<typeof makeArtist>>;
  let seq = 0;
  /** The tests move the clock by days: the admin signs in again after it moved (tokens last 15 minutes). */
  const adminLogin = async () => {
    admin.token = await h.login('admin', adminEmail, 'Admin123!');
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await makeAdmin(h);
    adminEmail = (
      await h.database.db.selectFrom('users').select('email').where('id', '=', admin.id).executeTakeFirstOrThrow()
    ).email;
    customer = await makeCustomer(h);
    artist = await makeArtist(h, { status: 'approved' });
  });
  afterAll(() => h.close());

  const iso = (offsetMs = 0) => new Date(h.clock.now().getTime() + offsetMs).toISOString();

  /** An order written directly: the home only reads rows. */
  async function insertOrder(values: {
    status: OrderStatus;
    artistId?: number | null;
    paidAt?: string | null;
    dueAt?: string | null;
    neededBy?: string;
    recipient?: string;
    price?: number;
    createdAt?: string;
  }) {
    seq++;
    const at = values.createdAt ?? iso();
    const price = values.price ?? 250_000;
    return h.database.db
      .insertInto('orders')
      .values({
        reference: `OR${kind === 'sqlite' ? 7 : 8}${String(seq).padStart(9, '0')}`,
        customer_id: customer.id,
        artist_id: values.artistId === undefined ? artist.id : values.artistId,
        status: values.status,
        price_centavos: price,
        platform_fee_centavos: price / 5,
        occasion_name: 'birthday',
        recipient_first_name: values.recipient ?? 'Ana',
        needed_by: values.neededBy ?? '2031-01-01',
        due_at: values.dueAt ?? null,
        // A committed order's brief (the admin's order answers carry it whole), without clips.
        brief: JSON.stringify({ occasion: occasionBody(), song: songBody(h, [artist.user_id]), story: storyBody() }),
        paid_at: values.paidAt === undefined ? at : values.paidAt,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function counts(): Promise<Record<OperationsQueue, number>> {
    await adminLogin();
    const answer = await h.call('GET', `${ADMIN}/operations`, undefined, { token: admin.token });
    expect(answer.status, answer.text).toBe(200);
    return (answer.body.data as OperationsCounts).queues;
  }

  /** Runs `change` and expects exactly `queue` to move by `by`. */
  async function expectMove(queue: OperationsQueue, by: number, change: () => Promise<unknown>) {
    const before = await counts();
    await change();
    const after = await counts();
    expect({ ...after, [queue]: after[queue] - by }).toEqual(before);
  }

  it('refuses anyone but an admin', async () => {
    for (const path of ['/operations', '/operations/charts', '/exports/orders.csv']) {
      expect((await h.call('GET', `${ADMIN}${path}`)).status).toBe(401);
      const asCustomer = await h.call('GET', `${ADMIN}${path}`, undefined, { token: customer.token });
      expect([401, 403]).toContain(asCustomer.status);
      const asArtist = await h.call('GET', `${ADMIN}${path}`, undefined, { token: artist.token });
      expect([401, 403]).toContain(asArtist.status);
    }
    const pay = await h.call(
      'POST',
      `${ADMIN}/artists/${artist.user_id}/payouts/mark-paid`,
      { reference: '' },
      {
        token: customer.token,
      },
    );
    expect([401, 403]).toContain(pay.status);
  });

  it('counts each queue as orders enter and leave it', async () => {
    const { db } = h.database;
    // Without an artist.
    let order = await insertOrder({ status: 'needs_artist', artistId: null });
    expect((await counts()).needs_artist).toBeGreaterThanOrEqual(1);
    await expectMove('needs_artist', -1, () =>
      db
        .updateTable('orders')
        .set({ status: 'in_progress', artist_id: artist.id, due_at: iso(2 * DAY_MS), needed_by: '2030-01-01' })
        .where('id', '=', order.id)
        .execute(),
    );
    await expectMove('needs_artist', 1, () =>
      db.updateTable('orders').set({ status: 'needs_artist' }).where('id', '=', order.id).execute(),
    );

    // Overdue: the clock passes the due date of work in progress.
    const due = new Date(h.clock.now().getTime() + DAY_MS);
    const neededBy = manilaDay(new Date(due.getTime() + DAY_MS).toISOString());
    const late = await insertOrder({ status: 'in_progress', dueAt: due.toISOString(), neededBy });
    expect((await counts()).overdue).toBe(0);
    await expectMove('overdue', 1, async () => h.clock.advance(2 * DAY_MS));
    // The admins are told once, however often the job runs.
    expect(await alertOverdueOrders({ db, hub: h.hub, clock: h.clock })).toBe(1);
    expect(await alertOverdueOrders({ db, hub: h.hub, clock: h.clock })).toBe(0);
    const told = await db
      .selectFrom('notifications')
      .select('user_id')
      .where('type', '=', 'order_overdue')
      .where('order_id', '=', late.id)
      .execute();
    expect(told.map((n) => n.user_id)).toEqual([admin.id]);
    const digest = await db
      .selectFrom('mail_outbox')
      .select(['payload', 'digest'])
      .where('kind', '=', 'admin_order_overdue')
      .where('user_id', '=', admin.id)
      .execute();
    expect(digest).toHaveLength(1);
    expect(digest[0]?.digest).toBe(1);
    expect(JSON.parse(digest[0]?.payload ?? '{}').data).toEqual({
      line: `${late.reference} for Ana`,
      order_id: late.id,
    });
    await expectMove('overdue', -1, () =>
      db.updateTable('orders').set({ status: 'in_validation' }).where('id', '=', late.id).execute(),
    );

    // Stranded: the artist of open work is suspended, then reactivated; another deactivates.
    await expectMove('stranded', 1, () =>
      db.updateTable('users').set({ suspended_at: iso() }).where('id', '=', artist.id).execute(),
    );
    const stranded = await h.call('GET', `${ADMIN}/orders?stage=stranded`, undefined, { token: admin.token });
    expect(stranded.status, stranded.text).toBe(200);
    expect(stranded.body.data.items.map((o: { reference: string }) => o.reference)).toEqual([late.reference]);
    await expectMove('stranded', -1, () =>
      db.updateTable('users').set({ suspended_at: null }).where('id', '=', artist.id).execute(),
    );
    const leaving = await makeArtist(h, { status: 'approved' });
    order = await insertOrder({ status: 'in_revision', artistId: leaving.id, dueAt: iso(5 * DAY_MS) });
    await expectMove('stranded', 1, () =>
      db.updateTable('users').set({ deactivated_at: iso() }).where('id', '=', leaving.id).execute(),
    );
    await expectMove('stranded', -1, () =>
      db.updateTable('orders').set({ status: 'completed' }).where('id', '=', order.id).execute(),
    );

    // Disputed.
    await expectMove('disputed', 1, () =>
      db.updateTable('orders').set({ status: 'disputed', disputed_at: iso() }).where('id', '=', late.id).execute(),
    );

    // A refund owed, then sent.
    const payment = await db
      .insertInto('payments')
      .values({
        order_id: order.id,
        provider: 'sandbox',
        method: 'gcash',
        txnid: `OPS${kind}${seq}`,
        amount_centavos: 250_000,
        status: 'succeeded',
        created_at: iso(),
        updated_at: iso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let refundId = 0;
    await expectMove('refunds_owed', 1, async () => {
      refundId = (
        await db
          .insertInto('refunds')
          .values({
            payment_id: payment.id,
            order_id: order.id,
            amount_centavos: 250_000,
            status: 'owed',
            actor: 'admin',
            actor_id: admin.id,
            created_at: iso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    });
    await expectMove('refunds_owed', -1, () =>
      db.updateTable('refunds').set({ status: 'paid', paid_at: iso() }).where('id', '=', refundId).execute(),
    );

    // A payment that needs a decision, then resolved.
    let exceptionId = 0;
    await expectMove('payment_exceptions', 1, async () => {
      exceptionId = (
        await db
          .insertInto('payment_exceptions')
          .values({
            payment_id: payment.id,
            order_id: order.id,
            kind: 'wrong_amount',
            expected_centavos: 250_000,
            received_centavos: 200_000,
            created_at: iso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    });
    await expectMove('payment_exceptions', -1, () =>
      db
        .updateTable('payment_exceptions')
        .set({ resolved_at: iso(), resolution: 'refunded' })
        .where('id', '=', exceptionId)
        .execute(),
    );

    // Payout accounts: changed now counts; changed 8 days ago does not; a first account never does.
    const account = (userId: number, changedAt: string | null) =>
      db
        .insertInto('artist_payouts')
        .values({
          user_id: userId,
          bank_name: 'GCash',
          account_name: 'Art Ist',
          account_number_enc: 'sealed',
          account_last4: '1234',
          created_at: iso(),
          updated_at: iso(),
          changed_at: changedAt,
        })
        .execute();
    await expectMove('payout_accounts_changed', 1, () => account(artist.id, iso(-DAY_MS)));
    await expectMove('payout_accounts_changed', 0, () => account(leaving.id, iso(-8 * DAY_MS)));
    await expectMove('payout_accounts_changed', 0, async () => account((await makeArtist(h)).id, null));
    // …and a change leaves the count after 7 days.
    await expectMove('payout_accounts_changed', -1, async () => h.clock.advance(7 * DAY_MS));

    // An application waiting for review, then approved.
    let applicant = 0;
    await expectMove('applications_waiting', 1, async () => {
      applicant = (await makeArtist(h, { status: 'for_review' })).id;
    });
    await expectMove('applications_waiting', -1, () =>
      db.updateTable('users').set({ app_status: 'approved' }).where('id', '=', applicant).execute(),
    );
  });

  it('charts the last 30 or 90 days from the maintained day rows, matching a recount of the orders', async () => {
    await adminLogin();
    // A real order through the lifecycle: paid, accepted, submitted, validated (delivered on time).
    const real = await paidOrder(h, 1);
    const taker = real.artists[0] as ArtistAccount;
    h.clock.advance(3 * 3_600_000);
    await renewArtist(h, real.artists[0] as ArtistAccount);
    await adminLogin();
    expect((await h.call('POST', `${A}/orders/${real.id}/accept`, undefined, { token: taker.token })).status).toBe(200);
    await submitRecording(h, taker.token, real.id);
    const validated = await h.call('POST', `${ADMIN}/orders/${real.id}/validate`, undefined, { token: admin.token });
    expect(validated.status, validated.text).toBe(200);
    const { db } = h.database;
    const row = await db.selectFrom('orders').selectAll().where('id', '=', real.id).executeTakeFirstOrThrow();
    expect(row.delivered_at).not.toBeNull();

    // Orders written at other times: 40 days ago (only in 90 days), and late, revised deliveries.
    const old = await insertOrder({ status: 'in_progress', paidAt: iso(-40 * DAY_MS), createdAt: iso(-40 * DAY_MS) });
    await db
      .updateTable('orders')
      .set({ accepted_at: iso(-39 * DAY_MS), due_at: iso(-45 * DAY_MS) })
      .where('id', '=', old.id)
      .execute();
    await db
      .updateTable('orders')
      .set({ status: 'delivered', updated_at: iso(-38 * DAY_MS) })
      .where('id', '=', old.id)
      .execute();
    const revised = await insertOrder({ status: 'in_validation', paidAt: iso(-5 * DAY_MS), dueAt: iso(DAY_MS) });
    await db
      .updateTable('orders')
      .set({ status: 'delivered', updated_at: iso(-2 * DAY_MS) })
      .where('id', '=', revised.id)
      .execute();
    await db
      .updateTable('orders')
      .set({ status: 'in_revision', revisions_used: 1, price_centavos: 180_000 })
      .where('id', '=', revised.id)
      .execute();
    const gone = await insertOrder({ status: 'in_progress', paidAt: iso(-3 * DAY_MS) });
    await db.deleteFrom('orders').where('id', '=', gone.id).execute();

    const all = await db.selectFrom('orders').selectAll().execute();
    for (const days of [30, 90] as const) {
      const answer = await h.call('GET', `${ADMIN}/operations/charts?days=${days}`, undefined, { token: admin.token });
      expect(answer.status, answer.text).toBe(200);
      const charts = answer.body.data as OperationsCharts;
      expect(charts.series).toHaveLength(days);
      expect(charts.to).toBe(manilaDay(iso()));
      const inPeriod = (at: string | null) => at !== null && manilaDay(at) >= charts.from && manilaDay(at) <= charts.to;
      const paid = all.filter((o) => inPeriod(o.paid_at));
      const accepted = all.filter((o) => o.paid_at && inPeriod(o.accepted_at));
      const delivered = all.filter((o) => inPeriod(o.delivered_at));
      const onTime = delivered.filter((o) => o.due_at && (o.delivered_at as string) <= o.due_at);
      const seconds = accepted.reduce(
        (s, o) => s + Math.round((Date.parse(o.accepted_at as string) - Date.parse(o.paid_at as string)) / 1000),
        0,
      );
      expect(charts.totals.paid_orders).toBe(paid.length);
      expect(charts.totals.paid_value).toBe(paid.reduce((s, o) => s + o.price_centavos, 0) / 100);
      expect(charts.totals.accept_hours).toBe(Math.round((seconds / accepted.length / 3600) * 10) / 10);
      expect(charts.totals.on_time_rate).toBe(Math.round((onTime.length / delivered.length) * 1000) / 10);
      expect(charts.totals.revision_rate).toBe(
        Math.round((delivered.filter((o) => o.revisions_used > 0).length / delivered.length) * 1000) / 10,
      );
      // Day by day, too.
      for (const day of charts.series) {
        expect(day.paid_orders).toBe(paid.filter((o) => manilaDay(o.paid_at as string) === day.day).length);
        expect(day.delivered_orders).toBe(
          delivered.filter((o) => manilaDay(o.delivered_at as string) === day.day).length,
        );
      }
      expect(delivered.map((o) => o.id)).toEqual(expect.arrayContaining([real.id, revised.id]));
      if (days === 30) expect(delivered.map((o) => o.id)).not.toContain(old.id);
      else expect(delivered.map((o) => o.id)).toContain(old.id);
      expect(charts.totals.revision_rate).toBeGreaterThan(0);
    }
    const bad = await h.call('GET', `${ADMIN}/operations/charts?days=7`, undefined, { token: admin.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.days).toEqual(['Choose 30 or 90 days']);
  });

  it('exports orders, payments, refunds and payouts as CSV, a date range at a time', async () => {
    await adminLogin();
    const tricky = await insertOrder({ status: 'needs_artist', artistId: null, recipient: '=HYPERLINK("x"), "Jo"' });
    const day = manilaDay(tricky.created_at);
    const answer = await h.request(`${ADMIN}/exports/orders.csv?from=${day}&to=${day}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="labsongs-orders-${day}-${day}.csv"`);
    const lines = (await answer.text()).split('\r\n');
    expect(lines[0]).toBe(
      'reference,status,created_at,paid_at,accepted_at,delivered_at,due_at,completed_at,cancelled_at,customer_email,artist,occasion,recipient,price_php,platform_fee_php,revisions_used',
    );
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    const expected = await h.database.db
      .selectFrom('orders')
      .select('reference')
      .where('created_at', '>=', new Date(`${day}T00:00:00+08:00`).toISOString())
      .where('created_at', '<', new Date(Date.parse(`${day}T00:00:00+08:00`) + DAY_MS).toISOString())
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(rows.map((line) => line.split(',')[0])).toEqual(expected.map((o) => o.reference));
    // Quoted, and the formula shown as text.
    expect(rows.find((line) => line.startsWith(tricky.reference))).toContain(
      `,"'=HYPERLINK(""x""), ""Jo""",2500.00,500.00,0`,
    );

    // A range before anything: the header alone.
    const empty = await h.request(`${ADMIN}/exports/payouts.csv?from=2020-01-01&to=2020-01-31`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(await empty.text()).toBe(
      'id,order_reference,artist,artist_email,amount_php,status,reference,created_at,paid_at\r\n',
    );
    for (const kind of ['payments', 'refunds', 'payouts']) {
      const all = await h.request(`${ADMIN}/exports/${kind}.csv`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(all.status).toBe(200);
      const count = (await all.text()).split('\r\n').length - 2;
      const table = kind as 'payments' | 'refunds' | 'payouts';
      const stored = await h.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(count).toBe(Number(stored.n));
    }

    const bad = await h.call('GET', `${ADMIN}/exports/orders.csv?from=2026-13-01&to=yesterday`, undefined, {
      token: admin.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.from).toEqual(['Enter a date as yyyy-mm-dd']);
    expect(bad.body.errors.to).toEqual(['Enter a date as yyyy-mm-dd']);
    const backwards = await h.call('GET', `${ADMIN}/exports/refunds.csv?from=2026-02-01&to=2026-01-31`, undefined, {
      token: admin.token,
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.to).toEqual(['The end date must be on or after the start date']);
    expect((await h.call('GET', `${ADMIN}/exports/users.csv`, undefined, { token: admin.token })).status).toBe(404);
  });

  it("marks all of an artist's payouts paid at once, and only theirs", async () => {
    await adminLogin();
    const { db } = h.database;
    const payee = await makeArtist(h, { status: 'approved' });
    const other = await makeArtist(h, { status: 'approved' });
    const orders: number[] = [];
    const payout = async (artistId: number, status: OrderStatus) => {
      const order = await insertOrder({ status, artistId, price: 200_000 });
      orders.push(order.id);
      await db
        .insertInto('payments')
        .values({
          order_id: order.id,
          provider: 'sandbox',
          method: 'gcash',
          txnid: `PAY${kind}${order.id}`,
          amount_centavos: 200_000,
          status: 'succeeded',
          created_at: iso(),
          updated_at: iso(),
        })
        .execute();
      return (
        await db
          .insertInto('payouts')
          .values({ artist_id: artistId, order_id: order.id, amount_centavos: 160_000, created_at: iso() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const first = await payout(payee.id, 'completed');
    const second = await payout(payee.id, 'completed');
    const held = await payout(payee.id, 'disputed');
    const others = await payout(other.id, 'completed');

    const paid = await h.call(
      'POST',
      `${ADMIN}/artists/${payee.user_id}/payouts/mark-paid`,
      { reference: 'BDO-778' },
      { token: admin.token },
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.message).toBe('2 payouts marked paid.');
    expect(paid.body.data).toMatchObject({ payout_ids: [first, second], amount: 3200, reference: 'BDO-778' });
    const rows = await db.selectFrom('payouts').select(['id', 'status', 'reference']).orderBy('id').execute();
    const statusOf = (id: number) => rows.find((r) => r.id === id);
    expect(statusOf(first)).toEqual({ id: first, status: 'paid', reference: 'BDO-778' });
    expect(statusOf(second)).toEqual({ id: second, status: 'paid', reference: 'BDO-778' });
    expect(statusOf(held)?.status).toBe('pending');
    expect(statusOf(others)?.status).toBe('pending');
    // One notification and one mail for the whole transfer.
    const notes = await db.selectFrom('notifications').selectAll().where('user_id', '=', payee.id).execute();
    expect(notes.map((n) => [n.type, n.body])).toEqual([
      [
        'payout_paid',
        `Your earnings for 2 orders (${(paid.body.data.orders as string[]).join(', ')}) were transferred.`,
      ],
    ]);
    const mails = await db.selectFrom('mail_outbox').selectAll().where('user_id', '=', payee.id).execute();
    expect(mails.map((m) => m.kind)).toEqual(['payout_paid']);
    expect(JSON.parse(mails[0]?.payload ?? '{}').data).toEqual({
      amount_centavos: 320_000,
      reference: 'BDO-778',
      orders: paid.body.data.orders,
    });
    expect(await moneyInvariantBreaks(h, orders)).toEqual([]);

    // Nothing left to pay (the held one stays held): 409; an unknown artist: 404; a bad reference: 422.
    const again = await h.call(
      'POST',
      `${ADMIN}/artists/${payee.user_id}/payouts/mark-paid`,
      {},
      { token: admin.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This artist has no payouts ready to be paid.');
    const nobody = await h.call('POST', `${ADMIN}/artists/nobody123/payouts/mark-paid`, {}, { token: admin.token });
    expect(nobody.status).toBe(404);
    const long = await h.call(
      'POST',
      `${ADMIN}/artists/${other.user_id}/payouts/mark-paid`,
      { reference: 'x'.repeat(101) },
      { token: admin.token },
    );
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors)).toEqual(['reference']);
    expect(
      (await db.selectFrom('payouts').select('status').where('id', '=', others).executeTakeFirstOrThrow()).status,
    ).toBe('pending');
  });
});
