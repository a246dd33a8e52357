import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertStorageKind,
  assertStoredName,
  type Storage,
  type StorageKind,
  StoredFileMissing,
  type StoredObject,
  storedNamePattern,
} from './storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under `root/<kind>/<name>` on this machine's disk (the embedded default, one node only). */
export function createLocalStorage(root: string): Storage {
  const resolvedRoot = path.resolve(root);

  function pathOf(kind: StorageKind, name: string): string {
    assertStoredName(kind, name);
    return path.join(resolvedRoot, kind, name);
  }

  return {
    label: `local folder ${resolvedRoot}`,
    async write(kind, name, body) {
      const file = pathOf(kind, name);
      await mkdir(path.dirname(file), { recursive: true });
      // Exclusive create, owner-only: a name is never written twice, and other local users cannot read uploads.
      const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(body instanceof Uint8Array ? Readable.from([body]) : body, out);
      } catch (error) {
        // A half-written file must not outlive the failure (unless the name already existed: not ours to delete).
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(file, { force: true });
        throw error;
      }
    },
    async size(kind, name) {
      if (!storedNamePattern.test(name)) return null;
      try {
        const info = await stat(pathOf(kind, name));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(kind, name, range) {
      const stream = createReadStream(pathOf(kind, name), range ? { start: range.start, end: range.end } : {});
      // Opening fails asynchronously: wait for it, so a missing file is a rejection here and not a broken body later.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error) => reject(isMissing(error) ? new StoredFileMissing(kind, name) : error));
      });
      return stream;
    },
    async remove(kind, name) {
      await rm(pathOf(kind, name), { force: true });
    },
    async *list(kind) {
      assertStorageKind(kind);
      let names: string[];
      try {
        names = await readdir(path.join(resolvedRoot, kind));
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const name of names) {
        if (!storedNamePattern.test(name)) continue;
        try {
          const info = await stat(path.join(resolvedRoot, kind, name));
          if (info.isFile()) yield { name, size: info.size, modifiedAt: info.mtime } satisfies StoredObject;
        } catch (error) {
          // Deleted while listing (another request, another sweep): simply not there any more.
          if (!isMissing(error)) throw error;
        }
      }
    },
    async check() {
      await mkdir(resolvedRoot, { recursive: true });
      await access(resolvedRoot, constants.W_OK);
    },
    // Local writes are single files: an interrupted one is an unreferenced file, which the orphan sweep removes.
    async abortIncompleteUploads() {
      return 0;
    },
  };
}
