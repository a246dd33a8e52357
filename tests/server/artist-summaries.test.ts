import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ArtistDashboard, artistMessages } from '../../contracts/artist';
import { pageLimitMessage } from '../../contracts/field-messages';
import { type EarningLine, type Earnings, type Payout, stageStatuses } from '../../contracts/lifecycle';
import type { OrderStatus } from '../../contracts/order';
import { artistSummaryTables } from '../../server/db/migrations/0014-artist-summaries';
import type { ArtistAccount } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import {
  A,
  ADMIN,
  payOrder,
  renewArtist,
  type SignedIn,
  signedIn,
  statusOf,
  submitRecording,
  U,
} from './lifecycle-fixtures';
import { makeRatedArtist, placeOrder } from './orders-fixtures';

// The artist's maintained figures (migration 0014) against a recount of the rows after every event that
// moves an order or money, through the HTTP API; the paged earning lines and payouts.

const WORKING: OrderStatus[] = ['in_progress', 'in_validation', 'in_revision', 'delivered'];

/** What the dashboard and the earnings should say, counted from the orders, offers and payouts themselves. */
async function recount(h: Harness, artistId: number) {
  const { db } = h.database;
  const orders = await db
    .selectFrom('orders')
    .select(['status', 'price_centavos', 'platform_fee_centavos', 'rating'])
    .where('artist_id', '=', artistId)
    .execute();
  const payouts = await db.selectFrom('payouts').selectAll().where('artist_id', '=', artistId).execute();
  const offers = await db
    .selectFrom('order_artists')
    .innerJoin('orders', 'orders.id', 'order_artists.order_id')
    .select('orders.id')
    .where('order_artists.artist_id', '=', artistId)
    .where('order_artists.offer_status', '=', 'pending')
    .where('order_artists.offered_at', 'is not', null)
    .where('orders.status', '=', 'offered')
    .execute();
  const count = (statuses: readonly OrderStatus[]) => orders.filter((o) => statuses.includes(o.status)).length;
  const sum = (values: number[]) => values.reduce((t, n) => t + n, 0);
  const rated = orders.filter((o) => o.rating !== null);
  const byMonth = new Map<string, number>();
  for (const p of payouts)
    byMonth.set(p.created_at.slice(0, 7), (byMonth.get(p.created_at.slice(0, 7)) ?? 0) + p.amount_centavos);
  const thisMonth = h.clock.now().toISOString().slice(0, 7);
  return {
    counts: {
      song_orders: offers.length,
      ongoing: count(stageStatuses.ongoing),
      validation: count(stageStatuses.validation),
      revision: count(stageStatuses.revision),
      completed: count(stageStatuses.completed),
    },
    totals: {
      pending:
        sum(orders.filter((o) => WORKING.includes(o.status)).map((o) => o.price_centavos - o.platform_fee_centavos)) /
        100,
      available: sum(payouts.filter((p) => p.status === 'pending').map((p) => p.amount_centavos)) / 100,
      paid_out: sum(payouts.filter((p) => p.status === 'paid').map((p) => p.amount_centavos)) / 100,
    },
    byMonth,
    thisMonth: (byMonth.get(thisMonth) ?? 0) / 100,
    rating: rated.length ? Math.round((sum(rated.map((o) => o.rating as number)) / rated.length) * 10) / 10 : null,
    ratingCount: rated.length,
    statusCounts: Object.fromEntries(
      [...new Set(orders.map((o) => o.status))].map((s) => [s, orders.filter((o) => o.status === s).length]),
    ),
  };
}

