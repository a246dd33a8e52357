import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../contracts/server-messages';
import { createApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { trackStream } from '../../server/notifications/stream-sessions';
import { manualClock } from '../../server/services/clock';
import { createMetrics } from '../../server/services/metrics';
import { type Storage, StoredFileMissing } from '../../server/services/storage';
import { withStorageMetrics } from '../../server/services/storage-metrics';
import { createHarness, databases, type Harness } from './harness';
import { paidOrder } from './lifecycle-fixtures';

const TOKEN = 'metrics-token-for-tests-0123456789';
const bearer = { Authorization: `Bearer ${TOKEN}` };

/** The value of one sample of the exposition text, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => got[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(databases)('GET /metrics (%s)', (kind) => {
  let h: Harness;
  let noToken: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { METRICS_TOKEN: TOKEN } });
    noToken = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
    await noToken.close();
  });

  const scrape = async (app = h.app) => {
    const res = await app.request('/metrics', { headers: bearer });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('does not exist without METRICS_TOKEN', async () => {
    const answer = await noToken.call('GET', '/metrics', undefined, { headers: bearer });
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('http_request_duration_seconds');
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', `Bearer ${TOKEN}x`],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, 16)}`],
    ['another scheme', `Basic ${TOKEN}`],
    ['a token with a space', `Bearer ${TOKEN} extra`],
  ])('answers 401 in the failure envelope for %s', async (_, authorization) => {
    const answer = await h.call('GET', '/metrics', undefined, {
      headers: authorization === undefined ? {} : { Authorization: authorization },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: serverMessages.unauthenticated });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(answer.text).not.toContain('nodejs_');
  });

  it('serves the Prometheus text format with process metrics, event-loop lag included', async () => {
    const res = await h.app.request('/metrics', { headers: bearer });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('times requests by method, route pattern and status, never by raw path', async () => {
    await h.request('/api/v1/user/artists/987654');
    await h.request('/api/v1/no/such/route/31337');
    const text = await scrape();
    const labels = { method: 'GET', route: '/api/v1/user/artists/:id', status: '404' };
    expect(sample(text, 'http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    // In no label value; the samples' numbers (memory, durations) may hold these digits by chance.
    expect(text).not.toMatch(/"[^"]*987654[^"]*"/);
    expect(text).not.toMatch(/"[^"]*31337[^"]*"/);
  });

  it('reports the mail outbox depth and the age of the oldest waiting mail', async () => {
    const db = h.database.db;
    const at = (ms: number) => new Date(h.clock.now().getTime() - ms).toISOString();
    const row = (key: string, status: 'pending' | 'sending' | 'sent', agoMs: number, digest: 0 | 1 = 0) => ({
      kind: 'password_reset',
      to_address: 'someone@example.test',
      dedupe_key: `metrics:${key}`,
      status,
      digest,
      next_attempt_at: at(0),
      created_at: at(agoMs),
    });
    expect(sample(await scrape(), 'labsongs_mail_outbox_depth')).toBe(0);
    expect(sample(await scrape(), 'labsongs_mail_outbox_oldest_age_seconds')).toBe(0);
    await db
      .insertInto('mail_outbox')
      .values([
        row('a', 'pending', 90_000),
        row('b', 'sending', 30_000),
        row('c', 'sent', 600_000),
        // A digest item waits for its digest on purpose: not counted.
        row('d', 'pending', 900_000, 1),
      ])
      .execute();
    const text = await scrape();
    expect(sample(text, 'labsongs_mail_outbox_depth')).toBe(2);
    expect(sample(text, 'labsongs_mail_outbox_oldest_age_seconds')).toBe(90);
    expect(sample(text, 'labsongs_database_up')).toBe(1);
    await db.deleteFrom('mail_outbox').where('dedupe_key', 'like', 'metrics:%').execute();
  });

  it('counts payment callbacks by outcome and the offers expiring within the hour', async () => {
    const order = await paidOrder(h, 2);
    let text = await scrape();
    expect(sample(text, 'labsongs_payment_callbacks_total', { provider: 'sandbox', outcome: 'moved' })).toBe(1);
    expect(sample(text, 'labsongs_offers_expiring_soon')).toBe(0);

    const refused = await h.request('/api/v1/payments/sandbox/postback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ txnid: 'forged', status: 'succeeded', signature: 'f'.repeat(64) }).toString(),
    });
    expect(refused.status).toBe(400);

    // Half an hour before the offers run out.
    h.clock.advance(h.config.offerTtlMs - 30 * 60_000);
    text = await scrape();
    expect(sample(text, 'labsongs_payment_callbacks_total', { provider: 'sandbox', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'labsongs_offers_expiring_soon')).toBe(order.artists.length);
  });

  it('reports the notification streams open on this node', async () => {
    let end!: () => void;
    const untrack = trackStream(h.hub, {
      endForShutdown: () => end(),
      ended: new Promise<void>((resolve) => {
        end = resolve;
      }),
    });
    expect(sample(await scrape(), 'labsongs_sse_streams_open')).toBe(1);
    untrack();
    expect(sample(await scrape(), 'labsongs_sse_streams_open')).toBe(0);
  });

  it('counts failed storage calls, and a failing readiness check is one', async () => {
    const broken: Storage = { ...h.storage, check: () => Promise.reject(new Error('bucket unreachable')) };
    const app = createApp({ ...h.deps, storage: broken });
    expect((await app.request('/api/health/ready')).status).toBe(503);
    expect(sample(await scrape(app), 'labsongs_storage_errors_total', { operation: 'check' })).toBe(1);
  });

  it('still answers the scrape when the database is down, with the database gauges unknown', async () => {
    // No server on port 1 (PostgreSQL); an empty file without the tables (SQLite).
    const gone = openDatabase(
      kind === 'postgres'
        ? { kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/nothing' }
        : { kind: 'sqlite', file: path.join(h.dataDir, 'empty.sqlite') },
    );
    const app = createApp({ ...h.deps, database: gone });
    const text = await scrape(app);
    expect(sample(text, 'labsongs_database_up')).toBe(0);
    expect(sample(text, 'labsongs_mail_outbox_depth')).toBeNaN();
    expect(sample(text, 'labsongs_offers_expiring_soon')).toBeNaN();
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    await gone.destroy();
  });
});

describe('withStorageMetrics', () => {
  const failing = (error: Error): Storage => ({
    label: 'test storage',
    write: () => Promise.reject(error),
    size: () => Promise.reject(error),
    read: () => Promise.reject(error),
    remove: () => Promise.reject(error),
    async *list() {
      yield* [];
      throw error;
    },
    check: () => Promise.reject(error),
    abortIncompleteUploads: () => Promise.reject(error),
  });
  const metricsFor = () => {
    const metrics = createMetrics({
      db: undefined as never,
      hub: undefined as never,
      clock: manualClock(),
      processMetrics: false,
    });
    const count = async (operation: string) =>
      (await metrics.storageErrors.get()).values.find((v) => v.labels.operation === operation)?.value ?? 0;
    return { metrics, count };
  };

  it('counts each failed call by operation and passes the error on', async () => {
    const { metrics, count } = metricsFor();
    const storage = withStorageMetrics(failing(new Error('disk full')), metrics);
    const name = 'abcdefghijklmnopqrstuvwx.mp3';
    await expect(storage.write('songs', name, new Uint8Array([1]))).rejects.toThrow('disk full');
    await expect(storage.size('songs', name)).rejects.toThrow('disk full');
    await expect(storage.read('songs', name)).rejects.toThrow('disk full');
    await expect(storage.remove('songs', name)).rejects.toThrow('disk full');
    await expect(storage.check()).rejects.toThrow('disk full');
    await expect(
      (async () => {
        for await (const _ of storage.list('songs')) {
        }
      })(),
    ).rejects.toThrow('disk full');
    expect(storage.label).toBe('test storage');
    for (const operation of ['write', 'size', 'read', 'remove', 'check', 'list'])
      expect(await count(operation)).toBe(1);
  });

  it('does not count a missing file or an upload the client broke off', async () => {
    const { metrics, count } = metricsFor();
    const missing = withStorageMetrics(failing(new StoredFileMissing('songs', 'x')), metrics);
    await expect(missing.read('songs', 'x')).rejects.toBeInstanceOf(StoredFileMissing);
    const body = new Readable({ read() {} });
    body.destroy(new Error('client went away'));
    await new Promise((resolve) => body.once('error', resolve));
    const broken = withStorageMetrics(failing(new Error('upload aborted')), metrics);
    await expect(broken.write('songs', 'x', body)).rejects.toThrow('upload aborted');
    expect(await count('read')).toBe(0);
    expect(await count('write')).toBe(0);
  });

  it('counts a read stream that breaks once, and not one the listener cancelled', async () => {
    const { metrics, count } = metricsFor();
    const streams: Readable[] = [];
    const storage = withStorageMetrics(
      {
        ...failing(new Error('unused')),
        read: async () => {
          const stream = new Readable({ read() {} });
          streams.push(stream);
          return stream;
        },
      },
      metrics,
    );
    const broken = await storage.read('songs', 'x');
    broken.destroy(new Error('connection reset by the bucket'));
    await new Promise((resolve) => broken.once('close', resolve));
    const cancelled = await storage.read('songs', 'y');
    cancelled.destroy(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    await new Promise((resolve) => cancelled.once('close', resolve));
    expect(streams).toHaveLength(2);
    expect(await count('read')).toBe(1);
  });
});
