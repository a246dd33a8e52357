import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl } from '../../server/config';
import { createLocalStorage } from '../../server/services/local-storage';
import { createS3Client, createS3Storage, type S3Target } from '../../server/services/s3-storage';
import { newStoredName, type Storage, StoredFileMissing } from '../../server/services/storage';
import { createStorageFor } from '../../server/services/storage-for';
import { type RunningS3rver, readStored, readStoredRange, startS3rver, storedNamesOf } from './storage-fixtures';

// Past S3's 5 MB part size, so the bucket's upload is a real multipart one.
const LARGE = 6 * 1024 * 1024 + 123;

const bytesOf = (length: number, seed = 1) => {
  const data = new Uint8Array(length);
  for (let i = 0; i < length; i++) data[i] = (i * 31 + seed) & 0xff;
  return data;
};

/** A body that sends `length` bytes in 64 KB chunks, then fails instead of ending. */
function failingBody(length: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= length) {
        this.destroy(new Error('the client went away'));
        return;
      }
      const chunk = Buffer.from(bytesOf(Math.min(65_536, length - sent), sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

let s3rver: RunningS3rver;
let localRoot: string;
const targets: Record<'local folder' | 'bucket', () => Storage> = {
  'local folder': () => createLocalStorage(localRoot),
  bucket: () => createStorageFor(parseStorageUrl(s3rver.storageUrl('contract')) as S3Target),
};

beforeAll(async () => {
  s3rver = await startS3rver();
  localRoot = await mkdtemp(path.join(tmpdir(), 'labsongs-storage-'));
});
afterAll(async () => {
  await s3rver.close();
  await rm(localRoot, { recursive: true, force: true });
});

describe.each(Object.keys(targets) as (keyof typeof targets)[])('storage contract: %s', (target) => {
  let storage: Storage;
  beforeAll(() => {
    storage = targets[target]();
  });

  it('writes bytes, then reads them whole and by range, sizes and removes them', async () => {
    const name = newStoredName('wav');
    const data = Buffer.from('RIFF....WAVEfmt hello, stored world');
    await storage.write('songs', name, data);
    expect(await storage.size('songs', name)).toBe(data.length);
    expect(await readStored(storage, 'songs', name)).toEqual(data);
    expect((await readStoredRange(storage, 'songs', name, 12, 16)).toString()).toBe('fmt h');
    expect((await readStoredRange(storage, 'songs', name, data.length - 5, data.length - 1)).toString()).toBe('world');
    await storage.remove('songs', name);
    expect(await storage.size('songs', name)).toBeNull();
    await expect(storage.read('songs', name)).rejects.toBeInstanceOf(StoredFileMissing);
    // A second delete (another node's, a sweep's) is not an error.
    await storage.remove('songs', name);
  });

  it('streams a large body in (multipart on the bucket) and reads a range from its middle', async () => {
    const name = newStoredName('mp3');
    const data = bytesOf(LARGE, 7);
    const body = Readable.from(
      (function* () {
        for (let at = 0; at < data.length; at += 100_000) yield Buffer.from(data.subarray(at, at + 100_000));
      })(),
    );
    await storage.write('clips', name, body);
    expect(await storage.size('clips', name)).toBe(LARGE);
    const middle = Math.floor(LARGE / 2);
    const range = await readStoredRange(storage, 'clips', name, middle, middle + 9);
    expect(range.length).toBe(10);
    const whole = await readStored(storage, 'clips', name);
    expect(whole.equals(Buffer.from(data))).toBe(true);
    expect(range.equals(Buffer.from(data.subarray(middle, middle + 10)))).toBe(true);
    await storage.remove('clips', name);
  });

  it('leaves nothing behind when the body fails, small or past a part', async () => {
    for (const length of [1000, LARGE]) {
      const name = newStoredName('wav');
      await expect(storage.write('clips', name, failingBody(length))).rejects.toThrow('the client went away');
      expect(await storage.size('clips', name), `${length} bytes`).toBeNull();
      expect(await storedNamesOf(storage, 'clips')).not.toContain(name);
    }
  });

  it('lists every object of a kind with its size and time, and only that kind', async () => {
    const song = newStoredName('wav');
    const avatar = newStoredName('png');
    const before = Date.now() - 60_000;
    await storage.write('songs', song, bytesOf(321));
    await storage.write('avatars', avatar, bytesOf(12));
    const songs = [];
    for await (const object of storage.list('songs')) songs.push(object);
    const listed = songs.find((object) => object.name === song);
    expect(listed?.size).toBe(321);
    expect(listed?.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(songs.map((object) => object.name)).not.toContain(avatar);
    expect(await storedNamesOf(storage, 'avatars')).toContain(avatar);
    await storage.remove('songs', song);
    await storage.remove('avatars', avatar);
    expect(await storedNamesOf(storage, 'songs')).not.toContain(song);
  });

  it('never turns a name that is not one of ours into a path or key', async () => {
    for (const bad of ['../x.wav', '../../etc/passwd', 'abc.wav', `${'a'.repeat(24)}.exe`, `a/${'b'.repeat(22)}.wav`]) {
      await expect(storage.write('songs', bad, bytesOf(4)), bad).rejects.toThrow(/Not a stored file name/);
      await expect(storage.read('songs', bad), bad).rejects.toThrow(/Not a stored file name/);
      await expect(storage.remove('songs', bad), bad).rejects.toThrow(/Not a stored file name/);
      expect(await storage.size('songs', bad), bad).toBeNull();
    }
    await expect(storage.write('../etc' as 'songs', newStoredName('wav'), bytesOf(4))).rejects.toThrow(
      /Not a storage kind/,
    );
    expect(() => newStoredName('exe')).toThrow();
  });

  it('is ready when reachable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    expect(storage.label).toMatch(target === 'bucket' ? /^s3:\/\/labsongs-test\/contract$/ : /^local folder \//);
  });
});

describe('bucket storage', () => {
  it('keys objects <prefix>/<kind>/<name>', async () => {
    const target = parseStorageUrl(s3rver.storageUrl('tenant/one')) as S3Target;
    const storage = createS3Storage(target);
    const name = newStoredName('webp');
    await storage.write('avatars', name, bytesOf(10));
    const listing = await createS3Client(target).send(
      new ListObjectsV2Command({ Bucket: target.bucket, Prefix: 'tenant/one/' }),
    );
    expect(listing.Contents?.map((object) => object.Key)).toEqual([`tenant/one/avatars/${name}`]);
  });

  it('is not ready when the bucket does not exist; reads and writes of a missing bucket fail loudly', async () => {
    const target = parseStorageUrl(s3rver.storageUrl().replace('labsongs-test', 'no-such-bucket')) as S3Target;
    const storage = createStorageFor(target);
    await expect(storage.check()).rejects.toThrow();
    await expect(storage.write('songs', newStoredName('wav'), bytesOf(10))).rejects.toThrow();
    // Not StoredFileMissing (a quiet 404): a wrong bucket is an error to see in the logs and metrics.
    await expect(storage.read('songs', newStoredName('wav'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });

  it('abandons our multipart uploads begun before the cutoff, not newer ones nor other programs’', async () => {
    const target = parseStorageUrl(s3rver.storageUrl('p')) as S3Target;
    const cutoff = new Date('2026-01-02T00:00:00Z');
    const old = new Date('2026-01-01T00:00:00Z');
    const ours = `p/clips/${newStoredName('wav')}`;
    const aborted: string[] = [];
    const pages = [
      {
        Uploads: [
          { Key: ours, UploadId: 'u1', Initiated: old },
          { Key: `p/songs/${newStoredName('wav')}`, UploadId: 'u2', Initiated: new Date('2026-01-03T00:00:00Z') },
        ],
        IsTruncated: true,
        NextKeyMarker: 'k',
        NextUploadIdMarker: 'u2',
      },
      { Uploads: [{ Key: 'p/backups/db.tar', UploadId: 'u3', Initiated: old }], IsTruncated: false },
    ];
    const markers: (string | undefined)[] = [];
    const client = {
      async send(command: unknown) {
        if (command instanceof ListMultipartUploadsCommand) {
          markers.push(command.input.KeyMarker);
          expect(command.input.Prefix).toBe('p/');
          return pages[markers.length - 1];
        }
        if (command instanceof AbortMultipartUploadCommand) {
          aborted.push(`${command.input.Key}#${command.input.UploadId}`);
          return {};
        }
        throw new Error('unexpected command');
      },
    } as unknown as S3Client;
    expect(await createS3Storage(target, { client }).abortIncompleteUploads(cutoff)).toBe(1);
    expect(aborted).toEqual([`${ours}#u1`]);
    expect(markers).toEqual([undefined, 'k']);
  });

  it('s3rver does not list multipart uploads: the sweep counts none and does not fail', async () => {
    const storage = createStorageFor(parseStorageUrl(s3rver.storageUrl('contract')) as S3Target);
    expect(await storage.abortIncompleteUploads(new Date())).toBe(0);
  });
});

describe('local folder storage', () => {
  it('lists only names of ours (a stray file is neither listed nor deletable)', async () => {
    const storage = createLocalStorage(localRoot);
    const name = newStoredName('png');
    await storage.write('avatars', name, bytesOf(5));
    await writeFile(path.join(localRoot, 'avatars', 'notes.txt'), 'operator notes');
    expect(await storedNamesOf(storage, 'avatars')).toContain(name);
    expect(await storedNamesOf(storage, 'avatars')).not.toContain('notes.txt');
  });

  it('is not ready when its folder cannot be made', async () => {
    await writeFile(path.join(localRoot, 'a-file'), 'x');
    await expect(createLocalStorage(path.join(localRoot, 'a-file', 'uploads')).check()).rejects.toThrow();
  });
});
