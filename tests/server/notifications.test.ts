import type { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountType } from '../../contracts/account';
import {
  type Notification,
  type NotificationPush,
  notificationMessages,
  notificationTexts,
} from '../../contracts/notifications';
import { serverMessages } from '../../contracts/server-messages';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/context';
import { openDatabase } from '../../server/db/database';
import { createLocalHub, type NotificationHub } from '../../server/notifications/hub';
import { insertNotifications } from '../../server/notifications/notifications.repository';
import { idsOfPayload, listenerName, payloadsOf, startPgHub } from '../../server/notifications/pg-hub';
import { silentLogger } from '../../server/services/logger';
import { ARTIST_PASSWORD, makeAdmin, makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness, isFailureEnvelope } from './harness';

const api = (area: AccountType) => `/api/v1/${area}/notifications`;

interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * An open `text/event-stream` answer, read event by event (comment-only blocks such as pings are
 * skipped). close() aborts the request, as a browser tab closing would.
 */
async function openStream(app: Hono<AppEnv>, url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await app.request(url, { headers, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';

  const parse = (block: string): SseEvent | null => {
    const event: SseEvent = { event: 'message', id: undefined, data: '' };
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      any = true;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'data') data.push(value);
    }
    event.data = data.join('\n');
    return any ? event : null;
  };

  async function next(timeoutMs = 5000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parse(block);
        if (event) return event;
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event arrived in time');
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), left);
        }),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') throw new Error('no event arrived in time');
      if (chunk.done) throw new Error('the stream ended');
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }

  return {
    res,
    next,
    async close() {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}

const pushOf = (event: SseEvent) => JSON.parse(event.data) as NotificationPush;

describe.each(databases)('notifications (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  /** `count` notifications for the user, committed; answers their ids, oldest first. */
  async function seed(userId: number, count: number, title = 'Order update'): Promise<number[]> {
    const before = await h.database.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await h.database.db.transaction().execute((trx) =>
      insertNotifications(
        trx,
        Array.from({ length: count }, (_, i) => ({
          userId,
          type: 'new_order' as const,
          title: `${title} ${i + 1}`,
          body: `Something happened to order OR${1000 + i}.`,
          orderId: null,
        })),
        h.clock.now().toISOString(),
      ),
    );
    const rows = await h.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '>', Number(before?.id ?? 0))
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id);
  }

  const get = (area: AccountType, path: string, token: string) =>
    h.call('GET', `${api(area)}${path}`, undefined, { token });
  const mark = (area: AccountType, id: number, body: unknown, token: string) =>
    h.call('PATCH', `${api(area)}/${id}`, body, { token });
  const streamToken = async (area: AccountType, token: string) => {
    const answer = await h.call('POST', `${api(area)}/stream-token`, undefined, { token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data.token as string;
  };

  it('pages a user newest first without gaps or repeats, and never shows another user’s', async () => {
    const customer = await makeCustomer(h);
    const other = await makeCustomer(h);
    const mine = await seed(customer.id, 25);
    await seed(other.id, 4, 'Not yours');

    const seen: Notification[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const answer = await get('user', cursor ? `?cursor=${cursor}` : '', customer.token);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data.unread_count).toBe(25);
      sizes.push(answer.body.data.notifications.length);
      seen.push(...answer.body.data.notifications);
      cursor = answer.body.data.next_cursor;
    } while (cursor !== null);

    expect(sizes).toEqual([10, 10, 5]);
    expect(seen.map((n) => n.id)).toEqual([...mine].reverse());
    expect(seen.every((n) => !n.title.startsWith('Not yours'))).toBe(true);
    expect(seen[0]).toEqual({
      id: mine[24],
      title: 'Order update 25',
      body: 'Something happened to order OR1024.',
      type: 'new_order',
      is_read: false,
      created_at: h.clock.now().toISOString(),
      order_id: null,
    });

    const big = await get('user', '?limit=50', customer.token);
    expect(big.body.data.notifications).toHaveLength(25);
    expect(big.body.data.next_cursor).toBeNull();
    const exact = await get('user', '?limit=5', customer.token);
    expect(exact.body.data.next_cursor).toBe(String(mine[20]));
    // A cursor beyond every id is the newest page, not an error.
    expect((await get('user', '?cursor=999999999999999&limit=3', customer.token)).body.data.notifications).toEqual(
      big.body.data.notifications.slice(0, 3),
    );

    const empty = await get('user', '', (await makeCustomer(h)).token);
    expect(empty.body.data).toEqual({ notifications: [], next_cursor: null, unread_count: 0 });
  });

  it('refuses a bad cursor or limit with 422', async () => {
    const customer = await makeCustomer(h);
    for (const query of ['cursor=abc', 'cursor=-1', 'limit=0', 'limit=51', 'limit=x', 'limit=', 'page=2']) {
      const answer = await get('user', `?${query}`, customer.token);
      expect(answer.status, query).toBe(422);
      expect(isFailureEnvelope(answer.body)).toBe(true);
      expect(answer.body.message).toBe(serverMessages.validationFailed);
    }
    expect((await get('user', '?cursor=abc', customer.token)).body.errors).toEqual({ cursor: ['Invalid cursor'] });
  });

  it('reads one notification of the owner only; another user’s is a 404 for get and patch', async () => {
    const owner = await makeCustomer(h);
    const stranger = await makeCustomer(h);
    const [id] = await seed(owner.id, 1);
    if (id === undefined) throw new Error('no notification');

    const own = await get('user', `/${id}`, owner.token);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id, type: 'new_order', is_read: false });

    const read = await get('user', `/${id}`, stranger.token);
    expect(read.status).toBe(404);
    expect(read.body).toEqual({ message: notificationMessages.notFound });
    const patched = await mark('user', id, { mark_as_read: true }, stranger.token);
    expect(patched.status).toBe(404);
    expect((await get('user', `/${id}`, owner.token)).body.data.is_read).toBe(false);
    expect((await get('user', '', owner.token)).body.data.unread_count).toBe(1);

    expect((await get('user', '/999999999', owner.token)).status).toBe(404);
    expect((await get('user', '/abc', owner.token)).status).toBe(404);
  });

  it('marks read and unread, moving the counter only when the flag flips', async () => {
    const customer = await makeCustomer(h);
    const [first, second] = await seed(customer.id, 3);
    if (first === undefined || second === undefined) throw new Error('no notifications');
    const count = async () => (await get('user', '', customer.token)).body.data.unread_count;

    const read = await mark('user', first, { mark_as_read: true }, customer.token);
    expect(read.status, read.text).toBe(200);
    expect(read.body.message).toBe(notificationMessages.markedRead);
    expect(read.body.data).toEqual({
      notification: expect.objectContaining({ id: first, is_read: true }),
      unread_count: 2,
    });
    expect((await mark('user', first, { mark_as_read: true }, customer.token)).body.data.unread_count).toBe(2);
    expect(await count()).toBe(2);

    // Two tabs marking the same one at once still count once.
    const both = await Promise.all([
      mark('user', second, { mark_as_read: true }, customer.token),
      mark('user', second, { mark_as_read: true }, customer.token),
    ]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    expect(await count()).toBe(1);

    const unread = await mark('user', first, { mark_as_read: false }, customer.token);
    expect(unread.body.message).toBe(notificationMessages.markedUnread);
    expect(unread.body.data).toEqual({
      notification: expect.objectContaining({ id: first, is_read: false }),
      unread_count: 2,
    });
    expect((await mark('user', first, { mark_as_read: false }, customer.token)).body.data.unread_count).toBe(2);
    expect(await count()).toBe(2);
    expect((await get('user', `/${first}`, customer.token)).body.data.is_read).toBe(false);
  });

  it('refuses a bad body with 422', async () => {
    const customer = await makeCustomer(h);
    const [id] = await seed(customer.id, 1);
    if (id === undefined) throw new Error('no notification');
    for (const body of [{}, { mark_as_read: 'yes' }, { mark_as_read: 1 }, { mark_as_read: true, extra: 1 }]) {
      const answer = await mark('user', id, body, customer.token);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(isFailureEnvelope(answer.body)).toBe(true);
    }
    expect((await mark('user', id, { mark_as_read: 'yes' }, customer.token)).body.errors).toEqual({
      mark_as_read: ['Must be true or false'],
    });
    expect((await get('user', '', customer.token)).body.data.unread_count).toBe(1);
  });

  it('serves each area with that area’s token only', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeArtist(h);
    const admin = await makeAdmin(h);
    const accounts = { user: customer, artist, admin } as const;
    for (const area of ['user', 'artist', 'admin'] as const) await seed(accounts[area].id, 2, `For ${area}`);

    for (const area of ['user', 'artist', 'admin'] as const) {
      const own = await get(area, '', accounts[area].token);
      expect(own.status, area).toBe(200);
      expect(own.body.data.notifications.map((n: Notification) => n.title)).toEqual([`For ${area} 2`, `For ${area} 1`]);
      for (const other of ['user', 'artist', 'admin'] as const) {
        if (other === area) continue;
        const answer = await get(area, '', accounts[other].token);
        expect(answer.status, `${other} token on ${area}`).toBe(401);
        expect(isFailureEnvelope(answer.body)).toBe(true);
        expect(
          (await h.call('POST', `${api(area)}/stream-token`, undefined, { token: accounts[other].token })).status,
        ).toBe(401);
      }
      expect((await h.call('GET', api(area))).status).toBe(401);
    }
  });

  it('issues one-minute stream tokens; a missing, expired, altered or other-area token is a 401', async () => {
    const customer = await makeCustomer(h);
    const answer = await h.call('POST', `${api('user')}/stream-token`, undefined, { token: customer.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ token: expect.any(String), expires_in: 60 });
    const token = answer.body.data.token as string;

    const refused = async (url: string) => {
      const res = await h.request(url);
      expect(res.status, url).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = await res.json();
      expect(isFailureEnvelope(body)).toBe(true);
      return body;
    };
    expect(await refused(`${api('user')}/stream`)).toEqual({ message: notificationMessages.streamTokenInvalid });
    const [head, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    await refused(`${api('user')}/stream?token=${head}.${payload}.${flipped}`);
    const otherUser = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    await refused(`${api('user')}/stream?token=${head}.${otherUser}.${signature}`);
    // The access token is not a stream token, nor the other way round.
    await refused(`${api('user')}/stream?token=${customer.token}`);
    expect((await h.call('GET', api('user'), undefined, { token })).status).toBe(401);
    // A customer's stream token does not open the artist's or the admin's stream.
    await refused(`${api('artist')}/stream?token=${token}`);
    await refused(`${api('admin')}/stream?token=${token}`);

    const stream = await openStream(h.app, `${api('user')}/stream?token=${token}`);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    await stream.close();

    h.clock.advance(61_000);
    await refused(`${api('user')}/stream?token=${token}`);
  });

  it('refuses the stream of an account deactivated since the token was issued', async () => {
    const customer = await makeCustomer(h);
    const token = await streamToken('user', customer.token);
    await h.database.db
      .updateTable('users')
      .set({ deactivated_at: h.clock.now().toISOString() })
      .where('id', '=', customer.id)
      .execute();
    expect((await h.request(`${api('user')}/stream?token=${token}`)).status).toBe(401);
  });

  it('replays what came after Last-Event-ID (header or query), oldest first', async () => {
    const customer = await makeCustomer(h);
    const ids = await seed(customer.id, 6);
    const after = ids[2] as number;

    const byHeader = await openStream(
      h.app,
      `${api('user')}/stream?token=${await streamToken('user', customer.token)}`,
      {
        'Last-Event-ID': String(after),
      },
    );
    const replayed: SseEvent[] = [];
    for (let i = 0; i < 3; i++) replayed.push(await byHeader.next());
    await byHeader.close();
    expect(replayed.map((e) => e.event)).toEqual(['notification', 'notification', 'notification']);
    expect(replayed.map((e) => Number(e.id))).toEqual(ids.slice(3));
    expect(pushOf(replayed[0] as SseEvent)).toEqual({
      notification: expect.objectContaining({ id: ids[3], title: 'Order update 4', is_read: false }),
      unread_count: 6,
    });

    const byQuery = await openStream(
      h.app,
      `${api('user')}/stream?token=${await streamToken('user', customer.token)}&last_event_id=${ids[4]}`,
    );
    const only = await byQuery.next();
    expect(only.event).toBe('notification');
    expect(Number(only.id)).toBe(ids[5]);
    await byQuery.close();

    const bad = await h.request(
      `${api('user')}/stream?token=${await streamToken('user', customer.token)}&last_event_id=abc`,
    );
    expect(bad.status).toBe(422);
  });

  it('pushes a notification published while connected, and the count after a PATCH elsewhere', async () => {
    const customer = await makeCustomer(h);
    const [older] = await seed(customer.id, 1);
    const stream = await openStream(h.app, `${api('user')}/stream?token=${await streamToken('user', customer.token)}`);
    // A fresh connection starts after the newest notification and tells the count.
    const hello = await stream.next();
    expect(hello).toMatchObject({ event: 'unread', id: undefined });
    expect(JSON.parse(hello.data)).toEqual({ unread_count: 1 });

    const [fresh] = await seed(customer.id, 1, 'Live');
    h.hub.publish([customer.id]);
    const pushed = await stream.next();
    expect(pushed.event).toBe('notification');
    expect(Number(pushed.id)).toBe(fresh);
    expect(pushOf(pushed)).toEqual({
      notification: expect.objectContaining({ id: fresh, title: 'Live 1', type: 'new_order', is_read: false }),
      unread_count: 2,
    });

    // A repeated wake-up sends nothing twice: only the count.
    h.hub.publish([customer.id]);
    expect(await stream.next()).toMatchObject({ event: 'unread', data: JSON.stringify({ unread_count: 2 }) });

    expect((await mark('user', older as number, { mark_as_read: true }, customer.token)).status).toBe(200);
    const unread = await stream.next();
    expect(unread.event).toBe('unread');
    expect(JSON.parse(unread.data)).toEqual({ unread_count: 1 });
    await stream.close();
  });

  it('gives one person’s notifications their ids in commit order (a stream reads id > last sent)', async () => {
    const customer = await makeCustomer(h);
    const row = (title: string) => ({
      userId: customer.id,
      type: 'new_order' as const,
      title,
      body: 'b',
      orderId: null,
    });
    let commitFirst: () => void = () => undefined;
    const firstMayCommit = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    let firstWrote: () => void = () => undefined;
    const firstHasWritten = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    const first = h.database.db.transaction().execute(async (trx) => {
      await insertNotifications(trx, [row('first')], h.clock.now().toISOString());
      firstWrote();
      await firstMayCommit;
    });
    await firstHasWritten;
    let secondDone = false;
    const second = h.database.db
      .transaction()
      .execute((trx) => insertNotifications(trx, [row('second')], h.clock.now().toISOString()))
      .then(() => {
        secondDone = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(secondDone).toBe(false);
    if (kind === 'postgres') {
      const sequence = await sql<{ last_value: string }>`select last_value from notifications_id_seq`.execute(
        h.database.db,
      );
      const firstId = await h.database.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      // The sequence has handed out the committed ids and the first's uncommitted one, nothing more: the
      // second waits for the person's counter row before it takes an id.
      expect(Number(sequence.rows[0]?.last_value)).toBe(Number(firstId?.id ?? 0) + 1);
    }
    commitFirst();
    await Promise.all([first, second]);
    const titles = await h.database.db
      .selectFrom('notifications')
      .select('title')
      .where('user_id', '=', customer.id)
      .orderBy('id')
      .execute();
    expect(titles.map((t) => t.title)).toEqual(['first', 'second']);
  });

  it('lets go of its subscription when the client goes away', async () => {
    const inner = createLocalHub();
    let subscribed = 0;
    const counting: NotificationHub = {
      ...inner,
      subscribe(userId, listener) {
        subscribed++;
        const stop = inner.subscribe(userId, listener);
        return () => {
          subscribed--;
          stop();
        };
      },
    };
    const app = createApp({ ...h.deps, hub: counting });
    const customer = await makeCustomer(h);
    const stream = await openStream(app, `${api('user')}/stream?token=${await streamToken('user', customer.token)}`);
    await stream.next();
    expect(subscribed).toBe(1);
    await stream.close();
    await expect.poll(() => subscribed).toBe(0);
  });

  it('notifies the admins live when an application is sent for review', async () => {
    const admin = await makeAdmin(h);
    const stream = await openStream(h.app, `${api('admin')}/stream?token=${await streamToken('admin', admin.token)}`);
    expect((await stream.next()).event).toBe('unread');
    const applicant = await makeArtist(h, { status: 'incomplete', complete: false });
    await h.database.db
      .updateTable('users')
      .set({ personal_info: 1, artist_info: 1, payout_info: 1 })
      .where('id', '=', applicant.id)
      .execute();
    const sent = await h.call(
      'PATCH',
      '/api/v1/artist/profile/password',
      { current_password: ARTIST_PASSWORD, password: 'MyOwnPass42', password_confirmation: 'MyOwnPass42' },
      { token: applicant.token },
    );
    expect(sent.status, sent.text).toBe(200);
    const pushed = await stream.next();
    expect(pushed.event).toBe('notification');
    expect(pushOf(pushed).notification).toEqual(
      expect.objectContaining({ type: 'application_received', title: 'New artist application', is_read: false }),
    );
    await stream.close();
  });

  it('notifies the artist in-app when the application is approved', async () => {
    const admin = await makeAdmin(h);
    const artist = await makeArtist(h, { status: 'for_review', song: true });
    const stream = await openStream(
      h.app,
      `${api('artist')}/stream?token=${await streamToken('artist', artist.token)}`,
    );
    expect((await stream.next()).event).toBe('unread');

    const approved = await h.call('POST', `/api/v1/admin/applications/${artist.id}/approve`, undefined, {
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);

    const expected = notificationTexts.application_approved({ reference: '', occasion: '', recipient: '' });
    const pushed = await stream.next();
    expect(pushed.event).toBe('notification');
    expect(pushOf(pushed)).toEqual({
      notification: expect.objectContaining({ type: 'application_approved', ...expected, is_read: false }),
      unread_count: 1,
    });
    await stream.close();

    const list = await get('artist', '', artist.token);
    expect(list.body.data.unread_count).toBe(1);
    expect(list.body.data.notifications).toEqual([
      expect.objectContaining({ type: 'application_approved', ...expected }),
    ]);
    // A rejection notifies too, with its own type (issue 14); the reason travels by mail.
    const rejected = await makeArtist(h, { status: 'for_review', song: true });
    await h.call(
      'POST',
      `/api/v1/admin/applications/${rejected.id}/reject`,
      { reason: 'Please upload a clearer recording of your voice.' },
      { token: admin.token },
    );
    expect((await get('artist', '', rejected.token)).body.data.notifications).toEqual([
      expect.objectContaining({ type: 'application_rejected', is_read: false }),
    ]);
  });

  if (kind === 'postgres') {
    it('wakes a stream on another process through LISTEN/NOTIFY on the same schema', async () => {
      const target = h.config.database;
      const schema = h.database.schema;
      if (target.kind !== 'postgres' || !schema) throw new Error('not on PostgreSQL');
      // Process B has its own pool and its own listening connection.
      const databaseB = openDatabase(target, { schema, maxConnections: 2 });
      const hubs: NotificationHub[] = [];
      try {
        const hubA = await startPgHub({ url: target.url, schema, db: h.database.db, logger: silentLogger });
        hubs.push(hubA);
        const hubB = await startPgHub({ url: target.url, schema, db: databaseB.db, logger: silentLogger });
        hubs.push(hubB);
        // A process on another schema of the same database shares the channel, not the users.
        const elsewhere = await startPgHub({
          url: target.url,
          schema: 't_elsewhere',
          db: h.database.db,
          logger: silentLogger,
        });
        hubs.push(elsewhere);
        const appB = createApp({ ...h.deps, database: databaseB, hub: hubB });

        const customer = await makeCustomer(h);
        const token = await streamToken('user', customer.token);
        const stream = await openStream(appB, `${api('user')}/stream?token=${token}`);
        expect((await stream.next()).event).toBe('unread');

        const heardElsewhere: number[] = [];
        const stop = elsewhere.subscribe(customer.id, () => heardElsewhere.push(customer.id));
        const [id] = await seed(customer.id, 1, 'Across');
        hubA.publish([customer.id]);
        const pushed = await stream.next();
        expect(pushed.event).toBe('notification');
        expect(Number(pushed.id)).toBe(id);
        expect(pushOf(pushed).notification.title).toBe('Across 1');
        await stream.close();
        stop();
        expect(heardElsewhere).toEqual([]);
      } finally {
        for (const hub of hubs) await hub.close();
        await databaseB.destroy();
      }
    });

    it('listens again after losing its connection, and wakes every stream once back', async () => {
      const target = h.config.database;
      const schema = h.database.schema;
      if (target.kind !== 'postgres' || !schema) throw new Error('not on PostgreSQL');
      const hub = await startPgHub({ url: target.url, schema, db: h.database.db, logger: silentLogger });
      try {
        let wakeUps = 0;
        hub.subscribe(42, () => wakeUps++);
        const terminated = await sql<{ done: boolean }>`
          select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = ${listenerName(schema)}
        `.execute(h.database.db);
        expect(terminated.rows).toEqual([{ done: true }]);
        // Back after the first delay: everyone is woken in case something was published meanwhile.
        await expect.poll(() => wakeUps, { timeout: 5000 }).toBe(1);
        hub.publish([42]);
        await expect.poll(() => wakeUps, { timeout: 5000 }).toBe(2);
      } finally {
        await hub.close();
      }
    });
  }
});

describe('PostgreSQL hub payloads', () => {
  it('name the schema and split long id lists', () => {
    expect(payloadsOf('t_abc', [1, 2, 3])).toEqual(['t_abc:1,2,3']);
    const many = Array.from({ length: 1000 }, (_, i) => i + 1_000_000_000);
    const payloads = payloadsOf('public', many);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => idsOfPayload('public', p))).toEqual(many);
    expect(idsOfPayload('t_other', 't_abc:1,2')).toEqual([]);
    expect(idsOfPayload('t_abc', 'garbage')).toEqual([]);
  });
});
