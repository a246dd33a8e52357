import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { arrayBuffer } from 'node:stream/consumers';
import { newStoredName, type Storage, type StorageKind } from '../../server/services/storage';

/** The whole stored object, asked of the storage itself (local folder or bucket alike). */
export async function readStored(storage: Storage, kind: StorageKind, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(kind, name)) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Bytes start…end (inclusive) of a stored object. */
export async function readStoredRange(storage: Storage, kind: StorageKind, name: string, start: number, end: number) {
  return Buffer.from(await arrayBuffer(await storage.read(kind, name, { start, end })));
}

/** Names currently stored under a kind, sorted. */
export async function storedNamesOf(storage: Storage, kind: StorageKind): Promise<string[]> {
  const names: string[] = [];
  for await (const object of storage.list(kind)) names.push(object.name);
  return names.sort();
}

/** Stores `data` under a fresh name with `ext`; answers the name. */
export async function storeBytes(storage: Storage, kind: StorageKind, ext: string, data: Uint8Array) {
  const name = newStoredName(ext);
  await storage.write(kind, name, data);
  return name;
}

/** The part of s3rver (which ships no types) the tests use. */
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => { run(): Promise<AddressInfo>; close(): Promise<void> };

export interface RunningS3rver {
  endpoint: string;
  bucket: string;
  /** STORAGE_URL for the bucket (path-style; a prefix keeps tests in their own part of it). */
  storageUrl(prefix?: string): string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server on loopback (s3rver, files in a temp dir) with one bucket. Sets the SDK's
 * standard credential variables to s3rver's fixed pair, as an operator would set them for MinIO.
 */
export async function startS3rver(bucket = 'labsongs-test'): Promise<RunningS3rver> {
  const directory = await mkdtemp(path.join(tmpdir(), 'labsongs-s3rver-'));
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storageUrl: (prefix = '') =>
      `s3://${bucket}${prefix ? `/${prefix}` : ''}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
