import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../contracts/server-messages';
import type { UserRow } from '../../server/db/schema';
import { updateUser } from '../../server/users/users.repository';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

const unauthenticated = { message: serverMessages.unauthenticated };

describe.each(databases)('session: me, logout, refresh, first-time-login (%s)', (kind) => {
  let h: Harness;
  let customer: UserRow;
  const password = 'Customer123!';
  let artistEmail: string;

  beforeAll(async () => {
    h = await createHarness(kind);
    customer = await h.createAccount({
      type: 'user',
      email: uniqueEmail('me'),
      password,
      first_name: 'Maria',
      last_name: 'Santos',
    });
    artistEmail = uniqueEmail('artist');
    await h.createAccount({ type: 'artist', email: artistEmail, password: 'Artist123!' });
  });
  afterAll(() => h.close());

  const me = (token?: string, area = 'user') =>
    h.call('GET', `/api/v1/${area}/auth/me`, undefined, token ? { token } : {});

  it('GET /auth/me answers {data: user} for a valid token', async () => {
    const token = await h.login('user', customer.email, password);
    const answer = await me(token);
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['data']);
    expect(answer.body.data).toMatchObject({
      id: customer.id,
      email: customer.email,
      type: 'user',
      full_name: 'Maria Santos',
    });
  });

  it('GET /auth/me answers 401 without a token and with garbage', async () => {
    for (const token of [
      undefined,
      'garbage',
      'a.b.c',
      `${(await h.login('user', customer.email, password)).slice(0, -2)}xx`,
    ]) {
      const answer = await me(token);
      expect(answer.status, String(token)).toBe(401);
      expect(answer.body).toEqual(unauthenticated);
    }
  });

  it('GET /auth/me answers 401 to a token signed with another key or another algorithm', async () => {
    const claims = { typ: 'user', rex: Math.floor(Date.now() / 1000) + 3600, ver: 0 };
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customer.id))
      .setJti('abcdefghijklmnopqrstuv')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'));
    expect((await me(foreign)).status).toBe(401);

    const key = new TextEncoder().encode(h.config.jwtSecret as string);
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(customer.id))
      .setJti('abcdefghijklmnopqrstuv')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    expect((await me(hs512)).status).toBe(401);

    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, sub: String(customer.id), jti: 'abcdefghijklmnopqrstuv', iat: 1, exp: 4102444800 }),
    ).toString('base64url')}.`;
    expect((await me(unsigned)).status).toBe(401);

    // The same key and algorithm work, which shows the two refusals above are about key and algorithm.
    const genuine = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(customer.id))
      .setJti('abcdefghijklmnopqrstuv')
      .setIssuedAt(Math.floor(h.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(h.clock.now().getTime() / 1000) + 600)
      .sign(key);
    expect((await me(genuine)).status).toBe(200);
  });

  it('GET /auth/me answers 401 to an expired token', async () => {
    const token = await h.login('user', customer.email, password);
    h.clock.advance((h.config.accessTokenTtlSeconds + 1) * 1000);
    expect((await me(token)).status).toBe(401);
  });

  it('GET /auth/me answers 401 to a token of another area', async () => {
    const artistToken = await h.login('artist', artistEmail, 'Artist123!');
    expect((await me(artistToken, 'user')).status).toBe(401);
    expect((await me(artistToken, 'artist')).status).toBe(200);
    const userToken = await h.login('user', customer.email, password);
    expect((await me(userToken, 'artist')).status).toBe(401);
    expect((await me(userToken, 'admin')).status).toBe(401);
  });

  it('GET /auth/me answers 401 once the account is deactivated', async () => {
    const row = await h.createAccount({ type: 'user', email: uniqueEmail('soon-gone'), password });
    const token = await h.login('user', row.email, password);
    expect((await me(token)).status).toBe(200);
    await updateUser(h.database.db, row.id, { deactivated_at: h.clock.now().toISOString() });
    expect((await me(token)).status).toBe(401);
  });

  it('POST /auth/logout revokes the token: me then answers 401, other sessions keep working', async () => {
    const token = await h.login('user', customer.email, password);
    const other = await h.login('user', customer.email, password);
    const answer = await h.call('POST', '/api/v1/user/auth/logout', undefined, { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: serverMessages.loggedOut, data: null });
    expect((await me(token)).status).toBe(401);
    expect((await h.call('POST', '/api/v1/user/auth/logout', undefined, { token })).status).toBe(401);
    expect((await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token })).status).toBe(401);
    expect((await me(other)).status).toBe(200);
  });

  it('POST /auth/logout without a token answers 401', async () => {
    const answer = await h.call('POST', '/api/v1/user/auth/logout');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(unauthenticated);
  });

  it('POST /auth/refresh rotates: {message, data: {token, user}}, same rex, the old token stops working', async () => {
    const token = await h.login('user', customer.email, password);
    h.clock.advance(5_000);
    const answer = await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(serverMessages.refreshed);
    expect(Object.keys(answer.body.data).sort()).toEqual(['token', 'user']);
    expect(answer.body.data.user.id).toBe(customer.id);
    const fresh = answer.body.data.token as string;
    expect(fresh).not.toBe(token);
    const before = decodeJwt(token);
    const after = decodeJwt(fresh);
    expect(after.rex).toBe(before.rex);
    expect(after.jti).not.toBe(before.jti);
    expect(after.iat).toBe((before.iat as number) + 5);

    expect((await me(token)).status).toBe(401);
    expect((await me(fresh)).status).toBe(200);
    expect((await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token })).status).toBe(401);
  });

  it('POST /auth/refresh renews an expired token within its refresh window, not beyond', async () => {
    const token = await h.login('user', customer.email, password);
    const { rex } = decodeJwt(token) as { rex: number };
    h.clock.advance((h.config.accessTokenTtlSeconds + 60) * 1000);
    expect((await me(token)).status).toBe(401);
    const renewed = await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.data.token as string;
    expect((await me(fresh)).status).toBe(200);

    h.clock.set(rex * 1000 + 1000);
    const late = await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token: fresh });
    expect(late.status).toBe(401);
    expect(late.body).toEqual(unauthenticated);
  });

  it('POST /auth/refresh keeps the remember-me window', async () => {
    const token = await h.login('user', customer.email, password, true);
    h.clock.advance((h.config.refreshWindowSeconds + 10) * 1000);
    const answer = await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token });
    expect(answer.status).toBe(200);
    expect(decodeJwt(answer.body.data.token).rex).toBe(decodeJwt(token).rex);
  });

  it('POST /auth/refresh answers 401 on another area and for garbage', async () => {
    const token = await h.login('user', customer.email, password);
    expect((await h.call('POST', '/api/v1/artist/auth/refresh', undefined, { token })).status).toBe(401);
    expect((await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token: 'garbage' })).status).toBe(401);
    expect((await h.call('POST', '/api/v1/user/auth/refresh')).status).toBe(401);
    // The refused attempt on the artist area did not use the token up.
    expect((await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token })).status).toBe(200);
  });

  it('two refreshes of one token at the same moment give one new token', async () => {
    const token = await h.login('user', customer.email, password);
    const answers = await Promise.all([
      h.call('POST', '/api/v1/user/auth/refresh', undefined, { token }),
      h.call('POST', '/api/v1/user/auth/refresh', undefined, { token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('PATCH /auth/first-time-login sets is_first_time_login to 0 and answers the user', async () => {
    const row = await h.createAccount({ type: 'artist', email: uniqueEmail('first'), password: 'Artist123!' });
    const token = await h.login('artist', row.email, 'Artist123!');
    expect((await me(token, 'artist')).body.data.is_first_time_login).toBe(1);
    const answer = await h.call('PATCH', '/api/v1/artist/auth/first-time-login', undefined, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(serverMessages.firstLoginDone);
    expect(answer.body.data).toMatchObject({ id: row.id, is_first_time_login: 0 });
    expect((await me(token, 'artist')).body.data.is_first_time_login).toBe(0);
    expect((await h.call('PATCH', '/api/v1/artist/auth/first-time-login')).status).toBe(401);
  });
});
