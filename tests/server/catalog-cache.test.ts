import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { AppEnv } from '../../server/context';
import { ARTIST_PASSWORD, artistInfoBody, makeAdmin, makeArtist, uploadSong } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

const U = '/api/v1/user';
const A = '/api/v1/artist';

interface Card {
  id: string;
  stage_name: string;
  genres: string[];
  sample: { title: string; url: string } | null;
}

// Two apps on one database stand for two server processes: each has its own catalogue cache, and a
// change made through one must show in both at once (the version row, migration 0007).
describe.each(databases)('catalogue cache (%s)', (kind) => {
  let h: Harness;
  let other: Hono<AppEnv>;
  let admin: { token: string };

  beforeAll(async () => {
    h = await createHarness(kind);
    other = createApp(h.deps);
    admin = await makeAdmin(h);
  });
  afterAll(async () => {
    await h.close();
  });

  const listFrom = async (app: Hono<AppEnv>): Promise<Card[]> => {
    const res = await app.request(`${U}/artists?limit=48`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { artists: Card[] } }).data.artists;
  };
  /** Both processes' answers (each warms or reads its own cache). */
  const both = async () => ({ one: await listFrom(h.app), two: await listFrom(other) });
  const cardOf = async (userId: string) => {
    const { one, two } = await both();
    expect(one).toEqual(two);
    return one.find((card) => card.id === userId);
  };

  it('answers with an ETag and no-cache, and 304 while nothing changed', async () => {
    await makeArtist(h, { online: true, stageName: 'Etag Ella', song: true });
    const first = await h.request(`${U}/artists`);
    const tag = first.headers.get('etag') as string;
    expect(tag).toMatch(/^"c\d+-[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await h.request(`${U}/artists`, { headers: { 'If-None-Match': tag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    // Another query has its own answer and tag.
    const filtered = await h.request(`${U}/artists?genre=pop`, { headers: { 'If-None-Match': tag } });
    expect(filtered.status).toBe(200);
  });

  it('a change to the catalogue makes the old ETag stale', async () => {
    const first = await h.request(`${U}/artists`);
    const tag = first.headers.get('etag') as string;
    await makeArtist(h, { online: true, stageName: 'Newcomer Nina', song: true });
    const after = await h.request(`${U}/artists`, { headers: { 'If-None-Match': tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect(((await after.json()) as { data: { artists: Card[] } }).data.artists.map((c) => c.stage_name)).toContain(
      'Newcomer Nina',
    );
  });

  it('going offline and online shows at once in both processes', async () => {
    const artist = await makeArtist(h, { online: true, stageName: 'Switch Sam', song: true });
    expect(await cardOf(artist.user_id)).toBeDefined();
    const off = await h.call('PATCH', `${A}/profile/online-status`, { status: 1 }, { token: artist.token });
    expect(off.status, off.text).toBe(200);
    expect(await cardOf(artist.user_id)).toBeUndefined();
    expect((await other.request(`${U}/artists/${artist.user_id}`)).status).toBe(404);
    const on = await h.call('PATCH', `${A}/profile/online-status`, { status: 0 }, { token: artist.token });
    expect(on.status, on.text).toBe(200);
    expect(await cardOf(artist.user_id)).toBeDefined();
    expect((await other.request(`${U}/artists/${artist.user_id}`)).status).toBe(200);
  });

  it('a profile edit shows at once in the list and on the artist page', async () => {
    const artist = await makeArtist(h, { online: true, stageName: 'Before Bea', song: true });
    expect((await cardOf(artist.user_id))?.stage_name).toBe('Before Bea');
    const page = await other.request(`${U}/artists/${artist.user_id}`);
    expect(((await page.json()) as { data: Card }).data.stage_name).toBe('Before Bea');
    const saved = await h.call(
      'PATCH',
      `${A}/profile/artist-info`,
      artistInfoBody({ stage_name: 'After Bea', genres: ['jazz'] }),
      { token: artist.token },
    );
    expect(saved.status, saved.text).toBe(200);
    // The genres show at once; the new stage name of an approved artist waits for an admin.
    const card = await cardOf(artist.user_id);
    expect(card?.stage_name).toBe('Before Bea');
    expect(card?.genres).toEqual(['jazz']);
    const waiting = await other.request(`${U}/artists/${artist.user_id}`);
    expect(((await waiting.json()) as { data: Card }).data.stage_name).toBe('Before Bea');
    const approved = await h.call(
      'POST',
      `/api/v1/admin/artists/${artist.user_id}/stage-name/approve`,
      { stage_name: 'After Bea' },
      { token: admin.token },
    );
    expect(approved.status, approved.text).toBe(200);
    expect((await cardOf(artist.user_id))?.stage_name).toBe('After Bea');
    const fresh = await other.request(`${U}/artists/${artist.user_id}`);
    expect(((await fresh.json()) as { data: Card }).data.stage_name).toBe('After Bea');
  });

  it('adding, featuring and deleting songs shows at once', async () => {
    const artist = await makeArtist(h, { online: true, stageName: 'Songs Sol' });
    expect((await cardOf(artist.user_id))?.sample).toBeNull();
    const first = await uploadSong(h, artist.token, 'First take');
    expect((await cardOf(artist.user_id))?.sample?.title).toBe('First take');
    const second = await uploadSong(h, artist.token, 'Second take');
    expect((await cardOf(artist.user_id))?.sample?.title).toBe('Second take');
    const featured = await h.call(
      'PATCH',
      `${A}/profile/featured-song`,
      { source: first.source },
      { token: artist.token },
    );
    expect(featured.status, featured.text).toBe(200);
    expect((await cardOf(artist.user_id))?.sample?.title).toBe('First take');
    for (const song of [first, second]) {
      const gone = await h.call('DELETE', `${A}/profile/upload/song`, { source: song.source }, { token: artist.token });
      expect(gone.status, gone.text).toBe(200);
    }
    expect((await cardOf(artist.user_id))?.sample).toBeNull();
  });

  it("an admin's approval and an artist's deactivation show at once", async () => {
    const artist = await makeArtist(h, { status: 'for_review', online: true, stageName: 'Pending Pia', song: true });
    expect(await cardOf(artist.user_id)).toBeUndefined();
    const approved = await h.call('POST', `/api/v1/admin/applications/${artist.id}/approve`, undefined, {
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    expect(await cardOf(artist.user_id)).toBeDefined();
    const gone = await h.call(
      'PATCH',
      `${A}/profile/deactivate`,
      { current_password: ARTIST_PASSWORD },
      { token: artist.token },
    );
    expect(gone.status, gone.text).toBe(200);
    expect(await cardOf(artist.user_id)).toBeUndefined();
  });

  it('a write straight to the database (another process, the CLI) invalidates too', async () => {
    const artist = await makeArtist(h, { online: true, stageName: 'Direct Dee', song: true });
    expect(await cardOf(artist.user_id)).toBeDefined();
    await h.database.db.updateTable('users').set({ is_online: 0 }).where('id', '=', artist.id).execute();
    expect(await cardOf(artist.user_id)).toBeUndefined();
  });

  it('is not invalidated by writes the catalogue does not show', async () => {
    const before = await h.request(`${U}/artists`);
    const tag = before.headers.get('etag') as string;
    const customer = await h.createAccount({ type: 'user', email: `cache-${kind}@example.test`, password: 'x' });
    await h.database.db
      .updateTable('users')
      .set({ contact_number: '09171234567' })
      .where('id', '=', customer.id)
      .execute();
    expect((await h.request(`${U}/artists`, { headers: { 'If-None-Match': tag } })).status).toBe(304);
  });

  it('renews an unchanged answer after its maximum age, so signed song URLs stay fresh', async () => {
    const first = await h.request(`${U}/artists`);
    const tag = first.headers.get('etag') as string;
    expect((await h.request(`${U}/artists`, { headers: { 'If-None-Match': tag } })).status).toBe(304);
    h.clock.advance(31_000);
    const renewed = await h.request(`${U}/artists`, { headers: { 'If-None-Match': tag } });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('etag')).not.toBe(tag);
  });

  it('never caches a refusal', async () => {
    expect((await h.request(`${U}/artists?limit=0`)).status).toBe(422);
    expect((await h.request(`${U}/artists?cursor=nope`)).status).toBe(422);
    expect((await h.request(`${U}/artists/unknown-id`)).status).toBe(404);
    expect((await h.request(`${U}/artists/unknown-id`)).status).toBe(404);
  });
});
