import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/server';
import { createLogger } from '../../server/services/logger';
import { createPasswordHasher } from '../../server/services/passwords';
import { createAccount } from '../../server/users/accounts';
import { databases, uniqueEmail } from './harness';
import { createThrowawayDatabase } from './support/postgres-database';

/** A database of its own for the server (startServer migrates `public`): created, and dropped after. */
const freshPostgresDatabase = (baseUrl: string) => createThrowawayDatabase(baseUrl, 'labsongs_shutdown');

/** Resolves with the error code of a fresh TCP connection to `port`, or 'connected'. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

describe.each(databases)('graceful shutdown (%s)', (kind) => {
  let dataDir: string;
  let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-shutdown-'));
    if (kind === 'postgres') postgres = await freshPostgresDatabase(process.env.TEST_DATABASE_URL as string);
  });
  afterAll(async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses new connections, finishes the request in flight, ends the stream with a retry hint, then closes', async () => {
    const lines: string[] = [];
    const config = loadConfig({
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      SCRYPT_COST: '14',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PAYOUT_KEY: randomBytes(32).toString('hex'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    });
    const running = await startServer(config, {
      port: 0,
      staticRoot: null,
      logger: createLogger('info', (line) => lines.push(line)),
    });
    let closing: Promise<void> | undefined;
    try {
      const email = uniqueEmail('shutdown');
      const credentials = JSON.stringify({ email, password: 'Secret123', remember: false });
      await createAccount(
        running.deps.database.db,
        createPasswordHasher(config.scryptCost),
        { type: 'user', email, password: 'Secret123', first_name: 'Sam', last_name: 'Cruz' },
        new Date(),
      );
      const login = await fetch(`${running.url}/api/v1/user/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: credentials,
      });
      expect(login.status).toBe(200);
      const { token } = ((await login.json()) as { data: { token: string } }).data;
      const issued = await fetch(`${running.url}/api/v1/user/notifications/stream-token`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(issued.status).toBe(200);
      const streamToken = ((await issued.json()) as { data: { token: string } }).data.token;

      // An open notification stream: read until its first event, so it is registered.
      const stream = await fetch(`${running.url}/api/v1/user/notifications/stream?token=${streamToken}`);
      expect(stream.status).toBe(200);
      const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let received = '';
      while (!received.includes('\n\n')) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before its first event: ${received}`);
        received += decoder.decode(value, { stream: true });
      }

      // A request in flight: its headers are in (the server said 100 Continue), its body is not. It comes
      // on a keep-alive connection, as a balancer's do, which would stay open for minutes once idle.
      const balancer = new http.Agent({ keepAlive: true });
      const inFlight = http.request(`${running.url}/api/v1/user/auth/login`, {
        method: 'POST',
        agent: balancer,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(credentials),
          Expect: '100-continue',
        },
      });
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        inFlight.once('response', (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        inFlight.once('error', reject);
      });
      await new Promise<void>((resolve) => inFlight.once('continue', () => resolve()));
      const keptAlive = inFlight.socket as net.Socket;
      const keptAliveClosed = new Promise<void>((resolve) => keptAlive.once('close', () => resolve()));

      closing = running.close();
      expect(await connectOutcome(running.port)).toBe('ECONNREFUSED');

      // The stream is told when to come back, then ends.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        received += decoder.decode(value, { stream: true });
      }
      expect(received).toMatch(/^retry: \d+$/m);

      inFlight.end(credentials);
      const answer = await answered;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).data.token).toEqual(expect.any(String));

      await closing;
      expect(await connectOutcome(running.port)).toBe('ECONNREFUSED');
      const steps = lines.map((line) => JSON.parse(line).message as string).filter((m) => m.startsWith('shutdown'));
      expect(steps).toEqual([
        'shutdown: not ready, refusing new connections',
        'shutdown: ending notification streams',
        'shutdown: waiting for requests in flight',
        'shutdown: finishing the mail batch in progress',
        'shutdown: finishing the background jobs in progress',
        'shutdown: closing the notification hub and the database',
        'shutdown: done',
      ]);
      const streamsLine = lines
        .map((line) => JSON.parse(line))
        .find((e) => e.message === 'shutdown: ending notification streams');
      expect(streamsLine.streams).toBe(1);
      // Once answered, the node closed that connection itself: no step above is the grace period cutting it.
      await keptAliveClosed;
      balancer.destroy();
    } finally {
      await (closing ?? running.close());
    }
  });
});
