import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountType } from '../../contracts/account';
import { type Notification, notificationMessages, notificationTexts } from '../../contracts/notifications';
import { insertNotifications } from '../../server/notifications/notifications.repository';
import { makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness, isFailureEnvelope } from './harness';
import { A, paidOrder } from './lifecycle-fixtures';

// Issue 27, "notifications people understand": "Mark all as read" and the order each notification names.

const api = (area: AccountType) => `/api/v1/${area}/notifications`;

describe.each(databases)('notifications: mark all as read, the order (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  /** `count` unread notifications for the user; answers their ids, oldest first. */
  async function seed(userId: number, count: number): Promise<number[]> {
    await h.database.db.transaction().execute((trx) =>
      insertNotifications(
        trx,
        Array.from({ length: count }, (_, i) => ({
          userId,
          type: 'application_approved' as const,
          title: `Update ${i + 1}`,
          body: 'Something happened.',
          orderId: null,
        })),
        h.clock.now().toISOString(),
      ),
    );
    const rows = await h.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.id).slice(-count);
  }

  const readAll = (area: AccountType, body: unknown, token: string) =>
    h.call('POST', `${api(area)}/read-all`, body, { token });
  const page = async (area: AccountType, token: string) => {
    const answer = await h.call('GET', `${api(area)}?limit=50`, undefined, { token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data as { notifications: Notification[]; unread_count: number };
  };

  it("marks the caller's notifications read up to the id given, the count becomes 0, another person's stay", async () => {
    const ana = await makeCustomer(h);
    const ben = await makeCustomer(h);
    const ids = await seed(ana.id, 4);
    await seed(ben.id, 3);
    await h.call('PATCH', `${api('user')}/${ids[0]}`, { mark_as_read: true }, { token: ana.token });

    // Ana's other tabs hear the new count: her streams are woken once it is saved.
    const woken: number[] = [];
    const stop = h.hub.subscribe(ana.id, () => woken.push(ana.id));
    const answer = await readAll('user', { up_to_id: ids.at(-1) }, ana.token);
    stop();
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(notificationMessages.markedAllRead);
    expect(answer.body.data).toEqual({ marked: 3, unread_count: 0 });
    expect(woken).toEqual([ana.id]);

    const mine = await page('user', ana.token);
    expect(mine.unread_count).toBe(0);
    expect(mine.notifications.every((n) => n.is_read)).toBe(true);
    const theirs = await page('user', ben.token);
    expect(theirs.unread_count).toBe(3);
    expect(theirs.notifications.filter((n) => !n.is_read)).toHaveLength(3);

    // Again: nothing left to mark, nobody woken, the count stays 0.
    const again = await readAll('user', { up_to_id: ids.at(-1) }, ana.token);
    expect(again.body.data).toEqual({ marked: 0, unread_count: 0 });
  });

  it('leaves what arrived after the newest one seen unread, and counts it', async () => {
    const ana = await makeCustomer(h);
    const seen = await seed(ana.id, 2);
    const [fresh] = await seed(ana.id, 1);
    const answer = await readAll('user', { up_to_id: seen.at(-1) }, ana.token);
    expect(answer.body.data).toEqual({ marked: 2, unread_count: 1 });
    const now = await page('user', ana.token);
    expect(now.notifications.filter((n) => !n.is_read).map((n) => n.id)).toEqual([fresh]);
    // An id beyond any stored one (and beyond int4) marks everything, never an error.
    expect((await readAll('user', { up_to_id: 99_999_999_999 }, ana.token)).body.data).toEqual({
      marked: 1,
      unread_count: 0,
    });
  });

  it("each area marks only its own person's (an artist's read-all leaves the customer's)", async () => {
    const artist = await makeArtist(h);
    const customer = await makeCustomer(h);
    const [last] = await seed(artist.id, 2).then((ids) => ids.slice(-1));
    await seed(customer.id, 2);
    const answer = await readAll('artist', { up_to_id: last }, artist.token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.unread_count).toBe(0);
    expect((await page('user', customer.token)).unread_count).toBe(2);
  });

  it('refuses bad input with 422 per field, and a guest with 401', async () => {
    const ana = await makeCustomer(h);
    await seed(ana.id, 1);
    for (const body of [{}, { up_to_id: 'all' }, { up_to_id: -1 }, { up_to_id: 1.5 }, { up_to_id: 1, extra: true }]) {
      const answer = await readAll('user', body, ana.token);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(isFailureEnvelope(answer.body)).toBe(true);
    }
    expect((await readAll('user', {}, ana.token)).body.errors).toHaveProperty('up_to_id');
    expect((await page('user', ana.token)).unread_count).toBe(1);
    expect((await h.call('POST', `${api('user')}/read-all`, { up_to_id: 1 })).status).toBe(401);
  });

  it('a notification about an order names it; the customer and the artist read it in their own words', async () => {
    const order = await paidOrder(h, 1);
    const artist = order.artists[0];
    if (!artist) throw new Error('no artist');
    const offer = (await page('artist', artist.token)).notifications.find((n) => n.type === 'new_order');
    expect(offer?.order_id).toBe(order.id);
    const accepted = await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, { token: artist.token });
    expect(accepted.status, accepted.text).toBe(200);
    const told = (await page('user', order.customer.token)).notifications.find((n) => n.type === 'accepted_by_artist');
    expect(told).toMatchObject({ order_id: order.id });
    expect(told?.body).toContain(order.reference);
    // Without an order, the field is null (the client falls back to the list).
    const [alone] = await seed(order.customer.id, 1);
    const listed = (await page('user', order.customer.token)).notifications.find((n) => n.id === alone);
    expect(listed?.order_id).toBeNull();
  });

  it('says "Your song is ready to hear" to the customer and the sent-on news to the artist', () => {
    const texts = { reference: 'OR1', occasion: 'birthday', recipient: 'Lola' };
    expect(notificationTexts.validated_by_admin({ ...texts, reader: 'customer' }).title).toBe(
      'Your song is ready to hear',
    );
    expect(notificationTexts.validated_by_admin({ ...texts, reader: 'artist' }).title).toBe(
      'Your song was sent to the customer',
    );
    expect(notificationTexts.uploaded_by_artist({ ...texts, reader: 'admin' }).title).toBe('Recording to review');
    for (const reader of ['customer', 'artist'] as const)
      expect(notificationTexts.validated_by_admin({ ...texts, reader }).body).toContain('OR1');
  });
});
