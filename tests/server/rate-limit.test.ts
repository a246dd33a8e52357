import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../contracts/server-messages';
import { createApp } from '../../server/app';
import { silentLogger } from '../../server/services/logger';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

const LOGIN = (area = 'user') => `/api/v1/${area}/auth/login`;
const FORGOT = '/api/v1/user/password/forgot';
let clientCounter = 0;
const newClient = () => `203.0.113.${++clientCounter}`;

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

  const login = (email: string, pw: string, client: string, area = 'user') =>
    h.call('POST', LOGIN(area), { email, password: pw }, { headers: { 'X-Forwarded-For': `${client}, 10.0.0.1` } });

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
    // Past the per-account limit every attempt waits a little longer (bounded), whoever sends it.
    const started = Date.now();
    expect((await login(email, 'Wrong12345', newClient())).status).toBe(422);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect((await login(email, password, newClient())).status).toBe(200);
    // The owner's success lifts the slow-down.
    const after = Date.now();
    expect((await login(email, 'Wrong12345', newClient())).status).toBe(422);
    expect(Date.now() - after).toBeLessThan(400);
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
    const forgot = (to: string, client: string) =>
      h.call('POST', FORGOT, { email: to }, { headers: { 'X-Forwarded-For': client } });
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
    const register = (email: string) =>
      h.call(
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
        { headers: { 'X-Forwarded-For': client } },
      );
    const email = uniqueEmail('reg');
    expect((await register(email)).status).toBe(201);
    expect((await register(email)).status).toBe(422);
    expect429(await register(uniqueEmail('reg')), 3600);
    // Another address is not affected.
    expect(
      (
        await h.call(
          'POST',
          '/api/v1/user/auth/register',
          {
            first_name: 'Bo',
            last_name: 'Lee',
            email: uniqueEmail('reg'),
            password: 'Sunshine2026',
            password_confirmation: 'Sunshine2026',
            contact_number: '9171234567',
            country: 'PH',
            dial_code: '+63',
          },
          { headers: { 'X-Forwarded-For': newClient() } },
        )
      ).status,
    ).toBe(201);
  });

  it('keeps the counters in the database, so a second app process on it sees them', async () => {
    const second = createApp({
      config: h.config,
      database: h.database,
      clock: h.clock,
      mailer: h.mailer,
      logger: silentLogger,
      jwtSecret: h.config.jwtSecret as string,
      payoutKey: Buffer.from(h.config.payoutKey as string, 'hex'),
    });
    const email = uniqueEmail('shared');
    await h.createAccount({ type: 'user', email, password });
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await login(email, 'Wrong12345', client)).status).toBe(422);
    const res = await second.request(LOGIN(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
      body: JSON.stringify({ email, password }),
    });
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
    const attempt = (i: number) =>
      h.call(
        'POST',
        LOGIN(),
        { email: uniqueEmail('x'), password: 'Wrong12345' },
        { headers: { 'X-Forwarded-For': `198.51.100.${i}` } },
      );
    expect((await attempt(1)).status).toBe(422);
    expect((await attempt(2)).status).toBe(422);
    expect((await attempt(3)).status).toBe(429);
  });
});
