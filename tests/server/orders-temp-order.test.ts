import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TURNAROUND_DAYS } from '../../contracts/delivery';
import { fieldMessages } from '../../contracts/field-messages';
import { specMessages } from '../../contracts/messages';
import { genres, vocalTypes } from '../../contracts/options';
import { moods, occasions, orderMessages, relationships, tempos } from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { arrivesBy, deliverySettingsOf } from '../../server/orders/delivery';
import { type ArtistAccount, makeArtist, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness, type JsonAnswer } from './harness';
import {
  completeDraft,
  createDraft,
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

const expectFieldErrors = (answer: JsonAnswer, errors: Record<string, string[]>) => {
  expect(answer.status, answer.text).toBe(422);
  expect(answer.body).toEqual({ message: serverMessages.validationFailed, errors });
};

describe.each(databases)('order drafts (%s)', (kind) => {
  let h: Harness;
  let customer: { id: number; email: string; token: string };
  let stranger: { id: number; email: string; token: string };
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

  const call = (method: string, path: string, body?: unknown, token = customer.token) =>
    h.call(method, `${U}${path}`, body, { token });

  it('GET /options adds the order lists beside genres, vocal types and the base price', async () => {
    const answer = await h.call('GET', `${U}/options`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        genres,
        vocal_types: vocalTypes,
        base_price: 2500,
        occasions,
        relationships,
        moods,
        tempos,
        // Named by the provider that takes them: the sandbox (the default) takes no real money.
        payment_methods: [
          { value: 'sandbox', display: 'Test payment (sandbox)' },
          { value: 'gcash', display: 'GCash (test payment)' },
          { value: 'bank', display: 'Online banking (test payment)' },
          { value: 'otc', display: 'Over the counter (test payment)' },
        ],
      },
    });
  });

  it('GET /options offers only the payment methods of the configured provider', async () => {
    const dragonpay = await createHarness(kind, {
      env: { PAYMENT_PROVIDER: 'dragonpay', DRAGONPAY_MERCHANT_ID: 'TESTMERCHANT', DRAGONPAY_PASSWORD: 'secret' },
    });
    try {
      const answer = await dragonpay.call('GET', `${U}/options`);
      expect(answer.body.data.payment_methods).toEqual([
        { value: 'gcash', display: 'GCash (DragonPay)' },
        { value: 'bank', display: 'Online banking (DragonPay)' },
        { value: 'otc', display: 'Over the counter (DragonPay)' },
      ]);
      expect(answer.body.data.occasions).toEqual(occasions);
    } finally {
      await dragonpay.close();
    }
  });

  it('POST /temp-order creates the draft from the occasion; GET answers it with only that step', async () => {
    const created = await call('POST', '/temp-order', occasionBody({ gifter_first_name: '  Maria  ' }));
    expect(created.status, created.text).toBe(201);
    expect(created.body).toEqual({ data: { order_id: expect.any(Number) } });
    const id = created.body.data.order_id;
    const draft = await call('GET', `/temp-order/${id}`);
    expect(draft.status).toBe(200);
    expect(draft.body.data).toEqual({
      id,
      occasion: {
        ...occasionBody(),
        // Normalised by the shared schema: trimmed name, contact number digits only.
        gifter_first_name: 'Maria',
        gifter_contact_number: '9171234567',
      },
      song: null,
      story: null,
      price: null,
      add_ons: null,
      earliest_needed_by: dayFromNow(h, 3),
      committed_order_id: null,
    });
    const row = await h.database.db
      .selectFrom('temp_orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(customer.id);
    expect(JSON.parse(row.completed_steps)).toEqual(['occasion']);
  });

  it('validates every occasion field, one message each', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ gifter_first_name: ' ' }, 'gifter_first_name', fieldMessages.required('first name')],
      [{ gifter_last_name: '' }, 'gifter_last_name', fieldMessages.required('last name')],
      [{ gifter_first_name: 'x'.repeat(101) }, 'gifter_first_name', fieldMessages.tooLong('first name', 100)],
      [{ gifter_contact_number: '12ab' }, 'gifter_contact_number', fieldMessages.contactNumberInvalid],
      [{ gifter_country: 'XX' }, 'gifter_country', fieldMessages.countryInvalid],
      [{ gifter_email: 'not-an-email' }, 'gifter_email', specMessages.emailInvalid],
      [{ gifter_email: '' }, 'gifter_email', specMessages.emailRequired],
      [{ recipient_first_name: '' }, 'recipient_first_name', fieldMessages.required("recipient's first name")],
      [
        { recipient_last_name: 'x'.repeat(101) },
        'recipient_last_name',
        fieldMessages.tooLong("recipient's last name", 100),
      ],
      [{ recipient_relationship: 'enemy' }, 'recipient_relationship', orderMessages.relationshipRequired],
      [{ recipient_relationship: '' }, 'recipient_relationship', orderMessages.relationshipRequired],
      [
        { recipient_pronunciation: 'x'.repeat(201) },
        'recipient_pronunciation',
        fieldMessages.tooLong('pronunciation', 200),
      ],
      [{ recipient_mentioned: 'yes' }, 'recipient_mentioned', fieldMessages.mustBeBoolean],
      [{ occasion_name: 'funeral' }, 'occasion_name', orderMessages.occasionRequired],
      [{ occasion_mentioned: 1 }, 'occasion_mentioned', fieldMessages.mustBeBoolean],
      [{ gifter_email: 42 }, 'gifter_email', specMessages.emailInvalid],
      [{ admin: true }, 'admin', fieldMessages.unknownField],
    ];
    for (const [override, field, message] of cases) {
      expectFieldErrors(await call('POST', '/temp-order', occasionBody(override)), { [field]: [message] });
    }
    // The dial code must be the chosen country's.
    expectFieldErrors(await call('POST', '/temp-order', occasionBody({ gifter_dial_code: '+1' })), {
      gifter_dial_code: [fieldMessages.dialCodeMismatch],
    });
    // Not an object at all, or not JSON.
    for (const body of [[], null, '"x"', 5]) expect((await call('POST', '/temp-order', body)).status).toBe(422);
    expect((await call('POST', '/temp-order', '{bad json')).status).toBe(400);
    expect(
      await h.database.db.selectFrom('temp_orders').select('id').where('user_id', '=', customer.id).execute(),
    ).toHaveLength(1);
  });

  it('PATCH occasion updates the draft', async () => {
    const id = await createDraft(h, customer.token);
    const answer = await call('PATCH', `/temp-order/${id}/occasion`, occasionBody({ occasion_name: 'wedding' }));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.data.occasion.occasion_name).toBe('wedding');
    expectFieldErrors(await call('PATCH', `/temp-order/${id}/occasion`, occasionBody({ occasion_name: 'x' })), {
      occasion_name: [orderMessages.occasionRequired],
    });
    expect((await call('GET', `/temp-order/${id}`)).body.data.occasion.occasion_name).toBe('wedding');
  });

  it('PATCH song saves the artists in the customer’s order and answers the price (highest rate) and earliest date', async () => {
    const id = await createDraft(h, customer.token);
    const body = songBody(h, [cheap.user_id, dear.user_id, basePriced.user_id]);
    const answer = await call('PATCH', `/temp-order/${id}/song`, body);
    expect(answer.status, answer.text).toBe(200);
    const data = answer.body.data;
    expect(data.price).toBe(4200);
    // None of them set a turnaround: each promises the default's date (tests/server/delivery-promise.test.ts).
    const promise = {
      turnaround_days: DEFAULT_TURNAROUND_DAYS,
      answer_hours: 24,
      arrives_by: arrivesBy(h.clock.now(), deliverySettingsOf(h.config), DEFAULT_TURNAROUND_DAYS),
    };
    expect(data.earliest_needed_by).toBe(promise.arrives_by);
    expect(data.song).toMatchObject({ ...body });
    expect(data.song.artists).toEqual([
      { id: cheap.user_id, stage_name: expect.any(String), rate: 1800, price: 1800, delivery: promise, rush: null },
      { id: dear.user_id, stage_name: expect.any(String), rate: 4200, price: 4200, delivery: promise, rush: null },
      {
        id: basePriced.user_id,
        stage_name: expect.any(String),
        rate: 2500,
        price: 2500,
        delivery: promise,
        rush: null,
      },
    ]);
    // One artist without a rate: the base price.
    const single = await call('PATCH', `/temp-order/${id}/song`, songBody(h, [basePriced.user_id]));
    expect(single.body.data.price).toBe(2500);
    const lower = await call('PATCH', `/temp-order/${id}/song`, songBody(h, [cheap.user_id]));
    expect(lower.body.data.price).toBe(1800);
  });

  it('validates every song field', async () => {
    const id = await createDraft(h, customer.token);
    const patch = (override: Record<string, unknown>) =>
      call('PATCH', `/temp-order/${id}/song`, songBody(h, [cheap.user_id], override));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ selected_artists: [] }, 'selected_artists', orderMessages.artistsRequired],
      [{ selected_artists: 'abc' }, 'selected_artists', orderMessages.artistsRequired],
      [{ selected_artists: [1] }, 'selected_artists.0', orderMessages.artistsRequired],
      [
        { selected_artists: [cheap.user_id, dear.user_id, basePriced.user_id, 'four'] },
        'selected_artists',
        orderMessages.tooManyArtists,
      ],
      [{ selected_artists: [cheap.user_id, cheap.user_id] }, 'selected_artists', orderMessages.artistsRequired],
      [{ song_mood: 'angry' }, 'song_mood', orderMessages.moodRequired],
      [{ song_tempo: 'ludicrous' }, 'song_tempo', orderMessages.tempoRequired],
      [{ genre: 'metal' }, 'genre', orderMessages.genreRequired],
      [{ vocal_type: 'robot' }, 'vocal_type', orderMessages.vocalTypeRequired],
      [{ is_rebook: 'no' }, 'is_rebook', fieldMessages.mustBeBoolean],
      [{ needed_by: '12/31/2030' }, 'needed_by', orderMessages.neededByInvalid],
      [{ needed_by: '' }, 'needed_by', orderMessages.neededByInvalid],
      // Shaped right, but not a day of the calendar: the server's check.
      [{ needed_by: '2031-02-30' }, 'needed_by', orderMessages.neededByInvalid],
      [{ needed_by: '2031-13-01' }, 'needed_by', orderMessages.neededByInvalid],
      [{ price: 1 }, 'price', fieldMessages.unknownField],
    ];
    for (const [override, field, message] of cases) expectFieldErrors(await patch(override), { [field]: [message] });
    expect((await call('GET', `/temp-order/${id}`)).body.data.song).toBeNull();
  });

  it('needs every selected artist approved, online and active: else selected_artists [artistUnavailable]', async () => {
    const id = await createDraft(h, customer.token);
    const offline = await makeRatedArtist(h, { online: false });
    const waiting = await makeRatedArtist(h, { status: 'for_review' });
    const rejected = await makeRatedArtist(h, { status: 'rejected' });
    const gone = await makeRatedArtist(h);
    await h.database.db
      .updateTable('users')
      .set({ deactivated_at: h.clock.now().toISOString() })
      .where('id', '=', gone.id)
      .execute();
    const unnamed = await makeArtist(h, { online: true, stageName: undefined });
    await h.database.db.updateTable('users').set({ stage_name: null }).where('id', '=', unnamed.id).execute();
    const customersId = (
      await h.database.db.selectFrom('users').select('user_id').where('id', '=', stranger.id).executeTakeFirstOrThrow()
    ).user_id;
    for (const unavailable of [
      offline.user_id,
      waiting.user_id,
      rejected.user_id,
      gone.user_id,
      unnamed.user_id,
      customersId,
      'no-such-artist-id',
      '../../etc/passwd',
    ]) {
      expectFieldErrors(await call('PATCH', `/temp-order/${id}/song`, songBody(h, [cheap.user_id, unavailable])), {
        selected_artists: [orderMessages.artistUnavailable],
      });
    }
    // Both problems at once are both reported.
    expectFieldErrors(
      await call('PATCH', `/temp-order/${id}/song`, songBody(h, [offline.user_id], { needed_by: dayFromNow(h, 1) })),
      { selected_artists: [orderMessages.artistUnavailable], needed_by: [orderMessages.neededByTooSoon] },
    );
  });

  it('needs needed_by on or after the date the chosen artists promise (never before today + MIN_LEAD_DAYS)', async () => {
    const id = await createDraft(h, customer.token);
    const promised = arrivesBy(h.clock.now(), deliverySettingsOf(h.config), DEFAULT_TURNAROUND_DAYS);
    const dayBefore = new Date(Date.parse(`${promised}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    for (const needed_by of [dayFromNow(h, -30), dayFromNow(h, 0), dayFromNow(h, 2), dayFromNow(h, 3), dayBefore]) {
      expectFieldErrors(await call('PATCH', `/temp-order/${id}/song`, songBody(h, [cheap.user_id], { needed_by })), {
        needed_by: [orderMessages.neededByTooSoon],
      });
    }
    const exactly = await call(
      'PATCH',
      `/temp-order/${id}/song`,
      songBody(h, [cheap.user_id], { needed_by: promised }),
    );
    expect(exactly.status, exactly.text).toBe(200);
    expect(exactly.body.data.song.needed_by).toBe(exactly.body.data.earliest_needed_by);
  });

  it('PATCH story saves the text and the caller’s clips, answered with signed URLs', async () => {
    const id = await createDraft(h, customer.token);
    await call('PATCH', `/temp-order/${id}/song`, songBody(h, [dear.user_id]));
    const bytes = wavBytes(0.2);
    const clip = await uploadClip(h, customer.token, bytes);
    const name = await uploadClip(h, customer.token);
    const answer = await call(
      'PATCH',
      `/temp-order/${id}/story`,
      storyBody({ song_clip: clip.temp_location, audio_recording1_clip: name.temp_location }),
    );
    expect(answer.status, answer.text).toBe(200);
    const story = answer.body.data.story;
    expect(story.song_about).toBe(storyBody().song_about);
    expect(story.song_clip).toEqual({
      temp_location: clip.temp_location,
      url: expect.stringMatching(new RegExp(`^/media/audio/${clip.temp_location}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`)),
      mime: 'audio/wav',
      size: bytes.length,
    });
    expect(story.audio_recording1_clip.temp_location).toBe(name.temp_location);
    expect(story.song_prompt1_clip).toBeNull();
    const played = await h.request(story.song_clip.url);
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer())).toEqual(bytes);
    // GET answers the same draft, all three steps.
    const draft = (await call('GET', `/temp-order/${id}`)).body.data;
    expect(draft.occasion).not.toBeNull();
    expect(draft.song.selected_artists).toEqual([dear.user_id]);
    expect(draft.story.song_clip.temp_location).toBe(clip.temp_location);
    expect(draft.price).toBe(4200);
    const row = await h.database.db
      .selectFrom('temp_orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.completed_steps)).toEqual(['occasion', 'song', 'story']);
  });

  it('validates every story field', async () => {
    const id = await createDraft(h, customer.token);
    await call('PATCH', `/temp-order/${id}/song`, songBody(h, [dear.user_id]));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ song_about: 'Too short.' }, 'song_about', orderMessages.songAboutTooShort],
      [{ song_about: '' }, 'song_about', orderMessages.songAboutTooShort],
      [{ song_about: 'x'.repeat(3001) }, 'song_about', orderMessages.songAboutTooLong],
      [{ song_prompt1_title: 'x'.repeat(121) }, 'song_prompt1_title', fieldMessages.tooLong('first memory title', 120)],
      [
        { song_prompt2_title: 'x'.repeat(121) },
        'song_prompt2_title',
        fieldMessages.tooLong('second memory title', 120),
      ],
      [{ song_prompt1_details: 'x'.repeat(1501) }, 'song_prompt1_details', orderMessages.promptDetailsTooLong],
      [{ song_prompt2_details: 'x'.repeat(1501) }, 'song_prompt2_details', orderMessages.promptDetailsTooLong],
      [{ extra: 'x' }, 'extra', fieldMessages.unknownField],
    ];
    for (const [override, field, message] of cases) {
      expectFieldErrors(await call('PATCH', `/temp-order/${id}/story`, storyBody(override)), { [field]: [message] });
    }
  });

  it('refuses clips that are not the caller’s usable uploads: another user’s, expired, attached, unknown, path tricks', async () => {
    const id = await createDraft(h, customer.token);
    await call('PATCH', `/temp-order/${id}/song`, songBody(h, [dear.user_id]));
    const story = (slot: string, value: unknown) =>
      call('PATCH', `/temp-order/${id}/story`, storyBody({ [slot]: value }));

    const theirs = await uploadClip(h, stranger.token);
    expectFieldErrors(await story('song_prompt1_clip', theirs.temp_location), {
      song_prompt1_clip: [orderMessages.clipInvalid],
    });

    const old = await uploadClip(h, customer.token);
    const expired = new Date(h.clock.now().getTime() - 24 * 3_600_000).toISOString();
    await h.database.db
      .updateTable('temp_uploads')
      .set({ created_at: expired })
      .where('temp_location', '=', old.temp_location)
      .execute();
    expectFieldErrors(await story('song_clip', old.temp_location), { song_clip: [orderMessages.clipInvalid] });
    // One millisecond younger than 24 h is still fine.
    await h.database.db
      .updateTable('temp_uploads')
      .set({ created_at: new Date(h.clock.now().getTime() - 24 * 3_600_000 + 1).toISOString() })
      .where('temp_location', '=', old.temp_location)
      .execute();
    expect((await story('song_clip', old.temp_location)).status).toBe(200);

    // A clip an earlier order took is that order's for good.
    const used = await uploadClip(h, customer.token);
    const other = await completeDraft(h, customer.token, [cheap.user_id], { story: { song_clip: used.temp_location } });
    expect((await call('POST', `/temp-order/${other}/commit`)).status).toBe(201);
    expectFieldErrors(await story('song_prompt2_clip', used.temp_location), {
      song_prompt2_clip: [orderMessages.clipInvalid],
    });

    expectFieldErrors(await story('audio_recording2_clip', 'tmp_abcdefghijklmnopqrstuvwx'), {
      audio_recording2_clip: [orderMessages.clipInvalid],
    });
    for (const trick of [
      '../../etc/passwd',
      'tmp_../../../etc/passwd',
      'tmp_abc/def/ghijk',
      '/etc/passwd',
      'tmp_%2e%2e%2fabcdef',
      'tmp_short',
      `${old.temp_location}\u0000`,
      'songs/abcdefghijklmnopqrstuvwx.wav',
    ]) {
      expectFieldErrors(await story('song_clip', trick), { song_clip: [orderMessages.clipInvalid] });
    }
    expect((await story('song_clip', 42)).status).toBe(422);
  });

  it('needs the earlier steps first: 409 stepMissing', async () => {
    const id = await createDraft(h, customer.token);
    const story = await call('PATCH', `/temp-order/${id}/story`, storyBody());
    expect(story.status).toBe(409);
    expect(story.body).toEqual({ message: orderMessages.stepMissing });
    const early = await call('POST', `/temp-order/${id}/commit`);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ message: orderMessages.stepMissing });
    await call('PATCH', `/temp-order/${id}/song`, songBody(h, [cheap.user_id]));
    expect((await call('POST', `/temp-order/${id}/commit`)).body).toEqual({ message: orderMessages.stepMissing });
    expect((await call('PATCH', `/temp-order/${id}/story`, storyBody())).status).toBe(200);
    expect((await call('POST', `/temp-order/${id}/commit`)).status).toBe(201);
  });

  it('a draft without its occasion step cannot take a song (409)', async () => {
    const id = await createDraft(h, customer.token);
    await h.database.db
      .updateTable('temp_orders')
      .set({ completed_steps: '[]', occasion: null })
      .where('id', '=', id)
      .execute();
    const answer = await call('PATCH', `/temp-order/${id}/song`, songBody(h, [cheap.user_id]));
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(orderMessages.stepMissing);
  });

  it('another customer’s draft, an unknown id and a non-numeric id are 404, whatever the call', async () => {
    const id = await completeDraft(h, customer.token, [cheap.user_id]);
    const before = await h.database.db
      .selectFrom('temp_orders')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const calls: [string, string, unknown][] = [
      ['GET', `/temp-order/${id}`, undefined],
      ['PATCH', `/temp-order/${id}/occasion`, occasionBody()],
      ['PATCH', `/temp-order/${id}/song`, songBody(h, [dear.user_id])],
      ['PATCH', `/temp-order/${id}/story`, storyBody()],
      ['POST', `/temp-order/${id}/commit`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const answer = await call(method, path, body, stranger.token);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ message: orderMessages.draftNotFound });
      const unknown = await call(method, path.replace(String(id), '999999'), body);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: orderMessages.draftNotFound });
    }
    expect(
      await h.database.db.selectFrom('temp_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual(before);
    expect(
      await h.database.db.selectFrom('orders').select('id').where('customer_id', '=', stranger.id).execute(),
    ).toEqual([]);
    for (const path of ['/temp-order/abc', '/temp-order/1e3', '/temp-order/-1/song']) {
      const answer = await call('GET', path);
      expect(answer.status).toBe(404);
    }
  });

  it('needs a customer token: none, an artist’s or an admin’s is 401 on every call', async () => {
    const id = await createDraft(h, customer.token);
    const calls: [string, string, unknown][] = [
      ['POST', '/temp-order', occasionBody()],
      ['GET', `/temp-order/${id}`, undefined],
      ['PATCH', `/temp-order/${id}/occasion`, occasionBody()],
      ['PATCH', `/temp-order/${id}/song`, songBody(h, [cheap.user_id])],
      ['PATCH', `/temp-order/${id}/story`, storyBody()],
      ['POST', `/temp-order/${id}/commit`, undefined],
      ['POST', '/temp-order/upload', undefined],
      ['GET', '/orders', undefined],
      ['GET', '/orders/1', undefined],
      ['GET', '/payments', undefined],
    ];
    for (const token of [undefined, cheap.token, 'not.a.token']) {
      for (const [method, path, body] of calls) {
        const answer = await h.call(method, `${U}${path}`, body, token ? { token } : {});
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body).toEqual({ message: serverMessages.unauthenticated });
      }
    }
    // Authentication comes before validation: a stranger learns nothing from a 422.
    expect((await h.call('POST', `${U}/temp-order`, { junk: 1 }, { token: cheap.token })).status).toBe(401);
  });

  it('a committed draft cannot change: every step answers 409 alreadyCommitted with the order id', async () => {
    const order = await placeOrder(h, customer.token, [cheap.user_id]);
    const row = await h.database.db
      .selectFrom('temp_orders')
      .selectAll()
      .where('committed_order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    for (const [path, body] of [
      [`/temp-order/${row.id}/occasion`, occasionBody({ occasion_name: 'wedding' })],
      [`/temp-order/${row.id}/song`, songBody(h, [dear.user_id])],
      [
        `/temp-order/${row.id}/story`,
        storyBody({ song_about: 'Something else entirely, long enough to be valid here.' }),
      ],
    ] as const) {
      const answer = await call('PATCH', path, body);
      expect(answer.status, path).toBe(409);
      expect(answer.body).toEqual({ message: orderMessages.alreadyCommitted, data: { order_id: order.id } });
    }
    const draft = (await call('GET', `/temp-order/${row.id}`)).body.data;
    expect(draft.committed_order_id).toBe(order.id);
    expect(draft.occasion.occasion_name).toBe('birthday');
  });
});
