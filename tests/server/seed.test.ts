import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTRAIT_SIZE, type PortraitSpec, renderPortrait } from '../../server/db/portraits';
import { demoLogins, seedDemoData } from '../../server/db/seed';
import { renderTune, SAMPLE_RATE, synthesizeWav, type Tune, tuneSeconds } from '../../server/db/synth';
import { countUsers } from '../../server/users/users.repository';
import { makeAdmin, storedFiles } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { seedDemoOrdersIn } from './orders-fixtures';
import { readStored } from './storage-fixtures';

describe.each(databases)('demo seed (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('fills an empty database once, and every printed demo login works on its own login', async () => {
    const deps = {
      db: h.database.db,
      passwords: h.passwords,
      storage: h.storage,
      payouts: h.payouts,
      now: h.clock.now(),
    };
    expect(await seedDemoData(deps)).toBe(true);
    expect(await countUsers(h.database.db)).toBe(demoLogins.length);
    const files = await storedFiles(h);
    expect(await seedDemoData(deps)).toBe(false);
    expect(await countUsers(h.database.db)).toBe(demoLogins.length);
    // A second run writes no files either.
    expect(await storedFiles(h)).toEqual(files);

    for (const login of demoLogins) {
      const answer = await h.call('POST', `/api/v1/${login.area}/auth/login`, {
        email: login.email,
        password: login.password,
      });
      expect(answer.status, login.email).toBe(200);
      expect(answer.body.data.user.type).toBe(login.area);
    }
  });

  it('creates the customer, the admin, six approved artists (four online), one incomplete and one waiting artist', async () => {
    const users = await h.database.db.selectFrom('users').selectAll().orderBy('id').execute();
    const customer = users.find((u) => u.email === 'customer@labsongs.test');
    expect(customer).toMatchObject({
      type: 'user',
      first_name: 'Maria',
      last_name: 'Santos',
      country: 'PH',
      dial_code: '+63',
    });
    expect(users.filter((u) => u.type === 'admin').map((u) => u.email)).toEqual(['admin@labsongs.test']);

    const approved = users.filter((u) => u.type === 'artist' && u.app_status === 'approved');
    expect(approved.map((u) => u.email)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `artist${n}@labsongs.test`));
    for (const artist of approved) {
      expect(artist).toMatchObject({ personal_info: 1, artist_info: 1, payout_info: 1, password_updated: 1 });
      expect(artist.stage_name).toBeTruthy();
    }
    expect(approved.filter((u) => u.is_online === 1)).toHaveLength(4);
    expect(users.find((u) => u.email === 'newartist@labsongs.test')).toMatchObject({
      type: 'artist',
      app_status: 'incomplete',
      personal_info: 0,
      artist_info: 0,
      payout_info: 0,
      password_updated: 0,
    });
    expect(users.find((u) => u.email === 'review@labsongs.test')).toMatchObject({
      type: 'artist',
      app_status: 'for_review',
      personal_info: 1,
      artist_info: 1,
      payout_info: 1,
      password_updated: 1,
      is_online: 0,
    });
  });

  it('gives every approved artist a full profile, sealed payout, 1–2 synthesised WAV samples and a featured song', async () => {
    const artists = await h.database.db
      .selectFrom('users')
      .selectAll()
      .where('type', '=', 'artist')
      .where('app_status', '=', 'approved')
      .execute();
    const fingerprints = new Set<string>();
    for (const artist of artists) {
      const profile = await h.database.db
        .selectFrom('artist_profiles')
        .selectAll()
        .where('user_id', '=', artist.id)
        .executeTakeFirstOrThrow();
      expect(profile.city).toBeTruthy();
      expect((profile.bio ?? '').length).toBeGreaterThanOrEqual(40);
      expect(JSON.parse(profile.genres).length).toBeGreaterThan(0);
      expect(profile.vocal_type).toBeTruthy();
      expect(profile.rate_centavos).toBeGreaterThanOrEqual(1500_00);
      expect(profile.rate_centavos).toBeLessThanOrEqual(5000_00);
      expect(JSON.parse(profile.links).length).toBeGreaterThan(0);

      const payout = await h.database.db
        .selectFrom('artist_payouts')
        .selectAll()
        .where('user_id', '=', artist.id)
        .executeTakeFirstOrThrow();
      expect(h.payouts.decrypt(payout.account_number_enc).endsWith(payout.account_last4)).toBe(true);

      const songs = await h.database.db
        .selectFrom('artist_songs')
        .selectAll()
        .where('user_id', '=', artist.id)
        .execute();
      expect(songs.length).toBeGreaterThanOrEqual(1);
      expect(songs.length).toBeLessThanOrEqual(2);
      expect(songs.map((s) => s.source)).toContain(artist.featured_song_path);
      for (const song of songs) {
        const wav = await readStored(h.storage, 'songs', song.file_key);
        expect(song).toMatchObject({ mime: 'audio/wav', size: wav.length });
        expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
        expect(wav.toString('latin1', 8, 12)).toBe('WAVE');
        expect(wav.readUInt16LE(20)).toBe(1); // PCM
        expect(wav.readUInt16LE(22)).toBe(1); // mono
        expect(wav.readUInt32LE(24)).toBe(22_050);
        expect(wav.readUInt16LE(34)).toBe(16);
        const seconds = wav.readUInt32LE(40) / 2 / 22_050;
        expect(seconds).toBeGreaterThanOrEqual(8);
        expect(seconds).toBeLessThanOrEqual(20);
        fingerprints.add(wav.subarray(44, 44 + 20_000).toString('base64'));
      }
    }
    // Every sample is a different tune.
    const total = await h.database.db.selectFrom('artist_songs').select('id').execute();
    expect(fingerprints.size).toBe(
      (
        await h.database.db
          .selectFrom('artist_songs')
          .innerJoin('users', 'users.id', 'artist_songs.user_id')
          .select('artist_songs.id')
          .where('users.app_status', '=', 'approved')
          .execute()
      ).length,
    );
    expect(total.length).toBeGreaterThan(fingerprints.size);
  });

  it('the catalogue shows the four online demo artists with playable samples; the admin queue holds the waiting one', async () => {
    const page = await h.call('GET', '/api/v1/user/artists');
    expect(page.body.data.artists.map((a: { stage_name: string }) => a.stage_name).sort()).toEqual(
      ['Ana Reyes', 'Jonas & Strings', 'Liza Sings', 'Migs'].sort(),
    );
    for (const card of page.body.data.artists) {
      const res = await h.request(card.sample.url, { headers: { Range: 'bytes=0-43' } });
      expect(res.status).toBe(206);
      expect(res.headers.get('content-type')).toBe('audio/wav');
    }
    const admin = await makeAdmin(h);
    const queue = await h.call('GET', '/api/v1/admin/applications', undefined, { token: admin.token });
    expect(queue.body.data.items.map((a: { email: string }) => a.email)).toEqual(['review@labsongs.test']);
    const detail = await h.call('GET', `/api/v1/admin/applications/${queue.body.data.items[0].id}`, undefined, {
      token: admin.token,
    });
    expect(detail.body.data).toMatchObject({ payout_complete: true, stage_name: 'Rico V' });
    expect(detail.body.data.songs).toHaveLength(1);
  });

  it('draws every demo artist a photo at seed time, served like an uploaded avatar; the others keep the placeholder', async () => {
    const users = await h.database.db.selectFrom('users').selectAll().orderBy('id').execute();
    const withPhoto = users.filter((u) => u.type === 'artist' && u.app_status !== 'incomplete');
    expect(withPhoto).toHaveLength(7);
    // The customer and the applicant who just signed up have none: the SPA shows its placeholder image.
    for (const email of ['customer@labsongs.test', 'newartist@labsongs.test', 'admin@labsongs.test'])
      expect(users.find((u) => u.email === email)?.avatar_path).toBeNull();

    const photos = new Set<string>();
    for (const artist of withPhoto) {
      expect(artist.avatar_path).toMatch(/^avatars\/[A-Za-z0-9_-]{24}\.webp$/);
      const me = await h.call('POST', '/api/v1/artist/auth/login', { email: artist.email, password: 'Artist123!' });
      const url = me.body.data.user.avatar as string;
      expect(url).toBe(`/media/${artist.avatar_path}`);
      const res = await h.request(url);
      expect(res.status, artist.email).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      const bytes = Buffer.from(await res.arrayBuffer());
      const info = await sharp(bytes).metadata();
      expect(info).toMatchObject({ format: 'webp', width: PORTRAIT_SIZE, height: PORTRAIT_SIZE });
      // A picture, not a flat fill: its pixels vary.
      const stats = await sharp(bytes).stats();
      for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(10);
      photos.add(bytes.toString('base64'));
    }
    // Each artist has their own.
    expect(photos.size).toBe(withPhoto.length);

    // The catalogue's cards and the console's list of artists carry the same address.
    const page = await h.call('GET', '/api/v1/user/artists');
    for (const card of page.body.data.artists) {
      const user = withPhoto.find((u) => u.stage_name === card.stage_name);
      expect(card.avatar).toBe(`/media/${user?.avatar_path}`);
    }
    const admin = await makeAdmin(h);
    const listed = await h.call('GET', '/api/v1/admin/artists', undefined, { token: admin.token });
    for (const row of listed.body.data.items as { email: string; avatar: string | null }[]) {
      const user = users.find((u) => u.email === row.email);
      expect(row.avatar, row.email).toBe(user?.avatar_path ? `/media/${user.avatar_path}` : null);
    }
  });

  it('gives the in-progress demo order a conversation that the customer, the artist and the team have read', async () => {
    await seedDemoOrdersIn(h);
    const order = await h.database.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('recipient_first_name', '=', 'Paolo')
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('in_progress');
    const password = (email: string) => demoLogins.find((l) => l.email === email)?.password as string;
    const readers = [
      { area: 'user', email: 'customer@labsongs.test', mine: ['customer'] },
      { area: 'artist', email: 'artist1@labsongs.test', mine: ['artist'] },
      { area: 'admin', email: 'admin@labsongs.test', mine: [] },
    ] as const;
    for (const reader of readers) {
      const token = await h.login(reader.area, reader.email, password(reader.email));
      const thread = await h.call('GET', `/api/v1/${reader.area}/orders/${order.id}/messages`, undefined, { token });
      expect(thread.status, reader.email).toBe(200);
      const items = [...thread.body.data.items].sort((a: { id: number }, b: { id: number }) => a.id - b.id) as {
        id: number;
        author: { role: string };
        body: string;
        mine: boolean;
      }[];
      expect(items.map((m) => m.author.role)).toEqual(['customer', 'artist', 'customer']);
      expect(items[1]?.body).toBe('Of course! I will bring the rain and the jeepney into the first chorus.');
      expect(items.map((m) => m.mine)).toEqual(
        items.map((m) => (reader.mine as readonly string[]).includes(m.author.role)),
      );
      expect(thread.body.data).toMatchObject({
        unread: 0,
        last_read_id: items[2]?.id,
        writable: true,
      });
      if (reader.area === 'admin') continue;
      // A conversation read by both sides: no bell entry for it.
      const bell = await h.call('GET', `/api/v1/${reader.area}/notifications`, undefined, { token });
      expect(
        bell.body.data.notifications.filter((n: { type: string }) => n.type === 'new_message'),
        reader.email,
      ).toEqual([]);
    }
    // And nothing waits for the unread-message mail.
    expect(await h.database.db.selectFrom('order_message_alerts').select('order_id').execute()).toEqual([]);
  });
});

