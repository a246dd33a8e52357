import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { artistMessages } from '../../contracts/artist';
import { fieldMessages, pageLimitMessage } from '../../contracts/field-messages';
import { isOverdue, lifecycleMessages } from '../../contracts/lifecycle';
import { type NotificationType, notificationTypes } from '../../contracts/notifications';
import { orderMessages, songFileName } from '../../contracts/order';
import { cancelledMessage } from '../../contracts/refunds';
import { serverMessages } from '../../contracts/server-messages';
import { attachmentDisposition } from '../../server/http/send-file';
import { expireOffers } from '../../server/lifecycle/offer-sweep';
import { dueAtFor } from '../../server/lifecycle/order-actions';
import { ARTIST_PASSWORD, type ArtistAccount, formOf, makeArtist, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import {
  A,
  ADMIN,
  eventTypesOf,
  notificationsOf,
  offersOf,
  type PaidOrder,
  paidOrder,
  payOrder,
  renewArtist,
  type SignedIn,
  signedIn,
  statusOf,
  submitRecording,
  U,
  uploadRecording,
} from './lifecycle-fixtures';
import {
  completeDraft,
  DAY_MS,
  dayFromNow,
  makeCustomer,
  makeRatedArtist,
  placeOrder,
  uploadClip,
} from './orders-fixtures';

// The rules around the lifecycle's calls (docs/api.md "Order lifecycle"): bad input, who may see
// what, races between artists and between sweeps, refunds, revisions, due dates, paging, the gift
// page, the recording previews, and who is told about each transition.

const OFFER_TTL_MS = 3_600_000;
const HOUR_MS = 3_600_000;
const env = { OFFER_TTL_HOURS: '1', ACCESS_TOKEN_TTL_SECONDS: '86400' };

/** 00:00 in Manila (UTC+8) of the day before `neededBy`, written out independently of the server. */
const manilaMidnightBefore = (neededBy: string) => {
  const [y, m, d] = neededBy.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1, -8)).toISOString();
};
/** yyyy-mm-dd in Manila, `days` from the harness clock. */
const manilaDay = (h: Harness, days: number) =>
  new Date(h.clock.now().getTime() + 8 * HOUR_MS + days * DAY_MS).toISOString().slice(0, 10);

const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('isOverdue', () => {
  it('is work (in progress or in revision) past its due date, nothing else', () => {
    const now = new Date('2030-03-01T00:00:00.000Z');
    const past = '2030-02-28T23:59:00.000Z';
    const later = '2030-03-01T00:01:00.000Z';
    expect(isOverdue({ status: 'in_progress', due_at: past }, now)).toBe(true);
    expect(isOverdue({ status: 'in_revision', due_at: past }, now)).toBe(true);
    expect(isOverdue({ status: 'in_progress', due_at: later }, now)).toBe(false);
    expect(isOverdue({ status: 'in_progress', due_at: null }, now)).toBe(false);
    for (const status of ['offered', 'in_validation', 'delivered', 'completed', 'disputed'] as const) {
      expect(isOverdue({ status, due_at: past }, now), status).toBe(false);
    }
  });
});

