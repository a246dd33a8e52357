import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IDLE_NEEDS_ARTIST_DAYS, lifecycleMessages, REASSIGN_REASON_MIN } from '../../contracts/lifecycle';
import { cancelIdleOrders } from '../../server/lifecycle/idle-orders';
import { expireOffers } from '../../server/lifecycle/offer-sweep';
import { readOutbox } from '../../server/services/outbox';
import { ARTIST_PASSWORD, type ArtistAccount } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import {
  A,
  ADMIN,
  eventTypesOf,
  notificationsOf,
  offersOf,
  type PaidOrder,
  paidOrder,
  renewArtist,
  type SignedIn,
  signedIn,
  statusOf,
  submitRecording,
  U,
} from './lifecycle-fixtures';
import { DAY_MS, makeCustomer, makeRatedArtist } from './orders-fixtures';
import { moneyInvariantBreaks } from './support/money-invariant';

// Nothing stranded (docs/api.md "Orders left without an artist"): an artist who leaves or is suspended
// after sending a recording cannot be asked for a revision, and the admin gives the order to another
// artist whatever its due date, with a reason; admins are alerted of every order left without anyone;
// an order no artist took is cancelled and refunded after IDLE_NEEDS_ARTIST_DAYS if the customer does
// nothing; and the customer is mailed each time.

const env = { OFFER_TTL_HOURS: '24', ACCESS_TOKEN_TTL_SECONDS: '86400' };
const reason = 'The artist left before the recording was checked';
const notes = 'Please make the chorus louder and a little slower.';

