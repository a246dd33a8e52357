import type { Kysely, Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderMessages } from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { ConfigError, loadConfig } from '../../server/config';
import type { DB } from '../../server/db/schema';
import { ApiError } from '../../server/http/api-error';
import { payOrder } from '../../server/lifecycle/order-actions';
import { findOrderForCustomer, recordOrderEvent } from '../../server/orders/orders.repository';
import type { ArtistAccount } from './artist-fixtures';
import { wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import {
  completeDraft,
  dayFromNow,
  makeCustomer,
  makeRatedArtist,
  occasionBody,
  placeOrder,
  songBody,
  storyBody,
  U,
  uploadClip,
} from './orders-fixtures';

type Customer = { id: number; email: string; token: string };

describe.each(databases)('committing a draft (%s)', (kind) => {
  let h: Harness;
  let customer: Customer;
  let stranger: Customer;
  let cheap: ArtistAccount;
  let dear: ArtistAccount;
  let basePriced: ArtistAccount;

  beforeAll(async () => {
    h = await createHarness(kind);
    customer = await makeCustomer(h);
    stranger = await makeCustomer(h);
    cheap = await makeRatedArtist(h, { rate: 1800 });
    dear = await makeRatedArtist(h, { rate: 4200 });
    basePriced = await makeRatedArtist(h);
  });
  afterAll(() => h.close());

  const commit = (id: number, token = customer.token) =>
    h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token });
  const db = () => h.database.db;

  it('creates the order awaiting payment: server price (highest rate), 20 % fee, ranked artists, brief, clips, event', async () => {
    const songClip = await uploadClip(h, customer.token, wavBytes(0.2));
    const nameClip = await uploadClip(h, customer.token, wavBytes(0.1));
    const order = [cheap.user_id, dear.user_id, basePriced.user_id];
    const id = await completeDraft(h, customer.token, order, {
      song: { needed_by: dayFromNow(h, 14) },
      story: { song_clip: songClip.temp_location, audio_recording1_clip: nameClip.temp_location },
    });
    const answer = await commit(id);
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.message).toBe(orderMessages.orderPlaced);
    const data = answer.body.data;
    expect(data).toEqual({
      id: expect.any(Number),
      reference: expect.stringMatching(/^OR\d{10}$/),
      status: 'awaiting_payment',
      price: 4200,
      currency: 'PHP',
      occasion_name: 'birthday',
      recipient_first_name: 'Jose',
      needed_by: dayFromNow(h, 14),
      artists: order.map((publicId) => ({ id: publicId, stage_name: expect.any(String) })),
      add_ons: { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 },
      created_at: h.clock.now().toISOString(),
      paid_at: null,
      events: [{ type: 'created', at: h.clock.now().toISOString(), by: 'customer' }],
    });

    const row = await db().selectFrom('orders').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      customer_id: customer.id,
      status: 'awaiting_payment',
      price_centavos: 420_000,
      platform_fee_centavos: 84_000,
      currency: 'PHP',
      paid_at: null,
    });
    const brief = JSON.parse(row.brief);
    expect(brief.occasion).toMatchObject({ ...occasionBody(), gifter_contact_number: '9171234567' });
    expect(brief.song).toEqual(songBody(h, order, { needed_by: dayFromNow(h, 14) }));
    expect(brief.story).toEqual(
      storyBody({ song_clip: songClip.temp_location, audio_recording1_clip: nameClip.temp_location }),
    );

    const ranks = await db()
      .selectFrom('order_artists')
      .innerJoin('users', 'users.id', 'order_artists.artist_id')
      .select(['users.user_id', 'order_artists.rank', 'order_artists.offer_status'])
      .where('order_id', '=', data.id)
      .orderBy('rank')
      .execute();
    expect(ranks).toEqual(order.map((user_id, i) => ({ user_id, rank: i + 1, offer_status: 'pending' })));

    const uploads = await db()
      .selectFrom('temp_uploads')
      .selectAll()
      .where('temp_location', 'in', [songClip.temp_location, nameClip.temp_location])
      .orderBy('id')
      .execute();
    expect(uploads.map((u) => u.attached_order_id)).toEqual([data.id, data.id]);
    const clips = await db()
      .selectFrom('order_clips')
      .selectAll()
      .where('order_id', '=', data.id)
      .orderBy('slot')
      .execute();
    expect(clips).toEqual([
      {
        order_id: data.id,
        slot: 'audio_recording1_clip',
        file_key: uploads[1]?.file_key,
        mime: 'audio/wav',
        size: nameClip.size,
      },
      { order_id: data.id, slot: 'song_clip', file_key: uploads[0]?.file_key, mime: 'audio/wav', size: songClip.size },
    ]);

    const events = await db().selectFrom('order_events').selectAll().where('order_id', '=', data.id).execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'created', actor: 'customer', actor_id: customer.id });
    expect(JSON.parse(events[0]?.payload ?? '{}')).toEqual({
      reference: data.reference,
      price_centavos: 420_000,
      platform_fee_centavos: 84_000,
      artists: order,
      rush: false,
      extra_revisions: 0,
    });

    const draft = await db().selectFrom('temp_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(draft.committed_order_id).toBe(data.id);
    expect(JSON.parse(draft.completed_steps)).toEqual(['occasion', 'song', 'story', 'review']);
  });

  it('prices with the rates at commit time, not those seen at the song step', async () => {
    const artist = await makeRatedArtist(h, { rate: 3000 });
    const id = await completeDraft(h, customer.token, [artist.user_id, cheap.user_id]);
    await db()
      .updateTable('artist_profiles')
      .set({ rate_centavos: 3_500_50 })
      .where('user_id', '=', artist.id)
      .execute();
    const answer = await commit(id);
    expect(answer.status).toBe(201);
    const row = await db()
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', answer.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.price_centavos).toBe(3_500_50);
    // 20 % of 3500.50 is 700.10.
    expect(row.platform_fee_centavos).toBe(700_10);
  });

  it('committing twice answers 409 alreadyCommitted with the same order id, and makes no second order', async () => {
    const id = await completeDraft(h, customer.token, [cheap.user_id]);
    const count = async () => (await db().selectFrom('orders').select('id').execute()).length;
    const before = await count();
    const first = await commit(id);
    expect(first.status).toBe(201);
    const second = await commit(id);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ message: orderMessages.alreadyCommitted, data: { order_id: first.body.data.id } });
    expect(await count()).toBe(before + 1);
  });

  it('of two concurrent commits of one draft exactly one places the order', async () => {
    const clip = await uploadClip(h, customer.token);
    const id = await completeDraft(h, customer.token, [dear.user_id], { story: { song_clip: clip.temp_location } });
    const before = (await db().selectFrom('orders').select('id').execute()).length;
    const answers = await Promise.all([commit(id), commit(id), commit(id)]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    const placed = answers.find((a) => a.status === 201)?.body.data.id;
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.data).toEqual({ order_id: placed });
    expect((await db().selectFrom('orders').select('id').execute()).length).toBe(before + 1);
    expect(await db().selectFrom('order_clips').select('slot').where('order_id', '=', placed).execute()).toEqual([
      { slot: 'song_clip' },
    ]);
  });

  it('checks again at commit: an artist gone offline, a date now too soon, a clip expired → 422, nothing placed', async () => {
    const fickle = await makeRatedArtist(h, { rate: 5000 });
    const clip = await uploadClip(h, customer.token);
    const id = await completeDraft(h, customer.token, [fickle.user_id, cheap.user_id], {
      story: { song_prompt2_clip: clip.temp_location },
    });
    const ordersBefore = (await db().selectFrom('orders').select('id').execute()).length;
    const nothingPlaced = async () => {
      expect((await db().selectFrom('orders').select('id').execute()).length).toBe(ordersBefore);
      const draft = await db().selectFrom('temp_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(draft.committed_order_id).toBeNull();
      const upload = await db()
        .selectFrom('temp_uploads')
        .selectAll()
        .where('temp_location', '=', clip.temp_location)
        .executeTakeFirstOrThrow();
      expect(upload.attached_order_id).toBeNull();
    };

    await db().updateTable('users').set({ is_online: 0 }).where('id', '=', fickle.id).execute();
    const offline = await commit(id);
    expect(offline.status).toBe(422);
    expect(offline.body).toEqual({
      message: serverMessages.validationFailed,
      errors: { selected_artists: [orderMessages.artistUnavailable] },
    });
    await nothingPlaced();
    await db().updateTable('users').set({ is_online: 1 }).where('id', '=', fickle.id).execute();

    // Days passed since the song step: the saved date is now closer than the lead time.
    const draft = await db().selectFrom('temp_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const song = JSON.parse(draft.song ?? '{}');
    await db()
      .updateTable('temp_orders')
      .set({ song: JSON.stringify({ ...song, needed_by: dayFromNow(h, 2) }) })
      .where('id', '=', id)
      .execute();
    const soon = await commit(id);
    expect(soon.status).toBe(422);
    expect(soon.body.errors).toEqual({ needed_by: [orderMessages.neededByTooSoon] });
    await nothingPlaced();
    await db().updateTable('temp_orders').set({ song: draft.song }).where('id', '=', id).execute();

    await db()
      .updateTable('temp_uploads')
      .set({ created_at: new Date(h.clock.now().getTime() - 25 * 3_600_000).toISOString() })
      .where('temp_location', '=', clip.temp_location)
      .execute();
    const expired = await commit(id);
    expect(expired.status).toBe(422);
    expect(expired.body.errors).toEqual({ song_prompt2_clip: [orderMessages.clipInvalid] });
    await nothingPlaced();
  });

  it('another customer cannot commit the draft (404), an artist token is 401', async () => {
    const id = await completeDraft(h, customer.token, [cheap.user_id]);
    const theirs = await commit(id, stranger.token);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: orderMessages.draftNotFound });
    expect((await commit(id, cheap.token)).status).toBe(401);
    expect((await commit(id)).status).toBe(201);
  });

  it('references are OR + 10 digits and unique', async () => {
    const refs = new Set<string>();
    for (let i = 0; i < 5; i++) refs.add((await placeOrder(h, stranger.token, [cheap.user_id])).reference);
    expect(refs.size).toBe(5);
    for (const ref of refs) expect(ref).toMatch(/^OR\d{10}$/);
  });
});

