import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogSort, catalogMessages } from '../../contracts/artist';
import { REVIEW_ANSWER_MAX, reviewMessages } from '../../contracts/reviews';
import { migrationProvider } from '../../server/db/migrations';
import { type ArtistAccount, makeArtist, makeCustomer, completedOrder as writeCompletedOrder } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

// A catalogue to choose from (docs/decisions.md): price and rating filters, four sorts each paged on its
// own keyset, dated reviews with the occasion and a star distribution, and the artist's one answer.

const U = '/api/v1/user';
const A = '/api/v1/artist';

interface Seeded extends ArtistAccount {
  name: string;
  /** Whole pesos. */
  rate: number;
  ratings: number[];
}

describe.each(databases)('a catalogue to choose from (%s)', (kind) => {
  let h: Harness;
  let customer: { id: number; token: string };
  const artists: Seeded[] = [];
  /** Seconds since the start, so every rating has its own time (and some share one). */
  let tick = 0;

  /** A completed order of `artist` for the customer, rated `stars` (null: not rated) at the given tick. */
  const completedOrder = (artist: { id: number }, stars: number | null, occasion = 'birthday', at = ++tick) =>
    writeCompletedOrder(h, {
      customerId: customer.id,
      artistId: artist.id,
      stars,
      occasion,
      at: new Date(Date.UTC(2030, 0, 1, 0, 0, at)).toISOString(),
    });

  const addArtist = async (name: string, rate: number, ratings: number[], genres = ['pop']) => {
    const artist = await makeArtist(h, { status: 'approved', online: true, stageName: name });
    const at = h.clock.now().toISOString();
    await h.database.db
      .insertInto('artist_profiles')
      .values({
        user_id: artist.id,
        bio: 'A singer.',
        genres: JSON.stringify(genres),
        vocal_type: 'female',
        rate_centavos: rate * 100,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const stars of ratings) await completedOrder(artist, stars);
    const seeded = { ...artist, name, rate, ratings };
    artists.push(seeded);
    return seeded;
  };

  /** The shown rating in tenths, as the cards show it (round half up). */
  const tenths = (a: Seeded) =>
    a.ratings.length === 0
      ? 0
      : Math.floor((a.ratings.reduce((s, r) => s + r, 0) * 20 + a.ratings.length) / (a.ratings.length * 2));
  /** The expected order of a sort: its keys, then the id. */
  const expectedOrder = (sort: CatalogSort, list = artists) =>
    [...list]
      .sort((a, b) => {
        if (sort === 'price_asc') return a.rate - b.rate || a.id - b.id;
        if (sort === 'price_desc') return b.rate - a.rate || a.id - b.id;
        if (sort === 'rating') return tenths(b) - tenths(a) || b.ratings.length - a.ratings.length || a.id - b.id;
        const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
        return x < y ? -1 : x > y ? 1 : a.id - b.id;
      })
      .map((a) => a.name);

  const catalogue = (query: string) => h.call('GET', `${U}/artists?${query}`);
  const names = (answer: { body: { data: { artists: { stage_name: string }[] } } }) =>
    answer.body.data.artists.map((a) => a.stage_name);
  /** Every page of a query, following next_cursor. */
  const allPages = async (query: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await catalogue(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status, answer.text).toBe(200);
      seen.push(...names(answer));
      cursor = answer.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 60);
    return seen;
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    customer = await makeCustomer(h);
    // Ties on purpose: three artists at ₱2,000; two at 4.5 from two ratings; two at 4.0 with 1 and 3 ratings.
    await addArtist('Alma', 2000, [5, 4]);
    await addArtist('Bea', 2000, [4, 5]);
    await addArtist('Cora', 2000, [4]);
    await addArtist('Dina', 1500, [4, 4, 4]);
    await addArtist('Elle', 5000, [5, 5, 5], ['jazz']);
    await addArtist('Fe', 1000, [2, 3]);
    await addArtist('Gia', 3500, []);
    await addArtist('Hana', 2500, [1]);
  });
  afterAll(() => h.close());

  it('filters by the rate the customer pays, both bounds included, with the other filters', async () => {
    expect(await allPages('min_price=2000&max_price=2500', 2)).toEqual(['Alma', 'Bea', 'Cora', 'Hana']);
    expect(await allPages('min_price=3500', 5)).toEqual(['Elle', 'Gia']);
    expect(await allPages('max_price=1500', 5)).toEqual(['Dina', 'Fe']);
    expect(await allPages('min_price=2000&max_price=2000&sort=price_desc', 1)).toEqual(['Alma', 'Bea', 'Cora']);
    expect(await allPages('genre=jazz&min_price=1000', 5)).toEqual(['Elle']);
    expect(await allPages('min_price=5001', 5)).toEqual([]);
    // The card's rate is what the filter compared.
    const cards = (await catalogue('min_price=2000&max_price=2000')).body.data.artists;
    expect(cards.map((c: { rate: number }) => c.rate)).toEqual([2000, 2000, 2000]);
  });

  it('filters by the rating the card shows; unrated artists never pass a minimum', async () => {
    expect(await allPages('min_rating=4', 3)).toEqual(['Alma', 'Bea', 'Cora', 'Dina', 'Elle']);
    expect(await allPages('min_rating=5', 3)).toEqual(['Elle']);
    expect(await allPages('min_rating=1', 3)).toEqual(expectedOrder('recommended').filter((n) => n !== 'Gia'));
    // 2.5 rounds to 2.5 (shown 2.5): passes 2, not 3.
    expect(await allPages('min_rating=2&max_price=1000', 3)).toEqual(['Fe']);
    expect(await allPages('min_rating=3&max_price=1000', 3)).toEqual([]);
  });

  it('each sort pages without gaps or repeats at any page size, ties broken by the artist', async () => {
    for (const sort of ['recommended', 'price_asc', 'price_desc', 'rating'] as const) {
      const expected = expectedOrder(sort);
      for (const limit of [1, 2, 3, 8])
        expect(await allPages(`sort=${sort}`, limit), `${sort} ${limit}`).toEqual(expected);
    }
    // The ties the data set holds, in the order they must come.
    expect(expectedOrder('rating')).toEqual(['Elle', 'Alma', 'Bea', 'Dina', 'Cora', 'Fe', 'Hana', 'Gia']);
    expect(expectedOrder('price_asc').slice(2, 5)).toEqual(['Alma', 'Bea', 'Cora']);
    // Sort and filters together.
    expect(await allPages('sort=rating&min_price=2000&max_price=3500', 1)).toEqual([
      'Alma',
      'Bea',
      'Cora',
      'Hana',
      'Gia',
    ]);
    expect(await allPages('sort=price_desc&min_rating=4', 2)).toEqual(['Elle', 'Alma', 'Bea', 'Cora', 'Dina']);
  });

  it('a new rating moves the artist at once in the rating sort (the cached answer is not reused)', async () => {
    const before = names(await catalogue('sort=rating&limit=3'));
    expect(before).toEqual(['Elle', 'Alma', 'Bea']);
    const hana = artists.find((a) => a.name === 'Hana') as Seeded;
    for (const stars of [5, 5, 5, 5, 5, 5, 5, 5, 5, 5]) {
      await completedOrder(hana, stars);
      hana.ratings.push(stars);
    }
    // (1 + 50) / 11 = 4.6: between Elle (5.0) and Alma (4.5).
    expect(names(await catalogue('sort=rating&limit=3'))).toEqual(['Elle', 'Hana', 'Alma']);
    expect(await allPages('sort=rating', 2)).toEqual(expectedOrder('rating'));
  });

  it('refuses bad filters, sorts and cursors with a 422 on the field', async () => {
    const priceCursor = (await catalogue('sort=price_asc&limit=1')).body.data.next_cursor as string;
    const cases: [string, string, string][] = [
      ['min_price=3000&max_price=2000', 'max_price', catalogMessages.priceRangeBackwards],
      ['min_price=abc', 'min_price', catalogMessages.priceInvalid],
      ['max_price=-5', 'max_price', catalogMessages.priceInvalid],
      ['max_price=999999', 'max_price', catalogMessages.priceInvalid],
      ['min_rating=7', 'min_rating', catalogMessages.ratingInvalid],
      ['min_rating=4.5', 'min_rating', catalogMessages.ratingInvalid],
      ['sort=bogus', 'sort', catalogMessages.sortInvalid],
      // A cursor belongs to its sort.
      [`sort=rating&cursor=${priceCursor}`, 'cursor', 'Invalid cursor'],
      [`cursor=${priceCursor}`, 'cursor', 'Invalid cursor'],
      [`sort=price_desc&cursor=${priceCursor}`, 'cursor', 'Invalid cursor'],
    ];
    for (const [query, field, message] of cases) {
      const answer = await catalogue(query);
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors, query).toEqual({ [field]: [message] });
    }
  });

  describe('reviews on the artist page', () => {
    it('shows the newest reviews with their date and occasion, the distribution, and pages the rest', async () => {
      const ivy = await addArtist('Ivy', 2000, []);
      await completedOrder(ivy, 5, 'wedding');
      await completedOrder(ivy, 3, 'anniversary');
      const sameTime = ++tick;
      for (const stars of [4, 4, 5, 1, 5]) await completedOrder(ivy, stars, 'birthday', sameTime);
      await completedOrder(ivy, null);
      const profile = (await h.call('GET', `${U}/artists/${ivy.user_id}`)).body.data;
      expect(profile.rating_count).toBe(7);
      expect(profile.rating_distribution).toEqual([
        { stars: 5, count: 3 },
        { stars: 4, count: 2 },
        { stars: 3, count: 1 },
        { stars: 2, count: 0 },
        { stars: 1, count: 1 },
      ]);
      expect(profile.reviews).toHaveLength(5);
      expect(profile.reviews[0]).toMatchObject({
        rating: 5,
        occasion: 'birthday',
        created_at: new Date(Date.UTC(2030, 0, 1, 0, 0, sameTime)).toISOString(),
        customer_first_name: expect.any(String),
        answer: null,
      });
      // Five share one time: the order id breaks the tie, so the second page neither skips nor repeats.
      const seen = [...profile.reviews];
      let cursor: string | null = profile.reviews_next_cursor;
      expect(cursor).not.toBeNull();
      while (cursor) {
        const page = await h.call('GET', `${U}/artists/${ivy.user_id}/reviews?limit=1&cursor=${cursor}`);
        expect(page.status, page.text).toBe(200);
        seen.push(...page.body.data.items);
        cursor = page.body.data.next_cursor;
      }
      expect(seen.map((r) => r.occasion)).toEqual([...Array(5).fill('birthday'), 'anniversary', 'wedding']);
      expect(new Set(seen.map((r) => r.id)).size).toBe(7);
      const bad = await h.call('GET', `${U}/artists/${ivy.user_id}/reviews?cursor=nope`);
      expect(bad.status).toBe(422);
      expect((await h.call('GET', `${U}/artists/not-there/reviews`)).status).toBe(404);
    });

    it('the distribution follows a rating as it is given, changed or removed', async () => {
      const jo = await addArtist('Jo', 2000, []);
      const orderId = await completedOrder(jo, null);
      // The rating endpoint's write (server/lifecycle/order-actions.ts): rating, review and rated_at on the order.
      await h.database.db
        .updateTable('orders')
        .set({ rating: 4, review: 'Lovely', rated_at: h.clock.now().toISOString() })
        .where('id', '=', orderId)
        .execute();
      const counts = async () =>
        (await h.call('GET', `${U}/artists/${jo.user_id}`)).body.data.rating_distribution.map(
          (s: { count: number }) => s.count,
        );
      expect(await counts()).toEqual([0, 1, 0, 0, 0]);
      await h.database.db.updateTable('orders').set({ rating: 2 }).where('id', '=', orderId).execute();
      expect(await counts()).toEqual([0, 0, 0, 1, 0]);
      // Orders are never deleted by the product (the page's cache does not follow a delete); the counts do.
      await h.database.db.deleteFrom('orders').where('id', '=', orderId).execute();
      const left = await h.database.db
        .selectFrom('artist_rating_counts')
        .select('rating_count')
        .where('artist_id', '=', jo.id)
        .execute();
      expect(left.map((r) => Number(r.rating_count))).toEqual([0, 0]);
      // The maintained counts equal a recount of every artist's ratings.
      const recount = await h.database.db
        .selectFrom('orders')
        .select(['artist_id', 'rating'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('rating', 'is not', null)
        .groupBy(['artist_id', 'rating'])
        .execute();
      const kept = await h.database.db
        .selectFrom('artist_rating_counts')
        .selectAll()
        .where('rating_count', '>', 0)
        .execute();
      const key = (r: { artist_id: number | null; n: number | string; stars?: number; rating?: number | null }) =>
        `${r.artist_id}:${r.stars ?? r.rating}:${Number(r.n)}`;
      expect(new Set(kept.map((k) => key({ ...k, n: k.rating_count })))).toEqual(new Set(recount.map(key)));
    });
  });

  describe("the artist's answer to a review", () => {
    let kim: Seeded;
    let other: Seeded;
    let reviewId: number;
    let unratedId: number;

    beforeAll(async () => {
      kim = await addArtist('Kim', 2000, []);
      other = await addArtist('Lee', 2000, []);
      reviewId = await completedOrder(kim, 5, 'graduation');
      unratedId = await completedOrder(kim, null);
    });

    const answer = (token: string, id: number | string, body: unknown) =>
      h.call('POST', `${A}/reviews/${id}/answer`, body, { token });

    it('lists the artist their own reviews, newest first', async () => {
      const mine = await h.call('GET', `${A}/reviews`, undefined, { token: kim.token });
      expect(mine.status, mine.text).toBe(200);
      expect(mine.body.data).toEqual({
        items: [expect.objectContaining({ id: reviewId, rating: 5, occasion: 'graduation', answer: null })],
        next_cursor: null,
      });
      expect((await h.call('GET', `${A}/reviews`, undefined, { token: customer.token })).status).toBe(401);
    });

    it('refuses empty and too long answers, and reviews that are not theirs', async () => {
      for (const body of [{ answer: '' }, { answer: '   ' }, {}]) {
        const refused = await answer(kim.token, reviewId, body);
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toEqual({ answer: [reviewMessages.answerRequired] });
      }
      const long = await answer(kim.token, reviewId, { answer: 'x'.repeat(REVIEW_ANSWER_MAX + 1) });
      expect(long.body.errors).toEqual({ answer: [reviewMessages.answerTooLong] });
      for (const [token, id] of [
        [other.token, reviewId],
        [kim.token, unratedId],
        [kim.token, 999_999],
        [kim.token, 'abc'],
      ] as const) {
        const missing = await answer(token, id, { answer: 'Thank you!' });
        expect(missing.status, String(id)).toBe(404);
        expect(missing.body).toEqual({ message: reviewMessages.reviewNotFound });
      }
    });

    it('publishes one answer under the review; a second answer is a 409', async () => {
      const profileBefore = await h.call('GET', `${U}/artists/${kim.user_id}`);
      const saved = await answer(kim.token, reviewId, { answer: '  Thank you, it was a joy to sing!  ' });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.message).toBe(reviewMessages.answerSaved);
      expect(saved.body.data.answer).toEqual({
        text: 'Thank you, it was a joy to sing!',
        at: h.clock.now().toISOString(),
      });
      // The cached artist page shows it at once: the answer raised the catalogue's version.
      const profile = await h.call('GET', `${U}/artists/${kim.user_id}`, undefined, {
        headers: { 'If-None-Match': profileBefore.headers.get('etag') ?? '' },
      });
      expect(profile.status).toBe(200);
      expect(profile.body.data.reviews[0].answer.text).toBe('Thank you, it was a joy to sing!');
      const again = await answer(kim.token, reviewId, { answer: 'Changed my mind' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: reviewMessages.alreadyAnswered });
      const mine = await h.call('GET', `${A}/reviews`, undefined, { token: kim.token });
      expect(mine.body.data.items[0].answer.text).toBe('Thank you, it was a joy to sing!');
    });
  });
});

describe.each(databases)('migration 0025-catalogue-choice (%s)', (kind) => {
  it('fills the star counts from the ratings there, and comes down and up again cleanly', async () => {
    const h = await createHarness(kind, { migrate: false });
    const migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    const migrateTo = async (name: string) => {
      const { error } = await migrator.migrateTo(name);
      if (error) throw error;
    };
    try {
      await migrateTo('0024-email-confirmations');
      await migrateTo('0025-catalogue-choice');
      expect(await h.database.db.selectFrom('artist_rating_counts').selectAll().execute()).toEqual([]);
      await migrateTo('0024-email-confirmations');
      await migrateTo('0025-catalogue-choice');
      const { error } = await migrator.migrateToLatest();
      if (error) throw error;
    } finally {
      await h.close();
    }
  });
});
