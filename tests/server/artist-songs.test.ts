import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import { titleFromFilename } from '../../server/artists/songs.handlers';
import { findUserById } from '../../server/users/users.repository';
import {
  artistInfoBody,
  fileWithMagic,
  formOf,
  makeArtist,
  storedFiles,
  uploadSong,
  wavBytes,
} from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { readStored } from './storage-fixtures';

const A = '/api/v1/artist';
const SONG = `${A}/profile/upload/song`;

describe.each(databases)('artist sample songs (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const upload = (token: string, files: Parameters<typeof formOf>[1], fields: Record<string, string> = {}) =>
    h.upload(SONG, formOf(fields, files), { token });

  it('uploads every accepted audio format, typed by its bytes, stored under a server-chosen name', async () => {
    const formats: [Parameters<typeof fileWithMagic>[0] | 'wav', string, string][] = [
      ['wav', 'audio/wav', 'wav'],
      ['mp3-id3', 'audio/mpeg', 'mp3'],
      ['mp3-frame', 'audio/mpeg', 'mp3'],
      ['ogg', 'audio/ogg', 'ogg'],
      ['flac', 'audio/flac', 'flac'],
      ['m4a', 'audio/mp4', 'm4a'],
    ];
    const artist = await makeArtist(h, { status: 'incomplete' });
    for (const [format, mime, ext] of formats.slice(0, 5)) {
      const bytes = format === 'wav' ? wavBytes() : fileWithMagic(format);
      // The client's name and type say nothing true: the server goes by the bytes.
      const answer = await upload(
        artist.token,
        { file: { bytes, name: '../../etc/passwd', type: 'text/plain' } },
        { title: `Song ${format}` },
      );
      expect(answer.status, `${format}: ${answer.text}`).toBe(201);
      expect(answer.body.message).toBe(artistMessages.songUploaded);
      expect(answer.body.data).toMatchObject({ title: `Song ${format}`, mime, size: bytes.length, is_featured: false });
      expect(answer.body.data.source).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(answer.body.data.url).toMatch(
        new RegExp(`^/media/audio/${answer.body.data.source}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`),
      );
      const row = await h.database.db
        .selectFrom('artist_songs')
        .selectAll()
        .where('source', '=', answer.body.data.source)
        .executeTakeFirstOrThrow();
      expect(row.file_key).toMatch(new RegExp(`^[A-Za-z0-9_-]{24}\\.${ext}$`));
      expect(await readStored(h.storage, 'songs', row.file_key)).toEqual(Buffer.from(bytes));
    }
    // m4a, a general-brand MP4 with one sound track (Safari's recordings), webm and opus on a second
    // artist (five songs is the limit).
    const other = await makeArtist(h, { status: 'incomplete' });
    for (const [format, mime] of [
      ['m4a', 'audio/mp4'],
      ['mp4-audio', 'audio/mp4'],
      ['webm', 'audio/webm'],
      ['opus', 'audio/ogg'],
    ] as const) {
      const answer = await upload(other.token, { file: { bytes: fileWithMagic(format), name: 'x' } });
      expect(answer.status, format).toBe(201);
      expect(answer.body.data.mime).toBe(mime);
    }
  });

  it('takes the title from the file name when none is given, as text only', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const answer = await upload(artist.token, { file: { bytes: wavBytes(), name: 'My First Song.wav' } });
    expect(answer.body.data.title).toBe('My First Song');
    expect(titleFromFilename('C:\\music\\demo take 2.mp3')).toBe('demo take 2');
    expect(titleFromFilename('../../x')).toBe('x');
    expect(titleFromFilename('.wav')).toBe('Untitled sample');
    expect(titleFromFilename('a\u0000b\nc.ogg')).toBe('a b c');
    const long = await upload(artist.token, { file: { bytes: wavBytes(), name: 'x.wav' } }, { title: 't'.repeat(101) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ title: [artistMessages.titleTooLong] });
  });

  it('refuses what is not audio with 415 on the field and leaves no file behind', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const before = await storedFiles(h);
    for (const [bytes, name] of [
      [fileWithMagic('exe'), 'setup.mp3'],
      [fileWithMagic('text'), 'notes.mp3'],
      [fileWithMagic('jpeg'), 'photo.wav'],
      [fileWithMagic('png'), 'art.ogg'],
      [fileWithMagic('webp'), 'img.flac'],
      [fileWithMagic('heic'), 'photo.m4a'],
      [fileWithMagic('mp4-video'), 'clip.m4a'],
      [fileWithMagic('mp4-with-video'), 'clip.m4a'],
      [fileWithMagic('webm-video'), 'clip.webm'],
      [fileWithMagic('ogg-video'), 'clip.ogg'],
      [Buffer.from('ID'), 'tiny.mp3'],
    ] as const) {
      const answer = await upload(artist.token, { file: { bytes, name, type: 'audio/mpeg' } });
      expect(answer.status, name).toBe(415);
      expect(answer.body).toEqual({ message: artistMessages.audioOnly, errors: { file: [artistMessages.audioOnly] } });
    }
    expect(await storedFiles(h)).toEqual(before);
    expect(
      await h.database.db.selectFrom('artist_songs').select('id').where('user_id', '=', artist.id).execute(),
    ).toEqual([]);
  });

  it('needs a file, a multipart body and known fields', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const none = await h.upload(SONG, formOf({ title: 'x' }), { token: artist.token });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ file: [artistMessages.fileRequired] });
    const json = await h.call('POST', SONG, { file: 'x' }, { token: artist.token });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ message: artistMessages.multipartRequired });
    const extra = await upload(artist.token, { file: { bytes: wavBytes(), name: 'a.wav' } }, { genre: 'pop' });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ genre: [fieldMessages.unknownField] });
    const before = await storedFiles(h);
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([new Uint8Array(wavBytes())]), 'a.wav');
    twoFiles.append('file', new Blob([new Uint8Array(wavBytes())]), 'b.wav');
    const two = await h.upload(SONG, twoFiles, { token: artist.token });
    expect(two.status).toBe(413);
    expect(await storedFiles(h)).toEqual(before);
    expect(
      await h.database.db.selectFrom('artist_songs').select('id').where('user_id', '=', artist.id).execute(),
    ).toEqual([]);
  });

  it('keeps at most five songs', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    for (let i = 0; i < 5; i++) await uploadSong(h, artist.token, `Song ${i}`);
    const before = await storedFiles(h);
    const sixth = await upload(artist.token, { file: { bytes: wavBytes(), name: 'six.wav' } });
    expect(sixth.status).toBe(422);
    expect(sixth.body.errors).toEqual({ file: [artistMessages.songLimit] });
    expect(await storedFiles(h)).toEqual(before);
  });

  it('keeps at most five songs when uploads race', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    for (let i = 0; i < 3; i++) await uploadSong(h, artist.token, `Song ${i}`);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => upload(artist.token, { file: { bytes: wavBytes(), name: `r${i}.wav` } })),
    );
    const rows = await h.database.db.selectFrom('artist_songs').selectAll().where('user_id', '=', artist.id).execute();
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 201).length).toBe(rows.length - 3);
    for (const refused of answers.filter((a) => a.status !== 201))
      expect(refused.body.errors).toEqual({ file: [artistMessages.songLimit] });
    const files = await storedFiles(h);
    for (const row of rows) expect(files).toContain(row.file_key);
  });

  it('GET /profile lists the songs newest first with signed URLs and the featured flag', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const first = await uploadSong(h, artist.token, 'First');
    const second = await uploadSong(h, artist.token, 'Second');
    await h.call('PATCH', `${A}/profile/featured-song`, { source: first.source }, { token: artist.token });
    const profile = (await h.call('GET', `${A}/profile`, undefined, { token: artist.token })).body.data;
    expect(profile.songs.map((s: { title: string }) => s.title)).toEqual(['Second', 'First']);
    expect(profile.songs.map((s: { is_featured: boolean }) => s.is_featured)).toEqual([false, true]);
    expect(profile.user.featured_song_path).toBe(first.source);
    const res = await h.request(profile.songs[0].url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(wavBytes());
    expect(second.source).toBe(profile.songs[0].source);
  });

  it('GET /profile/upload/song?source= streams the artist’s own file with Range; others get 404, bad keys 400', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const other = await makeArtist(h, { status: 'incomplete' });
    const bytes = wavBytes(0.1);
    const song = await uploadSong(h, artist.token, 'Mine', bytes);

    const whole = await h.request(`${SONG}?source=${song.source}`, {
      headers: { Authorization: `Bearer ${artist.token}` },
    });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toMatch(/\bno-store\b/);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);

    const part = await h.request(`${SONG}?source=${song.source}`, {
      headers: { Authorization: `Bearer ${artist.token}`, Range: 'bytes=10-19' },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(10, 20));

    const theirs = await h.call('GET', `${SONG}?source=${song.source}`, undefined, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: artistMessages.songNotFound });
    const unknown = await h.call('GET', `${SONG}?source=abcdefghijklmnop`, undefined, { token: artist.token });
    expect(unknown.status).toBe(404);
    for (const source of [
      '',
      '../../etc/passwd',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      '/etc/passwd',
      'a/b/c/d/e/f/g',
      'short',
      `${song.source}/..`,
    ]) {
      const answer = await h.call('GET', `${SONG}?source=${source}`, undefined, { token: artist.token });
      expect(answer.status, source).toBe(400);
      expect(answer.body).toEqual({ message: serverMessages.badRequest });
    }
  });

  it('DELETE /profile/upload/song removes the row and the file, clears the featured song, 404s others', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const other = await makeArtist(h, { status: 'incomplete' });
    const song = await uploadSong(h, artist.token, 'Doomed');
    const keep = await uploadSong(h, artist.token, 'Keeper');
    await h.call('PATCH', `${A}/profile/featured-song`, { source: song.source }, { token: artist.token });
    const row = await h.database.db
      .selectFrom('artist_songs')
      .selectAll()
      .where('source', '=', song.source)
      .executeTakeFirstOrThrow();

    const theirs = await h.call('DELETE', SONG, { source: song.source }, { token: other.token });
    expect(theirs.status).toBe(404);
    expect((await storedFiles(h)).includes(row.file_key)).toBe(true);

    const answer = await h.call('DELETE', SONG, { source: song.source }, { token: artist.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: artistMessages.songDeleted, data: null });
    expect((await storedFiles(h)).includes(row.file_key)).toBe(false);
    expect((await findUserById(h.database.db, artist.id))?.featured_song_path).toBeNull();
    expect((await h.call('DELETE', SONG, { source: song.source }, { token: artist.token })).status).toBe(404);
    // Deleting a song that is not featured leaves the featured one alone.
    await h.call('PATCH', `${A}/profile/featured-song`, { source: keep.source }, { token: artist.token });
    const another = await uploadSong(h, artist.token, 'Another');
    await h.call('DELETE', SONG, { source: another.source }, { token: artist.token });
    expect((await findUserById(h.database.db, artist.id))?.featured_song_path).toBe(keep.source);

    for (const source of ['../x/../../', '/etc/passwd', 'a', 42]) {
      const bad = await h.call('DELETE', SONG, { source }, { token: artist.token });
      expect(bad.status, String(source)).toBe(422);
      expect(bad.body.errors.source).toBeDefined();
    }
  });

  it('deleting the last song is allowed; artist-info then asks for a new one', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const song = await uploadSong(h, artist.token);
    expect((await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody(), { token: artist.token })).status).toBe(
      200,
    );
    expect((await h.call('DELETE', SONG, { source: song.source }, { token: artist.token })).status).toBe(200);
    expect((await findUserById(h.database.db, artist.id))?.artist_info).toBe(1);
    const again = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody(), { token: artist.token });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ samples: [artistMessages.samplesRequired] });
  });

  it('PATCH /profile/featured-song sets and clears; another artist’s song is 404', async () => {
    const artist = await makeArtist(h, { status: 'approved' });
    const other = await makeArtist(h, { status: 'approved' });
    const song = await uploadSong(h, artist.token);
    const theirs = await uploadSong(h, other.token);
    const set = await h.call('PATCH', `${A}/profile/featured-song`, { source: song.source }, { token: artist.token });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(artistMessages.featuredSongSet);
    expect(set.body.data).toMatchObject({ id: artist.id, featured_song_path: song.source });
    const steal = await h.call(
      'PATCH',
      `${A}/profile/featured-song`,
      { source: theirs.source },
      { token: artist.token },
    );
    expect(steal.status).toBe(404);
    expect((await findUserById(h.database.db, artist.id))?.featured_song_path).toBe(song.source);
    const cleared = await h.call('PATCH', `${A}/profile/featured-song`, { source: null }, { token: artist.token });
    expect(cleared.body.message).toBe(artistMessages.featuredSongCleared);
    expect(cleared.body.data.featured_song_path).toBeNull();
    for (const body of [{}, { source: '../../x' }, { source: 5 }]) {
      expect((await h.call('PATCH', `${A}/profile/featured-song`, body, { token: artist.token })).status).toBe(422);
    }
  });
});

