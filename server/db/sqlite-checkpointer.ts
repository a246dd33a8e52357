import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the checkpointer copies the write-ahead log into the database file. */
export const CHECKPOINT_EVERY_MS = 1000;

/**
 * The pages the server's own connection lets the log grow to before it checkpoints itself: a safety net
 * for a checkpointer that stopped, far above what a second of writes adds.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 16_000;

// The worker's code. Plain CommonJS, evaluated as a string, so it runs the same under tsx and under a
// build; the driver's path is resolved here and handed over.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const database = new SQLite(workerData.file);
database.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error && error.message || error) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  database.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread, with a connection of its own. SQLite's
 * automatic checkpoint runs inside whichever commit makes the log pass 1,000 pages, on the one thread
 * that serves every request (better-sqlite3 is synchronous): that commit then copies four megabytes and
 * waits for the disk. A PASSIVE checkpoint from another connection takes no lock the server's readers or
 * writers wait for; it copies what no reader still needs, and the next one copies the rest.
 */
export function startCheckpointer(file: string, onError: (message: string) => void = () => {}): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS } });
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) onError(message.failed);
  });
  worker.on('error', (error) => onError(error.message));
  // The server's shutdown closes it; it must not hold a process open that is ending for another reason.
  worker.unref();
  return {
    async stop() {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      // Held open until the worker has closed its connection: unref'd, the process could end first.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
