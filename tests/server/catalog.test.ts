import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages, catalogMessages } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { genres, vocalTypes } from '../../contracts/options';
import { moods, occasions, relationships, tempos } from '../../contracts/order';
import { decodeCursor, encodeCursor } from '../../server/catalog/catalog-cursor';
import { artistInfoBody, makeArtist, uploadSong } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

const U = '/api/v1/user';

describe('catalogue cursor', () => {
  it('round-trips and refuses anything it did not make', () => {
    const cursor = { sort: 'recommended', key: 'ana reyes', id: 42 } as const;
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const text of [
      '',
      'not base64!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["x",-1]').toString('base64url'),
      Buffer.from('["x",1.5]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(text), text).toThrow();
    }
  });
});

describe.each(databases)('public catalogue (%s)', (kind) => {
  let h: Harness;
  /** The visible artists this file created, by stage name. */
  const visible = new Map<string, { id: number; user_id: string; token: string }>();

  const addArtist = async (
    stageName: string,
    info: { genres: string[]; vocal_type: string; rate: number },
    options: { status?: 'approved' | 'for_review'; online?: boolean; songs?: number; deactivated?: boolean } = {},
  ) => {
    const artist = await makeArtist(h, {
      status: options.status ?? 'approved',
      online: options.online ?? true,
      stageName,
    });
    for (let i = 0; i < (options.songs ?? 1); i++) await uploadSong(h, artist.token, `${stageName} song ${i + 1}`);
    if (options.songs !== 0) {
      const saved = await h.call(
        'PATCH',
        '/api/v1/artist/profile/artist-info',
        artistInfoBody({ stage_name: stageName, ...info }),
        {
          token: artist.token,
        },
      );
      expect(saved.status, saved.text).toBe(200);
    }
    if (options.deactivated)
      await h.database.db
        .updateTable('users')
        .set({ deactivated_at: h.clock.now().toISOString() })
        .where('id', '=', artist.id)
        .execute();
    if ((options.status ?? 'approved') === 'approved' && (options.online ?? true) && !options.deactivated)
      visible.set(stageName, artist);
    return artist;
  };

  beforeAll(async () => {
    h = await createHarness(kind);
    await addArtist('Ana Reyes', { genres: ['pop', 'opm'], vocal_type: 'female', rate: 2500 }, { songs: 2 });
    await addArtist('ana river', { genres: ['acoustic'], vocal_type: 'female', rate: 1500 });
    await addArtist('Bongo 100%', { genres: ['rock'], vocal_type: 'group', rate: 5000 });
    await addArtist('Migs', { genres: ['acoustic', 'opm'], vocal_type: 'male', rate: 1800 });
    await addArtist('Zed_Under', { genres: ['hiphop'], vocal_type: 'male', rate: 2000 });
    await addArtist('Claire', { genres: ['jazz', 'pop'], vocal_type: 'female', rate: 3800 });
    await addArtist('Offline Olga', { genres: ['pop'], vocal_type: 'female', rate: 2000 }, { online: false });
    await addArtist('Waiting Will', { genres: ['pop'], vocal_type: 'male', rate: 2000 }, { status: 'for_review' });
    await addArtist('Gone Gina', { genres: ['pop'], vocal_type: 'female', rate: 2000 }, { deactivated: true });
    await addArtist('No Songs Nate', { genres: [], vocal_type: 'male', rate: 0 }, { songs: 0 });
    for (let i = 0; i < 25; i++) {
      await addArtist(
        `Filler ${String(i).padStart(2, '0')}`,
        { genres: ['kids'], vocal_type: 'duet', rate: 2000 + i },
        { songs: i % 3 === 0 ? 1 : 0 },
      );
    }
  });
  afterAll(() => h.close());

  const catalogue = (query = '') => h.call('GET', `${U}/artists${query}`);
  const names = (answer: { body: { data: { artists: { stage_name: string }[] } } }) =>
    answer.body.data.artists.map((a) => a.stage_name);

  /** Every page of a query, following next_cursor. */
  const allPages = async (query: string, limit: number) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await catalogue(`?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.data.artists.length).toBeLessThanOrEqual(limit);
      seen.push(...names(answer));
      cursor = answer.body.data.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    return { seen, pages };
  };

  it('GET /options answers every choice list and the base price in pesos', async () => {
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
        // What the configured provider takes, named by it: the sandbox (the default) simulates every method.
        payment_methods: [
          { value: 'sandbox', display: 'Test payment (sandbox)' },
          { value: 'gcash', display: 'GCash (test payment)' },
          { value: 'bank', display: 'Online banking (test payment)' },
          { value: 'otc', display: 'Over the counter (test payment)' },
        ],
      },
    });
  });

  it('shows only approved, online, active artists, 12 by default, as ArtistCards', async () => {
    const { seen } = await allPages('', 48);
    expect(new Set(seen)).toEqual(new Set(visible.keys()));
    const first = await catalogue();
    expect(first.body.data.artists).toHaveLength(12);
    const ana = (await catalogue('?q=ana%20reyes')).body.data.artists[0];
    expect(ana).toEqual({
      id: visible.get('Ana Reyes')?.user_id,
      stage_name: 'Ana Reyes',
      avatar: null,
      genres: ['pop', 'opm'],
      vocal_type: 'female',
      rating: null,
      rating_count: 0,
      rate: 2500,
      sample: {
        title: 'Ana Reyes song 2',
        url: expect.stringMatching(/^\/media\/audio\/[A-Za-z0-9_-]{24}\?exp=\d+&sig=/),
      },
      delivery: { turnaround_days: 5, answer_hours: 24, arrives_by: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
      rush: null,
    });
    expect((await h.request(ana.sample.url)).status).toBe(200);
    // Artists without songs have no sample; the rate falls back to the base price.
    const nate = (await catalogue('?q=nate')).body.data.artists[0];
    expect(nate).toMatchObject({ sample: null, rate: 2500, genres: [] });
  });

  it('the card plays the featured song when there is one', async () => {
    const ana = visible.get('Ana Reyes') as { token: string };
    const profile = (await h.call('GET', '/api/v1/artist/profile', undefined, { token: ana.token })).body.data;
    const oldest = profile.songs.at(-1);
    await h.call('PATCH', '/api/v1/artist/profile/featured-song', { source: oldest.source }, { token: ana.token });
    const card = (await catalogue('?q=ana%20reyes')).body.data.artists[0];
    expect(card.sample.title).toBe('Ana Reyes song 1');
    expect(card.sample.url).toContain(oldest.source);
    await h.call('PATCH', '/api/v1/artist/profile/featured-song', { source: null }, { token: ana.token });
  });

  it('pages through everything in (stage name, id) order without duplicates or gaps, at any page size', async () => {
    const { seen: all } = await allPages('', 48);
    const expected = [...visible.keys()].sort((a, b) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
    );
    if (h.kind === 'sqlite') expect(all).toEqual(expected);
    for (const limit of [1, 5, 7, 12]) {
      const { seen, pages } = await allPages('', limit);
      expect(seen, String(limit)).toEqual(all);
      expect(new Set(seen).size).toBe(seen.length);
      expect(pages).toBe(Math.ceil(all.length / limit));
    }
  });

  it('keeps its place when artists join or leave between pages', async () => {
    const first = await catalogue('?limit=5');
    const cursor = first.body.data.next_cursor as string;
    const joined = await addArtist('AAA Early Bird', { genres: ['pop'], vocal_type: 'male', rate: 2000 });
    const second = await catalogue(`?limit=5&cursor=${cursor}`);
    // The newcomer sorts before the cursor: it does not shift the next page.
    expect(names(second)).not.toContain('AAA Early Bird');
    expect(names(second).some((n) => names(first).includes(n))).toBe(false);
    await h.database.db.updateTable('users').set({ is_online: 0 }).where('id', '=', joined.id).execute();
    visible.delete('AAA Early Bird');
  });

  it('filters by genre and vocal type, searches stage names case-insensitively, and combines them', async () => {
    expect(new Set(names(await catalogue('?genre=opm')))).toEqual(new Set(['Ana Reyes', 'Migs']));
    expect(new Set(names(await catalogue('?vocal_type=male')))).toEqual(new Set(['Migs', 'Zed_Under']));
    expect(new Set(names(await catalogue('?q=ANA')))).toEqual(new Set(['Ana Reyes', 'ana river']));
    expect(names(await catalogue('?q=ana&genre=acoustic'))).toEqual(['ana river']);
    expect(names(await catalogue('?genre=pop&vocal_type=female&q=c'))).toEqual(['Claire']);
    // `%` and `_` are literal characters in a search, not wildcards.
    expect(names(await catalogue('?q=100%25'))).toEqual(['Bongo 100%']);
    expect(names(await catalogue('?q=_'))).toEqual(['Zed_Under']);
    expect(names(await catalogue('?q=%20%20'))).toHaveLength(12);
    expect(names(await catalogue('?q=olga'))).toEqual([]);
    expect(names(await catalogue('?genre=classical'))).toEqual([]);
    // Only the fillers with a song could save their artist info (genres): every third one.
    const kids = await allPages('genre=kids', 4);
    expect(kids.seen).toEqual(['00', '03', '06', '09', '12', '15', '18', '21', '24'].map((n) => `Filler ${n}`));
  });

  it('refuses bad parameters with field errors, and caps the page size at 48', async () => {
    const cases: [string, string, string][] = [
      ['?genre=polka', 'genre', 'Unknown genre'],
      ['?vocal_type=robot', 'vocal_type', 'Unknown vocal type'],
      [`?q=${'x'.repeat(61)}`, 'q', fieldMessages.tooLong('search', 60)],
      ['?limit=abc', 'limit', 'Invalid limit'],
      ['?limit=0', 'limit', 'Invalid limit'],
      ['?cursor=garbage!', 'cursor', 'Invalid cursor'],
      [`?cursor=${Buffer.from('{"x":1}').toString('base64url')}`, 'cursor', 'Invalid cursor'],
      ['?sort=rate', 'sort', catalogMessages.sortInvalid],
      ['?colour=red', 'colour', fieldMessages.unknownField],
    ];
    for (const [query, field, message] of cases) {
      const answer = await catalogue(query);
      expect(answer.status, query).toBe(422);
      expect(answer.body.errors, query).toEqual({ [field]: [message] });
    }
    expect((await catalogue('?limit=99')).body.data.artists.length).toBeLessThanOrEqual(48);
    expect((await catalogue('?limit=99')).body.data.artists.length).toBe(Math.min(48, visible.size));
  });

  it('GET /artists/{id} answers the public profile of a visible artist, featured song first', async () => {
    const ana = visible.get('Ana Reyes') as { user_id: string; token: string };
    const profile = (await h.call('GET', '/api/v1/artist/profile', undefined, { token: ana.token })).body.data;
    const oldest = profile.songs.at(-1);
    await h.call('PATCH', '/api/v1/artist/profile/featured-song', { source: oldest.source }, { token: ana.token });
    const answer = await h.call('GET', `${U}/artists/${ana.user_id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: ana.user_id,
      stage_name: 'Ana Reyes',
      bio: artistInfoBody().bio,
      rating: null,
      rating_count: 0,
      reviews: [],
    });
    expect(answer.body.data.songs.map((s: { title: string }) => s.title)).toEqual([
      'Ana Reyes song 1',
      'Ana Reyes song 2',
    ]);
    for (const song of answer.body.data.songs) expect((await h.request(song.url)).status).toBe(200);
    expect(answer.text).not.toContain('file_key');
    expect(answer.text).not.toContain('email');
  });

  it('answers the same 404 for unknown, offline, unapproved and deactivated artists', async () => {
    const hidden = await Promise.all([
      addArtist('Hidden Offline', { genres: ['pop'], vocal_type: 'male', rate: 2000 }, { online: false }),
      addArtist('Hidden Waiting', { genres: ['pop'], vocal_type: 'male', rate: 2000 }, { status: 'for_review' }),
      addArtist('Hidden Gone', { genres: ['pop'], vocal_type: 'male', rate: 2000 }, { deactivated: true }),
    ]);
    const customer = await h.createAccount({
      type: 'user',
      email: 'catalog-customer@example.test',
      password: 'Customer123!',
    });
    for (const id of [...hidden.map((a) => a.user_id), customer.user_id, 'does-not-exist', '..%2F..%2Fetc']) {
      const answer = await h.call('GET', `${U}/artists/${id}`);
      expect(answer.status, id).toBe(404);
      expect(answer.body).toEqual({ message: artistMessages.artistUnavailable });
    }
  });

  it('an artist who goes offline leaves the catalogue at once, and comes back when online again', async () => {
    const migs = visible.get('Migs') as { user_id: string; token: string };
    await h.call('PATCH', '/api/v1/artist/profile/online-status', { status: 1 }, { token: migs.token });
    expect(names(await catalogue('?q=migs'))).toEqual([]);
    expect((await h.call('GET', `${U}/artists/${migs.user_id}`)).status).toBe(404);
    await h.call('PATCH', '/api/v1/artist/profile/online-status', { status: 0 }, { token: migs.token });
    expect(names(await catalogue('?q=migs'))).toEqual(['Migs']);
  });
});
