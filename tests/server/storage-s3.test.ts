import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { sweepTempUploads } from '../../server/orders/temp-upload-sweep';
import {
  ORPHAN_AGE_MS,
  ORPHAN_SWEEP_EVERY_MS,
  sweepOrphanFiles,
  sweepOrphanFilesOnLease,
} from '../../server/services/orphan-sweep';
import { createRateLimiter, type RateLimiter } from '../../server/services/rate-limit';
import { type Storage, type StorageKind, storageKinds } from '../../server/services/storage';
import { fileWithMagic, formOf, makeArtist, makeCustomer, storedFiles, uploadSong, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';
import { completeDraft, makeRatedArtist, U, uploadClip } from './orders-fixtures';
import { type RunningS3rver, readStored, startS3rver, storeBytes, storedNamesOf } from './storage-fixtures';

let s3rver: RunningS3rver;
beforeAll(async () => {
  s3rver = await startS3rver();
});
afterAll(() => s3rver.close());

/** GET with `Range` through the app: status, Content-Range and the body's bytes. */
async function fetchRange(h: Harness, url: string, range?: string) {
  const res = await h.request(url, range ? { headers: { Range: range } } : {});
  return {
    status: res.status,
    contentRange: res.headers.get('content-range'),
    acceptRanges: res.headers.get('accept-ranges'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

const nothingOnLocalDisk = (h: Harness) => !existsSync(path.join(h.dataDir, 'uploads'));

describe.each(databases)('files in an S3-compatible bucket (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, {
      env: { STORAGE_URL: s3rver.storageUrl(`http-${kind}-${randomBytes(4).toString('hex')}`) },
    });
  });
  afterAll(() => h.close());

  it('stores a story clip in the bucket and plays it back with Range, HEAD and 416', async () => {
    expect(h.storage.label).toMatch(/^s3:\/\/labsongs-test\/http-/);
    const customer = await makeCustomer(h);
    const bytes = wavBytes(0.5);
    const clip = await uploadClip(h, customer.token, bytes);
    const row = await h.database.db
      .selectFrom('temp_uploads')
      .selectAll()
      .where('temp_location', '=', clip.temp_location)
      .executeTakeFirstOrThrow();
    expect(row.size).toBe(bytes.length);
    expect(await storedFiles(h, 'clips')).toContain(row.file_key);
    expect(await readStored(h.storage, 'clips', row.file_key)).toEqual(bytes);

    const whole = await fetchRange(h, clip.url);
    expect(whole.status).toBe(200);
    expect(whole.bytes).toEqual(bytes);
    const seek = await fetchRange(h, clip.url, 'bytes=1000-1999');
    expect(seek).toMatchObject({ status: 206, contentRange: `bytes 1000-1999/${bytes.length}`, acceptRanges: 'bytes' });
    expect(seek.bytes).toEqual(bytes.subarray(1000, 2000));
    const tail = await fetchRange(h, clip.url, 'bytes=-44');
    expect(tail.bytes).toEqual(bytes.subarray(bytes.length - 44));
    const head = await h.request(clip.url, { method: 'HEAD', headers: { Range: 'bytes=0-9' } });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('10');
    const beyond = await fetchRange(h, clip.url, `bytes=${bytes.length}-`);
    expect(beyond).toMatchObject({ status: 416, contentRange: `bytes */${bytes.length}` });
    // If-Range with another validator sends the whole file.
    const changed = await h.request(clip.url, { headers: { Range: 'bytes=0-9', 'If-Range': '"other"' } });
    expect(changed.status).toBe(200);
    expect(nothingOnLocalDisk(h)).toBe(true);
  });

  it('stores an artist’s sample song in the bucket and serves it by signed URL and to its owner, with Range', async () => {
    const artist = await makeArtist(h, { status: 'approved' });
    const bytes = wavBytes(0.4);
    const song = await uploadSong(h, artist.token, 'Bucket song', bytes);
    const seek = await fetchRange(h, song.url, 'bytes=100-');
    expect(seek).toMatchObject({ status: 206, contentRange: `bytes 100-${bytes.length - 1}/${bytes.length}` });
    expect(seek.bytes).toEqual(bytes.subarray(100));
    const own = await h.request(`/api/v1/artist/profile/upload/song?source=${song.source}`, {
      headers: { Authorization: `Bearer ${artist.token}`, Range: 'bytes=0-3' },
    });
    expect(own.status).toBe(206);
    expect(Buffer.from(await own.arrayBuffer()).toString('latin1')).toBe('RIFF');

    const row = await h.database.db
      .selectFrom('artist_songs')
      .select('file_key')
      .where('source', '=', song.source)
      .executeTakeFirstOrThrow();
    const removed = await h.call(
      'DELETE',
      '/api/v1/artist/profile/upload/song',
      { source: song.source },
      {
        token: artist.token,
      },
    );
    expect(removed.status).toBe(200);
    expect(await h.storage.size('songs', row.file_key)).toBeNull();
    expect((await h.request(song.url)).status).toBe(404);
    expect(nothingOnLocalDisk(h)).toBe(true);
  });

  it('answers 404, not 500, when the object is gone from the bucket but its row is not', async () => {
    const customer = await makeCustomer(h);
    const clip = await uploadClip(h, customer.token);
    const row = await h.database.db
      .selectFrom('temp_uploads')
      .select('file_key')
      .where('temp_location', '=', clip.temp_location)
      .executeTakeFirstOrThrow();
    await h.storage.remove('clips', row.file_key);
    expect((await h.request(clip.url, { headers: { Range: 'bytes=0-9' } })).status).toBe(404);
  });

  it('replaces an avatar in the bucket and deletes the old object', async () => {
    const customer = await makeCustomer(h);
    const send = (bytes: Buffer, name: string) =>
      h.upload('/api/v1/user/profile/avatar', formOf({}, { file: { bytes, name } }), { token: customer.token });
    const first = await send(fileWithMagic('png', 2000), 'me.png');
    expect(first.status, first.text).toBe(200);
    const firstName = (first.body.data.avatar as string).split('/').pop() as string;
    const served = await h.request(first.body.data.avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const second = await send(fileWithMagic('jpeg', 3000), 'me.jpg');
    expect(second.status).toBe(200);
    expect(await h.storage.size('avatars', firstName)).toBeNull();
    expect((await h.request(second.body.data.avatar)).status).toBe(200);
  });

  it('refuses bad uploads with the field named and leaves nothing in the bucket', async () => {
    const customer = await makeCustomer(h);
    const before = await storedFiles(h, 'clips');
    const send = (form: FormData) => h.upload(`${U}/temp-order/upload`, form, { token: customer.token });
    const notAudio = await send(formOf({}, { file: { bytes: fileWithMagic('exe'), name: 'x.wav' } }));
    expect(notAudio.status).toBe(415);
    expect(notAudio.body.errors).toEqual({ file: [artistMessages.audioOnly] });
    const big = Buffer.concat([wavBytes(), Buffer.alloc(h.config.maxUploadBytes)]);
    const tooBig = await send(formOf({}, { file: { bytes: big, name: 'long.wav' } }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors).toEqual({ file: [fileTooLargeFor(h.config.maxUploadBytes)] });
    const extra = await send(formOf({ note: 'hi' }, { file: { bytes: wavBytes(), name: 'a.wav' } }));
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ note: [fieldMessages.unknownField] });
    expect(await storedFiles(h, 'clips')).toEqual(before);
  });

  it('the 24-hour clip sweep deletes the objects of clips no order took, and keeps attached ones', async () => {
    const customer = await makeCustomer(h);
    const artist = await makeRatedArtist(h, { rate: 2000 });
    const loose = await uploadClip(h, customer.token);
    const kept = await uploadClip(h, customer.token);
    const draft = await completeDraft(h, customer.token, [artist.user_id], {
      story: { song_clip: kept.temp_location },
    });
    const committed = await h.call('POST', `${U}/temp-order/${draft}/commit`, undefined, { token: customer.token });
    expect(committed.status, committed.text).toBe(201);
    const keyOf = async (location: string) =>
      (
        await h.database.db
          .selectFrom('temp_uploads')
          .select('file_key')
          .where('temp_location', '=', location)
          .executeTakeFirstOrThrow()
      ).file_key;
    const looseKey = await keyOf(loose.temp_location);
    const keptKey = await keyOf(kept.temp_location);
    const start = h.clock.now();
    try {
      h.clock.advance(25 * 60 * 60_000);
      expect(await sweepTempUploads(h.database.db, h.storage, h.clock)).toBeGreaterThanOrEqual(1);
    } finally {
      h.clock.set(start);
    }
    expect(await h.storage.size('clips', looseKey)).toBeNull();
    expect(await h.storage.size('clips', keptKey)).not.toBeNull();
  });
});

