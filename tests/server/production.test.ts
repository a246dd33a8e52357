import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins } from '../../server/db/seed';

// The real entry point (`npx tsx server/main.ts`) with NODE_ENV=production on an empty SQLite data dir:
// what an operator's first start does, from the environment to the listening port.

const root = path.resolve(import.meta.dirname, '../..');
const STARTUP_LIMIT_MS = 60_000;
/** A child process compiles the server with tsx and migrates a fresh database: far slower than app.request(). */
const PROCESS_TEST_MS = 90_000;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Only what the process is given: nothing inherited from the test runner (its NODE_ENV, a DATABASE_URL). */
function launch(env: Record<string, string>): Run {
  let output = '';
  const child = spawn('npx', ['tsx', 'server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: npx does not pass a signal on to the server it started, the group gets it.
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the server answers; rejects with its output if it exits first. */
async function untilServing(run: Run, url: string): Promise<void> {
  let exited = false;
  void run.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited before serving:\n${run.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer within ${STARTUP_LIMIT_MS} ms:\n${run.output()}`);
}

const secrets = () => ({
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  PAYOUT_KEY: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'https://songs.example',
  SUPPORT_EMAIL: 'help@songs.example',
  HOST: '127.0.0.1',
});

const postback = (url: string) =>
  fetch(`${url}/api/v1/payments/sandbox/postback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'txnid=LS0123456789ABCDEFGH&refno=SB12345678&status=S&message=paid&digest=x',
  });
const payPage = (url: string) => fetch(`${url}/payments/sandbox/LS0123456789ABCDEFGH`);

describe('NODE_ENV=production, started as a process', { timeout: PROCESS_TEST_MS }, () => {
  let dataDir: string;
  let run: Run | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-production-'));
  });
  afterEach(async () => {
    if (run && run.child.exitCode === null && run.child.pid !== undefined) {
      process.kill(-run.child.pid, 'SIGTERM');
      await run.exited;
    }
    run = undefined;
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses to start without its secrets, naming each missing variable in one message', async () => {
    const empty = await mkdtemp(path.join(dataDir, 'empty-'));
    run = launch({ NODE_ENV: 'production', DATA_DIR: empty, PORT: String(await freePort()) });
    const code = await run.exited;
    expect(code).not.toBe(0);
    const lines = run
      .output()
      .split('\n')
      .filter((line) => line.includes('is required when NODE_ENV is production'));
    expect(lines).toHaveLength(1);
    for (const name of ['JWT_SECRET', 'PAYOUT_KEY', 'PUBLIC_URL', 'PAYMENT_PROVIDER', 'SUPPORT_EMAIL']) {
      expect(lines[0]).toContain(`${name} is required`);
    }
    // Refused before anything was opened or generated: no database, no secret files.
    expect(await readdir(empty)).toEqual([]);
  });

  it('with them and DragonPay: no demo accounts, and the sandbox does not exist', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    run = launch({
      ...secrets(),
      DATA_DIR: path.join(dataDir, 'dragonpay'),
      PORT: String(port),
      PAYMENT_PROVIDER: 'dragonpay',
      DRAGONPAY_MERCHANT_ID: 'LABSONGSTEST',
      DRAGONPAY_PASSWORD: 'not-a-real-password',
      // Never contacted: the test only signs in and opens the sandbox's pages.
      DRAGONPAY_API_URL: 'https://127.0.0.1:9/api/collect/v2',
    });
    await untilServing(run, url);
    expect(run.output()).not.toMatch(/payments are simulated/i);
    expect(run.output()).not.toContain('Admin123!');

    for (const login of demoLogins) {
      const answer = await fetch(`${url}/api/v1/${login.area}/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: login.email, password: login.password }),
      });
      // "These credentials do not match our records." (the product's 422), as for any unknown account.
      expect(answer.status, login.email).toBe(422);
      expect(JSON.stringify(await answer.json())).not.toContain('token');
    }
    expect(demoLogins.map((l) => l.email)).toContain('admin@labsongs.test');

    expect((await payPage(url)).status).toBe(404);
    expect((await postback(url)).status).toBe(404);
  });

  it('with PAYMENT_PROVIDER=sandbox named, runs the sandbox and says so', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    run = launch({
      ...secrets(),
      DATA_DIR: path.join(dataDir, 'sandbox'),
      PORT: String(port),
      PAYMENT_PROVIDER: 'sandbox',
    });
    await untilServing(run, url);
    expect(run.output()).toMatch(/payments are simulated/i);
    // The sandbox's own answers: its "payment not found" page and a refused (unsigned) postback.
    const page = await payPage(url);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This payment link is not valid.');
    expect((await postback(url)).status).toBe(400);
  });
});
