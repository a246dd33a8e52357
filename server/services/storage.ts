import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mimeOfExtension } from './file-types';

/** Folders under `${DATA_DIR}/uploads/`: sample songs, avatars, customers' story clips (order recordings join later). */
export const storageKinds = ['songs', 'avatars', 'clips'] as const;
export type StorageKind = (typeof storageKinds)[number];

/**
 * The only names a stored file can have: 24 random URL-safe characters and an extension the sniffer
 * chose. Every path is built from a name that matched this, so no client input can point elsewhere.
 */
export const storedNamePattern = /^[A-Za-z0-9_-]{24}\.(mp3|wav|ogg|flac|m4a|webm|jpg|png|webp)$/;

export interface Storage {
  /** `${DATA_DIR}/uploads` */
  readonly root: string;
  /** A new file opened for writing (exclusive create, mode 0600) under a random name with `ext`. */
  create(kind: StorageKind, ext: string): Promise<{ name: string; stream: WriteStream }>;
  /** Writes a whole file at once (the seed's synthesised samples); returns its name. */
  write(kind: StorageKind, ext: string, data: Uint8Array): Promise<string>;
  /** The file's size, or null when it does not exist (or the name is not one of ours). */
  size(kind: StorageKind, name: string): Promise<number | null>;
  /** Streams bytes `start`…`end` (inclusive) of the file, or all of it. */
  read(kind: StorageKind, name: string, range?: { start: number; end: number }): ReadStream;
  /** Deletes the file; a missing file is not an error. */
  remove(kind: StorageKind, name: string): Promise<void>;
  /** Where the file lives on disk (tests, diagnostics). */
  pathOf(kind: StorageKind, name: string): string;
}

export const mimeOfStoredName = (name: string): string =>
  mimeOfExtension[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Local-disk storage (DESIGN §1); an S3-compatible bucket can implement the same interface later. */
export function createStorage(root: string): Storage {
  const resolvedRoot = path.resolve(root);

  function pathOf(kind: StorageKind, name: string): string {
    if (!(storageKinds as readonly string[]).includes(kind) || !storedNamePattern.test(name)) {
      throw new Error(`Not a stored file name: ${kind}/${name}`);
    }
    return path.join(resolvedRoot, kind, name);
  }

  function newName(ext: string): string {
    const name = `${randomBytes(18).toString('base64url')}.${ext}`;
    if (!storedNamePattern.test(name)) throw new Error(`Not a stored file extension: ${ext}`);
    return name;
  }

  return {
    root: resolvedRoot,
    async create(kind, ext) {
      const name = newName(ext);
      const file = pathOf(kind, name);
      await mkdir(path.dirname(file), { recursive: true });
      const stream = createWriteStream(file, { flags: 'wx', mode: 0o600 });
      // Opening fails asynchronously; wait for it so the caller never writes into a stream that is already dead.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return { name, stream };
    },
    async write(kind, ext, data) {
      const name = newName(ext);
      const file = pathOf(kind, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data, { flag: 'wx', mode: 0o600 });
      return name;
    },
    async size(kind, name) {
      if (!storedNamePattern.test(name)) return null;
      try {
        const info = await stat(pathOf(kind, name));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    read(kind, name, range) {
      return createReadStream(pathOf(kind, name), range ? { start: range.start, end: range.end } : {});
    },
    async remove(kind, name) {
      await rm(pathOf(kind, name), { force: true });
    },
    pathOf,
  };
}