/** The dashboard, the earnings, the public profile and the summary rows all equal the recount. */
async function expectSummaryOf(h: Harness, artist: ArtistAccount, step: string) {
  const expected = await recount(h, artist.id);
  const dashboard = await h.call('GET', `${A}/dashboard`, undefined, { token: artist.token });
  expect(dashboard.status, `${step}: ${dashboard.text}`).toBe(200);
  const board = dashboard.body.data as ArtistDashboard;
  expect(board.counts, step).toEqual(expected.counts);
  expect(board.earnings_this_month, step).toBe(expected.thisMonth);
  expect({ rating: board.rating, count: board.rating_count }, step).toEqual({
    rating: expected.rating,
    count: expected.ratingCount,
  });

  const earnings = await h.call('GET', `${A}/earnings`, undefined, { token: artist.token });
  expect(earnings.status, `${step}: ${earnings.text}`).toBe(200);
  const body = earnings.body.data as Earnings;
  expect(body.totals, step).toEqual(expected.totals);
  expect(body.monthly).toHaveLength(12);
  for (const { month, amount } of body.monthly)
    expect(amount, `${step} ${month}`).toBe((expected.byMonth.get(month) ?? 0) / 100);

  // The summary rows themselves: no status count drifts, even for statuses no screen shows.
  const rows = await h.database.db
    .selectFrom('artist_status_counts')
    .select(['status', 'order_count'])
    .where('artist_id', '=', artist.id)
    .where('order_count', '<>', 0)
    .execute();
  expect(Object.fromEntries(rows.map((r) => [r.status, r.order_count])), step).toEqual(expected.statusCounts);
  return expected;
}

/** Every page of a list, following next_cursor. */
async function allPages<T>(h: Harness, path: string, token: string, limit: number): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page++) {
    const query: string = cursor ? `limit=${limit}&cursor=${cursor}` : `limit=${limit}`;
    const answer = await h.call('GET', `${path}?${query}`, undefined, { token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.items.length).toBeLessThanOrEqual(limit);
    items.push(...answer.body.data.items);
    cursor = answer.body.data.next_cursor;
    if (cursor === null) return items;
  }
  throw new Error('paging did not end');
}

/** Per order: what the customer paid − what went back = the artist's payout + the platform's fee (when completed). */
async function moneyMismatches(h: Harness): Promise<number[]> {
  const { db } = h.database;
  const orders = await db.selectFrom('orders').select(['id', 'status', 'platform_fee_centavos']).execute();
  const bad: number[] = [];
  for (const order of orders) {
    if (!['completed', 'cancelled'].includes(order.status)) continue;
    const paid = await db
      .selectFrom('payments')
      .select('amount_centavos')
      .where('order_id', '=', order.id)
      .where('status', 'in', ['succeeded', 'refunded', 'charged_back'])
      .execute();
    const refunded = await db
      .selectFrom('refunds')
      .select('amount_centavos')
      .where('order_id', '=', order.id)
      .execute();
    const earned = await db.selectFrom('payouts').select('amount_centavos').where('order_id', '=', order.id).execute();
    const total = (rows: { amount_centavos: number }[]) => rows.reduce((t, r) => t + r.amount_centavos, 0);
    const fee = order.status === 'completed' ? order.platform_fee_centavos : 0;
    if (total(paid) - total(refunded) !== total(earned) + fee) bad.push(order.id);
  }
  return bad;
}

