import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { type AutocannonResult, autocannon } from '../autocannon';
import type { BenchServer } from '../bench-server';
import type { Endpoint } from './endpoints';

// Throughput and p99 of one endpoint under autocannon, and the longest event-loop stall while it ran.
// The server runs in this process, so a stall here is a stall every other request waits behind.

const MIN_ANSWERS = 20;

// The options and fields of autocannon this bench uses beyond the shared typing in ../autocannon.
type Run = (options: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  /** Seconds before a request counts as timed out; a search at full size queues for a minute on SQLite. */
  timeout: number;
  headers: Record<string, string>;
  /** Load from this many worker threads: the benchmark always uses one. */
  workers: number;
  /** A module path per option: the worker thread requires it. */
  requests?: { setupRequest: string }[];
}) => Promise<AutocannonResult & { requests: { total: number }; duration: number }>;
const run = autocannon as unknown as Run;

export interface Measurement {
  name: string;
  /** GET /api/ping req/s in the second before, so load from elsewhere on the machine cancels out of the ratio. */
  pingPerSecond?: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers that were not 2xx, plus errors and timeouts. */
  failures: number;
  maxStallMs: number;
}

export interface LoadSettings {
  seconds: number;
  connections: number;
}

/** autocannon's load thread requires this before each request of an endpoint that misses the cache. */
const bumpCatalogVersionModule = fileURLToPath(new URL('./bump-catalog-version.cjs', import.meta.url));

/** Where the load thread's catalogue bumps write: the bench server's own database. */
function catalogTargetOf(server: BenchServer): string {
  const target = server.deps.config.database;
  return JSON.stringify(
    target.kind === 'sqlite'
      ? { kind: 'sqlite', file: target.file }
      : { kind: 'postgres', url: target.url, schema: server.deps.database.schema },
  );
}

/**
 * The load comes from a worker thread, as a client on another machine would: the server's event loop is
 * the server's alone.
 */
export async function measure(server: BenchServer, endpoint: Endpoint, load: LoadSettings): Promise<Measurement> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.token) headers.authorization = `Bearer ${endpoint.token}`;
  // One answer first: a broken endpoint should say why, not just count failures.
  const probe = await fetch(server.url + endpoint.path, { headers });
  if (!probe.ok)
    throw new Error(`${endpoint.name}: GET ${endpoint.path} answered ${probe.status}: ${await probe.text()}`);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const url = server.url + endpoint.path;
  // The worker copies this process's environment when it starts.
  if (endpoint.missesCache) process.env.BENCH_CATALOG_TARGET = catalogTargetOf(server);
  const perRequest = endpoint.missesCache ? { requests: [{ setupRequest: bumpCatalogVersionModule }] } : {};
  let result = await run({
    url,
    connections: load.connections,
    duration: load.seconds,
    timeout: 300,
    headers,
    ...perRequest,
    workers: 1,
  });
  // Answers slower than the window complete too few to count (none at all past a second each): take a
  // fixed number instead, however long they need.
  if (result.requests.total < MIN_ANSWERS) {
    result = await run({
      url,
      connections: load.connections,
      amount: MIN_ANSWERS,
      timeout: 300,
      headers,
      ...perRequest,
      workers: 1,
    });
  }
  loop.disable();
  // Requests still in flight when the window closed finish before the next figure starts (on SQLite
  // this ping queues behind them).
  await (await fetch(`${server.url}/api/ping`)).arrayBuffer();
  return {
    name: endpoint.name,
    requestsPerSecond: result.requests.total / result.duration,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    maxStallMs: loop.max / 1e6,
  };
}
