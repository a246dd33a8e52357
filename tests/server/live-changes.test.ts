import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountType } from '../../contracts/account';
import { type LiveChange, liveChangeEvent, parseLiveChange } from '../../contracts/live';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/context';
import { openDatabase } from '../../server/db/database';
import { expireOffers } from '../../server/lifecycle/offer-sweep';
import { createLocalHub, type NotificationHub } from '../../server/notifications/hub';
import { changeOfPayload, changePayloadsOf, startPgHub } from '../../server/notifications/pg-hub';
import { silentLogger } from '../../server/services/logger';
import { makeAdmin, makeArtist, makeCustomer, personalBody } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, payOrder, submitRecording, U } from './lifecycle-fixtures';
import { makeRatedArtist, placeOrder } from './orders-fixtures';

// Live changes (contracts/live.ts): every order, offer, application and payout change reaches the
// accounts whose screens show it, after the commit, and nobody else.

const OFFER_TTL_MS = 24 * 3_600_000;

interface SseEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/** An open event stream, read event by event (pings skipped); `ended` once the server closed it. */
async function openStream(app: Hono<AppEnv>, url: string) {
  const controller = new AbortController();
  const res = await app.request(url, { signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const parse = (block: string): SseEvent | null => {
    const event: SseEvent = { event: 'message', id: undefined, data: '' };
    let any = false;
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      any = true;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') event.event = value;
      else if (field === 'id') event.id = value;
      else if (field === 'data') event.data = value;
    }
    return any ? event : null;
  };
  async function next(timeoutMs = 5000): Promise<SseEvent | 'ended'> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const event = parse(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
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
      if (chunk.done) return 'ended';
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  }
  /** The next `change` event's LiveChange, skipping notification and unread events. */
  async function nextChange(): Promise<LiveChange> {
    for (;;) {
      const event = await next();
      if (event === 'ended') throw new Error('the stream ended');
      if (event.event !== liveChangeEvent) continue;
      expect(event.id).toBeUndefined();
      const change = parseLiveChange(event.data);
      if (!change) throw new Error(`malformed change ${event.data}`);
      return change;
    }
  }
  return {
    next,
    nextChange,
    async close() {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}

/** Records the live changes a hub hands to each named account. */
function recorder(hub: NotificationHub, people: Record<string, number>) {
  const heard: Record<string, LiveChange[]> = {};
  const stops = Object.entries(people).map(([name, id]) => {
    heard[name] = [];
    return hub.subscribe(id, (signal) => {
      if (signal?.type === 'change') heard[name]?.push(signal.change);
    });
  });
  return {
    /** What each account heard since the last take, then forgets it. */
    take() {
      const now = Object.fromEntries(Object.entries(heard).map(([name, list]) => [name, list.splice(0)]));
      return now;
    },
    stop: () => {
      for (const stop of stops) stop();
    },
  };
}

describe.each(databases)('live changes (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const order = (id: number, status: string, reference: string): LiveChange => ({
    kind: 'order',
    id,
    status,
    reference,
  });
  const offer = (id: number, status: string, reference: string): LiveChange => ({
    kind: 'offer',
    id,
    status,
    order_id: id,
    reference,
  });

  /**
   * A customer, two offered artists, and people with nothing to do with the order. The offered artists
   * ask the same rate unless told otherwise: a cheaper one who accepts also owes the customer a refund.
   */
  async function cast({ firstRate = 2500 }: { firstRate?: number } = {}) {
    const customer = await makeCustomer(h);
    const first = await makeRatedArtist(h, { rate: firstRate });
    const second = await makeRatedArtist(h, { rate: 2500 });
    const admin = await makeAdmin(h);
    const otherCustomer = await makeCustomer(h);
    const otherArtist = await makeRatedArtist(h, { rate: 2000 });
    const placed = await placeOrder(h, customer.token, [first.user_id, second.user_id]);
    const ears = recorder(h.hub, {
      customer: customer.id,
      first: first.id,
      second: second.id,
      admin: admin.id,
      otherCustomer: otherCustomer.id,
      otherArtist: otherArtist.id,
    });
    return { customer, first, second, admin, placed, ears };
  }

  it('tells a payment, an accept and the offers it closes to the customer, the offered artists and admins', async () => {
    const { customer, first, admin, placed, ears } = await cast();
    const { id, reference } = placed;
    try {
      await payOrder(h, customer.token, id);
      expect(ears.take()).toEqual({
        customer: [order(id, 'offered', reference)],
        first: [offer(id, 'pending', reference), order(id, 'offered', reference)],
        second: [offer(id, 'pending', reference), order(id, 'offered', reference)],
        admin: [order(id, 'offered', reference)],
        otherCustomer: [],
        otherArtist: [],
      });

      const accepted = await h.call('POST', `${A}/orders/${id}/accept`, undefined, { token: first.token });
      expect(accepted.status, accepted.text).toBe(200);
      expect(ears.take()).toEqual({
        customer: [order(id, 'in_progress', reference)],
        first: [offer(id, 'accepted', reference), order(id, 'in_progress', reference)],
        // The withdrawn offer leaves the second artist's list: their own offer and the order.
        second: [offer(id, 'withdrawn', reference), order(id, 'in_progress', reference)],
        admin: [order(id, 'in_progress', reference)],
        otherCustomer: [],
        otherArtist: [],
      });

      // From now on the second artist has nothing to do with the order.
      await submitRecording(h, first.token, id);
      const validated = await h.call('POST', `${ADMIN}/orders/${id}/validate`, undefined, { token: admin.token });
      expect(validated.status, validated.text).toBe(200);
      expect(ears.take()).toEqual({
        customer: [order(id, 'in_validation', reference), order(id, 'delivered', reference)],
        first: [order(id, 'in_validation', reference), order(id, 'delivered', reference)],
        second: [],
        admin: [order(id, 'in_validation', reference), order(id, 'delivered', reference)],
        otherCustomer: [],
        otherArtist: [],
      });
    } finally {
      ears.stop();
    }
  });

  it('tells the customer and admins of the refund owed when a cheaper artist accepts, before the order moves', async () => {
    const { customer, first, placed, ears } = await cast({ firstRate: 2000 });
    const { id, reference } = placed;
    try {
      await payOrder(h, customer.token, id);
      ears.take();
      const accepted = await h.call('POST', `${A}/orders/${id}/accept`, undefined, { token: first.token });
      expect(accepted.status, accepted.text).toBe(200);
      const refundOwed = { kind: 'refund', id: expect.any(Number), status: 'owed', order_id: id, reference };
      const heard = ears.take();
      expect(heard.customer).toEqual([refundOwed, order(id, 'in_progress', reference)]);
      expect(heard.admin).toEqual([refundOwed, order(id, 'in_progress', reference)]);
      expect(heard.first).toEqual([offer(id, 'accepted', reference), order(id, 'in_progress', reference)]);
    } finally {
      ears.stop();
    }
  });

  it('tells a decline to the declining artist alone as an offer, and an expiry to the last artist', async () => {
    const { customer, first, placed, ears } = await cast();
    const { id, reference } = placed;
    try {
      await payOrder(h, customer.token, id);
      ears.take();
      const declined = await h.call(
        'POST',
        `${A}/orders/${id}/decline`,
        { reason: 'Booked that week' },
        { token: first.token },
      );
      expect(declined.status, declined.text).toBe(200);
      expect(ears.take()).toEqual({
        customer: [order(id, 'offered', reference)],
        first: [offer(id, 'declined', reference), order(id, 'offered', reference)],
        second: [order(id, 'offered', reference)],
        admin: [order(id, 'offered', reference)],
        otherCustomer: [],
        otherArtist: [],
      });

      h.clock.advance(OFFER_TTL_MS + 60_000);
      expect(await expireOffers({ db: h.database.db, hub: h.hub, clock: h.clock })).toBeGreaterThanOrEqual(1);
      const heard = ears.take();
      expect(heard).toEqual({
        customer: [order(id, 'needs_artist', reference)],
        first: [],
        second: [offer(id, 'expired', reference), order(id, 'needs_artist', reference)],
        admin: [order(id, 'needs_artist', reference)],
        otherCustomer: [],
        otherArtist: [],
      });
    } finally {
      ears.stop();
    }
  });

  it('tells a cancellation to everyone whose offer it withdrew', async () => {
    const { customer, first, second, placed, ears } = await cast();
    const { id, reference } = placed;
    try {
      await payOrder(h, customer.token, id);
      ears.take();
      const cancelled = await h.call(
        'POST',
        `${U}/orders/${id}/cancel`,
        { reason: 'Changed my mind' },
        { token: customer.token },
      );
      expect(cancelled.status, cancelled.text).toBe(200);
      const heard = ears.take();
      // The refund the cancellation owes is a change of its own, for the customer and the admins' refunds.
      const refundOwed = { kind: 'refund', id: expect.any(Number), status: 'owed', order_id: id, reference };
      expect(heard.customer).toEqual([refundOwed, order(id, 'cancelled', reference)]);
      expect(heard.first).toEqual([offer(id, 'withdrawn', reference), order(id, 'cancelled', reference)]);
      expect(heard.second).toEqual([offer(id, 'withdrawn', reference), order(id, 'cancelled', reference)]);
      expect(heard.admin).toEqual([refundOwed, order(id, 'cancelled', reference)]);
      expect(heard.otherCustomer).toEqual([]);
      expect(heard.otherArtist).toEqual([]);
      expect(first.id).not.toBe(second.id);
    } finally {
      ears.stop();
    }
  });

  it('tells a payout to its artist and admins when it is credited and when it is paid', async () => {
    const { customer, first, second, admin, placed, ears } = await cast();
    const { id, reference } = placed;
    try {
      await payOrder(h, customer.token, id);
      await h.call('POST', `${A}/orders/${id}/accept`, undefined, { token: first.token });
      await submitRecording(h, first.token, id);
      await h.call('POST', `${ADMIN}/orders/${id}/validate`, undefined, { token: admin.token });
      ears.take();
      const done = await h.call('POST', `${U}/orders/${id}/accept`, undefined, { token: customer.token });
      expect(done.status, done.text).toBe(200);
      const payoutRow = await h.database.db
        .selectFrom('payouts')
        .select('id')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow();
      const payout = (status: string): LiveChange => ({
        kind: 'payout',
        id: payoutRow.id,
        status,
        order_id: id,
        reference,
      });
      expect(ears.take()).toEqual({
        customer: [order(id, 'completed', reference)],
        first: [payout('pending'), order(id, 'completed', reference)],
        second: [],
        admin: [payout('pending'), order(id, 'completed', reference)],
        otherCustomer: [],
        otherArtist: [],
      });

      const paid = await h.call(
        'POST',
        `${ADMIN}/payouts/${payoutRow.id}/mark-paid`,
        { reference: 'BDO-7' },
        { token: admin.token },
      );
      expect(paid.status, paid.text).toBe(200);
      expect(ears.take()).toEqual({
        customer: [],
        first: [payout('paid')],
        second: [],
        admin: [payout('paid')],
        otherCustomer: [],
        otherArtist: [],
      });
      // A refused second mark changes nothing and says so to nobody.
      await h.call('POST', `${ADMIN}/payouts/${payoutRow.id}/mark-paid`, {}, { token: admin.token });
      expect(Object.values(ears.take()).flat()).toEqual([]);
      expect(second.id).toBeGreaterThan(0);
    } finally {
      ears.stop();
    }
  });

  it('tells an application sent for review, approved or rejected to its artist and admins only', async () => {
    const admin = await makeAdmin(h);
    const applicant = await makeArtist(h, { status: 'rejected', complete: true });
    const waiting = await makeArtist(h, { status: 'for_review', song: true });
    const bystander = await makeArtist(h, { status: 'approved' });
    const customer = await makeCustomer(h);
    const ears = recorder(h.hub, {
      admin: admin.id,
      applicant: applicant.id,
      waiting: waiting.id,
      bystander: bystander.id,
      customer: customer.id,
    });
    const application = (artistId: number, status: string): LiveChange => ({
      kind: 'application',
      id: artistId,
      status,
    });
    try {
      // Saving a part of a complete, rejected application sends it for review again.
      const saved = await h.call('PATCH', `${A}/profile/personal`, personalBody(), { token: applicant.token });
      expect(saved.status, saved.text).toBe(200);
      expect(ears.take()).toEqual({
        admin: [application(applicant.id, 'for_review')],
        applicant: [application(applicant.id, 'for_review')],
        waiting: [],
        bystander: [],
        customer: [],
      });
      // A save that submits nothing tells nobody.
      await h.call('PATCH', `${A}/profile/personal`, personalBody(), { token: applicant.token });
      expect(Object.values(ears.take()).flat()).toEqual([]);

      const approved = await h.call('POST', `${ADMIN}/applications/${waiting.id}/approve`, undefined, {
        token: admin.token,
      });
      expect(approved.status, approved.text).toBe(200);
      const rejected = await h.call(
        'POST',
        `${ADMIN}/applications/${applicant.id}/reject`,
        { reason: 'Please upload a clearer recording of your voice.' },
        { token: admin.token },
      );
      expect(rejected.status, rejected.text).toBe(200);
      expect(ears.take()).toEqual({
        admin: [application(waiting.id, 'approved'), application(applicant.id, 'rejected')],
        applicant: [application(applicant.id, 'rejected')],
        waiting: [application(waiting.id, 'approved')],
        bystander: [],
        customer: [],
      });
      // A refused decision (no longer waiting) tells nobody.
      const again = await h.call('POST', `${ADMIN}/applications/${waiting.id}/approve`, undefined, {
        token: admin.token,
      });
      expect(again.status).toBe(409);
      expect(Object.values(ears.take()).flat()).toEqual([]);
    } finally {
      ears.stop();
    }
  });

  const streamUrl = async (app: Hono<AppEnv>, area: AccountType, token: string) => {
    const answer = await app.request(`/api/v1/${area}/notifications/stream-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { token: string } };
    return `/api/v1/${area}/notifications/stream?token=${body.data.token}`;
  };

  it('sends the change on the open stream as a `change` event, after the notification of the same commit', async () => {
    const { customer, first, placed, ears } = await cast();
    ears.stop();
    await payOrder(h, customer.token, placed.id);
    const stream = await openStream(h.app, await streamUrl(h.app, 'user', customer.token));
    try {
      expect(await stream.next()).toMatchObject({ event: 'unread' });
      const accepted = await h.call('POST', `${A}/orders/${placed.id}/accept`, undefined, { token: first.token });
      expect(accepted.status, accepted.text).toBe(200);
      expect(await stream.next()).toMatchObject({ event: 'notification' });
      const change = await stream.next();
      expect(change).toMatchObject({ event: liveChangeEvent, id: undefined });
      expect(parseLiveChange((change as SseEvent).data)).toEqual(order(placed.id, 'in_progress', placed.reference));
    } finally {
      await stream.close();
    }
  });

  it('ends the stream when changes may have been lost, so that the client reconnects and refetches', async () => {
    const hub = createLocalHub();
    const app = createApp({ ...h.deps, hub });
    const customer = await makeCustomer(h);
    const stream = await openStream(app, await streamUrl(app, 'user', customer.token));
    try {
      expect(await stream.next()).toMatchObject({ event: 'unread' });
      hub.wakeAll();
      // Perhaps the count once more (when the gap came while the stream was busy it ends at once), then the end.
      let event = await stream.next();
      if (event !== 'ended') {
        expect(event).toMatchObject({ event: 'unread' });
        event = await stream.next();
      }
      expect(event).toBe('ended');
    } finally {
      await stream.close();
    }
  });

  if (kind === 'postgres') {
    it('reaches a stream on another process on the same schema, and no process on another schema', async () => {
      const target = h.config.database;
      const schema = h.database.schema;
      if (target.kind !== 'postgres' || !schema) throw new Error('not on PostgreSQL');
      const databaseB = openDatabase(target, { schema, maxConnections: 2 });
      const hubs: NotificationHub[] = [];
      try {
        const hubA = await startPgHub({ url: target.url, schema, db: h.database.db, logger: silentLogger });
        hubs.push(hubA);
        const hubB = await startPgHub({ url: target.url, schema, db: databaseB.db, logger: silentLogger });
        hubs.push(hubB);
        const elsewhere = await startPgHub({
          url: target.url,
          schema: 't_elsewhere',
          db: h.database.db,
          logger: silentLogger,
        });
        hubs.push(elsewhere);
        // Two instances of the app: the artist acts on A, the customer's and admin's screens listen on B.
        const appA = createApp({ ...h.deps, hub: hubA });
        const appB = createApp({ ...h.deps, database: databaseB, hub: hubB });

        const { customer, first, second, admin, placed, ears } = await cast();
        ears.stop();
        await payOrder(h, customer.token, placed.id);
        const customerStream = await openStream(appB, await streamUrl(appB, 'user', customer.token));
        const adminStream = await openStream(appB, await streamUrl(appB, 'admin', admin.token));
        const secondStream = await openStream(appB, await streamUrl(appB, 'artist', second.token));
        const elsewhereHeard: LiveChange[] = [];
        const stopElsewhere = elsewhere.subscribe(customer.id, (signal) => {
          if (signal?.type === 'change') elsewhereHeard.push(signal.change);
        });
        try {
          const accepted = await appA.request(`${A}/orders/${placed.id}/accept`, {
            method: 'POST',
            headers: { authorization: `Bearer ${first.token}` },
          });
          expect(accepted.status).toBe(200);
          const moved = order(placed.id, 'in_progress', placed.reference);
          expect(await customerStream.nextChange()).toEqual(moved);
          expect(await adminStream.nextChange()).toEqual(moved);
          // Both changes of the commit reach the other artist; their order between them is not promised.
          const heard = [await secondStream.nextChange(), await secondStream.nextChange()];
          expect(heard).toEqual(expect.arrayContaining([offer(placed.id, 'withdrawn', placed.reference), moved]));
          expect(elsewhereHeard).toEqual([]);
        } finally {
          stopElsewhere();
          await customerStream.close();
          await adminStream.close();
          await secondStream.close();
        }
      } finally {
        for (const hub of hubs) await hub.close();
        await databaseB.destroy();
      }
    });
  }
});

describe('PostgreSQL change payloads', () => {
  const change: LiveChange = { kind: 'order', id: 7, status: 'offered', reference: 'OR0123456789' };

  it('carry the schema, the recipients and the change, split below the NOTIFY limit', () => {
    expect(changePayloadsOf('t_abc', { change, to: [1, 2] })).toEqual([`t_abc:1,2:${JSON.stringify(change)}`]);
    const many = Array.from({ length: 2000 }, (_, i) => i + 1_000_000_000);
    const payloads = changePayloadsOf('public', { change, to: many });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    const read = payloads.map((payload) => changeOfPayload('public', payload));
    expect(read.flatMap((r) => r?.to ?? [])).toEqual(many);
    for (const r of read) expect(r?.change).toEqual(change);
  });

  it('read nothing from another schema’s payload or a malformed one', () => {
    const [payload] = changePayloadsOf('t_abc', { change, to: [1] });
    expect(changeOfPayload('t_other', payload as string)).toBeUndefined();
    expect(changeOfPayload('t_abc', 't_abc:1:{"kind":"nonsense"}')).toBeUndefined();
    expect(changeOfPayload('t_abc', 't_abc:1')).toBeUndefined();
    expect(changeOfPayload('t_abc', `t_abc::${JSON.stringify(change)}`)).toBeUndefined();
  });
});
