import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import pg from 'pg';
import type { AccountType } from '../../contracts/account';
import { createApp } from '../../server/app';
import { type Config, type Env, loadConfig } from '../../server/config';
import type { AppDeps, AppEnv } from '../../server/context';
import { type AppDatabase, openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { UserRow } from '../../server/db/schema';
import { createLocalHub, type NotificationHub } from '../../server/notifications/hub';
import { type ManualClock, manualClock } from '../../server/services/clock';
import { silentLogger } from '../../server/services/logger';
import { createMailer, type Mailer } from '../../server/services/mail';
import { createPasswordHasher, type PasswordHasher } from '../../server/services/passwords';
import { createPayoutCipher, type PayoutCipher } from '../../server/services/payout-cipher';
import type { Storage } from '../../server/services/storage';
import { createStorageFor } from '../../server/services/storage-for';
import { createAccount, type NewAccount } from '../../server/users/accounts';
import { expectDocumented } from './openapi-check';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server (each file gets its own schema). */
export const databases: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** `env` for a harness with a real payment provider (never called): pages then go out without the sandbox's mark. */
export const realProvider: Env = {
  PAYMENT_PROVIDER: 'dragonpay',
  DRAGONPAY_MERCHANT_ID: 'LABSONGS',
  DRAGONPAY_PASSWORD: 'test-password',
};

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
}

export interface Harness {
  kind: DatabaseKind;
  app: Hono<AppEnv>;
  /** What the app was built with (to build a second app on the same database). */
  deps: AppDeps;
  /** The app's notification hub: publish to it to wake the app's notification streams. */
  hub: NotificationHub;
  config: Config;
  clock: ManualClock;
  database: AppDatabase;
  mailer: Mailer;
  passwords: PasswordHasher;
  storage: Storage;
  payouts: PayoutCipher;
  dataDir: string;
  outboxDir: string;
  /** Sends a request through app.request() (no socket, no port). */
  request(pathname: string, init?: RequestInit): Promise<Response>;
  /** Sends `body` as JSON (when given) and parses the answer. */
  call(method: string, pathname: string, body?: unknown, options?: RequestOptions): Promise<JsonAnswer>;
  /** Sends a multipart/form-data body (fields and files) and parses the answer. */
  upload(pathname: string, form: FormData, options?: RequestOptions & { method?: string }): Promise<JsonAnswer>;
  /** Creates an account directly in the database (artists and admins cannot sign up through the API). */
  createAccount(
    account: Partial<NewAccount> & { type: AccountType; email: string; password: string },
  ): Promise<UserRow>;
  /** Logs in through the API and returns the token; fails the test when login does not answer 200. */
  login(area: AccountType, email: string, password: string, remember?: boolean): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Extra environment variables on top of the test defaults. */
  env?: Env;
  /** Skip migrations (to test /api/health on an empty database). */
  migrate?: boolean;
  staticRoot?: string | null;
}

let counter = 0;
/** An email no other test in the file uses. */
export const uniqueEmail = (prefix = 'person') => `${prefix}.${Date.now().toString(36)}.${++counter}@example.test`;

async function postgresSchema(url: string): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${name}`);
  await client.end();
  return {
    name,
    async drop() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists ${name} cascade`);
      await admin.end();
    },
  };
}