describe.each(databases)('order history and payments (%s)', (kind) => {
  let h: Harness;
  let customer: Customer;
  let stranger: Customer;
  let artist: ArtistAccount;

  beforeAll(async () => {
    h = await createHarness(kind);
    customer = await makeCustomer(h);
    stranger = await makeCustomer(h);
    artist = await makeRatedArtist(h, { rate: 3000 });
  });
  afterAll(() => h.close());

  const get = (path: string, token = customer.token) => h.call('GET', `${U}${path}`, undefined, { token });
  const db = () => h.database.db;

  it('GET /orders lists the customer’s orders newest first with events and brief; ?transaction focuses one', async () => {
    const clip = await uploadClip(h, customer.token);
    const first = await placeOrder(h, customer.token, [artist.user_id]);
    h.clock.advance(1000);
    const id = await completeDraft(h, customer.token, [artist.user_id], { story: { song_clip: clip.temp_location } });
    const second = (await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token: customer.token })).body
      .data;
    const theirs = await placeOrder(h, stranger.token, [artist.user_id]);

    const all = await get('/orders');
    expect(all.status).toBe(200);
    expect(all.body.data.orders.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    const newest = all.body.data.orders[0];
    expect(newest).toMatchObject({ reference: second.reference, status: 'awaiting_payment', price: 3000 });
    expect(newest.events).toEqual([{ type: 'created', at: expect.any(String), by: 'customer' }]);
    expect(newest.brief.occasion.recipient_first_name).toBe('Jose');
    expect(newest.brief.song.selected_artists).toEqual([artist.user_id]);
    expect(newest.brief.story.song_clip).toMatchObject({ temp_location: clip.temp_location, mime: 'audio/wav' });
    expect((await h.request(newest.brief.story.song_clip.url)).status).toBe(200);
    expect(all.body.data.orders[1].brief.story.song_clip).toBeNull();

    const focused = await get(`/orders?transaction=${first.reference}`);
    expect(focused.body.data.orders.map((o: { id: number }) => o.id)).toEqual([first.id]);
    // Another customer's reference, or an unknown one: empty, never their order.
    expect((await get(`/orders?transaction=${theirs.reference}`)).body.data.orders).toEqual([]);
    expect((await get('/orders?transaction=OR0000000000')).body.data.orders).toEqual([]);
    for (const bad of ['?transaction=XX123', '?transaction=OR12a', "?transaction=OR1'--", '?page=2']) {
      const answer = await get(`/orders${bad}`);
      expect(answer.status, bad).toBe(422);
    }
    expect((await get('/orders', stranger.token)).body.data.orders.map((o: { id: number }) => o.id)).toEqual([
      theirs.id,
    ]);
    const fresh = await makeCustomer(h);
    expect((await get('/orders', fresh.token)).body).toEqual({ data: { orders: [], next_cursor: null } });
  });

  it('GET /orders/{id} answers the order with its events; another customer’s or an unknown one is 404', async () => {
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    const answer = await get(`/orders/${order.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: order.id,
      reference: order.reference,
      status: 'awaiting_payment',
      price: 3000,
      currency: 'PHP',
      artists: [{ id: artist.user_id, stage_name: expect.any(String) }],
      paid_at: null,
      events: [{ type: 'created', by: 'customer' }],
    });
    for (const [path, token] of [
      [`/orders/${order.id}`, stranger.token],
      ['/orders/999999', customer.token],
    ] as const) {
      const missing = await get(path, token);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: orderMessages.orderNotFound });
    }
    expect((await get('/orders/abc')).status).toBe(404);
    expect((await get(`/orders/${order.id}`, artist.token)).status).toBe(401);
  });

  /** payOrder answering whether it moved the order (a 409 from the lifecycle: it did not). */
  const markOrderPaid = (db: Kysely<DB>, orderId: number, at: Date, payload: Record<string, unknown> = {}) =>
    db
      .transaction()
      .execute((trx: Transaction<DB>) =>
        payOrder(trx, {
          orderId,
          at,
          payload,
          settings: { offerTtlMs: 86_400_000, revisionLimit: 2, platformFeePercent: 20 },
        }),
      )
      .then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 409) return false;
          throw error;
        },
      );

  it('payOrder moves awaiting_payment → offered once, with paid_at and a payment_succeeded event', async () => {
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    const paidAt = new Date(h.clock.now().getTime() + 60_000);
    const first = await markOrderPaid(db(), order.id, paidAt, { txnid: 'T1' });
    expect(first).toBe(true);
    const again = await markOrderPaid(db(), order.id, new Date(paidAt.getTime() + 60_000));
    expect(again).toBe(false);
    const row = await findOrderForCustomer(h.database.db, customer.id, order.id);
    expect(row).toMatchObject({ status: 'offered', paid_at: paidAt.toISOString() });
    expect(await findOrderForCustomer(h.database.db, stranger.id, order.id)).toBeUndefined();
    const detail = (await get(`/orders/${order.id}`)).body.data;
    expect(detail.status).toBe('offered');
    expect(detail.paid_at).toBe(paidAt.toISOString());
    expect(detail.events).toEqual([
      { type: 'created', at: expect.any(String), by: 'customer' },
      { type: 'payment_succeeded', at: paidAt.toISOString(), by: 'provider' },
    ]);
    const stored = await db()
      .selectFrom('order_events')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(JSON.parse(stored[1]?.payload ?? '')).toEqual({ txnid: 'T1' });

    // Concurrent calls on a fresh order: one moves it.
    const other = await placeOrder(h, customer.token, [artist.user_id]);
    const results = await Promise.all([0, 1, 2].map(() => markOrderPaid(db(), other.id, paidAt)));
    expect(results.filter(Boolean)).toHaveLength(1);
    // A cancelled order is never paid into another state.
    const cancelled = await placeOrder(h, customer.token, [artist.user_id]);
    await db().updateTable('orders').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
    expect(await markOrderPaid(db(), cancelled.id, paidAt)).toBe(false);
    expect((await findOrderForCustomer(db(), customer.id, cancelled.id))?.status).toBe('cancelled');
  });

  it('recordOrderEvent appends with actor and payload', async () => {
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    const event = await recordOrderEvent(db(), {
      orderId: order.id,
      type: 'note',
      actor: 'system',
      actorId: null,
      payload: { a: 1 },
      at: h.clock.now(),
    });
    expect(event).toMatchObject({
      order_id: order.id,
      type: 'note',
      actor: 'system',
      actor_id: null,
      payload: '{"a":1}',
    });
  });

  it('GET /payments lists the customer’s payments newest first, amounts in whole pesos, nobody else’s', async () => {
    const order = await placeOrder(h, customer.token, [artist.user_id]);
    const theirs = await placeOrder(h, stranger.token, [artist.user_id]);
    const at = (s: number) => new Date(h.clock.now().getTime() + s * 1000).toISOString();
    await db()
      .insertInto('payments')
      .values([
        {
          order_id: order.id,
          provider: 'sandbox',
          method: 'sandbox',
          txnid: `T-${order.id}-1`,
          refno: null,
          amount_centavos: 300_000,
          status: 'failed',
          raw_status: 'F',
          created_at: at(1),
          updated_at: at(2),
        },
        {
          order_id: order.id,
          provider: 'dragonpay',
          method: 'gcash',
          txnid: `T-${order.id}-2`,
          refno: 'DP123456',
          amount_centavos: 300_000,
          status: 'succeeded',
          raw_status: 'S',
          created_at: at(3),
          updated_at: at(4),
        },
        {
          order_id: theirs.id,
          provider: 'sandbox',
          method: 'sandbox',
          txnid: `T-${theirs.id}-1`,
          refno: null,
          amount_centavos: 300_000,
          status: 'pending',
          raw_status: null,
          created_at: at(5),
          updated_at: at(5),
        },
      ])
      .execute();
    const answer = await get('/payments');
    expect(answer.status).toBe(200);
    const payments = answer.body.data.payments;
    expect(payments).toHaveLength(2);
    expect(payments[0]).toEqual({
      id: expect.any(Number),
      order_id: order.id,
      order_reference: order.reference,
      amount: 3000,
      currency: 'PHP',
      method: 'gcash',
      provider: 'dragonpay',
      status: 'succeeded',
      reference: 'DP123456',
      created_at: at(3),
      updated_at: at(4),
      refunds: [],
    });
    expect(payments[1]).toMatchObject({ status: 'failed', reference: null, method: 'sandbox', amount: 3000 });
    const strangers = (await get('/payments', stranger.token)).body.data.payments;
    expect(strangers.map((p: { order_id: number }) => p.order_id)).toEqual([theirs.id]);
    const fresh = await makeCustomer(h);
    expect((await get('/payments', fresh.token)).body).toEqual({ data: { payments: [], next_cursor: null } });
    expect((await get('/payments', artist.token)).status).toBe(401);
  });
});

describe.each(databases)('MIN_LEAD_DAYS and PLATFORM_FEE_PERCENT (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { MIN_LEAD_DAYS: '5', PLATFORM_FEE_PERCENT: '15' } });
  });
  afterAll(() => h.close());

  it('uses the configured lead time and fee', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h, { rate: 2000 });
    // A one-day turnaround promises sooner than five days out: the lead time is the floor.
    await h.database.db
      .updateTable('artist_profiles')
      .set({ turnaround_days: 1 })
      .where('user_id', '=', artist.id)
      .execute();
    const id = (await h.call('POST', `${U}/temp-order`, occasionBody(), { token: customer.token })).body.data.order_id;
    const early = await h.call(
      'PATCH',
      `${U}/temp-order/${id}/song`,
      songBody(h, [artist.user_id], { needed_by: dayFromNow(h, 4) }),
      { token: customer.token },
    );
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ needed_by: [orderMessages.neededByTooSoon] });
    const ok = await h.call(
      'PATCH',
      `${U}/temp-order/${id}/song`,
      songBody(h, [artist.user_id], { needed_by: dayFromNow(h, 5) }),
      { token: customer.token },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.earliest_needed_by).toBe(dayFromNow(h, 5));
    await h.call('PATCH', `${U}/temp-order/${id}/story`, storyBody(), { token: customer.token });
    const placed = await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token: customer.token });
    expect(placed.status).toBe(201);
    const row = await h.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.price_centavos).toBe(200_000);
    expect(row.platform_fee_centavos).toBe(30_000);
  });

  it('loadConfig defaults them to 3 days and 20 %, and names bad values', () => {
    expect(loadConfig({})).toMatchObject({ minLeadDays: 3, platformFeePercent: 20 });
    expect(loadConfig({ MIN_LEAD_DAYS: '0', PLATFORM_FEE_PERCENT: '100' })).toMatchObject({
      minLeadDays: 0,
      platformFeePercent: 100,
    });
    for (const [name, value] of [
      ['MIN_LEAD_DAYS', '-1'],
      ['MIN_LEAD_DAYS', 'soon'],
      ['MIN_LEAD_DAYS', '366'],
      ['PLATFORM_FEE_PERCENT', '101'],
      ['PLATFORM_FEE_PERCENT', '12.5'],
    ] as const) {
      expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
      try {
        loadConfig({ [name]: value });
      } catch (error) {
        expect((error as ConfigError).variables).toEqual([name]);
      }
    }
  });
});
