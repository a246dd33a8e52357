import type { StorageTarget } from '../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The local folder (embedded default) or the S3-compatible bucket that STORAGE_URL names. */
export function createStorageFor(target: StorageTarget): Storage {
  return target.kind === 's3' ? createS3Storage(target) : createLocalStorage(target.root);
}
