import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../server/config';
import { demoLogins } from '../server/db/seed';
import { startServer } from '../server/server';

import { autocannon } from './autocannon';

export interface EndpointBench {
  name: string;
  path: string;
  requestsPerSecond: number;
  p99LatencyMs: number;
  averageLatencyMs: number;
  /** Answers other than 2xx, plus socket errors and timeouts: should be 0. */
  failures: number;
}

export interface ServerAuthBench {
  durationSeconds: number;
  connections: number;
  database: 'sqlite';
  /** `/api/ping`: the full middleware stack, no database. */
  ping: EndpointBench;
  /** `/api/v1/user/auth/me`: token verification, revocation lookup and user load per request. */
  me: EndpointBench;
}

export interface ServerAuthBenchOptions {
  durationSeconds?: number;
  connections?: number;
}

/** Starts the real server in-process (seeded SQLite in a temp dir, loopback, free port) and loads two routes with autocannon. */
export async function benchServerAuth(options: ServerAuthBenchOptions = {}): Promise<ServerAuthBench> {
  const durationSeconds = options.durationSeconds ?? 5;
  const connections = options.connections ?? 10;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-bench-'));
  // Login cost does not matter here (one login), so the seed hashes cheaply.
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    SCRYPT_COST: '14',
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(config, { port: 0, staticRoot: null });
  try {
    const customer = demoLogins.find((login) => login.area === 'user');
    if (!customer) throw new Error('no demo customer to log in with');
    const login = await fetch(`${server.url}/api/v1/user/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    if (!login.ok) throw new Error(`demo login answered ${login.status}`);
    const { data } = (await login.json()) as { data: { token: string } };

    const run = async (name: string, pathname: string, headers?: Record<string, string>): Promise<EndpointBench> => {
      const result = await autocannon({
        url: `${server.url}${pathname}`,
        connections,
        duration: durationSeconds,
        headers,
      });
      return {
        name,
        path: pathname,
        requestsPerSecond: Math.round(result.requests.average),
        p99LatencyMs: result.latency.p99,
        averageLatencyMs: result.latency.average,
        failures: result.non2xx + result.errors + result.timeouts,
      };
    };
    const ping = await run('ping (no database)', '/api/ping');
    const me = await run('auth/me (token + 2 queries)', '/api/v1/user/auth/me', {
      Authorization: `Bearer ${data.token}`,
    });
    return { durationSeconds, connections, database: 'sqlite', ping, me };
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/server-auth.ts` runs it alone; bench/run.ts imports benchServerAuth.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  benchServerAuth().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
