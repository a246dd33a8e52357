// npm run storage:copy [-- <uploads folder>]: copies a one-machine install's uploads into the bucket
// that STORAGE_URL names, so it can grow to several nodes. Idempotent: an object already in the bucket
// with the same size is skipped, so an interrupted copy is simply run again.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config';
import { createLocalStorage } from '../server/services/local-storage';
import { type Storage, storageKinds } from '../server/services/storage';
import { createStorageFor } from '../server/services/storage-for';

// A few objects at once: enough to hide the bucket's latency, few enough to keep memory small.
const PARALLEL = 4;

export interface CopyCount {
  copied: number;
  skipped: number;
}

/** Copies every stored object of every kind from `source` to `target`, streamed, skipping those already there. */
async function copyStorage(source: Storage, target: Storage): Promise<CopyCount> {
  const count: CopyCount = { copied: 0, skipped: 0 };
  const copyOne = async (kind: (typeof storageKinds)[number], name: string, size: number) => {
    if ((await target.size(kind, name)) === size) {
      count.skipped++;
      return;
    }
    await target.write(kind, name, await source.read(kind, name));
    count.copied++;
  };
  for (const kind of storageKinds) {
    let batch: Promise<void>[] = [];
    for await (const object of source.list(kind)) {
      batch.push(copyOne(kind, object.name, object.size));
      if (batch.length === PARALLEL) {
        await Promise.all(batch);
        batch = [];
      }
    }
    await Promise.all(batch);
  }
  return count;
}

async function main(argv: string[]): Promise<void> {
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    throw new Error('STORAGE_URL must name the bucket to copy into, e.g. s3://labsongs?endpoint=…&region=…');
  }
  const from = path.resolve(argv[0] ?? path.join(config.dataDir, 'uploads'));
  if (!(await stat(from).catch(() => null))?.isDirectory()) throw new Error(`No uploads folder at ${from}`);
  const target = createStorageFor(config.storage);
  await target.check();
  const { copied, skipped } = await copyStorage(createLocalStorage(from), target);
  console.log(`Copied ${copied} file(s) from ${from} to ${target.label}; ${skipped} already there.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
