import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How often the checkpointer copies the write-ahead log into the database file. Often, so each copy and
 * the flush to disk that ends it are small: a second's worth at full write speed (the offer sweep after a
 * long pause) made the server's next commits wait 20–70 ms for the disk; a tenth of a second's does not.
 * A pass with nothing to copy only reads the log's header.
 */
export const CHECKPOINT_EVERY_MS = 100;

/**
 * The pages the server's own connection lets the log grow to before it checkpoints itself, while the
 * worker runs: a gigabyte. The log starts over only when a commit finds it fully copied, which a steady
 * stream of commits never does, so it grows through a long burst of writes; at the old 16,000 pages the
 * server's own checkpoint then ran every 64 MB of writes, 60–130 ms each time. Once the worker fails, the
 * server's connection goes back to SQLite's own threshold (AUTOCHECKPOINT_PAGES).
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 262_144;

/** SQLite's default: a checkpoint inside the commit that makes the log pass 1,000 pages. */
export const AUTOCHECKPOINT_PAGES = 1000;

/** After a burst, the log file is cut back to this size when it starts over (it would keep its peak size). */
export const JOURNAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

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
  let stopping = false;
  let failed = false;
  const fail = (message: string) => {
    failed = true;
    onError(message);
  };
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) fail(message.failed);
  });
  worker.on('error', (error) => fail(error.message));
  // Remembered, so a stop after the worker has died does not wait for an exit that already happened.
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (!stopping && !failed) fail(`the checkpointer stopped (exit code ${code})`);
      resolve();
    }),
  );
  // The server's shutdown closes it; it must not hold a process open that is ending for another reason.
  worker.unref();
  return {
    async stop() {
      stopping = true;
      // Held open until the worker has closed its connection: unref'd, the process could end first.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
