import { CompiledQuery, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordQueries } from '../../bench/scale/query-recorder';
import { pageLimitMessage } from '../../contracts/field-messages';
import { listApplications } from '../../server/admin/applications.repository';
import { queueCounts } from '../../server/admin/operations.repository';
import { migrationProvider } from '../../server/db/migrations';
import { expireOffers } from '../../server/lifecycle/offer-sweep';
import { listAdminOrders } from '../../server/lifecycle/order-lists';
import { createMailWorker } from '../../server/mail/mail-worker';
import { createUnsubscribeSigner } from '../../server/mail/unsubscribe-token';
import { sweepTempUploads } from '../../server/orders/temp-upload-sweep';
import { pruneExpired } from '../../server/services/maintenance';
import { createMetrics } from '../../server/services/metrics';
import { makeAdmin, makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

// The admin's money queues page on (status, id) and every periodic job finds its rows through an index.

const ADMIN = '/api/v1/admin';
const DAY_MS = 86_400_000;

describe.each(databases)('admin payouts and refunds queues (%s)', (kind) => {
  let h: Harness;
  let token: string;
  const payoutIds: Record<'pending' | 'paid', number[]> = { pending: [], paid: [] };
  const refundIds: Record<'owed' | 'paid', number[]> = { owed: [], paid: [] };

  beforeAll(async () => {
    h = await createHarness(kind);
    token = (await makeAdmin(h)).token;
    const { db } = h.database;
    const customer = await makeCustomer(h);
    const artist = await makeArtist(h, { status: 'approved' });
    const at = h.clock.now().toISOString();
    // Settled orders written directly: the queues only read these rows.
    for (let i = 0; i < 14; i++) {
      const order = await db
        .insertInto('orders')
        .values({
          reference: `ORQ${String(i).padStart(6, '0')}`,
          customer_id: customer.id,
          artist_id: artist.id,
          status: i % 2 === 0 ? 'completed' : 'cancelled',
          price_centavos: 200_000,
          platform_fee_centavos: 40_000,
          occasion_name: 'birthday',
          recipient_first_name: 'Ana',
          needed_by: '2030-01-01',
          brief: '{}',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (i % 2 === 0) {
        const status = i % 4 === 0 ? 'pending' : 'paid';
        const payout = await db
          .insertInto('payouts')
          .values({ artist_id: artist.id, order_id: order.id, amount_centavos: 160_000, status, created_at: at })
          .returning('id')
          .executeTakeFirstOrThrow();
        payoutIds[status].push(payout.id);
      } else {
        const payment = await db
          .insertInto('payments')
          .values({
            order_id: order.id,
            provider: 'sandbox',
            method: 'gcash',
            txnid: `QTX${kind}${i}`,
            amount_centavos: 200_000,
            status: 'refunded',
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const status = i % 4 === 1 ? 'owed' : 'paid';
        const refund = await db
          .insertInto('refunds')
          .values({
            payment_id: payment.id,
            order_id: order.id,
            amount_centavos: 200_000,
            status,
            actor: 'admin',
            created_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        refundIds[status].push(refund.id);
      }
    }
  });
  afterAll(() => h.close());

  /** Every page of a queue with `limit` 2: the ids in the order they came. */
  async function walk(path: string): Promise<number[]> {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages++) {
      const answer = await h.call('GET', `${path}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, undefined, { token });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...answer.body.data.items.map((item: { id: number }) => item.id));
      cursor = answer.body.data.next_cursor;
      if (cursor === null) return seen;
    }
    throw new Error('the queue never ended');
  }

  const ascending = (ids: number[]) => [...ids].sort((a, b) => a - b);
  const descending = (ids: number[]) => [...ids].sort((a, b) => b - a);

  it('pages payouts: pending oldest first, paid newest first, each exactly once', async () => {
    expect(await walk(`${ADMIN}/payouts?status=pending`)).toEqual(ascending(payoutIds.pending));
    expect(await walk(`${ADMIN}/payouts?status=paid`)).toEqual(descending(payoutIds.paid));
  });

  it('pages refunds: owed oldest first, sent (stored paid) newest first, each exactly once', async () => {
    expect(await walk(`${ADMIN}/refunds?status=owed`)).toEqual(ascending(refundIds.owed));
    expect(await walk(`${ADMIN}/refunds?status=sent`)).toEqual(descending(refundIds.paid));
  });

  it('refuses a bad cursor, limit or status with per-field errors', async () => {
    for (const queue of ['payouts', 'refunds']) {
      const answer = await h.call('GET', `${ADMIN}/${queue}?status=lost&cursor=abc&limit=99`, undefined, { token });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        status: ['Unknown status'],
        cursor: ['Invalid cursor'],
        limit: [pageLimitMessage],
      });
    }
  });
});

describe('every statement of the periodic jobs and the applications queue searches an index (sqlite)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
  });
  afterAll(() => h.close());

  it('no statement scans a whole table or index', async () => {
    const { db } = h.database;
    const customer = await makeCustomer(h);
    const now = h.clock.now().getTime();
    const old = new Date(now - 30 * DAY_MS).toISOString();
    // Something for each job to find, so the statements after the first batch run too.
    await db.insertInto('revoked_tokens').values({ jti: 'plan-jti', expires_at: old }).execute();
    await db.insertInto('rate_limits').values({ key: 'plan-key', window_start: old, count: 1 }).execute();
    await db
      .insertInto('notification_streams')
      .values({ user_id: customer.id, opened_at: old, seen_at: old })
      .execute();

    const recorder = recordQueries(db);
    await pruneExpired(recorder.db, h.clock);
    await sweepTempUploads(recorder.db, h.storage, h.clock);
    await expireOffers({ db: recorder.db, hub: h.hub, clock: h.clock });
    await createMailWorker({
      db: recorder.db,
      clock: h.clock,
      logger: h.deps.logger,
      transport: { deliver: async () => {}, close: () => {} },
      publicUrl: h.config.publicUrl,
      unsubscribe: createUnsubscribeSigner('x'.repeat(32), h.config.publicUrl),
      digestMs: h.config.mailDigestMs,
      pollMs: h.config.mailPollMs,
    }).runOnce();
    await createMetrics({ db: recorder.db, hub: h.hub, clock: h.clock, processMetrics: false }).registry.metrics();
    await listApplications(recorder.db, 'for_review', { cursor: '2030-01-01T00:00:00.000Z_99', limit: 10 });

    expect(recorder.queries.length).toBeGreaterThan(8);
    const scans: string[] = [];
    for (const query of recorder.queries) {
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      for (const { detail } of plan.rows) if (/^SCAN /.test(detail)) scans.push(`${detail} in ${query.sql}`);
    }
    expect(scans).toEqual([]);
  });
});

describe("the operations home's counts read their indexes (sqlite)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
  });
  afterAll(() => h.close());

  /** The plan of the one count whose SQL contains `marker`. */
  async function planOfCount(marker: string): Promise<string[]> {
    const recorder = recordQueries(h.database.db);
    await queueCounts(recorder.db, h.clock.now());
    const matching = recorder.queries.filter((query) => query.sql.includes(marker));
    expect(matching).toHaveLength(1);
    const [query] = matching as [(typeof matching)[number]];
    const plan = await h.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row.detail);
  }

  it('overdue work from orders_status_due alone, never the order rows', async () => {
    // Counting through the list's walk (orders_status_needed) read each row for its due date: 0.4 s at 300,000 orders.
    expect(await planOfCount('due_at <')).toEqual([expect.stringMatching(/COVERING INDEX orders_status_due /)]);
  });

  it('the overdue list walks orders_due_work in its order and stops after a page', async () => {
    const recorder = recordQueries(h.database.db);
    await listAdminOrders(recorder.db, 'overdue', { limit: 10, now: h.clock.now() });
    await listAdminOrders(recorder.db, 'overdue', { limit: 10, now: h.clock.now(), cursor: '2026-01-05_12' });
    const lists = recorder.queries.filter((query) => query.sql.includes('needed_by" asc'));
    expect(lists).toHaveLength(2);
    for (const query of lists) {
      const plan = await h.database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      // Without likely() SQLite sought orders_status_needed per status and sorted every overdue order.
      expect(plan.rows.map((row) => row.detail)).toEqual([
        expect.stringMatching(/^SEARCH orders USING INDEX orders_due_work /),
      ]);
    }
  });

  it("stranded work from the departed artists' partial index (the list's subquery is the same byDepartedArtist)", async () => {
    // On users_applications it read every artist's row (migration 0033).
    expect(await planOfCount('deactivated_at is not null')).toContainEqual(
      expect.stringMatching(/INDEX users_departed_artists \(type=\?\)/),
    );
  });
});

describe.each(databases)('migration 0033-departed-artists-index (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('goes down and up again, and the stranded count still answers', async () => {
    const migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    expect((await migrator.migrateTo('0032-search-latency')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect((await queueCounts(h.database.db, h.clock.now())).stranded).toBe(0);
  });
});
