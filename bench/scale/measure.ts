import { monitorEventLoopDelay } from 'node:perf_hooks';
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
  /** Load from this many worker threads instead of this thread. */
  workers?: number;
  requests?: { setupRequest: (request: object) => object }[];
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

/**
 * Where the load comes from. A client in its own thread (`worker`) leaves the server's event loop to the
 * server, as a client on another machine would; an endpoint that runs code before each request
 * (beforeEach, a closure a worker cannot take) loads from this thread (`in-process`), and so must the
 * ping it is compared with.
 */
export type LoadSource = 'worker' | 'in-process';
export const loadSourceOf = (endpoint: Endpoint): LoadSource => (endpoint.beforeEach ? 'in-process' : 'worker');

export async function measure(
  server: BenchServer,
  endpoint: Endpoint,
  load: LoadSettings,
  source: LoadSource = loadSourceOf(endpoint),
): Promise<Measurement> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.token) headers.authorization = `Bearer ${endpoint.token}`;
  // One answer first: a broken endpoint should say why, not just count failures.
  const probe = await fetch(server.url + endpoint.path, { headers });
  if (!probe.ok)
    throw new Error(`${endpoint.name}: GET ${endpoint.path} answered ${probe.status}: ${await probe.text()}`);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const url = server.url + endpoint.path;
  const before = endpoint.beforeEach;
  const setupRequest = (request: object) => {
    before?.();
    return request;
  };
  const perRequest = before ? { requests: [{ setupRequest }] } : {};
  if (before && source === 'worker')
    throw new Error(`${endpoint.name}: code before each request needs in-process load`);
  const from = source === 'worker' ? { workers: 1 } : {};
  let result = await run({
    url,
    connections: load.connections,
    duration: load.seconds,
    timeout: 300,
    headers,
    ...perRequest,
    ...from,
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
      ...from,
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
