import { CompiledQuery, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordQueries } from '../../bench/scale/query-recorder';
import type { CatalogSort } from '../../contracts/artist';
import { DEFAULT_TURNAROUND_DAYS } from '../../contracts/delivery';
import { BASE_PRICE_CENTAVOS } from '../../contracts/options';
import { type CatalogFilter, findCatalogPage } from '../../server/catalog/catalog.repository';
import { migrationProvider } from '../../server/db/migrations';
import { completedOrder, makeArtist, makeCustomer } from './artist-fixtures';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

// The catalogue's cards (migration 0034): one row per listed artist, kept by triggers whichever write changes
// what it is made of. Each step below writes straight to the tables, as any code path, the admin CLI or a
// seed would, and the cards must then equal a recount made here from the rows themselves.

interface Card {
  artist_id: number;
  name_key: string;
  rate_centavos: number;
  rating_tenths: number;
  rating_count: number;
  turnaround_days: number;
  genres: string;
  vocal_type: string | null;
}

describe.each(databases)('catalogue cards (%s)', (kind) => {
  let h: Harness;
  let customer: { id: number };
  beforeAll(async () => {
    h = await createHarness(kind);
    customer = await makeCustomer(h);
  });
  afterAll(() => h.close());

  /** The cards as the rows say they should be: the listed artists, their keys from profile and ratings. */
  async function recount(): Promise<Card[]> {
    const db = h.database.db;
    const artists = await db.selectFrom('users').selectAll().where('type', '=', 'artist').execute();
    const profiles = new Map((await db.selectFrom('artist_profiles').selectAll().execute()).map((p) => [p.user_id, p]));
    const ratings = await db
      .selectFrom('orders')
      .select(['artist_id', 'rating'])
      .where('rating', 'is not', null)
      .execute();
    const cards: Card[] = [];
    for (const a of artists) {
      const listed =
        a.app_status === 'approved' &&
        a.is_online === 1 &&
        a.deactivated_at === null &&
        a.suspended_at === null &&
        a.stage_name !== null;
      if (!listed) continue;
      const p = profiles.get(a.id);
      const stars = ratings.filter((r) => r.artist_id === a.id).map((r) => Number(r.rating));
      const sum = stars.reduce((s, n) => s + n, 0);
      cards.push({
        artist_id: a.id,
        name_key: (a.stage_name as string).toLowerCase(),
        rate_centavos: p?.rate_centavos ?? BASE_PRICE_CENTAVOS,
        rating_tenths: stars.length ? Math.round((sum / stars.length) * 10) : 0,
        rating_count: stars.length,
        turnaround_days: p?.turnaround_days ?? DEFAULT_TURNAROUND_DAYS,
        genres: p?.genres ?? '[]',
        vocal_type: p?.vocal_type ?? null,
      });
    }
    return cards.sort((a, b) => a.artist_id - b.artist_id);
  }

  async function cards(): Promise<Card[]> {
    const rows = await h.database.db.selectFrom('catalog_cards').selectAll().orderBy('artist_id').execute();
    return rows.map((row) => ({ ...row, vocal_type: row.vocal_type ?? null }));
  }

  const expectTrue = async () => expect(await cards()).toEqual(await recount());
  const setUser = (id: number, values: Record<string, unknown>) =>
    h.database.db.updateTable('users').set(values).where('id', '=', id).execute();
  const setProfile = (id: number, values: Record<string, unknown>) =>
    h.database.db.updateTable('artist_profiles').set(values).where('user_id', '=', id).execute();

  const ratedOrder = (artistId: number, stars: number) =>
    completedOrder(h, { customerId: customer.id, artistId, stars, at: new Date().toISOString() });

  it('follow every change to who is listed and to the keys, and equal a recount after each', async () => {
    const listed = await makeArtist(h, { online: true, stageName: 'Zed Quiet' });
    const offline = await makeArtist(h, { online: false, stageName: 'Aria Offline' });
    await makeArtist(h, { status: 'for_review', online: true });
    await expectTrue();
    expect((await cards()).map((c) => c.artist_id)).toContain(listed.id);
    expect((await cards()).map((c) => c.artist_id)).not.toContain(offline.id);

    await setUser(offline.id, { is_online: 1 });
    await expectTrue();
    expect((await cards()).map((c) => c.artist_id)).toContain(offline.id);

    // The profile's first write, then each key the catalogue sorts or filters on.
    const now = new Date().toISOString();
    await h.database.db
      .insertInto('artist_profiles')
      .values({ user_id: listed.id, rate_centavos: 320_000, turnaround_days: 3, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ rate_centavos: 320_000, turnaround_days: 3 }))
      .execute();
    await expectTrue();
    await setProfile(listed.id, { genres: '["pop","opm"]', vocal_type: 'female' });
    await expectTrue();
    await setProfile(listed.id, { rate_centavos: null, turnaround_days: null });
    await expectTrue();
    expect((await cards()).find((c) => c.artist_id === listed.id)).toMatchObject({
      rate_centavos: BASE_PRICE_CENTAVOS,
      turnaround_days: DEFAULT_TURNAROUND_DAYS,
      genres: '["pop","opm"]',
    });

    // Ratings arrive through 0014's summaries: the first creates the artist's summary row, the next update it.
    const first = await ratedOrder(listed.id, 5);
    await expectTrue();
    await ratedOrder(listed.id, 4);
    await expectTrue();
    expect((await cards()).find((c) => c.artist_id === listed.id)).toMatchObject({
      rating_tenths: 45,
      rating_count: 2,
    });
    await h.database.db.updateTable('orders').set({ rating: 1 }).where('id', '=', first).execute();
    await expectTrue();
    await h.database.db.deleteFrom('orders').where('id', '=', first).execute();
    await expectTrue();

    // Leaving the catalogue, each way, and coming back.
    for (const [leave, back] of [
      [{ suspended_at: now }, { suspended_at: null }],
      [{ deactivated_at: now }, { deactivated_at: null }],
      [{ is_online: 0 }, { is_online: 1 }],
      [{ app_status: 'for_review' }, { app_status: 'approved' }],
      [{ stage_name: null }, { stage_name: 'Zed Renamed' }],
    ] as const) {
      await setUser(listed.id, leave);
      await expectTrue();
      expect((await cards()).map((c) => c.artist_id)).not.toContain(listed.id);
      await setUser(listed.id, back);
      await expectTrue();
    }
    expect((await cards()).find((c) => c.artist_id === listed.id)?.name_key).toBe('zed renamed');

    // A profile gone leaves the defaults; a user gone takes the card along.
    await h.database.db.deleteFrom('artist_profiles').where('user_id', '=', listed.id).execute();
    await expectTrue();
    const passing = await h.createAccount({
      type: 'artist',
      email: uniqueEmail('artist'),
      password: 'Artist123!',
      stage_name: 'Passing Through',
      app_status: 'approved',
      is_online: true,
    });
    await expectTrue();
    await h.database.db.deleteFrom('users').where('id', '=', passing.id).execute();
    await expectTrue();

    // A customer never has a card.
    await makeCustomer(h);
    await expectTrue();
  });
});

