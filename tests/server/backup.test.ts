import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Env, loadConfig } from '../../server/config';
import { demoLogins } from '../../server/db/seed';
import { type RunningServer, startServer } from '../../server/server';
import { type Storage, storageKinds } from '../../server/services/storage';
import { createStorageFor } from '../../server/services/storage-for';
import { databases } from './harness';
import { type RunningS3rver, readStored, startS3rver, storedNamesOf } from './storage-fixtures';
import { createThrowawayDatabase } from './support/postgres-database';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const customer = demoLogins.find((login) => login.area === 'user') as (typeof demoLogins)[number];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<script>.ts as the operator would (`npm run backup -- <dir>`), with only `env` as its environment. */
function runScript(script: 'backup' | 'restore', args: string[], env: Env): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', `${script}.ts`), ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A new database on the test server, as an operator would create one for a restore. */
const createPostgresDatabase = () =>
  createThrowawayDatabase(process.env.TEST_DATABASE_URL as string, 'labsongs_backup');

async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ count: string }>(
      "select count(*) as count from information_schema.tables where table_schema = 'public'",
    );
    return Number(result.rows[0]?.count);
  } finally {
    await client.end();
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * What visitors see: the catalogue with every artist's page, and the demo customer's orders; every
 * `/media/…` URL in them is replaced by the SHA-256 of the bytes it serves (signatures differ per call).
 */
async function whatTheAppServes(baseUrl: string): Promise<{ seen: unknown; mediaServed: number }> {
  const get = async (pathname: string, token?: string) => {
    const res = await fetch(`${baseUrl}${pathname}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
    expect(res.status, pathname).toBe(200);
    return ((await res.json()) as { data: any }).data;
  };
  const login = await fetch(`${baseUrl}/api/v1/user/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: customer.email, password: customer.password, remember: false }),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const catalog = await get('/api/v1/user/artists?limit=48');
  const artists = await Promise.all(catalog.artists.map((a: { id: string }) => get(`/api/v1/user/artists/${a.id}`)));
  const orders = await get('/api/v1/user/orders', token);

  let mediaServed = 0;
  const withFiles = async (value: unknown): Promise<unknown> => {
    if (typeof value === 'string' && value.startsWith('/media/')) {
      const res = await fetch(`${baseUrl}${value}`);
      expect(res.status, value).toBe(200);
      mediaServed += 1;
      return `sha256:${sha256(new Uint8Array(await res.arrayBuffer()))}`;
    }
    if (Array.isArray(value)) return Promise.all(value.map(withFiles));
    if (value && typeof value === 'object') {
      const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await withFiles(v)] as const));
      return Object.fromEntries(entries);
    }
    return value;
  };
  const seen = await withFiles({ catalog, artists, orders });
  return { seen, mediaServed };
}

/** Every stored object, kind/name → SHA-256 of its bytes. */
async function storedContents(storage: Storage): Promise<Record<string, string>> {
  const contents: Record<string, string> = {};
  for (const kind of storageKinds) {
    for (const name of await storedNamesOf(storage, kind)) {
      contents[`${kind}/${name}`] = sha256(await readStored(storage, kind, name));
    }
  }
  return contents;
}

// Both databases, both storages: SQLite with the local folder and with a bucket (runs everywhere), and
// PostgreSQL with a bucket (the several-node setup).
const cases = [
  { database: 'sqlite', storage: 'local' },
  { database: 'sqlite', storage: 'bucket' },
  ...(databases.includes('postgres') ? [{ database: 'postgres', storage: 'bucket' }] : []),
] as const;

// Each test runs the commands as child processes and starts seeded servers: seconds each on two cores.
const COMMAND_TESTS_TIMEOUT_MS = 120_000;