describe.each(databases)('orphan sweep (%s)', (kind) => {
  for (const storageKind of ['local folder', 'bucket'] as const) {
    it(`${storageKind}: deletes files no row names once they are a day old, keeps every referenced one`, async () => {
      const h = await createHarness(kind, {
        env:
          storageKind === 'bucket'
            ? { STORAGE_URL: s3rver.storageUrl(`orphans-${kind}-${randomBytes(4).toString('hex')}`) }
            : {},
      });
      try {
        const artist = await makeArtist(h, { status: 'approved' });
        const customer = await makeCustomer(h);
        const song = await uploadSong(h, artist.token);
        const clip = await uploadClip(h, customer.token);
        const avatar = await h.upload(
          '/api/v1/user/profile/avatar',
          formOf({}, { file: { bytes: fileWithMagic('png'), name: 'a.png' } }),
          {
            token: customer.token,
          },
        );
        expect(avatar.status).toBe(200);
        const orphans = {} as Record<StorageKind, string>;
        for (const k of storageKinds) {
          orphans[k] = await storeBytes(h.storage, k, k === 'avatars' ? 'png' : 'wav', fileWithMagic('png', 64));
        }
        const everything = async (storage: Storage) => {
          const all: Record<string, string[]> = {};
          for (const k of storageKinds) all[k] = await storedNamesOf(storage, k);
          return all;
        };
        const before = await everything(h.storage);

        // Young orphans stay: their row may be on its way.
        expect(await sweepOrphanFiles(h.database.db, h.storage, h.clock)).toEqual({ removed: 0, aborted: 0 });
        expect(await everything(h.storage)).toEqual(before);

        const start = h.clock.now();
        h.clock.advance(ORPHAN_AGE_MS + 60_000);
        // Two nodes sweeping at once: each orphan goes, nothing fails, nothing referenced is touched.
        const results = await Promise.all([
          sweepOrphanFiles(h.database.db, h.storage, h.clock),
          sweepOrphanFiles(h.database.db, h.storage, h.clock),
        ]);
        expect(results.reduce((sum, r) => sum + r.removed, 0)).toBeGreaterThanOrEqual(3);
        const after = await everything(h.storage);
        for (const k of storageKinds) {
          expect(after[k]).toEqual(before[k]?.filter((name) => name !== orphans[k]));
        }
        // Back to the signing time of the URLs: what is still referenced still plays.
        h.clock.set(start);
        expect((await fetchRange(h, song.url, 'bytes=0-3')).status).toBe(206);
        expect((await fetchRange(h, clip.url, 'bytes=0-3')).status).toBe(206);
        expect((await h.request(avatar.body.data.avatar)).status).toBe(200);
      } finally {
        await h.close();
      }
    });
  }

  it('one node of the cluster sweeps per window: the others find the lease taken until it ends', async () => {
    const h = await createHarness(kind);
    try {
      // Two nodes: two limiters on one database, as each server process makes its own.
      const [a, b] = [createRateLimiter(h.database.db, h.clock), createRateLimiter(h.database.db, h.clock)];
      const sweep = (lease: RateLimiter) => sweepOrphanFilesOnLease(h.database.db, h.storage, h.clock, lease);
      expect(await sweep(a)).toEqual({ removed: 0, aborted: 0 });
      expect(await sweep(b)).toBeNull();
      expect(await sweep(a)).toBeNull();
      h.clock.advance(ORPHAN_SWEEP_EVERY_MS + 1000);
      expect(await sweep(b)).toEqual({ removed: 0, aborted: 0 });
    } finally {
      await h.close();
    }
  });
});