export async function createHarness(kind: DatabaseKind, options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (kind === 'postgres' && !pgUrl) throw new Error('TEST_DATABASE_URL is not set');
  const config = loadConfig({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://labsongs.test',
    SEED_DEMO: 'false',
    SCRYPT_COST: '14',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000',
    RATE_LIMIT_LOGIN_PER_CLIENT: '1000',
    RATE_LIMIT_FORGOT_PER_ACCOUNT: '1000',
    RATE_LIMIT_FORGOT_PER_CLIENT: '1000',
    RATE_LIMIT_APPLY_PER_CLIENT: '1000',
    PAYOUT_KEY: randomBytes(32).toString('hex'),
    ...(kind === 'postgres' ? { DATABASE_URL: pgUrl } : {}),
    ...options.env,
  });
  const schema = kind === 'postgres' ? await postgresSchema(pgUrl as string) : undefined;
  const database = openDatabase(config.database, schema ? { schema: schema.name, maxConnections: 4 } : {});
  if (options.migrate !== false) await migrateToLatest(database);

  const clock = manualClock();
  const outboxDir = path.join(dataDir, 'outbox');
  // Never started: tests send what is queued with mailer.flush().
  const mailer = createMailer({
    db: database.db,
    clock,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir,
    logger: silentLogger,
    publicUrl: config.publicUrl,
    jwtSecret: config.jwtSecret as string,
    digestMs: config.mailDigestMs,
    pollMs: config.mailPollMs,
  });
  const passwords = createPasswordHasher(config.scryptCost);
  const storage = createStorageFor(config.storage);
  const payoutKey = Buffer.from(config.payoutKey as string, 'hex');
  const hub = createLocalHub();
  const deps: AppDeps = {
    config,
    database,
    clock,
    mailer,
    logger: silentLogger,
    jwtSecret: config.jwtSecret as string,
    payoutKey,
    storage,
    staticRoot: options.staticRoot ?? null,
    hub,
  };
  const app = createApp(deps);

  // Every answer a test receives is checked against the app's OpenAPI document (tests/server/openapi-check.ts).
  const request = async (pathname: string, init?: RequestInit) => {
    const res = await app.request(pathname, init);
    const contentType = res.headers.get('content-type');
    // JSON bodies are read from a copy; streams and files are checked by status and media type only.
    // A compressed body (a test of compression asked for it) is checked by status and media type only.
    const encoded = res.headers.has('content-encoding');
    const text = /json/i.test(contentType ?? '') && !encoded ? await res.clone().text() : '';
    await expectDocumented(app, {
      method: init?.method ?? 'GET',
      url: pathname,
      status: res.status,
      contentType,
      body: text ? JSON.parse(text) : undefined,
    });
    return res;
  };

  async function answerOf(res: Response): Promise<JsonAnswer> {
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  async function call(
    method: string,
    pathname: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<JsonAnswer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    return answerOf(
      await request(pathname, {
        method,
        headers,
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      }),
    );
  }

  async function upload(
    pathname: string,
    form: FormData,
    opts: RequestOptions & { method?: string } = {},
  ): Promise<JsonAnswer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    return answerOf(await request(pathname, { method: opts.method ?? 'POST', headers, body: form }));
  }

  return {
    kind,
    app,
    deps,
    hub,
    config,
    clock,
    database,
    mailer,
    passwords,
    storage,
    payouts: createPayoutCipher(payoutKey),
    dataDir,
    outboxDir,
    request,
    call,
    upload,
    createAccount: ({ password, ...account }) =>
      createAccount(
        database.db,
        passwords,
        { first_name: 'Test', last_name: 'Person', password, ...account },
        clock.now(),
      ),
    async login(area, email, password, remember = false) {
      const answer = await call('POST', `/api/v1/${area}/auth/login`, { email, password, remember });
      if (answer.status !== 200) throw new Error(`login as ${email} answered ${answer.status}: ${answer.text}`);
      return answer.body.data.token as string;
    },
    async close() {
      try {
        await mailer.close();
        // A test may have destroyed the database on purpose already.
        await database.destroy().catch(() => undefined);
        await schema?.drop();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** A valid sign-up body; override single fields to test them. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Maria',
    middle_name: 'Clara',
    last_name: 'Santos',
    email: uniqueEmail('signup'),
    password: 'Secret123',
    password_confirmation: 'Secret123',
    contact_number: '917 123 4567',
    country: 'PH',
    dial_code: '+63',
    ...overrides,
  };
}

/** Asserts the failure envelope: a message, optional field errors, and nothing that looks like a stack trace. */
export function isFailureEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const keys = Object.keys(body);
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  return (
    typeof message === 'string' &&
    keys.every((k) => k === 'message' || k === 'errors') &&
    (errors === undefined || (typeof errors === 'object' && errors !== null)) &&
    !/\bat .+:\d+:\d+/.test(JSON.stringify(body))
  );
}