describe.each(cases)(
  'backup and restore ($database database, $storage storage)',
  { timeout: COMMAND_TESTS_TIMEOUT_MS },
  ({ database, storage }) => {
    const cleanups: (() => Promise<unknown>)[] = [];
    let root: string;
    let s3: RunningS3rver | undefined;
    let sourceEnv: Env;
    let targetEnv: Env;
    let backupDir: string;
    let target: RunningServer | undefined;
    let secrets: Env;

    /**
     * Where one installation keeps its data: its own data dir, a database of its own and its own part of
     * the bucket. The bucket installations get their secrets from variables (as several nodes do); the
     * local ones keep the secrets the first start generated in the data dir.
     */
    async function installation(name: string, secretVariables: Env): Promise<Env> {
      const env: Env = {
        DATA_DIR: path.join(root, name),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://labsongs.test',
        LOG_LEVEL: 'silent',
        SCRYPT_COST: '10',
        ...secretVariables,
      };
      if (database === 'postgres') {
        const created = await createPostgresDatabase();
        cleanups.push(created.drop);
        env.DATABASE_URL = created.url;
      }
      if (s3) {
        env.STORAGE_URL = s3.storageUrl(name);
        env.AWS_ACCESS_KEY_ID = 'S3RVER';
        env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
      }
      return env;
    }

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'labsongs-backup-'));
      cleanups.push(() => rm(root, { recursive: true, force: true }));
      if (storage === 'bucket') {
        s3 = await startS3rver();
        cleanups.push(() => (s3 as RunningS3rver).close());
      }
      secrets =
        storage === 'bucket'
          ? { JWT_SECRET: randomBytes(48).toString('base64url'), PAYOUT_KEY: randomBytes(32).toString('hex') }
          : {};
      sourceEnv = await installation('source', secrets);
      targetEnv = await installation('restored', secrets);
      backupDir = path.join(root, 'backup');
    });

    afterAll(async () => {
      await target?.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('a backup taken while the server runs restores elsewhere, and the app serves the same orders and files', async () => {
      const source = await startServer(loadConfig({ ...sourceEnv, SEED_DEMO: 'true' }), { port: 0, staticRoot: null });
      let before: Awaited<ReturnType<typeof whatTheAppServes>>;
      let storedBefore: Record<string, string>;
      try {
        expect(source.seeded).toBe(true);
        before = await whatTheAppServes(source.url);
        storedBefore = await storedContents(createStorageFor(loadConfig(sourceEnv).storage));

        const backup = await runScript('backup', [backupDir], sourceEnv);
        expect(backup.code, backup.stderr).toBe(0);
        expect(backup.stdout).toMatch(/Backed up the (SQLite|PostgreSQL) database .* and \d+ files/);
      } finally {
        await source.close();
      }
      // The demo data has orders with recordings, artists' photos and samples: all of it must come back.
      expect((before.seen as { orders: { orders: unknown[] } }).orders.orders.length).toBeGreaterThan(0);
      expect(before.mediaServed).toBeGreaterThan(8);
      const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest.files).toHaveLength(Object.keys(storedBefore).length);

      const restore = await runScript('restore', [backupDir], targetEnv);
      expect(restore.code, restore.stderr).toBe(0);

      target = await startServer(loadConfig({ ...targetEnv, SEED_DEMO: 'false' }), { port: 0, staticRoot: null });
      expect(target.seeded).toBe(false);
      expect(await whatTheAppServes(target.url)).toEqual(before);
      expect(await storedContents(createStorageFor(loadConfig(targetEnv).storage))).toEqual(storedBefore);
    });

    it('refuses a database in use or not empty, and replaces it when forced', async () => {
      const running = target as RunningServer;
      const inUse = await runScript('restore', [backupDir], targetEnv);
      expect(inUse.code, inUse.stdout).toBe(1);
      expect(inUse.stderr).toMatch(
        database === 'sqlite'
          ? /A server is using .*labsongs\.sqlite: stop it/
          : /other sessions are connected .*stop every server node/,
      );
      await running.close();
      target = undefined;

      const notEmpty = await runScript('restore', [backupDir], targetEnv);
      expect(notEmpty.code, notEmpty.stdout).toBe(1);
      expect(notEmpty.stderr).toMatch(/is not empty \(\d+ tables\).*--force/);

      const forced = await runScript('restore', [backupDir, '--force'], targetEnv);
      expect(forced.code, forced.stderr).toBe(0);
      expect(forced.stdout).toMatch(/0 files written, \d+ already there/);
    });

    it('refuses bad input with a message that says what is wrong, before changing anything', async () => {
      const fresh = await installation('untouched', secrets);
      const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8'));
      const file = manifest.files[0];
      /** A copy of the backup with one part spoiled. */
      const damagedCopy = async (name: string, spoil: (dir: string) => Promise<void>) => {
        const dir = path.join(root, name);
        await cp(backupDir, dir, { recursive: true });
        await spoil(dir);
        return dir;
      };
      const flippedFile = await damagedCopy('flipped-file', async (dir) => {
        const stored = path.join(dir, 'files', file.kind, file.name);
        const bytes = await readFile(stored);
        bytes.writeUInt8(bytes.readUInt8(0) ^ 0xff, 0);
        await writeFile(stored, bytes);
      });
      const damagedDatabase = await damagedCopy('damaged-database', (dir) =>
        writeFile(path.join(dir, database === 'sqlite' ? 'database.sqlite' : 'database.pgdump'), 'not a database'),
      );
      const truncatedManifest = await damagedCopy('truncated-manifest', (dir) =>
        writeFile(path.join(dir, 'manifest.json'), '{"format": "labsongs-backup", '),
      );
      // A name from the manifest becomes a path and a key: only names the server makes are accepted.
      const escapingName = await damagedCopy('escaping-name', (dir) =>
        writeFile(
          path.join(dir, 'manifest.json'),
          JSON.stringify({ ...manifest, files: [{ ...file, name: '../../../etc/passwd' }] }),
        ),
      );
      if (storage === 'local') {
        // The data dir already has another generated payout key: the backup's would replace it.
        await mkdir(fresh.DATA_DIR as string, { recursive: true });
        await writeFile(path.join(fresh.DATA_DIR as string, 'payout-key'), randomBytes(32).toString('hex'));
      }

      type Refusal = [script: 'backup' | 'restore', args: string[], message: RegExp, env?: Env];
      // Arguments and manifests are read before any database or storage is touched: one case checks them.
      const commandLine: Refusal[] = [
        ['backup', [], /^Usage: npm run backup -- <folder>/],
        ['restore', [], /^Usage: npm run restore -- <backup folder> \[--force\]/],
        ['restore', [backupDir, '--forse'], /^Usage: npm run restore/],
        ['backup', [backupDir], /is not empty: give a new or empty folder/, sourceEnv],
        ['restore', [path.join(root, 'nowhere')], /manifest\.json does not exist/],
        ['restore', [path.join(backupDir, 'manifest.json')], /manifest\.json is not a backup/],
        ['restore', [truncatedManifest], /manifest\.json is not valid JSON: the backup is damaged/],
        ['restore', [escapingName], /is not a valid backup manifest \(files\.0\.name/],
      ];
      const refusals: Refusal[] = [
        ...(database === 'sqlite' && storage === 'local' ? commandLine : []),
        ['restore', [flippedFile], new RegExp(`${file.name} does not match its checksum in the manifest`)],
        ['restore', [damagedDatabase], /database\.(sqlite|pgdump) does not match its checksum/],
        [
          'restore',
          [backupDir],
          /PAYOUT_KEY is not the key the backup was made with/,
          { ...fresh, PAYOUT_KEY: randomBytes(32).toString('hex') },
        ],
        storage === 'bucket'
          ? ['restore', [backupDir], /The backup was made with PAYOUT_KEY set/, { ...fresh, PAYOUT_KEY: undefined }]
          : ['restore', [backupDir], /payout-key differs from the backup's payout-key/],
      ];
      const runs = await Promise.all(refusals.map(([script, args, , env]) => runScript(script, args, env ?? fresh)));
      for (const [index, run] of runs.entries()) {
        const [script, args, message] = refusals[index] as (typeof refusals)[number];
        expect(run.code, `${script} ${args.join(' ')}: ${run.stdout}`).toBe(1);
        expect(run.stderr).toMatch(message);
        // A line for the operator, never a stack trace.
        expect(run.stderr).not.toMatch(/\n\s+at /);
      }

      // Nothing was written: no database, no file.
      if (fresh.DATABASE_URL) expect(await postgresTableCount(fresh.DATABASE_URL)).toBe(0);
      else expect(existsSync(path.join(fresh.DATA_DIR as string, 'labsongs.sqlite'))).toBe(false);
      expect(await storedContents(createStorageFor(loadConfig(fresh).storage))).toEqual({});
    });
  },
);
