import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/context';
import { type AppDatabase, openDatabase } from '../../server/db/database';
import { createLocalHub, type NotificationHub } from '../../server/notifications/hub';
import { startPgHub } from '../../server/notifications/pg-hub';
import {
  closeStreamsForShutdown,
  MAX_STREAMS_PER_ACCOUNT,
  openStreamCount,
  STREAM_ROW_STALE_MS,
} from '../../server/notifications/stream-sessions';
import { isoAt } from '../../server/services/clock';
import { silentLogger } from '../../server/services/logger';
import { pruneExpired } from '../../server/services/maintenance';
import { makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

const STREAM_TOKEN = '/api/v1/user/notifications/stream-token';

/** An open event stream, read as text; close() aborts the request as a closing tab would. */
async function openStream(app: Hono<AppEnv>, accessToken: string) {
  const issued = await app.request(STREAM_TOKEN, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(issued.status).toBe(200);
  const { data } = (await issued.json()) as { data: { token: string } };
  const controller = new AbortController();
  const res = await app.request(`/api/v1/user/notifications/stream?token=${data.token}`, {
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  return {
    text: () => text,
    /** Reads until `pattern` has arrived since `from` (answers true) or the stream ends (false). */
    async until(pattern: RegExp, from = 0): Promise<boolean> {
      const deadline = Date.now() + 5000;
      while (!pattern.test(text.slice(from))) {
        if (ended) return false;
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<'late'>((resolve) => {
            timer = setTimeout(() => resolve('late'), Math.max(deadline - Date.now(), 0));
          }),
        ]);
        clearTimeout(timer);
        if (chunk === 'late') throw new Error(`nothing matching ${pattern} arrived; got ${JSON.stringify(text)}`);
        if (chunk.done) ended = true;
        else text += decoder.decode(chunk.value, { stream: true });
      }
      return true;
    },
    /** Reads to the end; answers true once the stream has ended. */
    async ended(): Promise<boolean> {
      return !(await this.until(/(?!)/));
    },
    async close() {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}
type OpenStream = Awaited<ReturnType<typeof openStream>>;

describe.each(databases)('notification streams across nodes (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const rowsOf = (userId: number) =>
    h.database.db.selectFrom('notification_streams').selectAll().where('user_id', '=', userId).orderBy('id').execute();

  /**
   * A second node on the same database: on PostgreSQL its own pool and its own LISTEN connection (as is
   * the first app's hub, so that a wake-up must cross the database); on SQLite, one process's apps.
   */
  async function twoNodes(): Promise<{ apps: Hono<AppEnv>[]; hubs: NotificationHub[]; close(): Promise<void> }> {
    const target = h.config.database;
    const hubs: NotificationHub[] = [];
    let databaseB: AppDatabase = h.database;
    if (target.kind === 'postgres') {
      const schema = h.database.schema as string;
      databaseB = openDatabase(target, { schema, maxConnections: 4 });
      hubs.push(await startPgHub({ url: target.url, schema, db: h.database.db, logger: silentLogger }));
      hubs.push(await startPgHub({ url: target.url, schema, db: databaseB.db, logger: silentLogger }));
    } else {
      hubs.push(createLocalHub(), createLocalHub());
    }
    const [hubA, hubB] = hubs as [NotificationHub, NotificationHub];
    return {
      apps: [createApp({ ...h.deps, hub: hubA }), createApp({ ...h.deps, database: databaseB, hub: hubB })],
      hubs,
      async close() {
        for (const hub of hubs) await hub.close();
        if (databaseB !== h.database) await databaseB.destroy();
      },
    };
  }

  it('holds five streams per account over two nodes: a sixth on either node ends the oldest, wherever it is', async () => {
    const nodes = await twoNodes();
    const [appA, appB] = nodes.apps as [Hono<AppEnv>, Hono<AppEnv>];
    const [hubA, hubB] = nodes.hubs as [NotificationHub, NotificationHub];
    const customer = await makeCustomer(h);
    const streams: OpenStream[] = [];
    try {
      // Oldest first, alternating nodes: A B A B A, then the sixth on B.
      for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT + 1; i++) {
        const stream = await openStream(i % 2 === 0 ? appA : appB, customer.token);
        // The first event proves the stream holds its row: it checked the row before telling the count.
        expect(await stream.until(/event: unread/)).toBe(true);
        streams.push(stream);
      }
      const [oldest, ...rest] = streams as [OpenStream, ...OpenStream[]];
      // On SQLite the nodes share no wake-up channel: the oldest notices on its poll, or on a wake-up like this.
      if (kind === 'sqlite') hubA.publish([customer.id]);
      expect(await oldest.ended()).toBe(true);
      expect(await rowsOf(customer.id)).toHaveLength(MAX_STREAMS_PER_ACCOUNT);

      // The five others still stream, on both nodes: each answers a wake-up with the count.
      const marks = rest.map((stream) => stream.text().length);
      hubA.publish([customer.id]);
      if (kind === 'sqlite') hubB.publish([customer.id]);
      for (const [i, stream] of rest.entries()) expect(await stream.until(/event: unread/, marks[i])).toBe(true);
      expect(await rowsOf(customer.id)).toHaveLength(MAX_STREAMS_PER_ACCOUNT);

      // Another account is not affected by this one's streams.
      const other = await makeCustomer(h);
      const theirs = await openStream(appB, other.token);
      expect(await theirs.until(/event: unread/)).toBe(true);
      expect(await rowsOf(other.id)).toHaveLength(1);
      expect(await rowsOf(customer.id)).toHaveLength(MAX_STREAMS_PER_ACCOUNT);
      streams.push(theirs);
    } finally {
      for (const stream of streams) await stream.close();
      await nodes.close();
    }
  });

  it('deletes a stream’s row when it ends', async () => {
    const customer = await makeCustomer(h);
    const stream = await openStream(h.app, customer.token);
    expect(await stream.until(/event: unread/)).toBe(true);
    expect(await rowsOf(customer.id)).toHaveLength(1);
    await stream.close();
    await expect.poll(async () => (await rowsOf(customer.id)).length).toBe(0);
  });

  it('does not count the rows of a node that died; maintenance prunes them', async () => {
    const customer = await makeCustomer(h);
    const long = isoAt(new Date(h.clock.now().getTime() - STREAM_ROW_STALE_MS - 1000));
    await h.database.db
      .insertInto('notification_streams')
      .values(
        Array.from({ length: MAX_STREAMS_PER_ACCOUNT }, () => ({
          user_id: customer.id,
          opened_at: long,
          seen_at: long,
        })),
      )
      .execute();
    const stream = await openStream(h.app, customer.token);
    try {
      expect(await stream.until(/event: unread/)).toBe(true);
      // The stale rows went with the new stream's claim; the new one stands.
      expect((await rowsOf(customer.id)).map((row) => row.seen_at)).toEqual([isoAt(h.clock.now())]);
    } finally {
      await stream.close();
    }

    const other = await makeCustomer(h);
    const now = isoAt(h.clock.now());
    await h.database.db
      .insertInto('notification_streams')
      .values([
        { user_id: other.id, opened_at: long, seen_at: long },
        { user_id: other.id, opened_at: long, seen_at: now },
      ])
      .execute();
    await pruneExpired(h.database.db, h.clock);
    expect((await rowsOf(other.id)).map((row) => row.seen_at)).toEqual([now]);
  });

  it('keeps a live stream’s row fresh, and ends a stream whose row is gone', async () => {
    const customer = await makeCustomer(h);
    const stream = await openStream(h.app, customer.token);
    try {
      expect(await stream.until(/event: unread/)).toBe(true);
      h.clock.advance(STREAM_ROW_STALE_MS * 3);
      const mark = stream.text().length;
      h.hub.publish([customer.id]);
      expect(await stream.until(/event: unread/, mark)).toBe(true);
      expect((await rowsOf(customer.id)).map((row) => row.seen_at)).toEqual([isoAt(h.clock.now())]);
      await pruneExpired(h.database.db, h.clock);
      expect(await rowsOf(customer.id)).toHaveLength(1);

      // Pruned as a dead node's would be (say the database was away too long): the stream ends.
      await h.database.db.deleteFrom('notification_streams').where('user_id', '=', customer.id).execute();
      h.hub.publish([customer.id]);
      expect(await stream.ended()).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('on shutdown, tells every open stream when to come back (1–3 s, spread) and ends them', async () => {
    const hub = createLocalHub();
    const app = createApp({ ...h.deps, hub });
    const [first, second] = [await makeCustomer(h), await makeCustomer(h)];
    const streams = [
      await openStream(app, first.token),
      await openStream(app, first.token),
      await openStream(app, second.token),
    ];
    try {
      for (const stream of streams) expect(await stream.until(/event: unread/)).toBe(true);
      expect(openStreamCount(hub)).toBe(3);
      // The harness's app has streams of its own: they are not this app's to close.
      const elsewhere = await openStream(h.app, first.token);
      streams.push(elsewhere);
      expect(await elsewhere.until(/event: unread/)).toBe(true);

      await closeStreamsForShutdown(hub);
      expect(openStreamCount(hub)).toBe(0);
      for (const stream of streams.slice(0, 3)) {
        expect(await stream.ended()).toBe(true);
        const retry = Number(/\nretry: (\d+)\n\n$/.exec(stream.text())?.[1]);
        expect(retry).toBeGreaterThanOrEqual(1000);
        expect(retry).toBeLessThan(3000);
      }
      expect(await rowsOf(second.id)).toHaveLength(0);
      expect(openStreamCount(h.hub)).toBe(1);
      expect(await rowsOf(first.id)).toHaveLength(1);

      // A stream that opens while the node is going down ends at once, with the same hint.
      const late = await openStream(app, second.token);
      streams.push(late);
      expect(await late.ended()).toBe(true);
      expect(late.text()).toMatch(/^retry: \d{4}\n\n$/);
      expect(openStreamCount(hub)).toBe(0);
    } finally {
      for (const stream of streams) await stream.close();
    }
  });
});
