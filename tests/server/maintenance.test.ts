import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_ROW_STALE_MS } from '../../server/notifications/stream-sessions';
import { sweepTempUploads } from '../../server/orders/temp-upload-sweep';
import { UNVERIFIED_CALLBACK_DAYS } from '../../server/payments/payments.repository';
import { BATCH_ROWS } from '../../server/services/batches';
import { pruneExpired } from '../../server/services/maintenance';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';

const DAY_MS = 86_400_000;
/** More expired rows than two batches and a part, so the loop must go round, and stop. */
const EXPIRED = BATCH_ROWS * 2 + 137;

/** Inserts rows a few hundred at a time (parameter limits). */
async function insertMany<T>(insert: (rows: T[]) => Promise<unknown>, rows: T[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await insert(rows.slice(i, i + 200));
}
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
/** A stored file name (24 characters and an extension, storage.ts storedNamePattern). */
const clip = (prefix: string, i: number) => `${prefix}${String(i).padStart(24 - prefix.length, '0')}.m4a`;

describe.each(databases)('pruning expired rows (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('deletes revocations past their refresh window, old counters and old reset links, and keeps live ones', async () => {
    const { db } = h.database;
    const now = h.clock.now().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const user = await h.createAccount({ type: 'user', email: uniqueEmail('prune'), password: 'Prune1234' });

    await db
      .insertInto('revoked_tokens')
      .values([
        { jti: 'expired-jti-000000000', expires_at: at(-1000) },
        { jti: 'live-jti-000000000000', expires_at: at(60_000) },
      ])
      .execute();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'old', window_start: at(-2 * 86_400_000), count: 3 },
        { key: 'recent', window_start: at(-60_000), count: 1 },
      ])
      .execute();
    await db
      .insertInto('password_resets')
      .values([
        {
          user_id: user.id,
          token_hash: 'a'.repeat(64),
          expires_at: at(-2 * 86_400_000),
          used_at: null,
          created_at: at(-3 * 86_400_000),
        },
        { user_id: user.id, token_hash: 'b'.repeat(64), expires_at: at(3_600_000), used_at: null, created_at: at(0) },
      ])
      .execute();

    await pruneExpired(db, h.clock);

    expect((await db.selectFrom('revoked_tokens').select('jti').execute()).map((r) => r.jti)).toEqual([
      'live-jti-000000000000',
    ]);
    expect((await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['recent']);
    expect((await db.selectFrom('password_resets').select('token_hash').execute()).map((r) => r.token_hash)).toEqual([
      'b'.repeat(64),
    ]);
  });

  it('deletes every expired row in batches of BATCH_ROWS, and exactly those', async () => {
    const { db } = h.database;
    const now = h.clock.now().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const user = await h.createAccount({ type: 'user', email: uniqueEmail('batches'), password: 'Prune1234' });
    await db.deleteFrom('revoked_tokens').execute();
    await db.deleteFrom('rate_limits').execute();
    await db.deleteFrom('password_resets').execute();
    await db.deleteFrom('payment_callbacks').execute();
    await db.deleteFrom('notification_streams').execute();

    await insertMany(
      (rows) => db.insertInto('revoked_tokens').values(rows).execute(),
      range(EXPIRED + 40).map((i) => ({ jti: `jti-${i}`, expires_at: at(i < EXPIRED ? -1 - i * 1000 : 60_000 + i) })),
    );
    await insertMany(
      (rows) => db.insertInto('rate_limits').values(rows).execute(),
      range(EXPIRED + 40).map((i) => ({
        key: `key-${i}`,
        window_start: at(i < EXPIRED ? -DAY_MS - 1 - i : -DAY_MS + 60_000),
        count: 1,
      })),
    );
    await insertMany(
      (rows) => db.insertInto('password_resets').values(rows).execute(),
      range(EXPIRED + 40).map((i) => ({
        user_id: user.id,
        token_hash: `hash-${i}`,
        expires_at: at(i < EXPIRED ? -DAY_MS - 1 - i : 3_600_000),
        used_at: null,
        created_at: at(-2 * DAY_MS),
      })),
    );
    // Old unverified callbacks go; recent unverified ones and verified ones of any age stay.
    const week = UNVERIFIED_CALLBACK_DAYS * DAY_MS;
    await insertMany(
      (rows) => db.insertInto('payment_callbacks').values(rows).execute(),
      range(EXPIRED + 80).map((i) => ({
        payment_id: null,
        provider: 'sandbox',
        txnid: `TX${i}`,
        status: 'S',
        verified: i >= EXPIRED + 40 ? (1 as const) : (0 as const),
        body: '{}',
        created_at: at(i < EXPIRED ? -week - 1 - i : i < EXPIRED + 40 ? -week + 60_000 : -30 * DAY_MS),
      })),
    );
    await insertMany(
      (rows) => db.insertInto('notification_streams').values(rows).execute(),
      range(EXPIRED + 40).map((i) => ({
        user_id: user.id,
        opened_at: at(-DAY_MS),
        seen_at: at(i < EXPIRED ? -STREAM_ROW_STALE_MS - 1 - i : -1000),
      })),
    );

    await pruneExpired(db, h.clock);

    const left = async (table: 'revoked_tokens' | 'rate_limits' | 'password_resets' | 'notification_streams') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect((await db.selectFrom('revoked_tokens').select('jti').orderBy('jti').execute()).map((r) => r.jti)).toEqual(
      range(40)
        .map((i) => `jti-${EXPIRED + i}`)
        .sort(),
    );
    expect(
      (await db.selectFrom('rate_limits').select('window_start').execute()).every((r) => r.window_start >= at(-DAY_MS)),
    ).toBe(true);
    expect(await left('rate_limits')).toBe(40);
    expect(
      (await db.selectFrom('password_resets').select('expires_at').execute()).every((r) => r.expires_at > at(0)),
    ).toBe(true);
    expect(await left('password_resets')).toBe(40);
    const callbacks = await db.selectFrom('payment_callbacks').select(['txnid', 'verified']).orderBy('id').execute();
    expect(callbacks.map((c) => c.txnid)).toEqual(range(80).map((i) => `TX${EXPIRED + i}`));
    expect(callbacks.filter((c) => c.verified === 1)).toHaveLength(40);
    expect(await left('notification_streams')).toBe(40);
  });

  it('expires pending checkouts older than two days in batches, and only those', async () => {
    const { db } = h.database;
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h);
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    const now = h.clock.now().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const payment = (i: number, status: 'pending' | 'succeeded', created: string) => ({
      order_id: order.id,
      provider: 'sandbox' as const,
      method: 'gcash',
      txnid: `EXP${i}-${order.id}`,
      amount_centavos: 100,
      status,
      created_at: created,
      updated_at: created,
    });
    await insertMany(
      (rows) => db.insertInto('payments').values(rows).execute(),
      [
        ...range(EXPIRED).map((i) => payment(i, 'pending', at(-2 * DAY_MS - 1 - i))),
        ...range(30).map((i) => payment(EXPIRED + i, 'pending', at(-2 * DAY_MS + 60_000))),
        ...range(30).map((i) => payment(EXPIRED + 30 + i, 'succeeded', at(-10 * DAY_MS))),
      ],
    );

    await pruneExpired(db, h.clock);

    const byStatus = await db
      .selectFrom('payments')
      .select(['status', (eb) => eb.fn.countAll().as('n')])
      .where('order_id', '=', order.id)
      .where('txnid', 'like', 'EXP%')
      .groupBy('status')
      .execute();
    expect(Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)]))).toEqual({
      expired: EXPIRED,
      pending: 30,
      succeeded: 30,
    });
    const expired = await db
      .selectFrom('payments')
      .select('updated_at')
      .where('order_id', '=', order.id)
      .where('status', '=', 'expired')
      .execute();
    expect(expired.every((p) => p.updated_at === at(0))).toBe(true);
  });

  it('sweeps every unattached upload older than a day, over several batches, and keeps the rest', async () => {
    const { db } = h.database;
    const user = await h.createAccount({ type: 'user', email: uniqueEmail('sweep'), password: 'Prune1234' });
    const now = h.clock.now().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h);
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    const swept = 450;
    await h.storage.write('clips', clip('sweepkept', 0), Buffer.from('kept'));
    await h.storage.write('clips', clip('sweepold', 0), Buffer.from('old'));
    await insertMany(
      (rows) => db.insertInto('temp_uploads').values(rows).execute(),
      range(swept + 60).map((i) => ({
        temp_location: `tmp_sweep${i}`,
        user_id: user.id,
        file_key: i < swept ? clip('sweepold', i) : clip('sweepkept', i - swept),
        mime: 'audio/mp4',
        size: 4,
        // The kept: 30 recent and unattached, 30 old but taken by an order.
        attached_order_id: i >= swept + 30 ? order.id : null,
        created_at: at(i < swept + 30 && i >= swept ? -60_000 : -2 * DAY_MS - i),
      })),
    );

    expect(await sweepTempUploads(db, h.storage, h.clock)).toBe(swept);
    const left = await db.selectFrom('temp_uploads').select('file_key').where('user_id', '=', user.id).execute();
    expect(left.map((r) => r.file_key).sort()).toEqual(
      range(60)
        .map((i) => clip('sweepkept', i))
        .sort(),
    );
    expect(await h.storage.size('clips', clip('sweepold', 0))).toBeNull();
    expect(await h.storage.size('clips', clip('sweepkept', 0))).toBe(4);
  });
});