describe.each(databases)('order lifecycle rules (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;

  beforeAll(async () => {
    h = await createHarness(kind, { env });
    admin = await signedIn(h, 'admin');
    // A second admin: recordings go to every admin.
    await signedIn(h, 'admin', 'second-admin');
  });
  afterAll(() => h.close());
  // Some tests move the clock by days: every test starts with a fresh admin token.
  beforeEach(() => admin.renew());

  const post = (path: string, body: unknown, token: string) => h.call('POST', path, body, { token });
  const get = (path: string, token: string) => h.call('GET', path, undefined, { token });
  const fieldErrors = (answer: { status: number; body: any; text: string }) => {
    expect(answer.status, answer.text).toBe(422);
    return answer.body.errors as Record<string, string[]>;
  };

  /** A paid order taken by its first artist. */
  async function inProgress(artistCount = 2) {
    const order = await paidOrder(h, artistCount);
    const artist = order.artists[0] as ArtistAccount;
    const accepted = await post(`${A}/orders/${order.id}/accept`, undefined, artist.token);
    expect(accepted.status, accepted.text).toBe(200);
    return { ...order, artist };
  }
  async function inValidation(artistCount = 2) {
    const order = await inProgress(artistCount);
    await submitRecording(h, order.artist.token, order.id, 'First take');
    return order;
  }
  async function validate(orderId: number) {
    const answer = await post(`${ADMIN}/orders/${orderId}/validate`, undefined, admin.token);
    expect(answer.status, answer.text).toBe(200);
  }
  async function delivered(artistCount = 2) {
    const order = await inValidation(artistCount);
    await validate(order.id);
    return order;
  }
  async function completed() {
    const order = await delivered();
    const answer = await post(`${U}/orders/${order.id}/accept`, undefined, order.customer.token);
    expect(answer.status, answer.text).toBe(200);
    return order;
  }
  /** A paid order whose every artist declined. */
  async function needingAnArtist(artistCount = 2) {
    const order = await paidOrder(h, artistCount);
    for (const artist of order.artists)
      expect((await post(`${A}/orders/${order.id}/decline`, { reason: 'Busy' }, artist.token)).status).toBe(200);
    expect(await statusOf(h, order.id)).toBe('needs_artist');
    return order;
  }

  describe('bad input', () => {
    it('decline, reject and request-revision need their reason or notes; unknown fields are refused', async () => {
      const offered = await paidOrder(h, 1);
      const artist = offered.artists[0] as ArtistAccount;
      for (const body of [{}, { reason: '' }, { reason: '   ' }])
        expect(fieldErrors(await post(`${A}/orders/${offered.id}/decline`, body, artist.token))).toEqual({
          reason: [lifecycleMessages.reasonRequired],
        });
      expect(
        fieldErrors(await post(`${A}/orders/${offered.id}/decline`, { reason: 'Busy', extra: 1 }, artist.token)),
      ).toEqual({ extra: [fieldMessages.unknownField] });
      expect(await statusOf(h, offered.id)).toBe('offered');

      const order = await delivered();
      for (const body of [{}, { reason: ' ' }])
        expect(fieldErrors(await post(`${U}/orders/${order.id}/reject`, body, order.customer.token))).toEqual({
          reason: [lifecycleMessages.changesRequired],
        });
      expect(
        fieldErrors(
          await post(
            `${U}/orders/${order.id}/reject`,
            { reason: 'Please make the chorus slower.', rating: 1 },
            order.customer.token,
          ),
        ),
      ).toEqual({ rating: [fieldMessages.unknownField] });
      expect(await statusOf(h, order.id)).toBe('delivered');

      const checking = await inValidation();
      for (const body of [{}, { notes: '' }, { notes: '\n' }])
        expect(fieldErrors(await post(`${ADMIN}/orders/${checking.id}/request-revision`, body, admin.token))).toEqual({
          notes: [lifecycleMessages.notesRequired],
        });
      expect(
        fieldErrors(
          await post(
            `${ADMIN}/orders/${checking.id}/request-revision`,
            { notes: 'Please make the chorus slower.', status: 'x' },
            admin.token,
          ),
        ),
      ).toEqual({ status: [fieldMessages.unknownField] });
      expect(await statusOf(h, checking.id)).toBe('in_validation');
    });

    it('a rating is a whole number from 1 to 5', async () => {
      const order = await completed();
      for (const rating of [0, 6, '5', 2.5, null, -1])
        expect(fieldErrors(await post(`${U}/orders/${order.id}/rate`, { rating }, order.customer.token))).toEqual({
          rating: [lifecycleMessages.ratingRequired],
        });
      expect(
        fieldErrors(await post(`${U}/orders/${order.id}/rate`, { rating: 5, stars: 5 }, order.customer.token)),
      ).toEqual({ stars: [fieldMessages.unknownField] });
      const rated = await post(`${U}/orders/${order.id}/rate`, { rating: 5 }, order.customer.token);
      expect(rated.status, rated.text).toBe(200);
      expect(rated.body.data).toMatchObject({ rating: 5, review: '' });
    });

    // Fails today: contracts/lifecycle.ts rateSchema has `rating: v.pipe(v.number(...))` with no
    // v.optional, so a body without `rating` answers valibot's own text under the field ("Invalid key:
    // Expected "rating" but received undefined") instead of ratingRequired. The contract is not this
    // suite's to change; the fix there is `v.optional(v.number(...))` before the pipe's checks (or the
    // strictObject entry wrapped the way the other schemas of that file do).
    it('a rating left out is asked for with the rating message', async () => {
      const order = await completed();
      expect(fieldErrors(await post(`${U}/orders/${order.id}/rate`, {}, order.customer.token))).toEqual({
        rating: [lifecycleMessages.ratingRequired],
      });
    });

    it('a recording is confirmed human-made and is an unused upload of the artist', async () => {
      const order = await inProgress();
      const { artist } = order;
      const url = `${A}/orders/${order.id}/recording`;
      const mine = await uploadRecording(h, artist.token);
      for (const body of [{ temp_location: mine }, { temp_location: mine, human_made: false }])
        expect(fieldErrors(await post(url, body, artist.token))).toEqual({
          human_made: [lifecycleMessages.humanMadeRequired],
        });
      expect(fieldErrors(await post(url, { human_made: true }, artist.token))).toEqual({
        temp_location: [lifecycleMessages.recordingRequired],
      });
      for (const temp_location of ['../../etc/passwd', 'tmp_short', 'tmp_abc/../../../x', 42])
        expect(fieldErrors(await post(url, { temp_location, human_made: true }, artist.token)).temp_location).toEqual([
          typeof temp_location === 'number' ? lifecycleMessages.recordingRequired : lifecycleMessages.recordingInvalid,
        ]);
      expect(fieldErrors(await post(url, { temp_location: mine, human_made: true, version: 2 }, artist.token))).toEqual(
        { version: [fieldMessages.unknownField] },
      );
      // Another artist's upload, a customer's clip, an upload nobody made: not this artist's recording.
      const stranger = await makeRatedArtist(h);
      const clip = await uploadClip(h, order.customer.token);
      for (const temp_location of [
        await uploadRecording(h, stranger.token),
        clip.temp_location,
        `tmp_${randomBytes(18).toString('base64url')}`,
      ])
        expect(fieldErrors(await post(url, { temp_location, human_made: true }, artist.token))).toEqual({
          temp_location: [lifecycleMessages.recordingInvalid],
        });
      expect(await statusOf(h, order.id)).toBe('in_progress');

      // Used once, an upload cannot be submitted again (here after a revision request).
      expect((await post(url, { temp_location: mine, human_made: true }, artist.token)).status).toBe(200);
      const revise = await post(
        `${ADMIN}/orders/${order.id}/request-revision`,
        { notes: 'Please record the chorus again.' },
        admin.token,
      );
      expect(revise.status, revise.text).toBe(200);
      expect(fieldErrors(await post(url, { temp_location: mine, human_made: true }, artist.token))).toEqual({
        temp_location: [lifecycleMessages.recordingInvalid],
      });
      expect(await statusOf(h, order.id)).toBe('in_revision');
    });

    it('a rebooking names one to three different, available artists never offered this order', async () => {
      const order = await needingAnArtist();
      const url = `${U}/orders/${order.id}/rebook`;
      const rebook = (selected_artists: unknown) => post(url, { selected_artists }, order.customer.token);
      const fresh = [await makeRatedArtist(h), await makeRatedArtist(h), await makeRatedArtist(h)];
      const four = [...fresh, await makeRatedArtist(h)].map((a) => a.user_id);
      const offline = await makeRatedArtist(h, { online: false });
      const waiting = await makeRatedArtist(h, { status: 'for_review' });
      // Listed means what the catalogue shows (migration 0034's cards): a stage name too, and not suspended.
      const nameless = await makeRatedArtist(h);
      const suspended = await makeRatedArtist(h);
      await h.database.db.updateTable('users').set({ stage_name: null }).where('id', '=', nameless.id).execute();
      await h.database.db
        .updateTable('users')
        .set({ suspended_at: new Date().toISOString() })
        .where('id', '=', suspended.id)
        .execute();
      const first = fresh[0] as ArtistAccount;
      expect(fieldErrors(await rebook([]))).toEqual({ selected_artists: [orderMessages.artistsRequired] });
      expect(fieldErrors(await post(url, {}, order.customer.token))).toEqual({
        selected_artists: [orderMessages.artistsRequired],
      });
      expect(fieldErrors(await rebook(four))).toEqual({ selected_artists: [orderMessages.tooManyArtists] });
      expect(fieldErrors(await rebook([first.user_id, first.user_id]))).toEqual({
        selected_artists: [orderMessages.artistsRequired],
      });
      for (const unavailable of [offline, waiting, nameless, suspended])
        expect(fieldErrors(await rebook([first.user_id, unavailable.user_id]))).toEqual({
          selected_artists: [orderMessages.artistUnavailable],
        });
      expect(fieldErrors(await rebook(['not-an-artist']))).toEqual({
        selected_artists: [orderMessages.artistUnavailable],
      });
      expect(fieldErrors(await rebook([first.user_id, order.artists[0]?.user_id]))).toEqual({
        selected_artists: [lifecycleMessages.rebookSameArtist],
      });
      expect(
        fieldErrors(await post(url, { selected_artists: [first.user_id], price: 1 }, order.customer.token)),
      ).toEqual({ price: [fieldMessages.unknownField] });
      expect(await statusOf(h, order.id)).toBe('needs_artist');
      expect(await offersOf(h, order.id)).toHaveLength(2);
    });

    it('a gift date is a date from today (Manila) on; a thank-you has a name and a message', async () => {
      const order = await completed();
      const url = `${U}/orders/${order.id}/gift`;
      for (const reveal_on of [
        '12/31/2030',
        '2030-1-1',
        'tomorrow',
        20301231,
        '2099-02-30',
        '2030-13-01',
        '9999-99-99',
      ])
        expect(fieldErrors(await post(url, { reveal_on }, order.customer.token))).toEqual({
          reveal_on: [lifecycleMessages.revealDateInvalid],
        });
      expect(fieldErrors(await post(url, { reveal_on: manilaDay(h, -1) }, order.customer.token))).toEqual({
        reveal_on: [lifecycleMessages.revealDateInvalid],
      });
      expect(fieldErrors(await post(url, { reveal_on: null, token: 'x' }, order.customer.token))).toEqual({
        token: [fieldMessages.unknownField],
      });
      const today = await post(url, { reveal_on: manilaDay(h, 0) }, order.customer.token);
      expect(today.status, today.text).toBe(200);

      const thanks = `${U}/gifts/${today.body.data.token}/thanks`;
      expect(fieldErrors(await h.call('POST', thanks, {}))).toEqual({
        name: [fieldMessages.required('name')],
        message: ['Please write your note'],
      });
      expect(fieldErrors(await h.call('POST', thanks, { name: ' ', message: 'Hi', from: 'x' }))).toEqual({
        name: [fieldMessages.required('name')],
        from: [fieldMessages.unknownField],
      });
    });

    it('list queries: unknown stage, malformed cursor or limit → 422', async () => {
      const artist = await makeRatedArtist(h);
      for (const query of [
        'stage=nope',
        '',
        'stage=new&cursor=a%20b',
        'stage=new&cursor=%27%3B--',
        // Well-formed characters, but not "<needed_by>_<id>": never a silent first page.
        'stage=new&cursor=zzz',
        'stage=new&cursor=2026-01-01',
        'stage=new&limit=0',
        'stage=new&limit=51',
        'stage=new&limit=abc',
        'stage=new&page=2',
      ]) {
        const answer = await get(`${A}/orders?${query}`, artist.token);
        expect(answer.status, `artist ${query}: ${answer.text}`).toBe(422);
        expect(answer.body.message).toBe(serverMessages.validationFailed);
      }
      expect((await get(`${A}/orders?stage=new&limit=0`, artist.token)).body.errors).toEqual({
        limit: [pageLimitMessage],
      });
      for (const query of [
        'stage=nope',
        'transaction=XYZ',
        'cursor=a%20b',
        'cursor=zzz',
        'limit=0',
        'limit=100',
        'stage=paid',
      ])
        expect((await get(`${ADMIN}/orders?${query}`, admin.token)).status, `admin ${query}`).toBe(422);
      for (const query of ['status=nope', 'limit=-1', 'cursor=%2F', 'cursor=2026-01-01_1'])
        expect((await get(`${ADMIN}/payouts?${query}`, admin.token)).status, `payouts ${query}`).toBe(422);
      expect((await get(`${A}/orders?stage=new&limit=50`, artist.token)).status).toBe(200);
    });

    it('ids that are not digits are not routes (404)', async () => {
      const order = await paidOrder(h, 1);
      const artist = order.artists[0] as ArtistAccount;
      for (const id of ['abc', '1e3', '-1', '1.5', '0x1', '%31'.repeat(10)]) {
        for (const [path, token, body] of [
          [`${U}/orders/${id}`, order.customer.token],
          [`${U}/orders/${id}/cancel`, order.customer.token, {}],
          [`${U}/orders/${id}/accept`, order.customer.token],
          [`${A}/orders/${id}`, artist.token],
          [`${A}/orders/${id}/accept`, artist.token],
          [`${A}/orders/${id}/decline`, artist.token, { reason: 'x' }],
          [`${ADMIN}/orders/${id}`, admin.token],
          [`${ADMIN}/orders/${id}/cancel`, admin.token, {}],
          [`${ADMIN}/payouts/${id}/mark-paid`, admin.token, {}],
        ] as const) {
          const answer = await h.call(body || path.endsWith('accept') ? 'POST' : 'GET', path, body, { token });
          expect(answer.status, `${path}: ${answer.text}`).toBe(404);
        }
      }
      expect(await statusOf(h, order.id)).toBe('offered');
      // Digits that name no order.
      expect((await post(`${A}/orders/999999/accept`, undefined, artist.token)).status).toBe(404);
      expect((await post(`${ADMIN}/orders/999999/validate`, undefined, admin.token)).status).toBe(404);
      expect((await post(`${U}/orders/999999/accept`, undefined, order.customer.token)).status).toBe(404);
    });
  });

  describe('who may act on an order', () => {
    it("another customer's order is a 404 on every customer call, and nothing changes", async () => {
      const other = await makeCustomer(h);
      const spare = await makeRatedArtist(h);
      for (const order of [await paidOrder(h, 1), await delivered(1)]) {
        const before = { status: await statusOf(h, order.id), events: await eventTypesOf(h, order.id) };
        for (const [method, path, body] of [
          ['GET', `${U}/orders/${order.id}`],
          ['POST', `${U}/orders/${order.id}/accept`],
          ['POST', `${U}/orders/${order.id}/reject`, { reason: 'Please change the second verse now.' }],
          ['POST', `${U}/orders/${order.id}/rate`, { rating: 1 }],
          ['POST', `${U}/orders/${order.id}/cancel`, {}],
          ['POST', `${U}/orders/${order.id}/rebook`, { selected_artists: [spare.user_id] }],
          ['POST', `${U}/orders/${order.id}/gift`, { reveal_on: null }],
        ] as const) {
          const answer = await h.call(method, path, body, { token: other.token });
          expect(answer.status, `${method} ${path}`).toBe(404);
          expect(answer.body).toEqual({ message: orderMessages.orderNotFound });
        }
        expect({ status: await statusOf(h, order.id), events: await eventTypesOf(h, order.id) }).toEqual(before);
      }
    });

    it('an artist never offered the order gets 404, whatever its state; an unapproved artist 403', async () => {
      const stranger = await makeRatedArtist(h);
      const offered = await paidOrder(h, 1);
      const working = await inProgress(1);
      const temp = await uploadRecording(h, stranger.token);
      for (const order of [offered, working]) {
        const before = await eventTypesOf(h, order.id);
        for (const [method, path, body] of [
          ['GET', `${A}/orders/${order.id}`],
          ['POST', `${A}/orders/${order.id}/accept`],
          ['POST', `${A}/orders/${order.id}/decline`, { reason: 'x' }],
          ['POST', `${A}/orders/${order.id}/recording`, { temp_location: temp, human_made: true }],
        ] as const) {
          const answer = await h.call(method, path, body, { token: stranger.token });
          expect(answer.status, `${method} ${path} (${await statusOf(h, order.id)}): ${answer.text}`).toBe(404);
          expect(answer.body).toEqual({ message: orderMessages.orderNotFound });
        }
        expect(await eventTypesOf(h, order.id)).toEqual(before);
      }
      const list = await get(`${A}/orders?stage=new`, stranger.token);
      expect(list.body.data.items).toEqual([]);

      const unapproved = await makeArtist(h, { status: 'for_review', online: false });
      for (const [method, path, body] of [
        ['GET', `${A}/orders?stage=new`],
        ['GET', `${A}/orders/${offered.id}`],
        ['POST', `${A}/orders/${offered.id}/accept`],
        ['POST', `${A}/orders/${offered.id}/decline`, { reason: 'x' }],
        ['POST', `${A}/orders/${offered.id}/recording`, { temp_location: temp, human_made: true }],
        ['GET', `${A}/order/song/upload?source=${temp}`],
        ['GET', `${A}/earnings`],
      ] as const) {
        const answer = await h.call(method, path, body, { token: unapproved.token });
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.body).toEqual({ message: artistMessages.notApproved });
      }
      const upload = await h.upload(
        `${A}/order/song/upload`,
        formOf({}, { file: { bytes: wavBytes(), name: 'take.wav' } }),
        {
          token: unapproved.token,
        },
      );
      expect(upload.status).toBe(403);
      expect(await statusOf(h, offered.id)).toBe('offered');
    });
  });

  describe('offers', () => {
    it('first accept wins when two artists accept at once', async () => {
      const order = await paidOrder(h, 2);
      const [a, b] = order.artists as [ArtistAccount, ArtistAccount];
      const answers = await Promise.all(
        [a, b].map((artist) => post(`${A}/orders/${order.id}/accept`, undefined, artist.token)),
      );
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
      const lost = answers.find((x) => x.status === 409);
      expect(lost?.body.message).toBe(lifecycleMessages.notNow.artist_accepted);
      const winner = answers[0]?.status === 200 ? a : b;
      expect(await statusOf(h, order.id)).toBe('in_progress');
      expect((await eventTypesOf(h, order.id)).filter((t) => t === 'artist_accepted')).toHaveLength(1);
      const offers = await offersOf(h, order.id);
      expect(offers.map((o) => [o.artist_id, o.offer_status])).toEqual(
        [a, b].map((x) => [x.id, x.id === winner.id ? 'accepted' : 'withdrawn']),
      );
      const row = await h.database.db
        .selectFrom('orders')
        .select('artist_id')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.artist_id).toBe(winner.id);
    });

    it('a decline with offers left keeps the order offered; the last one leaves it needing an artist', async () => {
      const order = await paidOrder(h, 2);
      const [a, b] = order.artists as [ArtistAccount, ArtistAccount];
      const first = await post(`${A}/orders/${order.id}/decline`, { reason: 'On tour' }, a.token);
      expect(first.status, first.text).toBe(200);
      expect(first.body).toEqual({ message: lifecycleMessages.declined, data: null });
      expect(await statusOf(h, order.id)).toBe('offered');
      expect((await offersOf(h, order.id)).map((o) => o.offer_status)).toEqual(['declined', 'pending']);
      expect(await notificationsOf(h, order.customer.id)).toEqual([]);
      // The declined offer is gone from the artist's screen and cannot be answered again.
      expect((await get(`${A}/orders?stage=new`, a.token)).body.data.items).toEqual([]);
      const again = await post(`${A}/orders/${order.id}/accept`, undefined, a.token);
      expect(again.status).toBe(409);

      expect((await post(`${A}/orders/${order.id}/decline`, { reason: 'Sick' }, b.token)).status).toBe(200);
      expect(await statusOf(h, order.id)).toBe('needs_artist');
      expect((await notificationsOf(h, order.customer.id)).map((n) => n.type)).toEqual(['rejected_by_artist']);
      const view = await get(`${U}/orders/${order.id}`, order.customer.token);
      expect(view.body.data.lifecycle).toMatchObject({ status: 'needs_artist', open_offers: 0 });
    });

    it('a rebooking opens new offers without a new payment and tells only the new artists', async () => {
      const order = await needingAnArtist();
      const payments = await h.database.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', order.id)
        .execute();
      const fresh = [await makeRatedArtist(h), await makeRatedArtist(h)];
      const before = await Promise.all(order.artists.map((a) => notificationsOf(h, a.id)));
      const answer = await post(
        `${U}/orders/${order.id}/rebook`,
        { selected_artists: fresh.map((a) => a.user_id) },
        order.customer.token,
      );
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.message).toBe(lifecycleMessages.rebooked);
      expect(answer.body.data.lifecycle).toMatchObject({ status: 'offered', open_offers: 2 });
      expect(await h.database.db.selectFrom('payments').selectAll().where('order_id', '=', order.id).execute()).toEqual(
        payments,
      );
      const now = h.clock.now().getTime();
      const offers = await offersOf(h, order.id);
      expect(offers.map((o) => [o.artist_id, o.rank, o.offer_status])).toEqual([
        [order.artists[0]?.id, 1, 'declined'],
        [order.artists[1]?.id, 2, 'declined'],
        [fresh[0]?.id, 3, 'pending'],
        [fresh[1]?.id, 4, 'pending'],
      ]);
      for (const offer of offers.slice(2)) expect(offer.expires_at).toBe(new Date(now + OFFER_TTL_MS).toISOString());
      for (const artist of fresh) {
        expect((await notificationsOf(h, artist.id)).map((n) => n.type)).toEqual(['new_order']);
        expect(ids((await get(`${A}/orders?stage=new`, artist.token)).body.data.items)).toEqual([order.id]);
      }
      expect(await Promise.all(order.artists.map((a) => notificationsOf(h, a.id)))).toEqual(before);
    });

    it('an offer past its time cannot be answered, even before the sweep ran', async () => {
      const order = await paidOrder(h, 2);
      const [a, b] = order.artists as [ArtistAccount, ArtistAccount];
      h.clock.advance(OFFER_TTL_MS + 60_000);
      const accept = await post(`${A}/orders/${order.id}/accept`, undefined, a.token);
      expect(accept.status).toBe(409);
      expect(accept.body.message).toBe(lifecycleMessages.offerExpired);
      const decline = await post(`${A}/orders/${order.id}/decline`, { reason: 'Late' }, b.token);
      expect(decline.status).toBe(409);
      expect(decline.body.message).toBe(lifecycleMessages.offerExpired);
      expect(await statusOf(h, order.id)).toBe('offered');
      expect((await offersOf(h, order.id)).map((o) => o.offer_status)).toEqual(['pending', 'pending']);
      expect(await eventTypesOf(h, order.id)).toEqual(['created', 'payment_succeeded']);
    });
  });

  describe('offer expiry', () => {
    async function pendingDue() {
      const row = await h.database.db
        .selectFrom('order_artists')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('offer_status', '=', 'pending')
        .where('expires_at', '<=', h.clock.now().toISOString())
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }
    async function expiredEvents() {
      const rows = await h.database.db
        .selectFrom('order_events')
        .select(['order_id', 'payload'])
        .where('type', '=', 'offer_expired')
        .execute();
      return rows;
    }

    it('two sweeps at once (two processes) expire each offer exactly once', async () => {
      const two = await paidOrder(h, 2);
      const one = await paidOrder(h, 1);
      h.clock.advance(OFFER_TTL_MS + 1000);
      const due = await pendingDue();
      expect(due).toBeGreaterThanOrEqual(3);
      const eventsBefore = (await expiredEvents()).length;
      const sweep = () => expireOffers({ db: h.database.db, hub: h.hub, clock: h.clock });
      const [x, y] = await Promise.all([sweep(), sweep()]);
      expect(x + y).toBe(due);
      expect(await pendingDue()).toBe(0);
      const events = await expiredEvents();
      expect(events.length - eventsBefore).toBe(due);
      for (const order of [two, one]) {
        const mine = events.filter((e) => e.order_id === order.id).map((e) => JSON.parse(e.payload ?? '{}').artist_id);
        expect(mine.sort()).toEqual(order.artists.map((a) => a.id).sort());
        expect((await offersOf(h, order.id)).map((o) => o.offer_status)).toEqual(order.artists.map(() => 'expired'));
        expect(await statusOf(h, order.id)).toBe('needs_artist');
        expect((await notificationsOf(h, order.customer.id)).map((n) => n.type)).toEqual(['rejected_by_artist']);
      }
      // Nothing is left for a third run.
      expect(await sweep()).toBe(0);
    });

    it('never expires an accepted or declined offer', async () => {
      const order = await paidOrder(h, 3);
      const [a, b, c] = order.artists as [ArtistAccount, ArtistAccount, ArtistAccount];
      expect((await post(`${A}/orders/${order.id}/decline`, { reason: 'No' }, a.token)).status).toBe(200);
      expect((await post(`${A}/orders/${order.id}/accept`, undefined, b.token)).status).toBe(200);
      h.clock.advance(OFFER_TTL_MS * 2);
      await expireOffers({ db: h.database.db, hub: h.hub, clock: h.clock });
      expect((await offersOf(h, order.id)).map((o) => [o.artist_id, o.offer_status])).toEqual([
        [a.id, 'declined'],
        [b.id, 'accepted'],
        [c.id, 'withdrawn'],
      ]);
      expect(await statusOf(h, order.id)).toBe('in_progress');
      expect(await eventTypesOf(h, order.id)).toEqual([
        'created',
        'payment_succeeded',
        'artist_declined',
        'artist_accepted',
      ]);
    });
  });

  describe('cancellation', () => {
    it('the customer cancels an offered order: full refund, offers withdrawn, everyone told', async () => {
      const order = await paidOrder(h, 2);
      const [payment] = await h.database.db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', order.id)
        .where('status', '=', 'succeeded')
        .execute();
      const answer = await post(`${U}/orders/${order.id}/cancel`, { reason: 'Plans changed' }, order.customer.token);
      expect(answer.status, answer.text).toBe(200);
      // The customer's toast names the refund as the order page does (contracts/refunds.ts).
      expect(answer.body.message).toBe(cancelledMessage(answer.body.data.refunds));
      expect(answer.body.message).toContain('owed to you');
      expect(answer.body.data.status).toBe('cancelled');
      expect(answer.body.data.refunds).toEqual([
        {
          id: expect.any(Number),
          amount: (payment?.amount_centavos as number) / 100,
          at: h.clock.now().toISOString(),
          reason: 'order_cancelled',
          status: 'owed',
          method: null,
          reference: null,
          sent_at: null,
        },
      ]);
      const paymentAfter = await h.database.db
        .selectFrom('payments')
        .select('status')
        .where('id', '=', payment?.id as number)
        .executeTakeFirstOrThrow();
      expect(paymentAfter.status).toBe('refunded');
      const refunds = await h.database.db.selectFrom('refunds').selectAll().where('order_id', '=', order.id).execute();
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({
        payment_id: payment?.id,
        amount_centavos: payment?.amount_centavos,
        reason: 'Plans changed',
        reason_code: 'order_cancelled',
        status: 'owed',
        actor: 'customer',
        actor_id: order.customer.id,
      });
      const price = await h.database.db
        .selectFrom('orders')
        .select('price_centavos')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(refunds[0]?.amount_centavos).toBe(price.price_centavos);
      expect((await offersOf(h, order.id)).map((o) => o.offer_status)).toEqual(['withdrawn', 'withdrawn']);
      for (const id of [order.customer.id, ...order.artists.map((a) => a.id)])
        expect((await notificationsOf(h, id)).filter((n) => n.type === 'cancelled_order')).toHaveLength(1);
      const adminView = await get(`${ADMIN}/orders/${order.id}`, admin.token);
      expect(adminView.body.data.refunds).toEqual(answer.body.data.refunds);
    });

    it('only an admin cancels an order the artist is working on', async () => {
      const order = await inProgress(2);
      const refused = await post(`${U}/orders/${order.id}/cancel`, {}, order.customer.token);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(lifecycleMessages.notNow.cancelled);
      expect(await statusOf(h, order.id)).toBe('in_progress');
      const cancelled = await post(`${ADMIN}/orders/${order.id}/cancel`, { reason: 'Overdue' }, admin.token);
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.body.message).toBe(lifecycleMessages.cancelledRefund);
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refunds: [{ amount: expect.any(Number) }] });
      expect(await statusOf(h, order.id)).toBe('cancelled');
      const refund = await h.database.db
        .selectFrom('refunds')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(refund).toMatchObject({ actor: 'admin', actor_id: admin.id, reason: 'Overdue' });
      for (const id of [order.customer.id, order.artist.id])
        expect((await notificationsOf(h, id)).at(-1)?.type).toBe('cancelled_order');
    });

    it('an unpaid order cancels without a refund', async () => {
      const customer = await makeCustomer(h);
      const artist = await makeRatedArtist(h);
      const order = await placeOrder(h, customer.token, [artist.user_id]);
      const answer = await post(`${U}/orders/${order.id}/cancel`, {}, customer.token);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.message).toBe(lifecycleMessages.cancelled);
      expect(answer.body.data.refunds).toEqual([]);
      expect(await notificationsOf(h, artist.id)).toEqual([]);
    });
  });

  describe('revisions', () => {
    it("an admin's revision requests do not use the customer's revisions", async () => {
      const order = await inValidation();
      for (let round = 0; round < 3; round++) {
        const answer = await post(
          `${ADMIN}/orders/${order.id}/request-revision`,
          { notes: 'Please record the chorus again.' },
          admin.token,
        );
        expect(answer.status, answer.text).toBe(200);
        expect(answer.body.data.lifecycle).toMatchObject({ status: 'in_revision', revisions_used: 0 });
        await submitRecording(h, order.artist.token, order.id, `Take ${round + 2}`);
      }
      await validate(order.id);
      const rejected = await post(
        `${U}/orders/${order.id}/reject`,
        { reason: 'A slower tempo would suit the song.' },
        order.customer.token,
      );
      expect(rejected.status, rejected.text).toBe(200);
      expect(rejected.body.data.lifecycle).toMatchObject({ revisions_used: 1, revision_limit: 2 });
    });
  });

  describe('due dates', () => {
    it('accepting sets the due date to 00:00 Manila the day before the needed-by date', async () => {
      expect(dueAtFor('2030-03-01')).toBe('2030-02-27T16:00:00.000Z');
      expect(dueAtFor('2031-01-01')).toBe('2030-12-30T16:00:00.000Z');
      const order = await inProgress(1);
      const row = await h.database.db
        .selectFrom('orders')
        .select(['needed_by', 'due_at'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row.due_at).toBe(manilaMidnightBefore(row.needed_by));
      const view = await get(`${A}/orders/${order.id}`, order.artist.token);
      expect(view.body.data).toMatchObject({ due_at: row.due_at, overdue: false });
    });

    it('past its due date an order is overdue for the admin and the artist', async () => {
      const order = await inProgress(1);
      const overdueIds = async () =>
        ids((await get(`${ADMIN}/orders?stage=overdue&limit=50`, admin.token)).body.data.items);
      const ongoing = async () => (await get(`${A}/orders?stage=ongoing`, order.artist.token)).body.data.items;
      expect(await overdueIds()).not.toContain(order.id);
      expect(await ongoing()).toMatchObject([{ id: order.id, overdue: false }]);
      const row = await h.database.db
        .selectFrom('orders')
        .select('due_at')
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      h.clock.set(Date.parse(row.due_at as string) + 60_000);
      await admin.renew();
      await renewArtist(h, order.artist);
      expect(await overdueIds()).toContain(order.id);
      expect(await ongoing()).toMatchObject([{ id: order.id, overdue: true }]);
      const adminView = await get(`${ADMIN}/orders/${order.id}`, admin.token);
      expect(adminView.body.data.overdue).toBe(true);
    });
  });

  describe('lists and payouts', () => {
    it("pages an artist's 25 offers by answer deadline then id, 10 at a time, without gaps or repeats", async () => {
      const artist = await makeRatedArtist(h);
      const customer = await makeCustomer(h);
      const placed: { id: number; needed_by: string }[] = [];
      for (let i = 0; i < 25; i++) {
        const needed_by = dayFromNow(h, 10 + ((i * 7) % 5));
        const draft = await completeDraft(h, customer.token, [artist.user_id], { song: { needed_by } });
        const committed = await post(`${U}/temp-order/${draft}/commit`, undefined, customer.token);
        expect(committed.status, committed.text).toBe(201);
        await payOrder(h, customer.token, committed.body.data.id);
        placed.push({ id: committed.body.data.id, needed_by });
      }
      // Soonest answer deadline first (artist-urgency.test.ts sets deadlines apart), whatever the needed-by date.
      const deadlines = await h.database.db
        .selectFrom('order_artists')
        .select(['order_id', 'expires_at'])
        .where('artist_id', '=', artist.id)
        .execute();
      const deadlineOf = new Map(deadlines.map((d) => [d.order_id, d.expires_at ?? '']));
      const expected = [...placed]
        .sort((a, b) => (deadlineOf.get(a.id) ?? '').localeCompare(deadlineOf.get(b.id) ?? '') || a.id - b.id)
        .map((o) => o.id);
      const seen: number[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
        const page = await get(`${A}/orders?stage=new&limit=10${query}`, artist.token);
        expect(page.status, page.text).toBe(200);
        sizes.push(page.body.data.items.length);
        seen.push(...ids(page.body.data.items));
        cursor = page.body.data.next_cursor;
      } while (cursor);
      expect(sizes).toEqual([10, 10, 5]);
      expect(seen).toEqual(expected);
    });

    it('a payout is marked paid once; an unknown payout is a 404', async () => {
      const order = await completed();
      const payout = await h.database.db
        .selectFrom('payouts')
        .selectAll()
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      const first = await post(`${ADMIN}/payouts/${payout.id}/mark-paid`, { reference: 'BDO-7' }, admin.token);
      expect(first.status, first.text).toBe(200);
      expect(first.body.data).toMatchObject({ id: payout.id, status: 'paid', reference: 'BDO-7' });
      const second = await post(`${ADMIN}/payouts/${payout.id}/mark-paid`, { reference: 'BDO-8' }, admin.token);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(lifecycleMessages.payoutAlreadyPaid);
      const after = await h.database.db
        .selectFrom('payouts')
        .selectAll()
        .where('id', '=', payout.id)
        .executeTakeFirstOrThrow();
      expect(after.reference).toBe('BDO-7');
      const unknown = await post(`${ADMIN}/payouts/999999/mark-paid`, {}, admin.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(lifecycleMessages.payoutNotFound);
      expect(fieldErrors(await post(`${ADMIN}/payouts/${payout.id}/mark-paid`, { amount: 1 }, admin.token))).toEqual({
        amount: [fieldMessages.unknownField],
      });
    });
  });

  describe('what the customer hears and sees', () => {
    it('the recording shows only once an admin validated it; versions sent back by an admin never show', async () => {
      const order = await inValidation();
      const recordingSeen = async () =>
        (await get(`${U}/orders/${order.id}`, order.customer.token)).body.data.recording as {
          version: number;
          lyrics: string;
        } | null;
      expect(await recordingSeen()).toBeNull();
      expect(
        (
          await post(
            `${ADMIN}/orders/${order.id}/request-revision`,
            { notes: 'Please redo the second verse.' },
            admin.token,
          )
        ).status,
      ).toBe(200);
      expect(await recordingSeen()).toBeNull();
      await submitRecording(h, order.artist.token, order.id, 'Second take');
      expect(await recordingSeen()).toBeNull();
      await validate(order.id);
      expect(await recordingSeen()).toMatchObject({ version: 2, lyrics: 'Second take' });
      // Sent back by the customer: they still hear the version they have, not the next one until validated.
      expect(
        (
          await post(
            `${U}/orders/${order.id}/reject`,
            { reason: 'A slower tempo would suit the song.' },
            order.customer.token,
          )
        ).status,
      ).toBe(200);
      expect(await recordingSeen()).toMatchObject({ version: 2 });
      await submitRecording(h, order.artist.token, order.id, 'Third take');
      expect(await recordingSeen()).toMatchObject({ version: 2 });
      const list = await get(`${U}/orders`, order.customer.token);
      expect(JSON.stringify(list.body)).not.toContain('Third take');
      expect(JSON.stringify(list.body)).not.toContain('First take');
    });

    it('the gift page keeps the song until the reveal date; tokens, readiness and thanks are checked', async () => {
      const order = await completed();
      const early = await post(
        `${U}/orders/${(await paidOrder(h, 1, order.customer)).id}/gift`,
        {},
        order.customer.token,
      );
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(lifecycleMessages.giftNotReady);

      const reveal = manilaDay(h, 3);
      const shared = await post(`${U}/orders/${order.id}/gift`, { reveal_on: reveal }, order.customer.token);
      expect(shared.status, shared.text).toBe(200);
      expect(shared.body.data).toMatchObject({ reveal_on: reveal, token: expect.stringMatching(/^[\w-]{32}$/) });
      const token = shared.body.data.token as string;
      // Sharing again keeps the token and moves the date.
      const moved = await post(`${U}/orders/${order.id}/gift`, { reveal_on: reveal }, order.customer.token);
      expect(moved.body.data.token).toBe(token);

      const before = await h.call('GET', `${U}/gifts/${token}`);
      expect(before.status, before.text).toBe(200);
      expect(before.body.data).toMatchObject({ revealed: false, song: null, lyrics: null, reveal_on: reveal });
      h.clock.advance(3 * DAY_MS);
      const after = await h.call('GET', `${U}/gifts/${token}`);
      expect(after.body.data).toMatchObject({ revealed: true, lyrics: 'First take' });
      const song = after.body.data.song as { url: string; download_url: string };
      expect(song.download_url).toBe(`${song.url}&download=1`);
      const played = await h.request(song.url);
      expect(played.status).toBe(200);
      expect(played.headers.get('content-disposition')).toBe('inline');
      const saved = await h.request(song.download_url);
      expect(saved.status).toBe(200);
      // Named by the server from the order: who the song is for and the occasion.
      const name = songFileName(after.body.data.recipient_first_name, after.body.data.occasion_name, 'wav');
      expect(saved.headers.get('content-disposition')).toBe(attachmentDisposition(name));

      for (const bad of ['abc', `${token}x`, token.replace(/./, (c) => (c === 'A' ? 'B' : 'A')), '..%2F..%2Fx'])
        expect((await h.call('GET', `${U}/gifts/${bad}`)).status, bad).toBe(404);
      const unknown = await h.call('GET', `${U}/gifts/${randomBytes(24).toString('base64url')}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(lifecycleMessages.giftNotFound);

      const note = { name: 'Jose', message: 'Salamat!' };
      expect((await h.call('POST', `${U}/gifts/${token}/thanks`, note)).status).toBe(201);
      const twice = await h.call('POST', `${U}/gifts/${token}/thanks`, { name: 'Jose', message: 'Again' });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toBe(lifecycleMessages.thanksAlreadySent);
      expect((await h.call('GET', `${U}/gifts/${token}`)).body.data.thanked).toBe(true);

      // A brief without the gifter's name (written before it was asked): the customer's own first name.
      const storedBrief = JSON.parse(
        (
          await h.database.db
            .selectFrom('orders')
            .select('brief')
            .where('id', '=', Number(order.id))
            .executeTakeFirstOrThrow()
        ).brief,
      ) as { occasion: { gifter_first_name: string } };
      const fromBrief = (await h.call('GET', `${U}/gifts/${token}`)).body.data.gifter_first_name;
      expect(fromBrief).toBe(storedBrief.occasion.gifter_first_name);
      await h.database.db.updateTable('orders').set({ brief: '{}' }).where('id', '=', Number(order.id)).execute();
      const customer = await h.database.db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.customer_id')
        .select('users.first_name')
        .where('orders.id', '=', Number(order.id))
        .executeTakeFirstOrThrow();
      const withoutName = await h.call('GET', `${U}/gifts/${token}`);
      expect(withoutName.status, withoutName.text).toBe(200);
      expect(withoutName.body.data.gifter_first_name).toBe(customer.first_name);
    });

    it('the customer downloads their own song from the order, under a proper name; nobody else gets the link', async () => {
      const order = await completed();
      const detail = await get(`${U}/orders/${order.id}`, order.customer.token);
      expect(detail.status, detail.text).toBe(200);
      const { recording, recipient_first_name, occasion_name } = detail.body.data;
      expect(recording.download_url).toBe(`${recording.url}&download=1`);
      const saved = await h.request(recording.download_url);
      expect(saved.status).toBe(200);
      const name = songFileName(recipient_first_name, occasion_name, 'wav');
      expect(name).toMatch(/ – .+ \(Labsongs\)\.wav$/);
      const disposition = saved.headers.get('content-disposition') ?? '';
      expect(disposition).toBe(attachmentDisposition(name));
      expect((await saved.arrayBuffer()).byteLength).toBeGreaterThan(0);
      // The query cannot name the file: the server reads the name from the order.
      const renamed = await h.request(`${recording.download_url}&filename=evil.exe&name=evil.exe`);
      expect(renamed.headers.get('content-disposition')).toBe(attachmentDisposition(name));
      // Another customer's order is a 404 (no link to be had), and a link whose signature was changed is refused.
      const other = await makeCustomer(h);
      expect((await get(`${U}/orders/${order.id}`, other.token)).status).toBe(404);
      const forged = await h.request(recording.download_url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`));
      expect(forged.status).toBe(403);
    });

    it('a song file name keeps letters of any language and drops what file systems refuse', () => {
      expect(songFileName('Lola', 'birthday', 'wav')).toBe('Lola – Birthday (Labsongs).wav');
      expect(songFileName('Zoë 🎵', 'mothers_day', 'MP3')).toBe("Zoë 🎵 – Mother's Day (Labsongs).mp3");
      expect(songFileName('../a/b:c*?"<>|\u0007', 'wedding', 'wav')).toBe('a b c – Wedding (Labsongs).wav');
      expect(songFileName('  ', 'unknown_thing', 'wav')).toBe('unknown thing (Labsongs).wav');
      expect(songFileName('', '', 'wav')).toBe('Labsongs song.wav');
      expect(songFileName('Lola', 'birthday', '../x')).toBe('Lola – Birthday (Labsongs)');
      expect(songFileName('x'.repeat(200), 'birthday', 'wav').length).toBeLessThan(120);
      expect(attachmentDisposition('Zoë – "Birthday" (Labsongs).wav')).toBe(
        `attachment; filename="Zoe - _Birthday_ (Labsongs).wav"; filename*=UTF-8''Zo%C3%AB%20%E2%80%93%20%22Birthday%22%20%28Labsongs%29.wav`,
      );
    });

    it('the artist previews their own upload with Range; another artist cannot; a path is refused', async () => {
      const artist = await makeRatedArtist(h);
      const other = await makeRatedArtist(h);
      const bytes = wavBytes(0.5);
      const temp = await uploadRecording(h, artist.token, bytes);
      const url = `${A}/order/song/upload?source=${temp}`;
      const part = await h.request(url, { headers: { Authorization: `Bearer ${artist.token}`, Range: 'bytes=0-99' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 0-99/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 100));
      const whole = await h.request(url, { headers: { Authorization: `Bearer ${artist.token}` } });
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
      expect((await get(url, other.token)).status).toBe(404);
      for (const source of ['../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', `${temp}/..`, 'tmp_abc', ''])
        expect((await get(`${A}/order/song/upload?source=${source}`, artist.token)).status, source).toBe(400);
    });
  });

  describe('notifications', () => {
    type Recipient =
      | 'customer'
      | 'artist'
      | 'offered artists'
      | 'new artists'
      | 'withdrawn artists'
      | 'expired artists'
      | 'admins';
    /** docs/architecture.md §4 "Notifications sent": who hears about each transition, with which type. */
    const sent: Record<string, [Recipient, NotificationType][]> = {
      payment_succeeded: [['offered artists', 'new_order']],
      'artist_declined with offers left': [],
      // The order has no artist now: the customer chooses, and every admin is alerted (order-alerts.ts).
      'artist_declined, the last offer': [
        ['customer', 'rejected_by_artist'],
        ['admins', 'order_needs_artist'],
      ],
      customer_rebooked: [['new artists', 'new_order']],
      'offer_expired, the last offers': [
        ['customer', 'rejected_by_artist'],
        ['expired artists', 'offer_expired'],
        ['admins', 'order_needs_artist'],
      ],
      // A paid order cancelled: the refund owed is told to the customer and alerted to every admin.
      'cancelled needing an artist': [
        ['customer', 'cancelled_order'],
        ['customer', 'refund_recorded'],
        ['admins', 'refund_owed'],
      ],
      artist_accepted: [
        ['customer', 'accepted_by_artist'],
        ['withdrawn artists', 'offer_withdrawn'],
      ],
      recording_uploaded: [
        ['admins', 'uploaded_by_artist'],
        ['artist', 'uploaded_by_artist'],
      ],
      admin_requested_revision: [['artist', 'revision_by_admin']],
      admin_validated: [
        ['customer', 'validated_by_admin'],
        ['artist', 'validated_by_admin'],
      ],
      customer_rejected: [['artist', 'rejected_by_customer']],
      customer_accepted: [
        ['artist', 'accepted_by_customer'],
        ['artist', 'completed_order'],
        ['customer', 'completed_order'],
      ],
      customer_rated: [['artist', 'rated_by_customer']],
      'cancelled before payment': [['customer', 'cancelled_order']],
      'cancelled while offered': [
        ['customer', 'cancelled_order'],
        ['customer', 'refund_recorded'],
        ['admins', 'refund_owed'],
        ['offered artists', 'cancelled_order'],
      ],
      'cancelled in progress (admin)': [
        ['customer', 'cancelled_order'],
        ['customer', 'refund_recorded'],
        ['admins', 'refund_owed'],
        ['artist', 'cancelled_order'],
      ],
      'application approved': [['artist', 'application_approved']],
      'application rejected': [['artist', 'application_rejected']],
      'application sent for review': [['admins', 'application_received']],
      // Operations: the artist who took the order leaves; an admin gives overdue work to another artist.
      'artist_left with the work taken': [
        ['customer', 'rejected_by_artist'],
        ['admins', 'order_stranded'],
      ],
      'admin_reassigned overdue work': [
        ['new artists', 'new_order'],
        ['customer', 'order_reassigned'],
        ['artist', 'order_reassigned'],
      ],
      'artist suspended': [['artist', 'artist_suspended']],
      'artist reactivated': [['artist', 'artist_reactivated']],
      // Money (payments-money.test.ts plays each of these through real callbacks and admin calls).
      'payment after the order was cancelled or paid': [
        ['customer', 'refund_recorded'],
        ['admins', 'refund_owed'],
      ],
      'refund marked sent': [['customer', 'refund_paid']],
      'refund marked failed': [['customer', 'refund_failed']],
      'chargeback after work started': [
        ['artist', 'order_disputed'],
        ['admins', 'order_disputed'],
      ],
      'payout marked paid': [['artist', 'payout_paid']],
      // Tips (tips.test.ts pays one through the sandbox callback).
      'a tip paid for a completed order': [['artist', 'tip_received']],
      // Operations alerts, each played in its own file: operations-home (overdue), payment-exceptions
      // (a verified payment for the wrong amount) and account-care (a payout account replaced).
      'work past its due date': [['admins', 'order_overdue']],
      'a payment for the wrong amount': [['admins', 'payment_exception']],
      'payout account replaced': [['admins', 'payout_account_changed']],
      // Stage names (artist-urgency.test.ts asks, approves and turns down through the API).
      'stage name asked for on an approved profile': [['admins', 'stage_name_review']],
      'stage name approved': [['artist', 'stage_name_approved']],
      'stage name turned down': [['artist', 'stage_name_rejected']],
      // Help within reach (support-requests.test.ts sends both kinds through the API).
      'a message or a problem report reached the team': [['admins', 'support_request']],
      // Order messages (message-mail.test.ts): the other side's bell, one per conversation while unread.
      'a message in the order’s conversation': [
        ['customer', 'new_message'],
        ['artist', 'new_message'],
      ],
      // Lyrics for approval (lyrics-approval.test.ts plays each step through the API).
      'the artist posted lyrics for approval': [['customer', 'lyrics_posted']],
      'the customer approved the lyrics': [['artist', 'lyrics_approved']],
      'the customer asked for changes to the lyrics': [['artist', 'lyrics_changes_requested']],
      'the customer turned lyrics approval off': [['artist', 'lyrics_skipped']],
    };

    it('the table names every notification type', () => {
      const types = new Set(Object.values(sent).flatMap((list) => list.map(([, type]) => type)));
      expect([...types].sort()).toEqual([...notificationTypes].sort());
    });

    /** The notifications a step wrote: [user id, type], sorted, and the rows themselves. */
    async function written(step: () => Promise<unknown>) {
      const last = await h.database.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      await step();
      const rows = await h.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('id', '>', Number(last?.id ?? 0))
        .orderBy('id')
        .execute();
      return rows;
    }

    async function adminIds() {
      const rows = await h.database.db
        .selectFrom('users')
        .select('id')
        .where('type', '=', 'admin')
        .where('deactivated_at', 'is', null)
        .execute();
      return rows.map((r) => r.id);
    }

    function expectSent(
      name: string,
      rows: Awaited<ReturnType<typeof written>>,
      people: Partial<Record<Recipient, number[]>>,
      reference?: string,
    ) {
      const want = (sent[name] ?? []).flatMap(([recipient, type]) =>
        (people[recipient] ?? []).map((id) => `${id}:${type}`),
      );
      expect(want.length > 0 || (sent[name] ?? []).length === 0, `${name}: recipients given`).toBe(true);
      expect(rows.map((n) => `${n.user_id}:${n.type}`).sort(), name).toEqual(want.sort());
      for (const n of rows) {
        if (reference) {
          expect(n.order_id, name).not.toBeNull();
          expect(`${n.title}\n${n.body}`, `${name}: ${n.type} names the order`).toContain(reference);
        }
        expect(n.is_read, name).toBeFalsy();
      }
    }

    it('offers, declines, rebooking, expiry and cancellations tell the right people', async () => {
      const customer = await makeCustomer(h);
      const [a, b, c, d] = [
        await makeRatedArtist(h),
        await makeRatedArtist(h),
        await makeRatedArtist(h),
        await makeRatedArtist(h),
      ];
      const placed = await placeOrder(h, customer.token, [a.user_id, b.user_id]);
      const ref = placed.reference;
      const people = { customer: [customer.id], admins: await adminIds() };
      expectSent(
        'payment_succeeded',
        await written(() => payOrder(h, customer.token, placed.id)),
        {
          ...people,
          'offered artists': [a.id, b.id],
        },
        ref,
      );
      expectSent(
        'artist_declined with offers left',
        await written(() => post(`${A}/orders/${placed.id}/decline`, { reason: 'No' }, a.token)),
        people,
        ref,
      );
      expectSent(
        'artist_declined, the last offer',
        await written(() => post(`${A}/orders/${placed.id}/decline`, { reason: 'No' }, b.token)),
        people,
        ref,
      );
      expectSent(
        'customer_rebooked',
        await written(() =>
          post(`${U}/orders/${placed.id}/rebook`, { selected_artists: [c.user_id, d.user_id] }, customer.token),
        ),
        { ...people, 'new artists': [c.id, d.id] },
        ref,
      );
      h.clock.advance(OFFER_TTL_MS + 1000);
      const swept = await written(() => expireOffers({ db: h.database.db, hub: h.hub, clock: h.clock }));
      // The sweep may also close offers other tests left open: only this order's count here.
      expectSent(
        'offer_expired, the last offers',
        swept.filter((n) => n.order_id === placed.id),
        { ...people, 'expired artists': [c.id, d.id] },
        ref,
      );
      expectSent(
        'cancelled needing an artist',
        await written(() => post(`${U}/orders/${placed.id}/cancel`, {}, customer.token)),
        people,
        ref,
      );

      const unpaid = await placeOrder(h, customer.token, [a.user_id]);
      expectSent(
        'cancelled before payment',
        await written(() => post(`${U}/orders/${unpaid.id}/cancel`, {}, customer.token)),
        people,
        unpaid.reference,
      );

      const offered = await placeOrder(h, customer.token, [a.user_id, b.user_id]);
      await payOrder(h, customer.token, offered.id);
      expectSent(
        'cancelled while offered',
        await written(() => post(`${U}/orders/${offered.id}/cancel`, {}, customer.token)),
        { ...people, 'offered artists': [a.id, b.id] },
        offered.reference,
      );
    });

    it('the work on an order, from acceptance to rating, tells the right people', async () => {
      const order: PaidOrder = await paidOrder(h, 2);
      const artist = order.artists[0] as ArtistAccount;
      const people = {
        customer: [order.customer.id],
        artist: [artist.id],
        admins: await adminIds(),
        'withdrawn artists': [(order.artists[1] as ArtistAccount).id],
      };
      expect(people.admins.length).toBeGreaterThanOrEqual(2);
      const ref = order.reference;
      const step = async (name: string, call: () => Promise<{ status: number; text: string }>) => {
        const rows = await written(async () => {
          const answer = await call();
          expect(answer.status, `${name}: ${answer.text}`).toBeLessThan(300);
        });
        expectSent(name, rows, people, ref);
      };
      await step('artist_accepted', () => post(`${A}/orders/${order.id}/accept`, undefined, artist.token));
      await step('recording_uploaded', () => submitRecording(h, artist.token, order.id));
      await step('admin_requested_revision', () =>
        post(`${ADMIN}/orders/${order.id}/request-revision`, { notes: 'Please record the chorus again.' }, admin.token),
      );
      await step('recording_uploaded', () => submitRecording(h, artist.token, order.id));
      await step('admin_validated', () => post(`${ADMIN}/orders/${order.id}/validate`, undefined, admin.token));
      await step('customer_rejected', () =>
        post(`${U}/orders/${order.id}/reject`, { reason: 'A slower tempo would suit the song.' }, order.customer.token),
      );
      await step('recording_uploaded', () => submitRecording(h, artist.token, order.id));
      await step('admin_validated', () => post(`${ADMIN}/orders/${order.id}/validate`, undefined, admin.token));
      await step('customer_accepted', () => post(`${U}/orders/${order.id}/accept`, undefined, order.customer.token));
      await step('customer_rated', () => post(`${U}/orders/${order.id}/rate`, { rating: 5 }, order.customer.token));
      // The artist whose offer was withdrawn heard only of the offer and its withdrawal.
      expect((await notificationsOf(h, (order.artists[1] as ArtistAccount).id)).map((n) => n.type)).toEqual([
        'new_order',
        'offer_withdrawn',
      ]);

      const working = await inProgress(1);
      expectSent(
        'cancelled in progress (admin)',
        await written(() => post(`${ADMIN}/orders/${working.id}/cancel`, {}, admin.token)),
        { customer: [working.customer.id], artist: [working.artist.id], admins: people.admins },
        working.reference,
      );
    });

    it('an artist leaving, a reassignment and a suspension tell the right people', async () => {
      const working = await inProgress(1);
      const ref = working.reference;
      const due = await h.database.db
        .selectFrom('orders')
        .select('due_at')
        .where('id', '=', working.id)
        .executeTakeFirstOrThrow();
      h.clock.set(Date.parse(due.due_at as string) + 1000);
      await admin.renew();
      const next = await makeRatedArtist(h);
      expectSent(
        'admin_reassigned overdue work',
        await written(async () => {
          const answer = await post(
            `${ADMIN}/orders/${working.id}/reassign`,
            { artist_id: next.user_id, reason: 'The work is past its due date.' },
            admin.token,
          );
          expect(answer.status, answer.text).toBe(200);
        }),
        { customer: [working.customer.id], artist: [working.artist.id], 'new artists': [next.id] },
        ref,
      );
      expect((await post(`${A}/orders/${working.id}/accept`, undefined, next.token)).status).toBe(200);
      expectSent(
        'artist_left with the work taken',
        await written(async () => {
          const answer = await h.call(
            'PATCH',
            `${A}/profile/deactivate`,
            { current_password: ARTIST_PASSWORD },
            { token: next.token },
          );
          expect(answer.status, answer.text).toBe(200);
        }),
        { customer: [working.customer.id], admins: await adminIds() },
        ref,
      );
      const idle = await makeRatedArtist(h);
      const rows = await written(async () => {
        const answer = await post(`${ADMIN}/artists/${idle.user_id}/suspend`, { reason: 'Test' }, admin.token);
        expect(answer.status, answer.text).toBe(200);
      });
      expectSent('artist suspended', rows, { artist: [idle.id] });
      expect(rows[0]?.order_id).toBeNull();
    });

    it("an application's approval tells the artist", async () => {
      const applicant = await makeArtist(h, { status: 'for_review' });
      const rows = await written(async () => {
        const answer = await post(`${ADMIN}/applications/${applicant.id}/approve`, undefined, admin.token);
        expect(answer.status, answer.text).toBe(200);
      });
      expectSent('application approved', rows, { artist: [applicant.id] });
      expect(rows[0]?.order_id).toBeNull();
    });

    it("an application's rejection tells the artist", async () => {
      const applicant = await makeArtist(h, { status: 'for_review' });
      const rows = await written(async () => {
        const answer = await post(
          `${ADMIN}/applications/${applicant.id}/reject`,
          { reason: 'Please add a clearer sample song.' },
          admin.token,
        );
        expect(answer.status, answer.text).toBe(200);
      });
      expectSent('application rejected', rows, { artist: [applicant.id] });
      expect(rows[0]?.order_id).toBeNull();
    });

    it('an application sent for review tells every admin', async () => {
      const applicant = await makeArtist(h, { status: 'incomplete', complete: false });
      await h.database.db
        .updateTable('users')
        .set({ personal_info: 1, artist_info: 1, payout_info: 1 })
        .where('id', '=', applicant.id)
        .execute();
      const rows = await written(async () => {
        const answer = await h.call(
          'PATCH',
          `${A}/profile/password`,
          { current_password: ARTIST_PASSWORD, password: 'MyOwnPass42', password_confirmation: 'MyOwnPass42' },
          { token: applicant.token },
        );
        expect(answer.status, answer.text).toBe(200);
      });
      expectSent('application sent for review', rows, { admins: await adminIds() });
      expect(rows.every((n) => n.order_id === null && n.body.includes('Stage '))).toBe(true);
    });
  });
});