describe.each(databases)('artist summaries (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;
  let customer: SignedIn;
  let ana: ArtistAccount;
  let ben: ArtistAccount;

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin');
    customer = await signedIn(h, 'user', 'buyer');
    ana = await makeRatedArtist(h, { rate: 2500 });
    ben = await makeRatedArtist(h, { rate: 3000 });
  });
  afterAll(() => h.close());

  const post = async (path: string, token: string, body?: unknown) => {
    const answer = await h.call('POST', path, body, { token });
    expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    return answer;
  };
  const paidOrderFor = async (artist: ArtistAccount) => {
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    await payOrder(h, customer.token, order.id);
    return order;
  };

  it('after every event that moves an order or money, the figures equal a recount', async () => {
    await expectSummaryOf(h, ana, 'before any order');

    const song = await paidOrderFor(ana);
    await expectSummaryOf(h, ana, 'offered');
    await post(`${A}/orders/${song.id}/accept`, ana.token);
    expect((await expectSummaryOf(h, ana, 'accepted')).totals.pending).toBe(2000);
    await submitRecording(h, ana.token, song.id, 'First take');
    await expectSummaryOf(h, ana, 'uploaded');
    await post(`${ADMIN}/orders/${song.id}/request-revision`, admin.token, {
      notes: 'Sing the chorus a little louder.',
    });
    expect((await expectSummaryOf(h, ana, 'revision asked')).counts.revision).toBe(1);
    await submitRecording(h, ana.token, song.id, 'Second take');
    await post(`${ADMIN}/orders/${song.id}/validate`, admin.token);
    expect(await statusOf(h, song.id)).toBe('delivered');
    await expectSummaryOf(h, ana, 'delivered');
    await post(`${U}/orders/${song.id}/reject`, customer.token, { reason: 'A slower tempo would suit the song.' });
    await expectSummaryOf(h, ana, 'sent back by the customer');
    await submitRecording(h, ana.token, song.id, 'Third take');
    await post(`${ADMIN}/orders/${song.id}/validate`, admin.token);
    await post(`${U}/orders/${song.id}/accept`, customer.token);
    const completed = await expectSummaryOf(h, ana, 'completed');
    expect(completed.totals).toEqual({ pending: 0, available: 2000, paid_out: 0 });
    expect(completed.counts.completed).toBe(1);
    await post(`${U}/orders/${song.id}/rate`, customer.token, { rating: 4, review: 'Lovely' });
    expect((await expectSummaryOf(h, ana, 'rated')).rating).toBe(4);
    const payout = await h.database.db
      .selectFrom('payouts')
      .select('id')
      .where('order_id', '=', song.id)
      .executeTakeFirstOrThrow();
    await post(`${ADMIN}/payouts/${payout.id}/mark-paid`, admin.token, { reference: 'BDO-1' });
    expect((await expectSummaryOf(h, ana, 'payout paid')).totals).toEqual({ pending: 0, available: 0, paid_out: 2000 });

    // A second completed order, rated differently: the average is over both.
    const second = await paidOrderFor(ana);
    await post(`${A}/orders/${second.id}/accept`, ana.token);
    await submitRecording(h, ana.token, second.id);
    await post(`${ADMIN}/orders/${second.id}/validate`, admin.token);
    await post(`${U}/orders/${second.id}/accept`, customer.token);
    h.clock.advance(60_000);
    await post(`${U}/orders/${second.id}/rate`, customer.token, { rating: 5, review: '' });
    expect((await expectSummaryOf(h, ana, 'second rated')).rating).toBe(4.5);

    // Work cancelled by an admin: the pending earning goes, the customer's money is owed back.
    const cancelled = await paidOrderFor(ana);
    await post(`${A}/orders/${cancelled.id}/accept`, ana.token);
    await expectSummaryOf(h, ana, 'third accepted');
    await post(`${ADMIN}/orders/${cancelled.id}/cancel`, admin.token, { reason: 'Customer asked' });
    expect(await statusOf(h, cancelled.id)).toBe('cancelled');
    expect((await expectSummaryOf(h, ana, 'cancelled with refund')).totals.pending).toBe(0);

    // Overdue work given to another artist: it leaves Ana's figures and joins Ben's once he accepts.
    const stalled = await paidOrderFor(ana);
    await post(`${A}/orders/${stalled.id}/accept`, ana.token);
    const due = await h.database.db
      .selectFrom('orders')
      .select('due_at')
      .where('id', '=', stalled.id)
      .executeTakeFirstOrThrow();
    h.clock.set(Date.parse(due.due_at as string) + 1000);
    for (const person of [admin, customer]) await person.renew();
    for (const artist of [ana, ben]) await renewArtist(h, artist);
    await expectSummaryOf(h, ana, 'overdue');
    await post(`${ADMIN}/orders/${stalled.id}/reassign`, admin.token, {
      artist_id: ben.user_id,
      reason: 'The work is past its due date.',
    });
    expect((await expectSummaryOf(h, ana, 'reassigned away')).counts.ongoing).toBe(0);
    expect((await expectSummaryOf(h, ben, 'offered on reassignment')).counts.song_orders).toBe(1);
    await post(`${A}/orders/${stalled.id}/accept`, ben.token);
    // The order keeps its price (Ana's rate): Ben earns it less the fee.
    expect((await expectSummaryOf(h, ben, 'accepted after reassignment')).totals.pending).toBe(2000);
    await expectSummaryOf(h, ana, 'after the other artist accepted');

    expect(await moneyMismatches(h)).toEqual([]);
  });

  it('pages the earning lines and payouts: every line once, pending first, and only the artist’s own', async () => {
    // Ana now has two credited orders (one paid out) and nothing pending; give her two pending lines.
    for (let i = 0; i < 2; i++) {
      const order = await paidOrderFor(ana);
      await post(`${A}/orders/${order.id}/accept`, ana.token);
    }
    const expected = await recount(h, ana.id);
    for (const limit of [1, 2, 3, 50]) {
      const lines = await allPages<EarningLine>(h, `${A}/earnings/lines`, ana.token, limit);
      const orders = await h.database.db
        .selectFrom('orders')
        .select('id')
        .where('artist_id', '=', ana.id)
        .where((eb) =>
          eb.or([
            eb('status', 'in', WORKING),
            eb.exists(eb.selectFrom('payouts').select('payouts.id').whereRef('payouts.order_id', '=', 'orders.id')),
          ]),
        )
        .execute();
      expect(
        lines.map((l) => l.id).sort((a, b) => a - b),
        `limit ${limit}`,
      ).toEqual(orders.map((o) => o.id).sort((a, b) => a - b));
      // Pending first (newest order first), then the credited ones.
      expect(lines.map((l) => l.status)).toEqual(['pending', 'pending', 'available', 'paid']);
      expect(lines[0]?.id).toBeGreaterThan(lines[1]?.id as number);
      const total = (status: string) => lines.filter((l) => l.status === status).reduce((t, l) => t + l.amount, 0);
      expect({ pending: total('pending'), available: total('available'), paid_out: total('paid') }).toEqual(
        expected.totals,
      );
      const payouts = await allPages<Payout>(h, `${A}/payouts`, ana.token, limit);
      expect(payouts.map((p) => p.status)).toEqual(['pending', 'paid']);
      expect(payouts[0]?.id).toBeGreaterThan(payouts[1]?.id as number);
    }

    // Ben sees his own line only, never Ana's.
    const bens = await allPages<EarningLine>(h, `${A}/earnings/lines`, ben.token, 10);
    const anas = new Set((await allPages<EarningLine>(h, `${A}/earnings/lines`, ana.token, 10)).map((l) => l.id));
    expect(bens).toHaveLength(1);
    expect(bens.some((l) => anas.has(l.id))).toBe(false);
    expect(await allPages<Payout>(h, `${A}/payouts`, ben.token, 10)).toEqual([]);
  });

  it('refuses a bad cursor or limit with a 422 naming the field', async () => {
    const bad: [string, string, string][] = [
      ['earnings/lines?cursor=x1', 'cursor', 'Invalid cursor'],
      ['earnings/lines?cursor=p', 'cursor', 'Invalid cursor'],
      ['earnings/lines?cursor=c12abc', 'cursor', 'Invalid cursor'],
      ['earnings/lines?limit=0', 'limit', pageLimitMessage],
      ['earnings/lines?limit=51', 'limit', pageLimitMessage],
      ['earnings/lines?limit=ten', 'limit', pageLimitMessage],
      ['payouts?cursor=p1', 'cursor', 'Invalid cursor'],
      ['payouts?limit=-1', 'limit', pageLimitMessage],
      ['payouts?page=2', 'page', ''],
    ];
    for (const [path, field, message] of bad) {
      const answer = await h.call('GET', `${A}/${path}`, undefined, { token: ana.token });
      expect(answer.status, path).toBe(422);
      expect(Object.keys(answer.body.errors), path).toEqual([field]);
      if (message) expect(answer.body.errors[field], path).toEqual([message]);
    }
    // Customers and signed-out visitors get nothing; an artist not approved is refused.
    expect((await h.call('GET', `${A}/earnings/lines`, undefined, { token: customer.token })).status).toBe(401);
    expect((await h.call('GET', `${A}/payouts`)).status).toBe(401);
    const waiting = await makeRatedArtist(h, { status: 'for_review' });
    const refused = await h.call('GET', `${A}/payouts`, undefined, { token: waiting.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(artistMessages.notApproved);
  });

  it('the migration fills the summaries from the rows already there', async () => {
    const migration = artistSummaryTables(h.database.dialect);
    const db = h.database.db as unknown as Kysely<unknown>;
    await migration.down(db);
    await migration.up(db);
    for (const artist of [ana, ben]) await expectSummaryOf(h, artist, 'backfilled');
  });

  it('the public profile reads the rating from the summary and the newest reviews', async () => {
    const profile = await h.call('GET', `${U}/artists/${ana.user_id}`);
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.data).toMatchObject({ rating: 4.5, rating_count: 2 });
    expect(profile.body.data.reviews.map((r: { rating: number }) => r.rating)).toEqual([5, 4]);
  });
});