describe.each(databases)('stranded orders (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;
  let secondAdmin: SignedIn;

  beforeAll(async () => {
    h = await createHarness(kind, { env });
    admin = await signedIn(h, 'admin');
    secondAdmin = await signedIn(h, 'admin', 'second-admin');
  });
  afterAll(() => h.close());
  beforeEach(async () => {
    await admin.renew();
    await secondAdmin.renew();
  });

  const post = (path: string, body: unknown, token: string) => h.call('POST', path, body, { token });

  /** A paid order one artist accepted and sent a recording for: in validation, due days from now. */
  async function submitted(): Promise<PaidOrder & { artist: ArtistAccount }> {
    const order = await paidOrder(h, 1);
    const artist = order.artists[0] as ArtistAccount;
    const accepted = await post(`${A}/orders/${order.id}/accept`, undefined, artist.token);
    expect(accepted.status, accepted.text).toBe(200);
    await submitRecording(h, artist.token, order.id);
    expect(await statusOf(h, order.id)).toBe('in_validation');
    return { ...order, artist };
  }

  /** Alerts of one type about the order: each admin's notifications and their digest lines. */
  async function alertsAbout(orderId: number, type: 'order_stranded' | 'order_needs_artist') {
    const notes = await h.database.db
      .selectFrom('notifications')
      .select(['user_id'])
      .where('order_id', '=', orderId)
      .where('type', '=', type)
      .execute();
    const digest = await h.database.db
      .selectFrom('mail_outbox')
      .select(['user_id', 'payload', 'digest'])
      .where('kind', '=', `admin_${type}`)
      .execute();
    return {
      notified: notes.map((n) => n.user_id).sort(),
      digested: digest
        .filter((row) => JSON.parse(row.payload).data.order_id === orderId)
        .map((row) => ({ user_id: row.user_id, digest: row.digest }))
        .sort((a, b) => (a.user_id ?? 0) - (b.user_id ?? 0)),
    };
  }

  const adminIds = () => [admin.id, secondAdmin.id].sort();
  const everyAdmin = () => ({
    notified: adminIds(),
    digested: adminIds().map((id) => ({ user_id: id, digest: 1 })),
  });

  /** The customer's queued mails of one kind about the order, with their data. */
  async function mailsTo(userId: number, kind: string, orderId: number) {
    const rows = await h.database.db
      .selectFrom('mail_outbox')
      .select(['payload'])
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
    return rows.map((row) => JSON.parse(row.payload).data).filter((data) => data.order.order_id === orderId);
  }

  async function expectMoneyAddsUp(orderId: number) {
    expect(await moneyInvariantBreaks(h, [orderId])).toEqual([]);
  }

  const leaveBy = {
    deactivating: async (artist: ArtistAccount) => {
      const answer = await h.call(
        'PATCH',
        `${A}/profile/deactivate`,
        { current_password: ARTIST_PASSWORD },
        { token: artist.token },
      );
      expect(answer.status, answer.text).toBe(200);
    },
    'being suspended': async (artist: ArtistAccount) => {
      const answer = await post(`${ADMIN}/artists/${artist.user_id}/suspend`, { reason: 'Fake samples' }, admin.token);
      expect(answer.status, answer.text).toBe(200);
    },
  };

  describe.each(Object.keys(leaveBy) as (keyof typeof leaveBy)[])('an artist leaving by %s', (how) => {
    it('after sending a recording: no revision (409), admins alerted, reassigned before the due date with a reason', async () => {
      const order = await submitted();
      await leaveBy[how](order.artist);
      expect(await statusOf(h, order.id)).toBe('in_validation');
      // Every admin is alerted of the order, in the app and in their next digest.
      expect(await alertsAbout(order.id, 'order_stranded')).toEqual(everyAdmin());
      const bell = (await notificationsOf(h, admin.id)).filter((n) => n.order_id === order.id);
      expect(bell.map((n) => n.type)).toContain('order_stranded');

      // The admin's order says the artist is away: the machine offers reassigning, not a revision.
      const detail = await h.call('GET', `${ADMIN}/orders/${order.id}`, undefined, { token: admin.token });
      expect(detail.status, detail.text).toBe(200);
      expect(detail.body.data.lifecycle).toMatchObject({ status: 'in_validation', artist_away: true });
      expect(detail.body.data.overdue).toBe(false);

      const revision = await post(`${ADMIN}/orders/${order.id}/request-revision`, { notes }, admin.token);
      expect(revision.status, revision.text).toBe(409);
      expect(revision.body.message).toBe(lifecycleMessages.artistAway);
      expect(await statusOf(h, order.id)).toBe('in_validation');

      // Reassigning needs a reason of a few words.
      const next = await makeRatedArtist(h, { rate: 2500 });
      for (const body of [{ artist_id: next.user_id }, { artist_id: next.user_id, reason: 'short' }]) {
        const refused = await post(`${ADMIN}/orders/${order.id}/reassign`, body, admin.token);
        expect(refused.status, refused.text).toBe(422);
        expect(refused.body.errors.reason).toEqual([lifecycleMessages.reassignReasonRequired]);
      }
      const shortest = 'x'.repeat(REASSIGN_REASON_MIN - 1);
      const tooShort = await post(
        `${ADMIN}/orders/${order.id}/reassign`,
        { artist_id: next.user_id, reason: ` ${shortest} ` },
        admin.token,
      );
      expect(tooShort.status).toBe(422);
      const reassigned = await post(
        `${ADMIN}/orders/${order.id}/reassign`,
        { artist_id: next.user_id, reason },
        admin.token,
      );
      expect(reassigned.status, reassigned.text).toBe(200);
      expect(reassigned.body.data.status).toBe('offered');
      // The reason is kept with the event and shown in the admin's history.
      const last = reassigned.body.data.events.at(-1);
      expect(last).toMatchObject({ type: 'admin_reassigned', by: 'admin', note: reason });
      // The new artist has the offer (and its mail); the old one's is withdrawn.
      const offers = await offersOf(h, order.id);
      expect(offers.find((o) => o.artist_id === next.id)?.offer_status).toBe('pending');
      expect(offers.find((o) => o.artist_id === order.artist.id)?.offer_status).toBe('withdrawn');
      expect((await notificationsOf(h, next.id)).map((n) => n.type)).toContain('new_order');
      expect(await mailsTo(next.id, 'new_offer', order.id)).toHaveLength(1);
      // The customer is told, and mailed who has the order now.
      expect((await notificationsOf(h, order.customer.id)).map((n) => n.type)).toContain('order_reassigned');
      const names = await h.database.db
        .selectFrom('users')
        .select(['id', 'stage_name'])
        .where('id', 'in', [next.id, order.artist.id])
        .execute();
      const nameOf = (id: number) => names.find((n) => n.id === id)?.stage_name;
      const [mail] = await mailsTo(order.customer.id, 'order_reassigned', order.id);
      expect(mail).toMatchObject({ artist: nameOf(next.id), previous: nameOf(order.artist.id) });
      await expectMoneyAddsUp(order.id);

      // The new artist takes it; the customer's page shows them.
      await renewArtist(h, next);
      expect((await post(`${A}/orders/${order.id}/accept`, undefined, next.token)).status).toBe(200);
      const mine = await h.call('GET', `${U}/orders/${order.id}`, undefined, { token: order.customer.token });
      expect(mine.body.data.artist).toMatchObject({ id: next.user_id });
      expect(mine.body.data.lifecycle.artist_away).toBeUndefined();
      await expectMoneyAddsUp(order.id);

      // The mail renders: the customer reads who took over.
      await h.mailer.flush();
      const sent = (await readOutbox(h.outboxDir)).filter((m) => m.subject.includes(`${order.reference} was offered`));
      expect(sent).toHaveLength(1);
    });
  });

  it('an artist still here: revision allowed, and reassigning before the due date is refused (409)', async () => {
    const order = await submitted();
    const next = await makeRatedArtist(h);
    const early = await post(`${ADMIN}/orders/${order.id}/reassign`, { artist_id: next.user_id, reason }, admin.token);
    expect(early.status, early.text).toBe(409);
    expect(early.body.message).toBe(lifecycleMessages.notNow.admin_reassigned);
    const revision = await post(`${ADMIN}/orders/${order.id}/request-revision`, { notes }, admin.token);
    expect(revision.status, revision.text).toBe(200);
    // The artist is suspended during the revision: the work goes back to the customer, admins are alerted.
    await leaveBy['being suspended'](order.artist);
    expect(await statusOf(h, order.id)).toBe('needs_artist');
    expect(await alertsAbout(order.id, 'order_stranded')).toEqual(everyAdmin());
    const [mail] = await mailsTo(order.customer.id, 'order_needs_artist', order.id);
    expect(mail).toMatchObject({ why: 'artist_left', refund_centavos: 250_000 });
    await expectMoneyAddsUp(order.id);
  });

  it('reassign: another person, an unknown order and a bad body are refused', async () => {
    const order = await submitted();
    await leaveBy['being suspended'](order.artist);
    const next = await makeRatedArtist(h);
    const body = { artist_id: next.user_id, reason };
    expect((await post(`${ADMIN}/orders/${order.id}/reassign`, body, order.customer.token)).status).toBe(401);
    expect((await h.call('POST', `${ADMIN}/orders/${order.id}/reassign`, body)).status).toBe(401);
    expect((await post(`${ADMIN}/orders/999999/reassign`, body, admin.token)).status).toBe(404);
    const long = await post(`${ADMIN}/orders/${order.id}/reassign`, { ...body, reason: 'x'.repeat(501) }, admin.token);
    expect(long.status).toBe(422);
    expect(long.body.errors.reason).toBeDefined();
    // The departed artist is not a choice.
    const back = await post(
      `${ADMIN}/orders/${order.id}/reassign`,
      { ...body, artist_id: order.artist.user_id },
      admin.token,
    );
    expect(back.status).toBe(422);
    expect(back.body.errors.artist_id).toEqual([lifecycleMessages.reassignArtistRequired]);
    expect(await statusOf(h, order.id)).toBe('in_validation');
  });

  describe('an order no artist took', () => {
    /** A paid order offered to one artist, whose offer expired: it needs an artist. */
    async function noArtist() {
      const customer = await makeCustomer(h);
      const order = await paidOrder(h, 1, customer);
      h.clock.advance(25 * 3_600_000);
      await expireOffers({ db: h.database.db, hub: h.hub, clock: h.clock });
      expect(await statusOf(h, order.id)).toBe('needs_artist');
      return { ...order, customer };
    }

    it('admins are alerted and the customer is mailed what she can do, and by when', async () => {
      const order = await noArtist();
      expect(await alertsAbout(order.id, 'order_needs_artist')).toEqual(everyAdmin());
      const [mail] = await mailsTo(order.customer.id, 'order_needs_artist', order.id);
      expect(mail).toMatchObject({ why: 'no_answer', refund_centavos: 250_000 });
      expect(Date.parse(mail.cancel_on)).toBe(h.clock.now().getTime() + IDLE_NEEDS_ARTIST_DAYS * DAY_MS);
      // Her order page says the same date.
      const token = await h.login('user', order.customer.email, 'Customer123!');
      const view = await h.call('GET', `${U}/orders/${order.id}`, undefined, { token });
      expect(view.body.data.auto_cancel_at).toBe(mail.cancel_on);
      await h.mailer.flush();
      const sent = (await readOutbox(h.outboxDir)).find((m) =>
        m.subject.includes(`artist for order ${order.reference}`),
      );
      expect(sent?.text).toContain('cancel the order for a full refund');
      expect(sent?.text).toContain('automatically');
    });

    it('is cancelled and refunded after 7 days of the customer doing nothing, not at 6', async () => {
      const order = await noArtist();
      // (Orders of the other tests may fall due as the clock moves: only this one is looked at.)
      h.clock.advance(6 * DAY_MS);
      await cancelIdleOrders({ db: h.database.db, hub: h.hub, clock: h.clock });
      expect(await statusOf(h, order.id)).toBe('needs_artist');
      h.clock.advance(DAY_MS);
      expect(await cancelIdleOrders({ db: h.database.db, hub: h.hub, clock: h.clock })).toBeGreaterThanOrEqual(1);
      expect(await statusOf(h, order.id)).toBe('cancelled');
      // Through the lifecycle machine, by the system: one event, a full refund owed like her own cancel.
      const events = await h.database.db
        .selectFrom('order_events')
        .select(['type', 'actor'])
        .where('order_id', '=', order.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(events).toEqual({ type: 'cancelled', actor: 'system' });
      const refunds = await h.database.db
        .selectFrom('refunds')
        .select(['amount_centavos', 'status', 'actor', 'actor_id'])
        .where('order_id', '=', order.id)
        .execute();
      expect(refunds).toEqual([{ amount_centavos: 250_000, status: 'owed', actor: 'system', actor_id: null }]);
      const payment = await h.database.db
        .selectFrom('payments')
        .select('status')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(payment.status).toBe('refunded');
      expect((await notificationsOf(h, order.customer.id)).map((n) => n.type)).toContain('cancelled_order');
      const [mail] = await mailsTo(order.customer.id, 'order_auto_cancelled', order.id);
      expect(mail).toMatchObject({ refund_centavos: 250_000, days: IDLE_NEEDS_ARTIST_DAYS });
      await expectMoneyAddsUp(order.id);
      const token = await h.login('user', order.customer.email, 'Customer123!');
      const view = await h.call('GET', `${U}/orders/${order.id}`, undefined, { token });
      expect(view.body.data.auto_cancel_at).toBeNull();
      // Once only: the next run finds nothing.
      expect(await cancelIdleOrders({ db: h.database.db, hub: h.hub, clock: h.clock })).toBe(0);
      expect((await mailsTo(order.customer.id, 'order_auto_cancelled', order.id)).length).toBe(1);
      expect(await eventTypesOf(h, order.id)).toEqual(expect.arrayContaining(['cancelled']));
      expect((await eventTypesOf(h, order.id)).filter((t) => t === 'cancelled')).toHaveLength(1);
    });

    it('a rebooking starts the days again; another artist taking it ends them', async () => {
      const order = await noArtist();
      h.clock.advance(5 * DAY_MS);
      // The clock outran the customer's sign-in.
      order.customer.token = await h.login('user', order.customer.email, 'Customer123!');
      const fresh = await makeRatedArtist(h, { rate: 2500 });
      const rebooked = await post(
        `${U}/orders/${order.id}/rebook`,
        { selected_artists: [fresh.user_id] },
        order.customer.token,
      );
      expect(rebooked.status, rebooked.text).toBe(200);
      const since = () =>
        h.database.db
          .selectFrom('orders')
          .select('needs_artist_since')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow();
      expect((await since()).needs_artist_since).toBeNull();
      // That offer expires too: a new count starts then, so 7 days after the first one nothing happens.
      h.clock.advance(25 * 3_600_000);
      await expireOffers({ db: h.database.db, hub: h.hub, clock: h.clock });
      expect((await since()).needs_artist_since).toBe(h.clock.now().toISOString());
      h.clock.advance(2 * DAY_MS);
      await cancelIdleOrders({ db: h.database.db, hub: h.hub, clock: h.clock });
      expect(await statusOf(h, order.id)).toBe('needs_artist');
      // An admin offers it to an artist: it no longer waits on the customer.
      await admin.renew();
      const next = await makeRatedArtist(h, { rate: 2500 });
      const reassigned = await post(
        `${ADMIN}/orders/${order.id}/reassign`,
        { artist_id: next.user_id, reason },
        admin.token,
      );
      expect(reassigned.status, reassigned.text).toBe(200);
      expect(await mailsTo(order.customer.id, 'order_reassigned', order.id)).toHaveLength(1);
      h.clock.advance(10 * DAY_MS);
      // The job cancels only orders still waiting for an artist: this one is offered.
      await cancelIdleOrders({ db: h.database.db, hub: h.hub, clock: h.clock });
      expect(await statusOf(h, order.id)).toBe('offered');
      await expectMoneyAddsUp(order.id);
    });
  });
});
