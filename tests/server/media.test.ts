import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages } from '../../contracts/artist';
import { serverMessages } from '../../contracts/server-messages';
import { parseRange } from '../../server/http/send-file';
import { SNIFF_BYTES, sniffFileType } from '../../server/services/file-types';
import { isAudioOnlyMp4 } from '../../server/services/mp4-tracks';
import { storedNamePattern } from '../../server/services/storage';
import { isAudioOnlyWebm, webmTrackTypes } from '../../server/services/webm-tracks';
import { fileWithMagic, makeArtist, uploadSong, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { storeBytes } from './storage-fixtures';

describe('parseRange', () => {
  it('reads single byte ranges and refuses what cannot be served', () => {
    expect(parseRange(undefined, 1000)).toBeNull();
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=100-', 1000)).toEqual({ start: 100, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(parseRange('bytes=999-999', 1000)).toEqual({ start: 999, end: 999 });
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    // Ignored (the whole file is sent): malformed, multi-range, other units, reversed.
    for (const header of ['bytes=', 'bytes=-', 'bytes=a-b', 'bytes=0-1,5-6', 'items=0-1', 'bytes=50-10', '']) {
      expect(parseRange(header, 1000), header).toBeNull();
    }
  });
});

describe('sniffFileType', () => {
  it('names each accepted format by its first bytes, whatever follows the header', async () => {
    const cases: [Parameters<typeof fileWithMagic>[0], string, string][] = [
      ['mp3-id3', 'audio/mpeg', 'mp3'],
      ['mp3-frame', 'audio/mpeg', 'mp3'],
      ['ogg', 'audio/ogg', 'ogg'],
      ['opus', 'audio/ogg', 'ogg'],
      ['flac', 'audio/flac', 'flac'],
      ['m4a', 'audio/mp4', 'm4a'],
      ['webm', 'audio/webm', 'webm'],
      ['mp4-audio', 'audio/mp4', 'm4a'],
      ['jpeg', 'image/jpeg', 'jpg'],
      ['png', 'image/png', 'png'],
      ['webp', 'image/webp', 'webp'],
    ];
    for (const [kind, mime, ext] of cases) {
      expect(await sniffFileType(fileWithMagic(kind).subarray(0, SNIFF_BYTES)), kind).toMatchObject({ mime, ext });
    }
    expect(await sniffFileType(wavBytes())).toEqual({ family: 'audio', mime: 'audio/wav', ext: 'wav' });
    expect(await sniffFileType(fileWithMagic('jpeg'))).toEqual({ family: 'image', mime: 'image/jpeg', ext: 'jpg' });
  });

  it('refuses photos and video from a phone, and anything else, even in an audio or image container', async () => {
    for (const kind of ['heic', 'mp4-video', 'mp4-with-video', 'webm-video', 'ogg-video', 'exe', 'text'] as const) {
      expect(await sniffFileType(fileWithMagic(kind)), kind).toBeUndefined();
    }
    expect(await sniffFileType(Buffer.from('RIFF\x00\x00\x00\x00AVI ', 'latin1'))).toBeUndefined();
    // 0xFF 0xE0: frame sync with a reserved layer is not MP3.
    expect(await sniffFileType(Buffer.from([0xff, 0xe0, 0, 0]))).toBeUndefined();
    expect(await sniffFileType(Buffer.alloc(0))).toBeUndefined();
  });

  it('reads a WebM track list, and refuses one whose tracks are not all within the bytes looked at', () => {
    expect(webmTrackTypes(fileWithMagic('webm'))).toEqual([2]);
    expect(webmTrackTypes(fileWithMagic('webm-video'))).toEqual([1, 2]);
    const head = fileWithMagic('webm');
    const tracksEnd = head.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    expect(webmTrackTypes(head.subarray(0, tracksEnd - 1))).toBeUndefined();
    expect(isAudioOnlyWebm(head.subarray(0, tracksEnd - 1))).toBe(false);
    expect(isAudioOnlyWebm(head.subarray(0, tracksEnd))).toBe(true);
  });

  it('reads an MP4 track list: sound only, with every track inside the bytes looked at', () => {
    const head = fileWithMagic('mp4-audio');
    expect(isAudioOnlyMp4(head)).toBe(true);
    expect(isAudioOnlyMp4(fileWithMagic('mp4-with-video'))).toBe(false);
    // No moov at all (a file whose moov is at its end): nothing can be said, so it is not taken as sound.
    expect(isAudioOnlyMp4(fileWithMagic('mp4-video'))).toBe(false);
    const moovEnd = head.indexOf(Buffer.from('hdlr')) + 30;
    expect(isAudioOnlyMp4(head.subarray(0, moovEnd - 2))).toBe(false);
  });

  it('stored names are random and cannot express a path', () => {
    expect(storedNamePattern.test('abcdefghijklmnopqrstuvwx.wav')).toBe(true);
    for (const name of [
      '../abcdefghijklmnopqrstu.wav',
      'abcdefghijklmnopqrstuvwx.exe',
      'abcdefghijklmnopqrstuvwx.wav/..',
      '/etc/passwd',
    ]) {
      expect(storedNamePattern.test(name), name).toBe(false);
    }
  });
});

describe.each(databases)('GET /media/audio/:source (%s)', (kind) => {
  let h: Harness;
  let bytes: Buffer;
  let song: { source: string; url: string };
  beforeAll(async () => {
    h = await createHarness(kind);
    const artist = await makeArtist(h, { status: 'approved' });
    bytes = wavBytes(0.5);
    song = await uploadSong(h, artist.token, 'Range me', bytes);
  });
  afterAll(() => h.close());

  const get = (url: string, headers: Record<string, string> = {}) => h.request(url, { headers });
  const bodyOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const params = (url: string) => new URL(url, 'http://x').searchParams;

  it('streams the whole file with 200, the stored type, Accept-Ranges and a cache no longer than the signature', async () => {
    const res = await get(song.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(3600);
    expect(await bodyOf(res)).toEqual(bytes);

    h.clock.advance(1000 * 1000);
    const later = await get(song.url);
    expect(later.headers.get('cache-control')).toBe(`private, max-age=${maxAge - 1000}`);
    h.clock.advance(-1000 * 1000);
  });

  it('answers Range requests with 206 and exactly those bytes', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, bytes.length - 1],
      ['bytes=-100', bytes.length - 100, bytes.length - 1],
      [`bytes=${bytes.length - 1}-${bytes.length + 50}`, bytes.length - 1, bytes.length - 1],
      ['bytes=44-44', 44, 44],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(song.url, { Range: range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(res.headers.get('accept-ranges')).toBe('bytes');
      expect(await bodyOf(res), range).toEqual(bytes.subarray(start, end + 1));
    }
  });

  it('answers 416 with the size for a range past the end, and ignores what it cannot read', async () => {
    for (const range of [`bytes=${bytes.length}-`, `bytes=${bytes.length + 10}-${bytes.length + 20}`, 'bytes=-0']) {
      const res = await get(song.url, { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      expect(await res.json()).toEqual({ message: artistMessages.rangeNotSatisfiable });
    }
    for (const range of ['bytes=5-1', 'bytes=0-1,4-5', 'lines=1-2']) {
      const res = await get(song.url, { Range: range });
      expect(res.status, range).toBe(200);
      expect(await bodyOf(res)).toEqual(bytes);
    }
  });

  it('honours If-Range only for its own validator', async () => {
    const etag = (await get(song.url)).headers.get('etag') as string;
    expect(etag).toBe(`"${song.source}"`);
    expect((await get(song.url, { Range: 'bytes=0-9', 'If-Range': etag })).status).toBe(206);
    expect((await get(song.url, { Range: 'bytes=0-9', 'If-Range': '"something-else"' })).status).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await h.request(song.url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('refuses an expired URL with 403, and accepts it until then', async () => {
    const exp = Number(params(song.url).get('exp'));
    const now = h.clock.now().getTime();
    h.clock.set((exp - 1) * 1000);
    expect((await get(song.url)).status).toBe(200);
    h.clock.set(exp * 1000);
    const expired = await get(song.url);
    expect(expired.status).toBe(403);
    expect(await expired.json()).toEqual({ message: artistMessages.linkInvalid });
    h.clock.set(now);
  });

  it('lasts MEDIA_URL_TTL_SECONDS (one hour by default)', () => {
    const exp = Number(params(song.url).get('exp'));
    // The URL was signed at the clock's time; the harness clock has not moved since.
    expect(exp - Math.floor(h.clock.now().getTime() / 1000)).toBe(3600);
  });

  it('refuses a tampered signature, a moved expiry, a swapped source and missing parameters with 403', async () => {
    const other = await uploadSong(h, (await makeArtist(h, { status: 'approved' })).token, 'Other');
    const p = params(song.url);
    const exp = p.get('exp') as string;
    const sig = p.get('sig') as string;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `/media/audio/${song.source}?exp=${exp}&sig=${flipped}`,
      `/media/audio/${song.source}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/media/audio/${song.source}?exp=0${exp}&sig=${sig}`,
      `/media/audio/${other.source}?exp=${exp}&sig=${sig}`,
      `/media/audio/${song.source}?exp=${exp}`,
      `/media/audio/${song.source}?sig=${sig}`,
      `/media/audio/${song.source}`,
      `/media/audio/${song.source}?exp=${exp}&sig=${sig}x`,
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(403);
    }
  });

  it('answers 404 for a correctly signed source that does not exist (or whose song was deleted)', async () => {
    const artist = await makeArtist(h, { status: 'approved' });
    const doomed = await uploadSong(h, artist.token, 'Doomed');
    expect((await get(doomed.url)).status).toBe(200);
    await h.call('DELETE', '/api/v1/artist/profile/upload/song', { source: doomed.source }, { token: artist.token });
    const gone = await get(doomed.url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: serverMessages.notFound });
  });

  it('never reads a path: sources with dots, slashes or encodings are 400, normalised paths miss the route', async () => {
    const p = params(song.url);
    const query = `?exp=${p.get('exp')}&sig=${p.get('sig')}`;
    for (const source of [
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '..%2F..%2Fetc%2Fpasswd',
      '%2Fetc%2Fpasswd',
      `${song.source}%2F..`,
      `${song.source}/extra`,
      'a/b/c',
      '..%5C..%5Cwindows',
      'short',
      `${song.source}.wav`,
    ]) {
      const res = await get(`/media/audio/${source}${query}`);
      expect(res.status, source).toBe(400);
      expect(await res.json()).toEqual({ message: serverMessages.badRequest });
    }
    // A literal ../ is resolved by the URL parser before routing: the request is not for /media/audio at all.
    for (const url of ['/media/audio/../../../etc/passwd', '/media/audio//etc/passwd']) {
      const res = await get(url);
      expect(res.status, url).not.toBe(200);
      expect(await res.text()).not.toContain('root:');
    }
  });
});

describe.each(databases)('GET /media/avatars/:file (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('serves stored images by name with their type and an immutable cache; anything else is 400 or 404', async () => {
    const png = fileWithMagic('png', 300);
    const name = await storeBytes(h.storage, 'avatars', 'png', png);
    const res = await h.request(`/media/avatars/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
    const part = await h.request(`/media/avatars/${name}`, { headers: { Range: 'bytes=0-7' } });
    expect(part.status).toBe(206);

    expect((await h.request('/media/avatars/abcdefghijklmnopqrstuvwx.png')).status).toBe(404);
    for (const file of ['..%2F..%2Fetc%2Fpasswd', 'abcdefghijklmnopqrstuvwx.wav', 'x.png', `${name}%2F..`]) {
      expect((await h.request(`/media/avatars/${file}`)).status, file).toBe(400);
    }
  });

  it('AuthUser.avatar points at this route', async () => {
    const name = await storeBytes(h.storage, 'avatars', 'jpg', fileWithMagic('jpeg'));
    const artist = await makeArtist(h, { status: 'approved' });
    await h.database.db
      .updateTable('users')
      .set({ avatar_path: `avatars/${name}` })
      .where('id', '=', artist.id)
      .execute();
    const me = await h.call('GET', '/api/v1/artist/auth/me', undefined, { token: artist.token });
    expect(me.body.data.avatar).toBe(`/media/avatars/${name}`);
    const res = await h.request(me.body.data.avatar);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });
});
