import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addOnMessages, EXTRA_REVISION_PRICE_PESOS, MAX_EXTRA_REVISIONS } from '../../contracts/addons';
import { orderMessages } from '../../contracts/order';
import { type ArtistAccount, artistInfoBody, makeArtist } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { A, ADMIN, payOrder, type SignedIn, signedIn, submitRecording, U } from './lifecycle-fixtures';
import { completeDraft, createDraft, makeCustomer, makeRatedArtist, songBody } from './orders-fixtures';
import { moneyInvariantBreaks } from './support/money-invariant';

// Add-ons (docs/product.md §9 "Add-ons"): rush delivery at each artist's own price and shorter turnaround, and
// extra revisions at the platform's price. Priced by the server only; carried through the offer, the due date,
// the revision count, the refund of a cheaper artist's difference, the earning and the payout.

describe.each(databases)('order add-ons (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;
  /** ₱2,500, rush +₱1,000 in 1 day. */
  let ana: ArtistAccount;
  /** ₱1,800, rush +₱600 in 2 days. */
  let migs: ArtistAccount;
  /** ₱2,000, no rush. */
  let lea: ArtistAccount;

  const withRush = async (artist: ArtistAccount, price: number, days: number) =>
    h.database.db
      .updateTable('artist_profiles')
      .set({ rush_price_centavos: price * 100, rush_turnaround_days: days })
      .where('user_id', '=', artist.id)
      .execute();

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin', 'addons-admin');
    ana = await makeRatedArtist(h, { rate: 2500 });
    migs = await makeRatedArtist(h, { rate: 1800 });
    lea = await makeRatedArtist(h, { rate: 2000 });
    await withRush(ana, 1000, 1);
    await withRush(migs, 600, 2);
  });
  afterAll(() => h.close());
  beforeEach(() => admin.renew());

  const ok = async (method: 'POST' | 'PATCH' | 'PUT', path: string, body: unknown, who: { token: string }) => {
    const answer = await h.call(method, path, body, who);
    expect(answer.status, `${path}: ${answer.text}`).toBeLessThan(300);
    return answer;
  };
  const noBreaks = async (orderId: number, step: string) =>
    expect(await moneyInvariantBreaks(h, [orderId]), step).toEqual([]);

  describe('the artist sets rush on the Artist information form', () => {
    const save = async (artist: ArtistAccount, overrides: Record<string, unknown>) =>
      h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody(overrides), { token: artist.token });
    const profile = async (artist: ArtistAccount) => (await h.call('GET', `${A}/profile`, undefined, artist)).body.data;

    it('offers rush, keeps it when the form leaves it out, and opts out', async () => {
      const artist = await makeArtist(h, { status: 'approved', song: true, online: true });
      expect(await profile(artist)).toMatchObject({ rush_price: null, rush_turnaround_days: null });
      const saved = await save(artist, {
        turnaround_days: 7,
        offers_rush: true,
        rush_price: 800,
        rush_turnaround_days: 3,
      });
      expect(saved.status, saved.text).toBe(200);
      expect(await profile(artist)).toMatchObject({ turnaround_days: 7, rush_price: 800, rush_turnaround_days: 3 });
      expect((await save(artist, {})).status).toBe(200);
      expect(await profile(artist)).toMatchObject({ rush_price: 800, rush_turnaround_days: 3 });
      // The card shows it, with the date a rush song ordered now arrives (before the standard one).
      const card = (await h.call('GET', `${U}/artists/${artist.user_id}`)).body.data;
      expect(card.rush).toMatchObject({ price: 800, turnaround_days: 3 });
      expect(card.rush.arrives_by < card.delivery.arrives_by).toBe(true);
      expect((await save(artist, { offers_rush: false, rush_price: null, rush_turnaround_days: null })).status).toBe(
        200,
      );
      expect(await profile(artist)).toMatchObject({ rush_price: null, rush_turnaround_days: null });
      expect((await h.call('GET', `${U}/artists/${artist.user_id}`)).body.data.rush).toBeNull();
    });

    const refused: [string, Record<string, unknown>, string, string][] = [
      [
        'a rush as long as the standard',
        { turnaround_days: 3, rush_turnaround_days: 3 },
        'rush_turnaround_days',
        addOnMessages.rushNotShorter,
      ],
      [
        'a rush longer than the standard',
        { turnaround_days: 2, rush_turnaround_days: 5 },
        'rush_turnaround_days',
        addOnMessages.rushNotShorter,
      ],
      ['no rush days', { rush_turnaround_days: null }, 'rush_turnaround_days', addOnMessages.rushTurnaroundInvalid],
      ['zero rush days', { rush_turnaround_days: 0 }, 'rush_turnaround_days', addOnMessages.rushTurnaroundInvalid],
      ['a price under the limit', { rush_price: 199 }, 'rush_price', addOnMessages.rushPriceInvalid],
      ['a price over the limit', { rush_price: 10_001 }, 'rush_price', addOnMessages.rushPriceInvalid],
      ['a price with centavos', { rush_price: 500.5 }, 'rush_price', addOnMessages.rushPriceInvalid],
      ['a price as text', { rush_price: '500' }, 'rush_price', addOnMessages.rushPriceInvalid],
      ['no price', { rush_price: null }, 'rush_price', addOnMessages.rushPriceInvalid],
      ['a yes as text', { offers_rush: 'yes' }, 'offers_rush', addOnMessages.rushChoiceInvalid],
    ];
    it.each(refused)('refuses %s (422 on the field)', async (_, overrides, field, message) => {
      const artist = await makeArtist(h, { status: 'approved', song: true });
      const answer = await save(artist, {
        turnaround_days: 5,
        offers_rush: true,
        rush_price: 500,
        rush_turnaround_days: 2,
        ...overrides,
      });
      expect(answer.status, answer.text).toBe(422);
      expect(answer.body.errors).toEqual({ [field]: [message] });
    });

    it('checks a rush against the standard turnaround on file when the form sends none', async () => {
      const artist = await makeArtist(h, { status: 'approved', song: true });
      expect((await save(artist, { turnaround_days: 4 })).status).toBe(200);
      const body = artistInfoBody({ offers_rush: true, rush_price: 500, rush_turnaround_days: 4 });
      delete (body as Record<string, unknown>).turnaround_days;
      const answer = await h.call('PATCH', `${A}/profile/artist-info`, body, { token: artist.token });
      expect(answer.status, answer.text).toBe(422);
      expect(answer.body.errors).toEqual({ rush_turnaround_days: [addOnMessages.rushNotShorter] });
      // Shortening the standard turnaround to the rush one on file is refused too.
      expect((await save(artist, { offers_rush: true, rush_price: 500, rush_turnaround_days: 2 })).status).toBe(200);
      const shorter = await save(artist, { turnaround_days: 2 });
      expect(shorter.body.errors).toEqual({ rush_turnaround_days: [addOnMessages.rushNotShorter] });
    });
  });

  describe('the song step', () => {
    const saveSong = async (token: string, id: number, artists: string[], overrides: Record<string, unknown>) =>
      h.call('PATCH', `${U}/temp-order/${id}/song`, songBody(h, artists, overrides), { token });

    it('prices rush and extra revisions on the server: highest rate + highest rush price + extras', async () => {
      const customer = await makeCustomer(h);
      const id = await createDraft(h, customer.token);
      const plain = await saveSong(customer.token, id, [ana.user_id, migs.user_id], {});
      expect(plain.body.data).toMatchObject({
        price: 2500,
        add_ons: { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 },
      });
      const standardEarliest = plain.body.data.earliest_needed_by as string;
      const answer = await saveSong(customer.token, id, [ana.user_id, migs.user_id], {
        rush: true,
        extra_revisions: 2,
      });
      expect(answer.status, answer.text).toBe(200);
      const extras = 2 * EXTRA_REVISION_PRICE_PESOS;
      expect(answer.body.data).toMatchObject({
        price: 2500 + 1000 + extras,
        add_ons: { rush: true, rush_price: 1000, extra_revisions: 2, extra_revisions_price: extras },
      });
      // Each artist's own price for this order, and their rush promise.
      expect(answer.body.data.song.artists).toMatchObject([
        { rate: 2500, price: 2500 + 1000 + extras, rush: { price: 1000, turnaround_days: 1 } },
        { rate: 1800, price: 1800 + 600 + extras, rush: { price: 600, turnaround_days: 2 } },
      ]);
      // Rush shortens the promise: the earliest needed-by date is the slower rush (Migs's 2 days).
      const rushEarliest = answer.body.data.earliest_needed_by as string;
      expect(rushEarliest < standardEarliest).toBe(true);
      expect(rushEarliest).toBe(answer.body.data.song.artists[1].rush.arrives_by);
      // A date only rush can make: refused without rush, taken with it.
      const tooSoon = await saveSong(customer.token, id, [ana.user_id, migs.user_id], { needed_by: rushEarliest });
      expect(tooSoon.body.errors).toEqual({ needed_by: [orderMessages.neededByTooSoon] });
      expect(
        (await saveSong(customer.token, id, [ana.user_id, migs.user_id], { rush: true, needed_by: rushEarliest }))
          .status,
      ).toBe(200);
    });

    const tampered: [string, Record<string, unknown>, string, string][] = [
      [
        'too many extra revisions',
        { extra_revisions: MAX_EXTRA_REVISIONS + 1 },
        'extra_revisions',
        addOnMessages.extraRevisionsInvalid,
      ],
      ['negative extra revisions', { extra_revisions: -1 }, 'extra_revisions', addOnMessages.extraRevisionsInvalid],
      ['half an extra revision', { extra_revisions: 0.5 }, 'extra_revisions', addOnMessages.extraRevisionsInvalid],
      ['rush as text', { rush: 'true' }, 'rush', addOnMessages.rushInvalid],
    ];
    it.each(tampered)('refuses %s (422)', async (_, overrides, field, message) => {
      const customer = await makeCustomer(h);
      const id = await createDraft(h, customer.token);
      const answer = await saveSong(customer.token, id, [ana.user_id], overrides);
      expect(answer.status, answer.text).toBe(422);
      expect(answer.body.errors).toEqual({ [field]: [message] });
    });

    it('refuses a price or add-on price the client made up', async () => {
      const customer = await makeCustomer(h);
      const id = await createDraft(h, customer.token);
      for (const extra of [
        { price: 1 },
        { rush_price: 1 },
        { extra_revisions_price: 0 },
        { add_ons: { rush_price: 0 } },
      ]) {
        const answer = await saveSong(customer.token, id, [ana.user_id], { rush: true, ...extra });
        expect(answer.status, answer.text).toBe(422);
      }
    });

    it('with rush, only artists who offer it: on saving and again at commit', async () => {
      const customer = await makeCustomer(h);
      const id = await createDraft(h, customer.token);
      const mixed = await saveSong(customer.token, id, [ana.user_id, lea.user_id], { rush: true });
      expect(mixed.status, mixed.text).toBe(422);
      expect(mixed.body.errors).toEqual({ selected_artists: [addOnMessages.rushNotOffered] });

      // Saved with rush; then the artist opts out before the commit: the commit refuses it.
      const late = await makeRatedArtist(h, { rate: 2000 });
      await withRush(late, 500, 1);
      const draft = await completeDraft(h, customer.token, [late.user_id], { song: { rush: true } });
      await withRush(late, null as unknown as number, null as unknown as number);
      const commit = await h.call('POST', `${U}/temp-order/${draft}/commit`, undefined, customer);
      expect(commit.status, commit.text).toBe(422);
      expect(commit.body.errors).toEqual({ selected_artists: [addOnMessages.rushNotOffered] });
    });
  });

  describe('a rush order with an extra revision, through to the payout', () => {
    async function placed() {
      const customer = await makeCustomer(h);
      const draft = await completeDraft(h, customer.token, [ana.user_id, migs.user_id], {
        song: { rush: true, extra_revisions: 1 },
      });
      const commit = await h.call('POST', `${U}/temp-order/${draft}/commit`, undefined, customer);
      expect(commit.status, commit.text).toBe(201);
      const order = commit.body.data;
      // Not about lyrics: turned off as a customer may, so the artist records straight away (as placeOrder does).
      await ok('PUT', `${U}/orders/${order.id}/lyrics-approval`, { on: false }, customer);
      const price = 2500 + 1000 + EXTRA_REVISION_PRICE_PESOS;
      expect(order).toMatchObject({
        price,
        add_ons: {
          rush: true,
          rush_price: 1000,
          extra_revisions: 1,
          extra_revisions_price: EXTRA_REVISION_PRICE_PESOS,
        },
      });
      const state = await h.call('GET', `${U}/orders/${order.id}/payment-state`, undefined, customer);
      expect(state.body.data).toMatchObject({
        amount: price,
        artist_rates: [price, 1800 + 600 + EXTRA_REVISION_PRICE_PESOS],
        // The pay page says "price …, add-ons included" from these.
        add_ons: {
          rush: true,
          rush_price: 1000,
          extra_revisions: 1,
          extra_revisions_price: EXTRA_REVISION_PRICE_PESOS,
        },
      });
      await noBreaks(order.id, 'placed');
      await payOrder(h, customer.token, order.id);
      await noBreaks(order.id, 'paid');
      return { customer, order, price };
    }

    it('shows each artist their own add-ons and earning in the offer and its mail', async () => {
      const { order } = await placed();
      for (const [artist, rush, price] of [
        [ana, 1000, 4000],
        [migs, 600, 2900],
      ] as const) {
        const view = await h.call('GET', `${A}/orders/${order.id}`, undefined, artist);
        expect(view.status, view.text).toBe(200);
        expect(view.body.data).toMatchObject({
          price,
          earning: price * 0.8,
          add_ons: { rush: true, rush_price: rush, extra_revisions: 1 },
          brief: { song: { rush: true, extra_revisions: 1 } },
        });
        const mails = await h.database.db
          .selectFrom('mail_outbox')
          .select('payload')
          .where('user_id', '=', artist.id)
          .where('kind', '=', 'new_offer')
          .execute();
        const mail = mails.map((m) => JSON.parse(m.payload).data).find((d) => d.order.order_id === order.id);
        expect(mail).toMatchObject({ earning_centavos: price * 80 });
        expect(mail.add_ons).toEqual([`Rush delivery (+₱${rush.toLocaleString('en-US')})`, '1 extra revision (+₱500)']);
      }
    });

    it('the cheaper rush artist accepts: the difference (rate and rush) is refunded; revisions and payout follow', async () => {
      const { customer, order } = await placed();
      await ok('POST', `${A}/orders/${order.id}/accept`, undefined, migs);
      const row = await h.database.db
        .selectFrom('orders')
        .select(['price_centavos', 'platform_fee_centavos', 'rush_centavos', 'revision_limit', 'due_at', 'needed_by'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      // Migs's own price: ₱1,800 + his ₱600 rush + the ₱500 revision; 4,000 − 2,900 = ₱1,100 back.
      expect(row).toMatchObject({ price_centavos: 290_000, platform_fee_centavos: 58_000, rush_centavos: 60_000 });
      expect(row.revision_limit).toBe(h.config.revisionLimit + 1);
      const refunds = await h.database.db
        .selectFrom('refunds')
        .select(['amount_centavos', 'reason_code'])
        .where('order_id', '=', order.id)
        .execute();
      expect(refunds).toEqual([{ amount_centavos: 110_000, reason_code: 'price_difference' }]);
      await noBreaks(order.id, 'accepted by the cheaper artist');

      const seen = (await h.call('GET', `${U}/orders/${order.id}`, undefined, customer)).body.data;
      expect(seen).toMatchObject({
        price: 2900,
        add_ons: { rush: true, rush_price: 600, extra_revisions: 1, extra_revisions_price: 500 },
        lifecycle: { revision_limit: h.config.revisionLimit + 1, revisions_used: 0 },
      });

      // Every included and bought revision can be spent, then no more.
      const reason = 'Please change the second verse, the name is sung wrong there.';
      for (let used = 0; used <= h.config.revisionLimit + 1; used++) {
        await submitRecording(h, migs.token, order.id);
        await noBreaks(order.id, `recording ${used + 1}`);
        await ok('POST', `${ADMIN}/orders/${order.id}/validate`, undefined, admin);
        if (used === h.config.revisionLimit + 1) break;
        await ok('POST', `${U}/orders/${order.id}/reject`, { reason }, customer);
      }
      const last = await h.call('POST', `${U}/orders/${order.id}/reject`, { reason }, customer);
      expect(last.status).toBe(409);
      await ok('POST', `${U}/orders/${order.id}/accept`, undefined, customer);
      const payouts = await h.database.db
        .selectFrom('payouts')
        .select('amount_centavos')
        .where('order_id', '=', order.id)
        .execute();
      expect(payouts).toEqual([{ amount_centavos: 232_000 }]);
      const earnings = await h.call('GET', `${A}/earnings`, undefined, migs);
      expect(earnings.status, earnings.text).toBe(200);
      await noBreaks(order.id, 'completed');
    });

    it('the dearer rush artist accepts: no refund, she earns her share of it all', async () => {
      const { order } = await placed();
      await ok('POST', `${A}/orders/${order.id}/accept`, undefined, ana);
      const refunds = await h.database.db.selectFrom('refunds').select('id').where('order_id', '=', order.id).execute();
      expect(refunds).toEqual([]);
      expect((await h.call('GET', `${A}/orders/${order.id}`, undefined, ana)).body.data).toMatchObject({
        price: 4000,
        earning: 3200,
      });
      await noBreaks(order.id, 'accepted');
      await ok('POST', `${ADMIN}/orders/${order.id}/cancel`, { reason: 'Customer asked' }, admin);
      await noBreaks(order.id, 'cancelled');
    });

    it('a rush order is rebooked only to artists who offer rush', async () => {
      const { customer, order } = await placed();
      for (const artist of [ana, migs])
        await ok('POST', `${A}/orders/${order.id}/decline`, { reason: 'Fully booked this week' }, artist);
      const refused = await h.call(
        'POST',
        `${U}/orders/${order.id}/rebook`,
        { selected_artists: [lea.user_id] },
        customer,
      );
      expect(refused.status, refused.text).toBe(422);
      expect(refused.body.errors).toEqual({ selected_artists: [addOnMessages.rushNotOffered] });
      const other = await makeRatedArtist(h, { rate: 1500 });
      await withRush(other, 300, 1);
      await ok('POST', `${U}/orders/${order.id}/rebook`, { selected_artists: [other.user_id] }, customer);
      await ok('POST', `${A}/orders/${order.id}/accept`, undefined, other);
      // 1,500 + 300 + 500 = 2,300 of the 4,000 paid.
      const row = await h.database.db
        .selectFrom('orders')
        .select(['price_centavos', 'rush_centavos'])
        .where('id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ price_centavos: 230_000, rush_centavos: 30_000 });
      await noBreaks(order.id, 'rebooked and accepted');
    });
  });
});
