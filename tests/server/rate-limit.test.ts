import type { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../contracts/server-messages';
import { createApp } from '../../server/app';
import { LOGIN_SLOWDOWN_MAX_MS, LOGIN_SLOWDOWN_STEP_MS, loginPause } from '../../server/auth/auth.handlers';
import type { AppEnv } from '../../server/context';
import { findLink, latestMailTo } from '../../server/services/mail';
import { createHarness, databases, type Harness, type JsonAnswer, uniqueEmail } from './harness';

const LOGIN = (area = 'user') => `/api/v1/${area}/auth/login`;
const FORGOT = '/api/v1/user/password/forgot';
const RESET = '/api/v1/user/password/reset';
let clientCounter = 0;
const newClient = () => `203.0.113.${++clientCounter}`;
/** The one proxy in front of the app (TRUST_PROXY=1): the socket peer of every request. */
const PROXY = '10.0.0.1';

/**
 * A JSON request as the proxy forwards it: from the proxy's socket, with X-Forwarded-For as the proxy
 * sends it on (whatever the client wrote, then the address the proxy saw). app.request() has no socket
 * of its own: @hono/node-server's getConnInfo reads it from the bindings.
 */
async function callFrom(
  app: Hono<AppEnv>,
  peer: string,
  method: string,
  pathname: string,
  body: unknown,
  forwarded?: string,
): Promise<JsonAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (forwarded !== undefined) headers['X-Forwarded-For'] = forwarded;
  const res = await app.request(
    pathname,
    { method, headers, body: JSON.stringify(body) },
    {
      incoming: { socket: { remoteAddress: peer } },
    },
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

/** The login pauses asked for, without sitting them out. */
function watchPauses() {
  const asked: number[] = [];
  beforeEach(() => {
    asked.length = 0;
    vi.spyOn(loginPause, 'wait').mockImplementation(async (ms) => {
      asked.push(ms);
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return asked;
}

describe.each(databases)('rate limits (%s)', (kind) => {
  let h: Harness;
  const password = 'Customer123!';

  beforeAll(async () => {
    h = await createHarness(kind, {
      env: {
        TRUST_PROXY: 'true',
        RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
        RATE_LIMIT_LOGIN_PER_CLIENT: '6',
        RATE_LIMIT_FORGOT_PER_ACCOUNT: '2',
        RATE_LIMIT_FORGOT_PER_CLIENT: '4',
        RATE_LIMIT_REGISTER_PER_CLIENT: '2',
      },
    });
  });
  afterAll(() => h.close());
  const pauses = watchPauses();

  /** A login from `client` through the proxy; `forged` is what the client itself put in X-Forwarded-For. */
  const login = (email: string, pw: string, client: string, area = 'user', forged?: string) =>
    callFrom(h.app, PROXY, 'POST', LOGIN(area), { email, password: pw }, forged ? `${forged}, ${client}` : client);

  const expect429 = (answer: Awaited<ReturnType<typeof login>>, windowSeconds: number) => {
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ message: serverMessages.tooManyRequests });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  };

  it('locks an account for the client that failed, even for the right password; the owner elsewhere still signs in', async () => {
    const email = uniqueEmail('locked');
    await h.createAccount({ type: 'user', email, password });
    const attacker = newClient();
    for (let i = 0; i < 3; i++) expect((await login(email, 'Wrong12345', attacker)).status).toBe(422);
    expect429(await login(email, password, attacker), 15 * 60);
    // Across areas too: the counter is per email (and client).
    expect429(await login(email, password, attacker, 'artist'), 15 * 60);
    // The owner, on another client, is not locked out (OWASP: a lockout must not be a denial of service).
    expect((await login(email, password, newClient())).status).toBe(200);
    // Other accounts are not affected.
    const other = uniqueEmail('free');
    await h.createAccount({ type: 'user', email: other, password });
    expect((await login(other, password, attacker)).status).toBe(200);
    // After the 15-minute window the attacker's client may try again.
    h.clock.advance(15 * 60_000 + 1000);
    expect((await login(email, password, attacker)).status).toBe(200);
  });

  it('slows down, never refuses, guesses spread over many clients; the owner still signs in', async () => {
    const email = uniqueEmail('spread');
    await h.createAccount({ type: 'user', email, password });
    for (let i = 0; i < 3; i++) expect((await login(email, 'Wrong12345', newClient())).status).toBe(422);
    expect(pauses).toEqual([]);
    // Past the per-account limit every attempt waits a little longer (bounded), whoever sends it.
    for (let i = 0; i < 8; i++) expect((await login(email, 'Wrong12345', newClient())).status).toBe(422);
    expect(pauses).toEqual([1, 2, 3, 4, 5, 6, 6, 6].map((n) => n * LOGIN_SLOWDOWN_STEP_MS));
    expect(LOGIN_SLOWDOWN_MAX_MS).toBe(6 * LOGIN_SLOWDOWN_STEP_MS);
    // The owner, from an address of their own, is slowed like everyone but signs in.
    expect((await login(email, password, newClient())).status).toBe(200);
    expect(pauses.at(-1)).toBe(LOGIN_SLOWDOWN_MAX_MS);
    // The owner's success lifts the slow-down.
    pauses.length = 0;
    expect((await login(email, 'Wrong12345', newClient())).status).toBe(422);
    expect(pauses).toEqual([]);
  });

  it('a forged X-Forwarded-For does not escape the per-client limits: the address the proxy appended counts', async () => {
    const email = uniqueEmail('forged');
    await h.createAccount({ type: 'user', email, password });
    const attacker = newClient();
    for (let i = 0; i < 3; i++) {
      expect((await login(email, 'Wrong12345', attacker, 'user', `198.51.100.${i}`)).status).toBe(422);
    }
    // Locked for this account, whatever the client claims to be.
    expect429(await login(email, password, attacker, 'user', '198.51.100.77'), 15 * 60);
    expect429(await login(email, password, attacker, 'user', `${newClient()}, ${newClient()}`), 15 * 60);
    // Every attempt of the client counts towards its own limit (6 in 15 minutes), other accounts included:
    // five so far, so one more goes through.
    expect((await login(uniqueEmail('spray'), 'Wrong12345', attacker, 'user', '198.51.100.100')).status).toBe(422);
    expect429(await login(uniqueEmail('spray'), 'Wrong12345', attacker, 'user', '198.51.100.101'), 15 * 60);
    // The owner, elsewhere, is not refused.
    expect((await login(email, password, newClient())).status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const email = uniqueEmail('six');
    await h.createAccount({ type: 'user', email, password });
    for (let i = 1; i <= 3; i++) expect((await login(email, 'Wrong12345', `2001:db8:77:1::${i}`)).status).toBe(422);
    expect429(await login(email, password, '2001:db8:77:1:ffff:ffff:ffff:ffff'), 15 * 60);
    expect((await login(email, password, '2001:db8:77:2::1')).status).toBe(200);
  });

  it('a completed password reset lifts the account-wide slow-down and the resetting client’s lockout', async () => {
    const email = uniqueEmail('reset');
    await h.createAccount({ type: 'user', email, password });
    const owner = newClient();
    const attacker = newClient();
    // The attacker spreads guesses and also locks the owner's own address out for this account.
    for (let i = 0; i < 3; i++) await login(email, 'Wrong12345', attacker);
    for (let i = 0; i < 3; i++) expect((await login(email, 'Wrong12345', owner)).status).toBe(422);
    expect429(await login(email, password, owner), 15 * 60);

    expect((await callFrom(h.app, PROXY, 'POST', FORGOT, { email }, owner)).status).toBe(200);
    await h.mailer.flush();
    const mail = await latestMailTo(h.outboxDir, email);
    const token = new URL(findLink(mail as NonNullable<typeof mail>) ?? '').searchParams.get('token');
    const newPassword = 'Renewed2026!';
    const reset = await callFrom(
      h.app,
      PROXY,
      'PATCH',
      RESET,
      { token, email, password: newPassword, password_confirmation: newPassword },
      owner,
    );
    expect(reset.status, reset.text).toBe(200);

    pauses.length = 0;
    expect((await login(email, newPassword, owner)).status).toBe(200);
    // Neither refused nor slowed: the failures counted before the reset no longer weigh.
    expect(pauses).toEqual([]);
    // The attacker's own lockout stays.
    expect429(await login(email, newPassword, attacker), 15 * 60);
  });

  it('counts unknown emails the same way (no hint that an account does not exist)', async () => {
    const email = uniqueEmail('ghost');
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await login(email, 'Wrong12345', client)).status).toBe(422);
    expect429(await login(email, password, client), 15 * 60);
  });

  it('a successful login clears the failures of that account', async () => {
    const email = uniqueEmail('cleared');
    await h.createAccount({ type: 'user', email, password });
    for (let i = 0; i < 2; i++) await login(email, 'Wrong12345', newClient());
    expect((await login(email, password, newClient())).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(email, 'Wrong12345', newClient())).status).toBe(422);
    expect((await login(email, password, newClient())).status).toBe(200);
  });

  it('limits every login attempt per client address (X-Forwarded-For behind a trusted proxy)', async () => {
    const client = newClient();
    const email = uniqueEmail('client');
    await h.createAccount({ type: 'user', email, password });
    for (let i = 0; i < 6; i++) {
      expect(
        (await login(i % 2 ? email : uniqueEmail('spray'), i % 2 ? password : 'Wrong12345', client)).status,
      ).not.toBe(429);
    }
    expect429(await login(email, password, client), 15 * 60);
    expect((await login(email, password, newClient())).status).toBe(200);
  });

  it('limits forgot-password per account and per client with the same 429', async () => {
    const email = uniqueEmail('forgot');
    await h.createAccount({ type: 'user', email, password });
    const forgot = (to: string, client: string) => callFrom(h.app, PROXY, 'POST', FORGOT, { email: to }, client);
    expect((await forgot(email, newClient())).status).toBe(200);
    expect((await forgot(email, newClient())).status).toBe(200);
    expect429(await forgot(email, newClient()), 3600);

    const client = newClient();
    for (let i = 0; i < 4; i++) expect((await forgot(uniqueEmail('spray'), client)).status).toBe(200);
    expect429(await forgot(uniqueEmail('spray'), client), 3600);
    await h.mailer.flush();
  });

  it('limits registrations per client address, counting attempts on a taken email too', async () => {
    const client = newClient();
    const register = (email: string, from = client) =>
      callFrom(
        h.app,
        PROXY,
        'POST',
        '/api/v1/user/auth/register',
        {
          first_name: 'Ana',
          last_name: 'Cruz',
          email,
          password: 'Sunshine2026',
          password_confirmation: 'Sunshine2026',
          contact_number: '9171234567',
          country: 'PH',
          dial_code: '+63',
        },
        from,
      );
    const email = uniqueEmail('reg');
    expect((await register(email)).status).toBe(201);
    expect((await register(email)).status).toBe(422);
    expect429(await register(uniqueEmail('reg')), 3600);
    // Another address is not affected.
    expect((await register(uniqueEmail('reg'), newClient())).status).toBe(201);
  });

  it('keeps the counters in the database, so a second app process on it sees them', async () => {
    const second = createApp({ ...h.deps, hub: undefined });
    const email = uniqueEmail('shared');
    await h.createAccount({ type: 'user', email, password });
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await login(email, 'Wrong12345', client)).status).toBe(422);
    const res = await callFrom(second, PROXY, 'POST', LOGIN(), { email, password }, client);
    expect(res.status).toBe(429);
    const keys = await h.database.db.selectFrom('rate_limits').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets no more than the limit of concurrent guesses at one account from one client through', async () => {
    const email = uniqueEmail('concurrent');
    await h.createAccount({ type: 'user', email, password });
    const client = newClient();
    const answers = await Promise.all(Array.from({ length: 8 }, () => login(email, 'Wrong12345', client)));
    expect(answers.filter((a) => a.status === 422)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(5);
  });

  it('counts concurrent attempts exactly (atomic increment)', async () => {
    const client = newClient();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => login(uniqueEmail('burst'), 'Wrong12345', client)),
    );
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(6);
  });
});

describe.each(databases)('rate limits without a trusted proxy (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { env: { RATE_LIMIT_LOGIN_PER_CLIENT: '2' } });
  });
  afterAll(() => h.close());

  it('ignores X-Forwarded-For, so a client cannot dodge the limit by inventing addresses', async () => {
    const attempt = (i: number, peer = '192.0.2.10') =>
      callFrom(h.app, peer, 'POST', LOGIN(), { email: uniqueEmail('x'), password: 'Wrong12345' }, `198.51.100.${i}`);
    expect((await attempt(1)).status).toBe(422);
    expect((await attempt(2)).status).toBe(422);
    expect((await attempt(3)).status).toBe(429);
    // The socket's address is the client: another one has its own budget.
    expect((await attempt(4, '192.0.2.11')).status).toBe(422);
  });
});