describe.each(databases)('upload size cap (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { MAX_UPLOAD_MB: '1' } });
  });
  afterAll(() => h.close());

  it('answers 413 on the field past MAX_UPLOAD_MB and deletes the partial file', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const big = Buffer.concat([wavBytes(), Buffer.alloc(1024 * 1024)]);
    const answer = await h.upload(SONG, formOf({}, { file: { bytes: big, name: 'big.wav' } }), { token: artist.token });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: fileTooLargeFor(1024 * 1024),
      errors: { file: [fileTooLargeFor(1024 * 1024)] },
    });
    expect(await storedFiles(h)).toEqual([]);
    // Far past every cap (the body as a whole is capped too): still 413, still nothing kept.
    const huge = Buffer.concat([wavBytes(), Buffer.alloc(5 * 1024 * 1024)]);
    const hugeAnswer = await h.upload(SONG, formOf({}, { file: { bytes: huge, name: 'huge.wav' } }), {
      token: artist.token,
    });
    expect(hugeAnswer.status).toBe(413);
    expect(await storedFiles(h)).toEqual([]);
    expect(await h.database.db.selectFrom('artist_songs').select('id').execute()).toEqual([]);
    // A file of exactly the cap is fine.
    const wav = wavBytes();
    const exact = Buffer.concat([wav, Buffer.alloc(1024 * 1024 - wav.length)]);
    const ok = await h.upload(SONG, formOf({}, { file: { bytes: exact, name: 'ok.wav' } }), { token: artist.token });
    expect(ok.status).toBe(201);
    expect(ok.body.data.size).toBe(1024 * 1024);
  });

  it('does not buffer the JSON way: a multipart body bigger than the 64 KB JSON limit is streamed', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const bytes = Buffer.concat([wavBytes(), Buffer.alloc(300 * 1024)]);
    const answer = await h.upload(SONG, formOf({}, { file: { bytes, name: 'mid.wav' } }), { token: artist.token });
    expect(answer.status, answer.text).toBe(201);
    // JSON routes keep their limit even when a multipart type is claimed for a JSON body.
    const json = await h.request(`${A}/profile/personal`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${artist.token}`, 'Content-Type': 'multipart/form-data; boundary=x' },
      body: 'x'.repeat(100 * 1024),
    });
    expect(json.status).toBe(415);
  });
});
