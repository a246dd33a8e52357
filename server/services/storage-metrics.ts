import type { Readable } from 'node:stream';
import type { Metrics, StorageOperation } from './metrics';
import { isCancelledRead, type Storage, StoredFileMissing } from './storage';

/**
 * The same storage, counting in `labsongs_storage_errors_total` each call that fails and each read
 * stream that breaks, by operation. A missing file (404) and an upload the client broke off are not
 * storage errors.
 */
export function withStorageMetrics(storage: Storage, metrics: Pick<Metrics, 'storageErrors'>): Storage {
  const count = (operation: StorageOperation) => metrics.storageErrors.inc({ operation });
  const counted = async <T>(operation: StorageOperation, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof StoredFileMissing)) count(operation);
      throw error;
    }
  };
  return {
    label: storage.label,
    async write(kind, name, body) {
      try {
        await storage.write(kind, name, body);
      } catch (error) {
        if (!isBrokenUpload(body)) count('write');
        throw error;
      }
    },
    size: (kind, name) => counted('size', () => storage.size(kind, name)),
    async read(kind, name, range) {
      const stream = await counted('read', () => storage.read(kind, name, range));
      let broken = false;
      stream.on('error', (error) => {
        if (broken || isCancelledRead(error)) return;
        broken = true;
        count('read');
      });
      return stream;
    },
    remove: (kind, name) => counted('remove', () => storage.remove(kind, name)),
    async *list(kind) {
      try {
        yield* storage.list(kind);
      } catch (error) {
        count('list');
        throw error;
      }
    },
    check: () => counted('check', () => storage.check()),
    abortIncompleteUploads: (before) => counted('abort_uploads', () => storage.abortIncompleteUploads(before)),
  };
}

/** The body of an upload failed on its own side (the client went away): not the storage's fault. */
const isBrokenUpload = (body: Readable | Uint8Array) => !(body instanceof Uint8Array) && body.errored !== null;
