import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl, type StorageTarget } from '../../server/config';
import { createLocalStorage } from '../../server/services/local-storage';
import type { Storage } from '../../server/services/storage';
import { createStorageFor } from '../../server/services/storage-for';
import { type RunningS3rver, readStored, startS3rver, storeBytes, storedNamesOf } from './storage-fixtures';

const run = promisify(execFile);
const tsx = path.resolve('node_modules/.bin/tsx');

let s3rver: RunningS3rver;
let dataDir: string;
beforeAll(async () => {
  s3rver = await startS3rver();
  dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-copy-'));
});
afterAll(async () => {
  await s3rver.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run storage:copy [-- folder]` as an operator runs it: its own process, configured by the environment. */
async function storageCopy(storageUrl: string, args: string[] = []) {
  const { stdout } = await run(tsx, ['scripts/storage-copy.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, STORAGE_URL: storageUrl, LOG_LEVEL: 'silent' },
  });
  return stdout.trim();
}

describe('npm run storage:copy', () => {
  it('copies the uploads folder into the bucket once, then skips what is already there', async () => {
    const local = createLocalStorage(path.join(dataDir, 'uploads'));
    const song = await storeBytes(local, 'songs', 'wav', Buffer.from('RIFF song bytes'));
    const avatar = await storeBytes(local, 'avatars', 'png', Buffer.from('png bytes'));
    const clip = await storeBytes(local, 'clips', 'webm', Buffer.alloc(300_000, 7));
    // Not a stored name: never copied.
    await writeFile(path.join(dataDir, 'uploads', 'songs', 'notes.txt'), 'operator notes');
    const url = s3rver.storageUrl('copied');
    const bucket: Storage = createStorageFor(parseStorageUrl(url) as StorageTarget);

    expect(await storageCopy(url)).toMatch(
      /^Copied 3 file\(s\) from .*uploads to s3:\/\/labsongs-test\/copied; 0 already there\.$/,
    );
    expect(await storedNamesOf(bucket, 'songs')).toEqual([song]);
    expect(await storedNamesOf(bucket, 'avatars')).toEqual([avatar]);
    expect(await readStored(bucket, 'clips', clip)).toEqual(Buffer.alloc(300_000, 7));

    expect(await storageCopy(url)).toMatch(/Copied 0 file\(s\) .*; 3 already there\.$/);

    // An object of another size in the bucket (a half-finished copy, say) is copied again; the rest are skipped.
    await bucket.write('songs', song, Buffer.from('x'));
    const later = await storeBytes(local, 'avatars', 'webp', Buffer.from('webp bytes'));
    expect(await storageCopy(url, [path.join(dataDir, 'uploads')])).toMatch(
      /Copied 2 file\(s\) .*; 2 already there\.$/,
    );
    expect(await readStored(bucket, 'songs', song)).toEqual(Buffer.from('RIFF song bytes'));
    expect(await storedNamesOf(bucket, 'avatars')).toEqual([avatar, later].sort());
  });

  it('refuses without a bucket or without a folder, saying which', async () => {
    await expect(
      run(tsx, ['scripts/storage-copy.ts'], { env: { ...process.env, DATA_DIR: dataDir } }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('STORAGE_URL must name the bucket') });
    await expect(storageCopy(s3rver.storageUrl('copied'), [path.join(dataDir, 'missing')])).rejects.toMatchObject({
      stderr: expect.stringContaining('No uploads folder at'),
    });
  });
});