describe('portraits', () => {
  const spec: PortraitSpec = { seed: 7, hues: [330, 30], prop: 'mic', hair: 'long' };

  it('are deterministic per seed, and another seed or set of lights draws another picture', async () => {
    const first = await renderPortrait(spec);
    expect(await renderPortrait(spec)).toEqual(first);
    expect(await renderPortrait({ ...spec, seed: 8 })).not.toEqual(first);
    expect(await renderPortrait({ ...spec, hues: [200, 40] })).not.toEqual(first);
    const band = await sharp(await renderPortrait({ ...spec, people: 3 })).metadata();
    expect(band).toMatchObject({ format: 'webp', width: PORTRAIT_SIZE, height: PORTRAIT_SIZE });
  });
});

describe('synth', () => {
  const tune: Tune = {
    tempo: 100,
    root: 60,
    scale: 'major',
    progression: [0, 3, 4, 0],
    bars: 4,
    seed: 1,
    brightness: 0.3,
  };

  it('renders a deterministic, normalised 22050 Hz 16-bit mono WAV of the tune’s length', () => {
    const wav = synthesizeWav(tune);
    expect(synthesizeWav(tune)).toEqual(wav);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(28)).toBe(SAMPLE_RATE * 2);
    const samples = renderTune(tune);
    expect(samples.length / SAMPLE_RATE).toBeCloseTo(tuneSeconds(tune), 2);
    const peak = samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);
    expect(peak).toBeCloseTo(0.85, 5);
  });

  it('is not silence, and another seed or key gives another tune', () => {
    const a = renderTune(tune);
    const energy = a.reduce((sum, s) => sum + s * s, 0) / a.length;
    expect(energy).toBeGreaterThan(0.005);
    expect(synthesizeWav({ ...tune, seed: 2 })).not.toEqual(synthesizeWav(tune));
    expect(synthesizeWav({ ...tune, root: 62 })).not.toEqual(synthesizeWav(tune));
  });
});
