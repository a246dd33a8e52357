import { type ChildProcess, fork } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { insertNotifications } from '../server/notifications/notifications.repository';
import { type BenchDatabase, benchDatabases, createBenchCustomers, startBenchServer } from './bench-server';
import type { FromClients, ToClients } from './sse-clients';
import { megabytes, percentile, round, sharedNow } from './stats';

export interface SseBench {
  database: BenchDatabase;
  cores: number;
  clients: number;
  connected: number;
  connectFailures: string[];
  connectSeconds: number;
  /** Load: notifications asked for per second, for how long, and how many per transaction. */
  targetPerSecond: number;
  seconds: number;
  perTransaction: number;
  created: number;
  createdPerSecond: number;
  delivered: number;
  /** Created but never received by their user (within the wait after the load). */
  lost: number;
  /** Received more than once, or by someone else. */
  duplicates: number;
  misdelivered: number;
  /** Milliseconds from the start of the inserting transaction to the client's parsing the event. */
  latency: { p50: number; p99: number; max: number };
  /** The server process (server, database driver, load generator; the clients run in another process). */
  rss: { beforeMb: number; connectedMb: number; peakMb: number };
  clientProcessRssMb: number;
}

export interface SseBenchOptions {
  clients?: number;
  perSecond?: number;
  seconds?: number;
}

/** How long to wait for stragglers: longer than the stream's own 15 s poll, so a lost wake-up still arrives (and shows in max). */
const FINISH_TIMEOUT_MS = 20_000;
/** Notifications per transaction, as a lifecycle transition writes them (customer and artist). */
const PER_TRANSACTION = 2;
/** Transactions in flight at once. */
const WRITERS = 4;

function startClients(): { child: ChildProcess; next: () => Promise<FromClients> } {
  const child = fork(fileURLToPath(new URL('./sse-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const queue: FromClients[] = [];
  let waiting: ((message: FromClients) => void) | undefined;
  child.on('message', (message: FromClients) => {
    if (waiting) {
      const resolve = waiting;
      waiting = undefined;
      resolve(message);
    } else queue.push(message);
  });
  const next = () =>
    new Promise<FromClients>((resolve, reject) => {
      const queued = queue.shift();
      if (queued) return resolve(queued);
      waiting = resolve;
      child.once('exit', (code) => reject(new Error(`the client process exited (${code})`)));
    });
  return { child, next };
}

/**
 * `clients` SSE listeners (each its own customer: stream token, then the stream) held open against the
 * listening server while a load generator writes notifications for them at `perSecond` for `seconds`
 * (insertNotifications in transactions, then hub.publish, as the lifecycle does), and what arrived.
 */
async function benchSseOn(database: BenchDatabase, options: SseBenchOptions = {}): Promise<SseBench> {
  const clientCount = options.clients ?? 500;
  const perSecond = options.perSecond ?? 1_000;
  const seconds = options.seconds ?? 10;
  const server = await startBenchServer(database);
  const clients = startClients();
  try {
    const { db } = server.deps.database;
    const { hub } = server.deps;
    const accounts = await createBenchCustomers(server, clientCount);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 100);

    const send = (message: ToClients) => clients.child.send(message);
    send({
      type: 'open',
      api: `${server.url}/api/v1`,
      accounts: accounts.map((a) => ({ userId: a.id, token: a.token })),
      concurrency: 50,
    });
    const opened = await clients.next();
    if (opened.type !== 'connected') throw new Error('the clients did not connect');
    const rssConnected = process.memoryUsage().rss;

    // Paced load: transaction k is due at start + k × interval; late writers do not wait (catch up).
    const sentAt: number[] = [];
    const owner: number[] = [];
    const interval = (1000 * PER_TRANSACTION) / perSecond;
    const transactions = Math.round((perSecond * seconds) / PER_TRANSACTION);
    const start = performance.now();
    let nextTransaction = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (nextTransaction < transactions) {
          const k = nextTransaction++;
          const wait = start + k * interval - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const rows = Array.from({ length: PER_TRANSACTION }, (_, j) => {
            const seq = k * PER_TRANSACTION + j;
            const account = accounts[seq % accounts.length] as { id: number };
            owner[seq] = account.id;
            sentAt[seq] = sharedNow();
            return {
              userId: account.id,
              type: 'new_order' as const,
              title: 'New song order',
              body: `You have a new birthday song offer for Lola (OR0000000000). #${seq}`,
              orderId: null,
            };
          });
          const notified = await db
            .transaction()
            .execute((trx) => insertNotifications(trx, rows, new Date().toISOString()));
          hub.publish(notified);
        }
      }),
    );
    const loadSeconds = (performance.now() - start) / 1000;
    const created = transactions * PER_TRANSACTION;

    send({ type: 'finish', expected: created, timeoutMs: FINISH_TIMEOUT_MS });
    const report = await clients.next();
    clearInterval(sampler);
    if (report.type !== 'report') throw new Error('the clients sent no report');

    const seen = new Map<number, number>();
    let misdelivered = 0;
    const latencies: number[] = [];
    for (const [seq, userId, at] of report.receipts) {
      if (owner[seq] !== userId) {
        misdelivered++;
        continue;
      }
      seen.set(seq, (seen.get(seq) ?? 0) + 1);
      if (seen.get(seq) === 1) latencies.push(at - (sentAt[seq] as number));
    }
    let duplicates = 0;
    for (const count of seen.values()) duplicates += count - 1;
    send({ type: 'close' });
    return {
      database,
      cores: cpus().length,
      clients: clientCount,
      connected: opened.connected,
      connectFailures: [...new Set(opened.failures)],
      connectSeconds: round(opened.seconds),
      targetPerSecond: perSecond,
      seconds,
      perTransaction: PER_TRANSACTION,
      created,
      createdPerSecond: round(created / loadSeconds, 0),
      delivered: seen.size,
      lost: created - seen.size,
      duplicates,
      misdelivered,
      latency: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: round(Math.max(0, ...latencies)),
      },
      rss: { beforeMb: megabytes(rssBefore), connectedMb: megabytes(rssConnected), peakMb: megabytes(rssPeak) },
      clientProcessRssMb: round(report.rssMb, 1),
    };
  } finally {
    if (clients.child.connected) clients.child.disconnect();
    clients.child.kill();
    await server.close();
  }
}

/**
 * benchSseOn for SQLite, and PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, each in a
 * fresh process of its own: RSS never shrinks, so measured in the process that ran everything before
 * it would say nothing about the streams.
 */
export async function benchSse(options: SseBenchOptions = {}): Promise<SseBench[]> {
  const results: SseBench[] = [];
  for (const database of benchDatabases()) {
    const child = fork(fileURLToPath(import.meta.url), ['--database', database, '--options', JSON.stringify(options)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    results.push(
      await new Promise<SseBench>((resolve, reject) => {
        let result: SseBench | undefined;
        child.once('message', (message: SseBench) => {
          result = message;
        });
        child.once('exit', (code) =>
          result ? resolve(result) : reject(new Error(`the ${database} stream bench exited (${code})`)),
        );
      }),
    );
  }
  return results;
}

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index < 0 ? undefined : process.argv[index + 1];
};

// `npx tsx bench/sse.ts` runs it alone; benchSse forks this file with --database to measure one database.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const database = argument('--database') as BenchDatabase | undefined;
  const run = database
    ? benchSseOn(database, JSON.parse(argument('--options') ?? '{}') as SseBenchOptions).then((result) => {
        process.send?.(result);
        process.disconnect?.();
      })
    : benchSse().then((result) => console.log(JSON.stringify(result, null, 2)));
  run.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
