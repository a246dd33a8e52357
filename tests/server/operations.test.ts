import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { operationsMessages } from '../../contracts/operations';
import { ARTIST_PASSWORD, type ArtistAccount, makeArtist } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import {
  A,
  ADMIN,
  eventTypesOf,
  notificationsOf,
  offersOf,
  paidOrder,
  payOrder,
  renewArtist,
  type SignedIn,
  signedIn,
  statusOf,
  submitRecording,
  U,
} from './lifecycle-fixtures';
import { makeCustomer, makeRatedArtist, placeOrder } from './orders-fixtures';

// Operations (docs/api.md "Operations"): an artist deactivating with open work, an admin reassigning
// an order, the admin's order search, and suspending and reactivating artists.

const env = { OFFER_TTL_HOURS: '24', ACCESS_TOKEN_TTL_SECONDS: '86400' };

describe.each(databases)('operations (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;

  beforeAll(async () => {
    h = await createHarness(kind, { env });
    admin = await signedIn(h, 'admin');
  });
  afterAll(() => h.close());
  beforeEach(() => admin.renew());

  const post = (path: string, body: unknown, token: string) => h.call('POST', path, body, { token });
  const get = (path: string, token: string) => h.call('GET', path, undefined, { token });

  async function accept(orderId: number, artist: ArtistAccount) {
    const answer = await post(`${A}/orders/${orderId}/accept`, undefined, artist.token);
    expect(answer.status, answer.text).toBe(200);
  }

  /** One artist with an open offer, work in progress, work in revision and a recording in validation. */
  async function busyArtist() {
    const artist = await makeRatedArtist(h);
    const other = await makeRatedArtist(h);
    const customer = await makeCustomer(h);
    const offered = await paidOrder(h, 1, customer);
    await h.database.db
      .insertInto('order_artists')
      .values({ order_id: offered.id, artist_id: artist.id, rank: 2, offered_at: h.clock.now().toISOString() })
      .execute();
    const offeredOnlyToThem = await placeOrder(h, customer.token, [artist.user_id]);
    await payOrder(h, customer.token, offeredOnlyToThem.id);
    const working = await placeOrder(h, customer.token, [artist.user_id]);
    await payOrder(h, customer.token, working.id);
    await accept(working.id, artist);
    const revising = await placeOrder(h, customer.token, [artist.user_id, other.user_id]);
    await payOrder(h, customer.token, revising.id);
    await accept(revising.id, artist);
    await submitRecording(h, artist.token, revising.id);
    expect(
      (
        await post(
          `${ADMIN}/orders/${revising.id}/request-revision`,
          { notes: 'Please record the chorus again.' },
          admin.token,
        )
      ).status,
    ).toBe(200);
    const checking = await placeOrder(h, customer.token, [artist.user_id]);
    await payOrder(h, customer.token, checking.id);
    await accept(checking.id, artist);
    await submitRecording(h, artist.token, checking.id);
    return { artist, other, customer, offered, offeredOnlyToThem, working, revising, checking };
  }

  describe('deactivating with open work', () => {
    it('lists the open orders with what will happen to each; only the artist themself', async () => {
      const w = await busyArtist();
      const answer = await get(`${A}/profile/open-orders`, w.artist.token);
      expect(answer.status, answer.text).toBe(200);
      const items = answer.body.data.items as { id: number; outcome: string; reference: string }[];
      expect(Object.fromEntries(items.map((i) => [i.id, i.outcome]))).toEqual({
        [w.offered.id]: 'offer_withdrawn',
        [w.offeredOnlyToThem.id]: 'offer_withdrawn',
        [w.working.id]: 'needs_artist',
        [w.revising.id]: 'needs_artist',
        [w.checking.id]: 'stays',
      });
      expect((await get(`${A}/profile/open-orders`, w.other.token)).body.data.items).toEqual([]);
      expect((await h.call('GET', `${A}/profile/open-orders`)).status).toBe(401);
      expect((await get(`${A}/profile/open-orders`, w.customer.token)).status).toBe(401);
      expect((await get(`${A}/profile/open-orders`, admin.token)).status).toBe(401);
    });

    it('withdraws the offers, gives taken work back to the customers, who are told and can rebook', async () => {
      const w = await busyArtist();
      const answer = await h.call(
        'PATCH',
        `${A}/profile/deactivate`,
        { current_password: ARTIST_PASSWORD },
        { token: w.artist.token },
      );
      expect(answer.status, answer.text).toBe(200);
      // The order with another offer open waits for that artist; the others need a new artist.
      expect(await statusOf(h, w.offered.id)).toBe('offered');
      expect(await statusOf(h, w.offeredOnlyToThem.id)).toBe('needs_artist');
      expect(await statusOf(h, w.working.id)).toBe('needs_artist');
      expect(await statusOf(h, w.revising.id)).toBe('needs_artist');
      expect(await statusOf(h, w.checking.id)).toBe('in_validation');
      for (const id of [w.offered.id, w.offeredOnlyToThem.id, w.working.id, w.revising.id]) {
        expect((await eventTypesOf(h, id)).at(-1)).toBe('artist_left');
        const mine = (await offersOf(h, id)).find((o) => o.artist_id === w.artist.id);
        expect(mine?.offer_status).toBe('withdrawn');
      }
      const working = await h.database.db
        .selectFrom('orders')
        .select(['artist_id', 'due_at', 'revisions_used'])
        .where('id', '=', w.working.id)
        .executeTakeFirstOrThrow();
      expect(working).toMatchObject({ artist_id: null, due_at: null });
      const told = (await notificationsOf(h, w.customer.id)).filter((n) => n.type === 'rejected_by_artist');
      expect(told.map((n) => n.order_id).sort()).toEqual([w.offeredOnlyToThem.id, w.working.id, w.revising.id].sort());
      // The customer sees the order needing an artist and rebooks it.
      const detail = await get(`${U}/orders/${w.working.id}`, w.customer.token);
      expect(detail.body.data.lifecycle.status).toBe('needs_artist');
      expect(detail.body.data.artist).toBeNull();
      const fresh = await makeRatedArtist(h);
      const rebooked = await post(
        `${U}/orders/${w.working.id}/rebook`,
        { selected_artists: [fresh.user_id] },
        w.customer.token,
      );
      expect(rebooked.status, rebooked.text).toBe(200);
      await accept(w.working.id, fresh);
      expect(await statusOf(h, w.working.id)).toBe('in_progress');
      // The account stays deactivated until its owner signs in to restore it (account-care.test.ts).
      const row = await h.database.db
        .selectFrom('users')
        .select('deactivated_at')
        .where('id', '=', w.artist.id)
        .executeTakeFirstOrThrow();
      expect(row.deactivated_at).not.toBeNull();
    });
  });

  describe('reassignment by an admin', () => {
    // Every reassignment gives a reason (tests/server/stranded-orders.test.ts refuses one without).
    const reassign = (id: number, body: object, token = admin.token) =>
      post(`${ADMIN}/orders/${id}/reassign`, { reason: 'Given to another artist by the team.', ...body }, token);

    async function needingAnArtist() {
      const order = await paidOrder(h, 1);
      const [artist] = order.artists as [ArtistAccount];
      expect((await post(`${A}/orders/${order.id}/decline`, { reason: 'Busy' }, artist.token)).status).toBe(200);
      return { ...order, artist };
    }

    it('offers an order needing an artist to the chosen artist, who sees it; the customer is told', async () => {
      const order = await needingAnArtist();
      const chosen = await makeRatedArtist(h, { online: false });
      const answer = await reassign(order.id, { artist_id: chosen.user_id });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.message).toBe(lifecycleMessages.reassigned);
      expect(answer.body.data.lifecycle).toMatchObject({ status: 'offered', open_offers: 1 });
      expect(
        answer.body.data.offers.map((o: { artist: { id: string }; status: string }) => [o.artist.id, o.status]),
      ).toContainEqual([chosen.user_id, 'pending']);
      const list = await get(`${A}/orders?stage=new`, chosen.token);
      expect(list.body.data.items.map((o: { id: number }) => o.id)).toContain(order.id);
      expect((await notificationsOf(h, chosen.id)).map((n) => n.type)).toEqual(['new_order']);
      expect((await notificationsOf(h, order.customer.id)).map((n) => n.type)).toContain('order_reassigned');
      expect((await eventTypesOf(h, order.id)).at(-1)).toBe('admin_reassigned');
      await accept(order.id, chosen);
    });

    it('takes overdue work from its artist, who is told; work on time is a 409', async () => {
      const order = await paidOrder(h, 1);
      const [artist] = order.artists as [ArtistAccount];
      await accept(order.id, artist);
      const chosen = await makeRatedArtist(h);
      const early = await reassign(order.id, { artist_id: chosen.user_id });
      expect(early.status, early.text).toBe(409);
      expect(early.body.message).toBe(lifecycleMessages.notNow.admin_reassigned);
      const due = await h.database.db
        .selectFrom('orders')
        .select('due_at')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      h.clock.set(Date.parse(due.due_at as string) + 1000);
      await admin.renew();
      const same = await reassign(order.id, { artist_id: artist.user_id });
      expect(same.status, same.text).toBe(422);
      expect(same.body.errors.artist_id).toEqual([lifecycleMessages.reassignSameArtist]);
      const answer = await reassign(order.id, { artist_id: chosen.user_id });
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data).toMatchObject({ status: 'offered', artist: null, due_at: null });
      expect((await notificationsOf(h, artist.id)).map((n) => n.type)).toContain('order_reassigned');
      // The earlier artist no longer sees the order.
      await renewArtist(h, artist);
      expect((await get(`${A}/orders/${order.id}`, artist.token)).status).toBe(404);
    });

    it('refuses bad input, unknown orders and artists, other states and non-admins', async () => {
      const order = await needingAnArtist();
      const applicant = await makeArtist(h, { status: 'for_review' });
      for (const body of [
        {},
        { artist_id: '' },
        { artist_id: 5 },
        { artist_id: 'x'.repeat(65) },
        { artist_id: 'a', extra: 1 },
      ]) {
        const answer = await reassign(order.id, body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
      }
      for (const artistId of ['nobody-at-all', applicant.user_id, order.customer.id.toString()]) {
        const answer = await reassign(order.id, { artist_id: artistId });
        expect(answer.status, artistId).toBe(422);
        expect(answer.body.errors.artist_id).toEqual([lifecycleMessages.reassignArtistRequired]);
      }
      const chosen = await makeRatedArtist(h);
      expect((await reassign(999_999, { artist_id: chosen.user_id })).status).toBe(404);
      expect((await reassign(order.id, { artist_id: chosen.user_id }, order.customer.token)).status).toBe(401);
      expect((await reassign(order.id, { artist_id: chosen.user_id }, chosen.token)).status).toBe(401);
      expect((await h.call('POST', `${ADMIN}/orders/${order.id}/reassign`, { artist_id: chosen.user_id })).status).toBe(
        401,
      );
      // Offered (not yet answered) and finished orders are not reassigned.
      const offered = await paidOrder(h, 1);
      const refused = await reassign(offered.id, { artist_id: chosen.user_id });
      expect(refused.status).toBe(409);
      expect(await statusOf(h, offered.id)).toBe('offered');
    });
  });

  describe('order search', () => {
    it('finds orders by reference, customer email, artist stage name or email', async () => {
      const order = await paidOrder(h, 1);
      const [artist] = order.artists as [ArtistAccount];
      const customer = await h.database.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', order.customer.id)
        .executeTakeFirstOrThrow();
      const stage = await h.database.db
        .selectFrom('users')
        .select('stage_name')
        .where('id', '=', artist.id)
        .executeTakeFirstOrThrow();
      const search = async (q: string) => {
        const answer = await get(`${ADMIN}/orders?q=${encodeURIComponent(q)}&limit=50`, admin.token);
        expect(answer.status, answer.text).toBe(200);
        return (answer.body.data.items as { id: number }[]).map((o) => o.id);
      };
      expect(await search(order.reference)).toEqual([order.id]);
      expect(await search(order.reference.slice(0, -1).toLowerCase())).toContain(order.id);
      expect(await search(customer.email.toUpperCase())).toEqual([order.id]);
      expect(await search(artist.email)).toEqual([order.id]);
      expect(await search(stage.stage_name as string)).toEqual([order.id]);
      expect(await search('no-such-person-anywhere')).toEqual([]);
      // LIKE wildcards are text here, not patterns.
      expect(await search('%')).toEqual([]);
      // With a stage and paging.
      const withStage = await get(`${ADMIN}/orders?q=${encodeURIComponent(customer.email)}&stage=offered`, admin.token);
      expect(withStage.body.data.items.map((o: { id: number }) => o.id)).toEqual([order.id]);
      const other = await get(`${ADMIN}/orders?q=${encodeURIComponent(customer.email)}&stage=completed`, admin.token);
      expect(other.body.data.items).toEqual([]);
    });

    it('pages the results like the plain list', async () => {
      const customer = await makeCustomer(h);
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await paidOrder(h, 1, customer)).id);
      const first = await get(`${ADMIN}/orders?q=${encodeURIComponent(customer.email)}&limit=2`, admin.token);
      expect(first.body.data.items).toHaveLength(2);
      const cursor = first.body.data.next_cursor as string;
      expect(cursor).toBeTruthy();
      const second = await get(
        `${ADMIN}/orders?q=${encodeURIComponent(customer.email)}&limit=2&cursor=${cursor}`,
        admin.token,
      );
      expect(second.body.data.next_cursor).toBeNull();
      const seen = [...first.body.data.items, ...second.body.data.items].map((o: { id: number }) => o.id);
      expect(seen.sort()).toEqual(ids.sort());
    });

    it('refuses a bad search with a 422 and non-admins with a 401', async () => {
      for (const q of ['x'.repeat(101), 'a\u0000b', 'tab\there'].map(encodeURIComponent)) {
        const answer = await get(`${ADMIN}/orders?q=${q}`, admin.token);
        expect(answer.status, q).toBe(422);
        expect(Object.keys(answer.body.errors)).toEqual(['q']);
      }
      const customer = await makeCustomer(h);
      expect((await get(`${ADMIN}/orders?q=a`, customer.token)).status).toBe(401);
    });
  });

  describe('artists page: suspend and reactivate', () => {
    it('lists artists with their status and finds them by name or email; only admins', async () => {
      const artist = await makeArtist(h, { stageName: 'Unique Songbird Ops' });
      const answer = await get(`${ADMIN}/artists?q=songbird%20ops`, admin.token);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data.items).toEqual([
        {
          id: artist.id,
          user_id: artist.user_id,
          stage_name: 'Unique Songbird Ops',
          name: 'Art Ist',
          email: artist.email,
          avatar: null,
          app_status: 'approved',
          status: 'active',
          is_online: false,
          suspended_at: null,
          last_reason: null,
          pending_stage_name: null,
          pending_stage_name_at: null,
        },
      ]);
      expect(
        (await get(`${ADMIN}/artists?q=${encodeURIComponent(artist.email)}&status=active`, admin.token)).body.data
          .items,
      ).toHaveLength(1);
      expect(
        (await get(`${ADMIN}/artists?q=${encodeURIComponent(artist.email)}&status=suspended`, admin.token)).body.data
          .items,
      ).toHaveLength(0);
      for (const bad of ['status=gone', `q=${'x'.repeat(101)}`, 'cursor=abc', 'limit=0', 'extra=1'])
        expect((await get(`${ADMIN}/artists?${bad}`, admin.token)).status, bad).toBe(422);
      expect((await get(`${ADMIN}/artists`, artist.token)).status).toBe(401);
      expect((await h.call('GET', `${ADMIN}/artists`)).status).toBe(401);
      // Paged by id.
      await makeArtist(h);
      const page = await get(`${ADMIN}/artists?limit=1`, admin.token);
      expect(page.body.data.items).toHaveLength(1);
      expect(page.body.data.next_cursor).toMatch(/^\d+$/);
    });

    it('a suspended artist is offline, hidden, signed out, cannot sign in, and their open work is released', async () => {
      const w = await busyArtist();
      await h.database.db.updateTable('users').set({ is_online: 1 }).where('id', '=', w.artist.id).execute();
      const publicId = w.artist.user_id;
      expect((await h.call('GET', `/api/v1/user/artists/${publicId}`)).status).toBe(200);

      const noReason = await post(`${ADMIN}/artists/${publicId}/suspend`, { reason: '  ' }, admin.token);
      expect(noReason.status).toBe(422);
      expect(noReason.body.errors.reason).toEqual([operationsMessages.reasonRequired]);
      const answer = await post(
        `${ADMIN}/artists/${publicId}/suspend`,
        { reason: 'Missed three deadlines' },
        admin.token,
      );
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data).toMatchObject({
        status: 'suspended',
        is_online: false,
        last_reason: 'Missed three deadlines',
      });
      expect((await post(`${ADMIN}/artists/${publicId}/suspend`, { reason: 'Again' }, admin.token)).status).toBe(409);

      // Their existing token stops working; signing in says why.
      expect((await get(`${A}/profile`, w.artist.token)).status).toBe(401);
      const login = await h.call('POST', `${A}/auth/login`, { email: w.artist.email, password: ARTIST_PASSWORD });
      expect(login.status).toBe(403);
      expect(login.body.message).toBe(operationsMessages.accountSuspended(h.config.supportEmail));
      // Hidden from the catalogue.
      expect((await h.call('GET', `/api/v1/user/artists/${publicId}`)).status).toBe(404);
      // The work is released as on deactivation; the admin acted.
      expect(await statusOf(h, w.working.id)).toBe('needs_artist');
      expect(await statusOf(h, w.revising.id)).toBe('needs_artist');
      expect(await statusOf(h, w.offeredOnlyToThem.id)).toBe('needs_artist');
      expect(await statusOf(h, w.offered.id)).toBe('offered');
      expect(await statusOf(h, w.checking.id)).toBe('in_validation');
      const event = await h.database.db
        .selectFrom('order_events')
        .select(['actor', 'actor_id'])
        .where('order_id', '=', w.working.id)
        .where('type', '=', 'artist_left')
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ actor: 'admin', actor_id: admin.id });
      expect((await notificationsOf(h, w.artist.id)).map((n) => n.type)).toContain('artist_suspended');
      // Not a candidate for rebooking or reassignment.
      const rebook = await post(
        `${U}/orders/${w.working.id}/rebook`,
        { selected_artists: [publicId] },
        w.customer.token,
      );
      expect(rebook.status).toBe(422);
      expect(
        (
          await post(
            `${ADMIN}/orders/${w.working.id}/reassign`,
            { artist_id: publicId, reason: 'The artist was suspended.' },
            admin.token,
          )
        ).status,
      ).toBe(422);

      const reactivated = await post(
        `${ADMIN}/artists/${publicId}/reactivate`,
        { reason: 'Talked it through' },
        admin.token,
      );
      expect(reactivated.status, reactivated.text).toBe(200);
      expect(reactivated.body.data).toMatchObject({
        status: 'active',
        is_online: false,
        last_reason: 'Talked it through',
      });
      expect((await post(`${ADMIN}/artists/${publicId}/reactivate`, { reason: 'Again' }, admin.token)).status).toBe(
        409,
      );
      const back = await h.call('POST', `${A}/auth/login`, { email: w.artist.email, password: ARTIST_PASSWORD });
      expect(back.status, back.text).toBe(200);
      // Offline until they go online themselves.
      expect((await h.call('GET', `/api/v1/user/artists/${publicId}`)).status).toBe(404);
    });

    it('refuses unknown artists, non-artists, deactivated artists and non-admins', async () => {
      const reason = { reason: 'Because' };
      expect((await post(`${ADMIN}/artists/unknown-id/suspend`, reason, admin.token)).status).toBe(404);
      expect((await post(`${ADMIN}/artists/unknown-id/reactivate`, reason, admin.token)).status).toBe(404);
      const customer = await makeCustomer(h);
      const customerId = await h.database.db
        .selectFrom('users')
        .select('user_id')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      expect((await post(`${ADMIN}/artists/${customerId.user_id}/suspend`, reason, admin.token)).status).toBe(404);
      const artist = await makeArtist(h);
      expect((await post(`${ADMIN}/artists/${artist.user_id}/suspend`, reason, artist.token)).status).toBe(401);
      expect((await post(`${ADMIN}/artists/${artist.user_id}/suspend`, reason, customer.token)).status).toBe(401);
      expect(
        (await post(`${ADMIN}/artists/${artist.user_id}/suspend`, { reason: 'x'.repeat(501) }, admin.token)).status,
      ).toBe(422);
      expect(
        (await post(`${ADMIN}/artists/${artist.user_id}/suspend`, { reason: 'ok', more: 1 }, admin.token)).status,
      ).toBe(422);
      expect(
        (
          await h.call(
            'PATCH',
            `${A}/profile/deactivate`,
            { current_password: ARTIST_PASSWORD },
            { token: artist.token },
          )
        ).status,
      ).toBe(200);
      const gone = await post(`${ADMIN}/artists/${artist.user_id}/suspend`, reason, admin.token);
      expect(gone.status).toBe(409);
      expect(gone.body.message).toBe(operationsMessages.deactivatedArtist);
    });
  });
});