describe('each catalogue sort walks its card index and stops after a page (sqlite)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness('sqlite');
    for (let i = 0; i < 40; i++) {
      const artist = await h.createAccount({
        type: 'artist',
        email: uniqueEmail('artist'),
        password: 'Artist123!',
        stage_name: `Card ${i}`,
        app_status: 'approved',
        is_online: true,
      });
      const now = new Date().toISOString();
      await h.database.db
        .insertInto('artist_profiles')
        .values({
          user_id: artist.id,
          rate_centavos: 150_000 + (i % 8) * 25_000,
          turnaround_days: 2 + (i % 6),
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  });
  afterAll(() => h.close());

  /** The plan of the catalogue page's one statement on catalog_cards for this filter. */
  async function planOf(filter: Partial<CatalogFilter> & { sort: CatalogSort }): Promise<string[]> {
    const recorder = recordQueries(h.database.db);
    await findCatalogPage(recorder.db, { limit: 12, ...filter });
    const [query] = recorder.queries.filter((q) => q.sql.includes('catalog_cards'));
    if (!query) throw new Error('the page did not read catalog_cards');
    const plan = await h.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row.detail);
  }

  // The bench's cache-miss pages (bench/scale/endpoints.ts), and each sort plain and after a cursor.
  it.each([
    [{ sort: 'recommended' }, 'catalog_cards_name'],
    [{ sort: 'recommended', cursor: { sort: 'recommended', key: 'card 3', id: 5 } }, 'catalog_cards_name'],
    [{ sort: 'price_asc' }, 'catalog_cards_rate'],
    [{ sort: 'price_desc' }, 'catalog_cards_rate_desc'],
    [{ sort: 'price_desc', cursor: { sort: 'price_desc', rate: 200_000, id: 9 } }, 'catalog_cards_rate_desc'],
    [
      { sort: 'rating', min_rating_tenths: 30, min_rate_centavos: 150_000, max_rate_centavos: 500_000 },
      'catalog_cards_rating',
    ],
    [{ sort: 'rating', cursor: { sort: 'rating', tenths: 40, count: 2, id: 9 } }, 'catalog_cards_rating'],
    [{ sort: 'fastest', max_turnaround_days: 7 }, 'catalog_cards_turnaround'],
    [{ sort: 'fastest', cursor: { sort: 'fastest', days: 3, id: 9 } }, 'catalog_cards_turnaround'],
  ] as const)('%o walks %s', async (filter, index) => {
    const plan = await planOf(filter as Partial<CatalogFilter> & { sort: CatalogSort });
    expect(plan[0]).toMatch(new RegExp(`^(SCAN|SEARCH) catalog_cards USING INDEX ${index}\\b`));
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});

describe.each(databases)("a bound on another sort's key (%s)", (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  // SQLite has no statistics here, so a price bound would drive its plan unless wrapped in the unary `+`
  // (the plans above). PostgreSQL weighs each bound by its column's statistics, which it has none of for
  // `+rate_centavos`: at full size it then guessed 23 cards and sorted every card instead of walking the
  // rating index (docs/scale-plans.md). So the `+` is SQLite's alone.
  it('is wrapped in the unary plus on SQLite only', async () => {
    const recorder = recordQueries(h.database.db);
    await findCatalogPage(recorder.db, {
      sort: 'rating',
      min_rating_tenths: 30,
      min_rate_centavos: 150_000,
      max_rate_centavos: 500_000,
      limit: 12,
    });
    const [query] = recorder.queries.filter((q) => q.sql.includes('catalog_cards'));
    const wrapped = /\+"catalog_cards"\."rate_centavos"/;
    if (kind === 'sqlite') expect(query?.sql).toMatch(wrapped);
    else expect(query?.sql).not.toMatch(wrapped);
    expect(query?.sql).not.toMatch(/\+"catalog_cards"\."rating_tenths"/);
  });
});

describe.each(databases)('migration 0034-catalog-cards (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('goes down and up again, and the catalogue lists the same artists from the refilled cards', async () => {
    const artist = await makeArtist(h, { online: true, stageName: 'Round Trip' });
    const catalogue = async () => {
      const answer = await h.request('/api/v1/user/artists');
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { data: { artists: { stage_name: string }[] } }).data.artists;
    };
    const before = await catalogue();
    const migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    expect((await migrator.migrateTo('0033-departed-artists-index')).error).toBeUndefined();
    // Without the triggers a change goes unseen; `up` fills the cards from the rows as they are.
    await h.database.db
      .updateTable('users')
      .set({ stage_name: 'Round Trip Again' })
      .where('id', '=', artist.id)
      .execute();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const card = await h.database.db
      .selectFrom('catalog_cards')
      .selectAll()
      .where('artist_id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(card.name_key).toBe('round trip again');
    const after = await catalogue();
    expect(after).toHaveLength(before.length);
    expect(after.map((a) => a.stage_name)).toContain('Round Trip Again');
  });
});
