import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogMessages } from '../../contracts/artist';
import { DEFAULT_TURNAROUND_DAYS, deliveryMessages } from '../../contracts/delivery';
import { orderMessages } from '../../contracts/order';
import { migrationProvider } from '../../server/db/migrations';
import { dueAtFor } from '../../server/lifecycle/order-actions';
import { arrivesBy, earliestNeededByFor, longestTurnaroundBy } from '../../server/orders/delivery';
import { type ArtistAccount, artistInfoBody, makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { createDraft, songBody, storyBody, U } from './orders-fixtures';

// Delivery you can count on (docs/decisions.md): each artist's standard turnaround within the platform's
// limits, the date a song ordered now arrives (answer window, then turnaround), shown on the catalogue and
// at the song step, the earliest needed-by date that follows from it, and the catalogue's turnaround and
// "can deliver by" filters and "fastest" sort.

const A = '/api/v1/artist';
const HOUR = 3_600_000;
/** 10:00 UTC (18:00 in Manila): every promise below is counted from here unless a test moves the clock. */
const START = '2030-03-01T10:00:00.000Z';
const settings = { offerTtlMs: 24 * HOUR, minLeadDays: 3 };

describe('the promise date (server/orders/delivery.ts)', () => {
  it('leaves the artist the answer window and then the whole turnaround before the due time', () => {
    const now = new Date(START);
    // Accepted at the last moment (03-02 10:00Z), five days later is 03-07 10:00Z; the due time of a
    // needed-by date is 00:00 in Manila the day before it (16:00Z two days before): 03-09's is 03-07 16:00Z.
    expect(arrivesBy(now, settings, 5)).toBe('2030-03-09');
    expect(arrivesBy(now, settings, 1)).toBe('2030-03-05');
    expect(arrivesBy(now, settings, 30)).toBe('2030-04-03');
    // After 16:00Z the same turnaround needs one more day.
    expect(arrivesBy(new Date('2030-03-01T18:00:00Z'), settings, 5)).toBe('2030-03-10');
    // Exactly on a due time it is still made.
    expect(arrivesBy(new Date('2030-03-01T16:00:00Z'), settings, 5)).toBe('2030-03-09');
    for (const days of [1, 5, 30]) {
      const promised = arrivesBy(now, settings, days);
      const ready = new Date(now.getTime() + settings.offerTtlMs + days * 86_400_000).toISOString();
      expect(dueAtFor(promised) >= ready).toBe(true);
      const dayBefore = new Date(Date.parse(`${promised}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect(dueAtFor(dayBefore) < ready).toBe(true);
    }
  });

  it('is never before today + MIN_LEAD_DAYS, and the slowest artist decides for several', () => {
    const now = new Date(START);
    expect(arrivesBy(now, { ...settings, minLeadDays: 10 }, 1)).toBe('2030-03-11');
    expect(earliestNeededByFor(now, settings, [])).toBe('2030-03-04');
    expect(earliestNeededByFor(now, settings, [{ turnaround_days: 1 }, { turnaround_days: 7 }, undefined])).toBe(
      '2030-03-11',
    );
    expect(earliestNeededByFor(now, settings, [undefined])).toBe(arrivesBy(now, settings, DEFAULT_TURNAROUND_DAYS));
  });

  it('"can deliver by" is the longest turnaround whose date is on or before it', () => {
    const now = new Date(START);
    expect(longestTurnaroundBy(now, settings, '2030-03-04')).toBe(0);
    expect(longestTurnaroundBy(now, settings, '2030-03-05')).toBe(1);
    expect(longestTurnaroundBy(now, settings, '2030-03-07')).toBe(3);
    expect(longestTurnaroundBy(now, settings, '2031-01-01')).toBe(30);
  });
});

describe.each(databases)('delivery you can count on (%s)', (kind) => {
  let h: Harness;
  let customer: { id: number; token: string };
  const byName = new Map<string, ArtistAccount>();

  const setTurnaround = (artist: ArtistAccount, days: number | null) =>
    h.database.db
      .updateTable('artist_profiles')
      .set({ turnaround_days: days })
      .where('user_id', '=', artist.id)
      .execute();

  const catalogue = (query: string) => h.call('GET', `${U}/artists?q=dlv&${query}`);
  const names = (answer: { body: { data: { artists: { stage_name: string }[] } } }) =>
    answer.body.data.artists.map((a) => a.stage_name.replace('Dlv ', ''));
  const allPages = async (query: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const answer = await catalogue(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status, answer.text).toBe(200);
      seen.push(...names(answer));
      cursor = answer.body.data.next_cursor;
    } while (cursor && seen.length < 50);
    return seen;
  };

  beforeAll(async () => {
    h = await createHarness(kind, { env: { ACCESS_TOKEN_TTL_SECONDS: '86400' } });
    h.clock.set(START);
    customer = await makeCustomer(h);
    // Ties on purpose (Bea and Fe at 1 day, Alma and Dina at 3); Cora never set one (the default, 5).
    const turnarounds: [string, number | null][] = [
      ['Alma', 3],
      ['Bea', 1],
      ['Cora', null],
      ['Dina', 3],
      ['Elle', 10],
      ['Fe', 1],
    ];
    for (const [name, days] of turnarounds) {
      const artist = await makeArtist(h, { status: 'approved', online: true, stageName: `Dlv ${name}` });
      const at = h.clock.now().toISOString();
      await h.database.db
        .insertInto('artist_profiles')
        .values({ user_id: artist.id, genres: '["pop"]', turnaround_days: days, created_at: at, updated_at: at })
        .execute();
      byName.set(name, artist);
    }
  });
  afterAll(() => h.close());

  it('an artist sets a turnaround within the limits on the artist information form; out of them is a 422', async () => {
    const artist = await makeArtist(h, { status: 'approved', online: true, stageName: 'Dlv Gia', song: true });
    const save = (body: Record<string, unknown>) =>
      h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: 'Dlv Gia', ...body }), {
        token: artist.token,
      });
    for (const bad of [0, 31, 2.5, '3', null, -1]) {
      const answer = await save({ turnaround_days: bad });
      expect(answer.status, `${bad}`).toBe(422);
      expect(answer.body.errors).toEqual({ turnaround_days: [deliveryMessages.turnaroundInvalid] });
    }
    const profile = async () => (await h.call('GET', `${A}/profile`, undefined, { token: artist.token })).body.data;
    expect((await profile()).turnaround_days).toBe(DEFAULT_TURNAROUND_DAYS);
    expect((await save({ turnaround_days: 2 })).status).toBe(200);
    expect((await profile()).turnaround_days).toBe(2);
    // A form without the field keeps the one on file.
    expect((await save({})).status).toBe(200);
    expect((await profile()).turnaround_days).toBe(2);
    // The catalogue shows it at once (the cached answer follows the profile).
    const card = (await h.call('GET', `${U}/artists?q=dlv%20gia`)).body.data.artists[0];
    expect(card.delivery).toEqual({ turnaround_days: 2, answer_hours: 24, arrives_by: '2030-03-06' });
    expect((await save({ turnaround_days: 30 })).status).toBe(200);
    expect((await h.call('GET', `${U}/artists?q=dlv%20gia`)).body.data.artists[0].delivery.arrives_by).toBe(
      '2030-04-03',
    );
    await h.database.db.updateTable('users').set({ is_online: 0 }).where('id', '=', artist.id).execute();
  });

  it('cards and the artist page carry the turnaround, the answer window and the arrival date', async () => {
    const cards = (await catalogue('')).body.data.artists as { stage_name: string; delivery: unknown }[];
    const delivery = (name: string) => cards.find((c) => c.stage_name === `Dlv ${name}`)?.delivery;
    expect(delivery('Bea')).toEqual({ turnaround_days: 1, answer_hours: 24, arrives_by: '2030-03-05' });
    expect(delivery('Cora')).toEqual({ turnaround_days: 5, answer_hours: 24, arrives_by: '2030-03-09' });
    expect(delivery('Elle')).toEqual({ turnaround_days: 10, answer_hours: 24, arrives_by: '2030-03-14' });
    const page = await h.call('GET', `${U}/artists/${byName.get('Elle')?.user_id}`);
    expect(page.body.data.delivery).toEqual({ turnaround_days: 10, answer_hours: 24, arrives_by: '2030-03-14' });
  });

  it('filters by turnaround and "can deliver by", and sorts fastest first, paged at any size', async () => {
    const fastest = ['Bea', 'Fe', 'Alma', 'Dina', 'Cora', 'Elle'];
    for (const limit of [1, 2, 4, 10]) expect(await allPages('sort=fastest', limit), `${limit}`).toEqual(fastest);
    expect(await allPages('turnaround=3', 2)).toEqual(['Alma', 'Bea', 'Dina', 'Fe']);
    expect(await allPages('turnaround=1&sort=fastest', 1)).toEqual(['Bea', 'Fe']);
    expect(await allPages('deliver_by=2030-03-07&sort=fastest', 1)).toEqual(['Bea', 'Fe', 'Alma', 'Dina']);
    expect(await allPages('deliver_by=2030-03-09', 3)).toEqual(['Alma', 'Bea', 'Cora', 'Dina', 'Fe']);
    expect(await allPages('deliver_by=2030-03-04', 3)).toEqual([]);
    expect(await allPages('deliver_by=2030-12-31&turnaround=5&sort=fastest', 2)).toEqual([
      'Bea',
      'Fe',
      'Alma',
      'Dina',
      'Cora',
    ]);
    // Every card a filter lets through arrives on or before the date.
    const cards = (await catalogue('deliver_by=2030-03-07')).body.data.artists as {
      delivery: { arrives_by: string };
    }[];
    for (const card of cards) expect(card.delivery.arrives_by <= '2030-03-07').toBe(true);
  });

  it('refuses a bad turnaround, date or cursor with a 422 on the field', async () => {
    const fastCursor = (await catalogue('sort=fastest&limit=1')).body.data.next_cursor as string;
    const priceCursor = (await catalogue('sort=price_asc&limit=1')).body.data.next_cursor as string;
    const cases: [string, string, string][] = [
      ['turnaround=0', 'turnaround', deliveryMessages.turnaroundInvalid],
      ['turnaround=31', 'turnaround', deliveryMessages.turnaroundInvalid],
      ['turnaround=abc', 'turnaround', deliveryMessages.turnaroundInvalid],
      ['turnaround=2.5', 'turnaround', deliveryMessages.turnaroundInvalid],
      ['deliver_by=2030-02-30', 'deliver_by', deliveryMessages.deliverByInvalid],
      ['deliver_by=tomorrow', 'deliver_by', deliveryMessages.deliverByInvalid],
      ['deliver_by=03/07/2030', 'deliver_by', deliveryMessages.deliverByInvalid],
      ['sort=slowest', 'sort', catalogMessages.sortInvalid],
      [`sort=fastest&cursor=${priceCursor}`, 'cursor', 'Invalid cursor'],
      [`sort=price_asc&cursor=${fastCursor}`, 'cursor', 'Invalid cursor'],
    ];
    for (const [query, field, message] of cases) {
      const answer = await catalogue(query);
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors, query).toEqual({ [field]: [message] });
    }
  });

  it('the song step answers each chosen artist’s date; needed-by before the slowest one’s is a 422', async () => {
    const bea = byName.get('Bea') as ArtistAccount;
    const elle = byName.get('Elle') as ArtistAccount;
    const id = await createDraft(h, customer.token);
    const song = (needed_by: string) =>
      h.call('PATCH', `${U}/temp-order/${id}/song`, songBody(h, [bea.user_id, elle.user_id], { needed_by }), {
        token: customer.token,
      });
    const early = await song('2030-03-13');
    expect(early.status).toBe(422);
    expect(early.body.errors).toEqual({ needed_by: [orderMessages.neededByTooSoon] });
    const ok = await song('2030-03-14');
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.earliest_needed_by).toBe('2030-03-14');
    expect(ok.body.data.song.artists.map((a: { delivery: unknown }) => a.delivery)).toEqual([
      { turnaround_days: 1, answer_hours: 24, arrives_by: '2030-03-05' },
      { turnaround_days: 10, answer_hours: 24, arrives_by: '2030-03-14' },
    ]);
    // Bea alone could make an earlier date.
    const alone = await h.call(
      'PATCH',
      `${U}/temp-order/${id}/song`,
      songBody(h, [bea.user_id], { needed_by: '2030-03-05' }),
      { token: customer.token },
    );
    expect(alone.status, alone.text).toBe(200);
    expect(alone.body.data.earliest_needed_by).toBe('2030-03-05');

    // The commit checks again: Bea now needs longer than the saved date allows.
    expect((await h.call('PATCH', `${U}/temp-order/${id}/story`, storyBody(), { token: customer.token })).status).toBe(
      200,
    );
    await setTurnaround(bea, 4);
    const commit = await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token: customer.token });
    expect(commit.status).toBe(422);
    expect(commit.body.errors).toEqual({ needed_by: [orderMessages.neededByTooSoon] });
    await setTurnaround(bea, 1);
    const placed = await h.call('POST', `${U}/temp-order/${id}/commit`, undefined, { token: customer.token });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.data.needed_by).toBe('2030-03-05');
  });

  it('a cached catalogue answer never outlives its dates: they move with the clock', async () => {
    const bea = async () =>
      (await catalogue('turnaround=1')).body.data.artists.find(
        (c: { stage_name: string }) => c.stage_name === 'Dlv Bea',
      )?.delivery.arrives_by;
    expect(await bea()).toBe('2030-03-05');
    // 16:00Z passes (midnight in Manila): ordering now, the same turnaround lands a day later.
    h.clock.set('2030-03-01T18:00:00.000Z');
    expect(await bea()).toBe('2030-03-06');
    expect(await allPages('deliver_by=2030-03-05', 5)).toEqual([]);
    h.clock.set(START);
  });
});

describe.each(databases)('migration 0026 (%s)', (kind) => {
  it('goes down and up again', async () => {
    const h = await createHarness(kind);
    // Down to before it (0034's cards, which read the column, go down first) and up to the latest again.
    const migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    try {
      const at = h.clock.now().toISOString();
      const artist = await makeArtist(h, { status: 'approved', online: true });
      await h.database.db
        .insertInto('artist_profiles')
        .values({ user_id: artist.id, turnaround_days: 4, created_at: at, updated_at: at })
        .execute();
      expect((await migrator.migrateTo('0025-catalogue-choice')).error).toBeUndefined();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const row = await h.database.db
        .selectFrom('artist_profiles')
        .select('turnaround_days')
        .where('user_id', '=', artist.id)
        .executeTakeFirstOrThrow();
      expect(row.turnaround_days).toBeNull();
      // The catalogue's fastest order works again, from the refilled cards.
      expect((await h.call('GET', `${U}/artists?sort=fastest`)).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});
