import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { AppDeps } from '../server/context';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemoData } from '../server/db/seed';
import { createLocalHub } from '../server/notifications/hub';
import { startPgHub } from '../server/notifications/pg-hub';
import { systemClock } from '../server/services/clock';
import { silentLogger } from '../server/services/logger';
import { createMailer } from '../server/services/mail';
import { createPasswordHasher } from '../server/services/passwords';
import { createPayoutCipher } from '../server/services/payout-cipher';
import { createStorageFor } from '../server/services/storage-for';
import { createTokenService } from '../server/services/tokens';
import { createAccount } from '../server/users/accounts';

export type BenchDatabase = 'sqlite' | 'postgres';

/** The PostgreSQL server to measure on, if any (BENCH_DATABASE_URL, else the tests' TEST_DATABASE_URL). */
export const postgresUrl = (): string | undefined =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/** SQLite always; PostgreSQL too when a server is configured. */
export const benchDatabases = (): BenchDatabase[] => (postgresUrl() ? ['sqlite', 'postgres'] : ['sqlite']);

export interface BenchServer {
  kind: BenchDatabase;
  /** Loopback URL, e.g. http://127.0.0.1:41234 */
  url: string;
  deps: AppDeps & { hub: NonNullable<AppDeps['hub']> };
  /** An access token for `userId`, signed as a login would (the bench users skip the password hashing). */
  tokenFor(user: { id: number; type: 'user' | 'artist' | 'admin'; token_version: number }): Promise<string>;
  close(): Promise<void>;
}

/**
 * The real app (createApp) listening on a free loopback port, on a fresh SQLite file in a temp DATA_DIR
 * or a fresh PostgreSQL schema that close() drops. It is startServer without the timers (pruning, offer
 * sweep), because startServer cannot put PostgreSQL tables in a schema of their own. The hub is the one
 * production uses for that database: in-process for SQLite, LISTEN/NOTIFY for PostgreSQL.
 */
export async function startBenchServer(
  kind: BenchDatabase,
  options: { seed?: boolean; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `labsongs-bench-${kind}-`));
  const url = postgresUrl();
  if (kind === 'postgres' && !url) throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) is not set');
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    SCRYPT_COST: '14',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    PAYOUT_KEY: randomBytes(32).toString('hex'),
    ...(kind === 'postgres' ? { DATABASE_URL: url } : {}),
    ...options.env,
  });
  const schema = kind === 'postgres' ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const adminQuery = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (schema) await adminQuery(`create schema ${schema}`);
  // As startServer opens it: SQLite's log checkpointed from a worker thread.
  const database = openDatabase(
    config.database,
    schema ? { schema, maxConnections: 10 } : { checkpointInWorker: true },
  );
  const storage = createStorageFor(config.storage);
  const payoutKey = Buffer.from(config.payoutKey as string, 'hex');
  const jwtSecret = config.jwtSecret as string;
  const cleanUp = async () => {
    await database.destroy();
    // BENCH_KEEP=1 leaves the data behind, to read its query plans by hand afterwards.
    if (process.env.BENCH_KEEP) {
      process.stderr.write(`  kept: ${schema ? `schema ${schema}` : dataDir}\n`);
      return;
    }
    if (schema) await adminQuery(`drop schema if exists ${schema} cascade`);
    await rm(dataDir, { recursive: true, force: true });
  };
  let hub: BenchServer['deps']['hub'] | undefined;
  let server: Server;
  const mailer = createMailer({
    db: database.db,
    clock: systemClock,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(dataDir, 'outbox'),
    logger: silentLogger,
    publicUrl: config.publicUrl,
    jwtSecret,
    digestMs: config.mailDigestMs,
    pollMs: config.mailPollMs,
  });
  try {
    await migrateToLatest(database);
    if (options.seed) {
      await seedDemoData({
        db: database.db,
        passwords: createPasswordHasher(config.scryptCost),
        storage,
        payouts: createPayoutCipher(payoutKey),
        now: systemClock.now(),
      });
    }
    hub = schema
      ? await startPgHub({ url: url as string, schema, db: database.db, logger: silentLogger })
      : createLocalHub();
    const deps = {
      config,
      database,
      clock: systemClock,
      mailer,
      logger: silentLogger,
      jwtSecret,
      payoutKey,
      storage,
      staticRoot: null,
      hub,
    };
    const app = createApp(deps);
    server = await new Promise<Server>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started as Server));
      started.once('error', reject);
    });
    const tokens = createTokenService({
      db: database.db,
      clock: systemClock,
      secret: jwtSecret,
      accessTtlSeconds: config.accessTokenTtlSeconds,
      refreshWindowSeconds: config.refreshWindowSeconds,
      rememberRefreshWindowSeconds: config.rememberRefreshWindowSeconds,
    });
    const port = (server.address() as AddressInfo).port;
    return {
      kind,
      url: `http://127.0.0.1:${port}`,
      deps,
      tokenFor: async (user) => (await tokens.issue(user, false)).token,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Open event streams would hold close() forever.
          server.closeAllConnections();
        });
        await mailer.close();
        await hub?.close();
        await cleanUp();
      },
    };
  } catch (error) {
    await mailer.close();
    await hub?.close();
    await cleanUp();
    throw error;
  }
}

/**
 * `count` customer accounts, each with an access token. They share one password hash (hashed once)
 * and get their tokens from the token service directly: logging 500 people in would measure scrypt.
 */
export async function createBenchCustomers(
  server: BenchServer,
  count: number,
): Promise<{ id: number; token: string }[]> {
  const { db } = server.deps.database;
  const passwords = createPasswordHasher(server.deps.config.scryptCost);
  const passwordHash = await passwords.hash('Bench-password-1');
  const now = new Date();
  const tag = randomBytes(4).toString('hex');
  const users = await db.transaction().execute(async (trx) => {
    const created = [];
    for (let i = 0; i < count; i++) {
      created.push(
        await createAccount(
          trx,
          passwords,
          {
            type: 'user',
            email: `bench.${tag}.${i}@example.test`,
            passwordHash,
            first_name: 'Bench',
            last_name: `Listener ${i}`,
            is_first_time_login: false,
          },
          now,
        ),
      );
    }
    return created;
  });
  return Promise.all(users.map(async (user) => ({ id: user.id, token: await server.tokenFor(user) })));
}

/** The `data` of a JSON API answer; throws with the status and message otherwise. */
export async function callJson<T = Record<string, unknown>>(
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const res = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const body = (await res.json()) as { data?: unknown; message?: string };
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${res.status}: ${body.message}`);
  return body.data as T;
}