describe.each(databases)('order lifecycle with REVISION_LIMIT=1 (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { ...env, REVISION_LIMIT: '1' } });
    admin = await signedIn(h, 'admin');
  });
  afterAll(() => h.close());

  it('the second customer rejection is refused: no revisions left', async () => {
    const order = await paidOrder(h, 1);
    const artist = order.artists[0] as ArtistAccount;
    expect((await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, { token: artist.token })).status).toBe(
      200,
    );
    const deliver = async (lyrics: string) => {
      await submitRecording(h, artist.token, order.id, lyrics);
      const answer = await h.call('POST', `${ADMIN}/orders/${order.id}/validate`, undefined, { token: admin.token });
      expect(answer.status, answer.text).toBe(200);
    };
    const reject = () =>
      h.call(
        'POST',
        `${U}/orders/${order.id}/reject`,
        { reason: 'Not yet right: change the ending.' },
        { token: order.customer.token },
      );
    await deliver('One');
    const first = await reject();
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.lifecycle).toMatchObject({ revisions_used: 1, revision_limit: 1 });
    await deliver('Two');
    const events = await eventTypesOf(h, order.id);
    const second = await reject();
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(lifecycleMessages.noRevisionsLeft);
    expect(await statusOf(h, order.id)).toBe('delivered');
    expect(await eventTypesOf(h, order.id)).toEqual(events);
    // Accepting is still open.
    const accept = await h.call('POST', `${U}/orders/${order.id}/accept`, undefined, { token: order.customer.token });
    expect(accept.status, accept.text).toBe(200);
  });
});
