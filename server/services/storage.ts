import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { mimeOfExtension } from './file-types';

/** Folders (local) or key segments (bucket) of stored files: sample songs, avatars, clips and order recordings,
 * and the attachments of order messages. */
export const storageKinds = ['songs', 'avatars', 'clips', 'attachments'] as const;
export type StorageKind = (typeof storageKinds)[number];

/**
 * The only names a stored file can have: 24 random URL-safe characters and an extension the sniffer
 * chose. Every path and key is built from a name that matched this, so no client input can point elsewhere.
 */
export const storedNamePattern = /^[A-Za-z0-9_-]{24}\.(mp3|wav|ogg|flac|m4a|webm|jpg|png|webp|pdf)$/;

export interface StoredObject {
  name: string;
  size: number;
  modifiedAt: Date;
}

export interface Storage {
  /** For logs and readiness: "local folder /…/uploads" or "s3://bucket/prefix". */
  readonly label: string;
  /** Stores `body` under kind/name, streamed (never a whole large file in memory); resolves once the
   *  object is stored whole; on error nothing is left behind. */
  write(kind: StorageKind, name: string, body: Readable | Uint8Array): Promise<void>;
  /** The object's size, or null when it does not exist (or the name is not one of ours). */
  size(kind: StorageKind, name: string): Promise<number | null>;
  /** Bytes start…end inclusive, or the whole object; rejects with StoredFileMissing when it is not there. */
  read(kind: StorageKind, name: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Deletes the object; a missing one is not an error. */
  remove(kind: StorageKind, name: string): Promise<void>;
  /** Every stored object of a kind whose name is one of ours, any order. */
  list(kind: StorageKind): AsyncIterable<StoredObject>;
  /** Resolves when the storage is reachable and writable-looking (readiness); rejects otherwise. */
  check(): Promise<void>;
  /** Abandons unfinished multipart uploads begun before `before` (a bucket's only leftovers); answers how many. */
  abortIncompleteUploads(before: Date): Promise<number>;
}

/** A read of an object that is not (or no longer) stored: the routes answer 404. */
export class StoredFileMissing extends Error {
  constructor(kind: StorageKind, name: string) {
    super(`No stored file ${kind}/${name}`);
    this.name = 'StoredFileMissing';
  }
}

/** A read stream's error that only means the listener cancelled (a seek, a closed tab): not a storage fault. */
export const isCancelledRead = (error: Error & { code?: unknown }): boolean =>
  error.name === 'AbortError' || error.code === 'ABORT_ERR' || error.code === 'ERR_STREAM_PREMATURE_CLOSE';

/** Throws unless `kind` is one of storageKinds (a folder or key segment is only ever one of them). */
export function assertStorageKind(kind: string): void {
  if (!(storageKinds as readonly string[]).includes(kind)) throw new Error(`Not a storage kind: ${kind}`);
}

/** Throws unless kind/name is a stored file name this server could have made. */
export function assertStoredName(kind: StorageKind, name: string): void {
  assertStorageKind(kind);
  if (!storedNamePattern.test(name)) throw new Error(`Not a stored file name: ${kind}/${name}`);
}

/** A fresh random name with `ext` (an extension the sniffer chose) that matches storedNamePattern. */
export function newStoredName(ext: string): string {
  const name = `${randomBytes(18).toString('base64url')}.${ext}`;
  if (!storedNamePattern.test(name)) throw new Error(`Not a stored file extension: ${ext}`);
  return name;
}

export const mimeOfStoredName = (name: string): string =>
  mimeOfExtension[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
