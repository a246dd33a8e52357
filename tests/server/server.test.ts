import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCreateAdmin } from '../../server/cli/create-admin';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { demoLogins } from '../../server/db/seed';
import { clientIp } from '../../server/http/client-ip';
import { securityHeaders } from '../../server/http/security-headers';
import { startServer } from '../../server/server';
import { createPasswordHasher } from '../../server/services/passwords';
import { findUserByEmail } from '../../server/users/users.repository';

// The real process path on SQLite: listening socket, generated JWT secret, seed, CLI.
describe('startServer over a real socket (sqlite)', () => {
  let dataDir: string;
  const env = () => ({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SCRYPT_COST: '14',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-server-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('serves health and a seeded login over HTTP, keeps the JWT secret across restarts', async () => {
    const first = await startServer(loadConfig(env()), { port: 0, staticRoot: null });
    let token: string;
    try {
      expect(first.seeded).toBe(true);
      const health = await fetch(`${first.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', data: { status: 'ok' } });
      for (const [name, value] of Object.entries(securityHeaders)) expect(health.headers.get(name)).toBe(value);

      const customer = demoLogins.find((l) => l.area === 'user');
      const login = await fetch(`${first.url}/api/v1/user/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: customer?.email, password: customer?.password }),
      });
      expect(login.status).toBe(200);
      token = ((await login.json()) as { data: { token: string } }).data.token;
    } finally {
      await first.close();
    }

    const secretFile = await stat(path.join(dataDir, 'jwt-secret'));
    expect(secretFile.mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dataDir, 'labsongs.sqlite'))).isFile()).toBe(true);

    const second = await startServer(loadConfig(env()), { port: 0, staticRoot: null });
    try {
      expect(second.seeded).toBe(false);
      const me = await fetch(`${second.url}/api/v1/user/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses a port that is taken and releases what it opened', async () => {
    const first = await startServer(loadConfig(env()), { port: 0, staticRoot: null });
    try {
      await expect(startServer(loadConfig(env()), { port: first.port, staticRoot: null })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      await first.close();
    }
  });

  it('reads the client address from the socket, and the entry the trusted proxy appended to X-Forwarded-For', async () => {
    const app = new Hono();
    app.get('/ip', (c) =>
      c.json({ direct: clientIp(c, { kind: 'none' }), proxied: clientIp(c, { kind: 'hops', hops: 1 }) }),
    );
    const server = await new Promise<Server>((resolve) => {
      const started = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve(started as Server));
    });
    try {
      const { port } = server.address() as AddressInfo;
      // The socket's peer (127.0.0.1) is the one proxy: the entry left of it is the client; 203.0.113.7 was forged.
      const res = await fetch(`http://127.0.0.1:${port}/ip`, {
        headers: { 'X-Forwarded-For': '203.0.113.7, 198.51.100.1' },
      });
      expect(await res.json()).toEqual({ direct: '127.0.0.1', proxied: '198.51.100.1' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('creates an admin from the command line, refusing duplicates, weak passwords and missing arguments', async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      askPassword: async () => 'Prompted123',
    };
    const args = ['--email', 'Boss@Labsongs.test', '--first-name', 'Ada', '--last-name', 'Lovelace'];

    expect(await runCreateAdmin(args, { ...env(), ADMIN_PASSWORD: 'Sup3rSecret' }, io)).toBe(0);
    expect(out.at(-1)).toContain('boss@labsongs.test');
    expect(await runCreateAdmin(args, { ...env(), ADMIN_PASSWORD: 'Sup3rSecret' }, io)).toBe(1);
    expect(err.at(-1)).toContain('already exists');
    expect(await runCreateAdmin(['--email', 'x@labsongs.test'], env(), io)).toBe(2);
    expect(
      await runCreateAdmin(
        [...args.slice(0, 1), 'weak@labsongs.test', ...args.slice(2)],
        { ...env(), ADMIN_PASSWORD: 'short' },
        io,
      ),
    ).toBe(1);
    expect(
      await runCreateAdmin(['--email', 'asked@labsongs.test', '--first-name', 'A', '--last-name', 'B'], env(), io),
    ).toBe(0);

    const database = openDatabase(loadConfig(env()).database);
    try {
      const admin = await findUserByEmail(database.db, 'admin', 'boss@labsongs.test');
      expect(admin).toMatchObject({ type: 'admin', first_name: 'Ada', last_name: 'Lovelace' });
      expect(await createPasswordHasher(14).verify('Sup3rSecret', admin?.password_hash ?? '')).toBe(true);
      const asked = await findUserByEmail(database.db, 'admin', 'asked@labsongs.test');
      expect(await createPasswordHasher(14).verify('Prompted123', asked?.password_hash ?? '')).toBe(true);
      expect(await findUserByEmail(database.db, 'admin', 'weak@labsongs.test')).toBeUndefined();
    } finally {
      await database.destroy();
    }
  });
});
