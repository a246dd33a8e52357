import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../contracts/account';
import { fieldMessages } from '../../contracts/field-messages';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import { updateUser } from '../../server/users/users.repository';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

const loginPath = (area: string) => `/api/v1/${area}/auth/login`;

describe.each(databases)('POST /auth/login (%s)', (kind) => {
  let h: Harness;
  const customer = { email: uniqueEmail('customer'), password: 'Customer123!' };
  const artist = { email: uniqueEmail('artist'), password: 'Artist123!' };
  const admin = { email: uniqueEmail('admin'), password: 'Admin123!' };

  beforeAll(async () => {
    h = await createHarness(kind);
    await h.createAccount({
      type: 'user',
      ...customer,
      first_name: 'Maria',
      middle_name: 'Clara',
      last_name: 'Santos',
      contact_number: '9171234567',
      country: 'PH',
      dial_code: '+63',
    });
    await h.createAccount({
      type: 'artist',
      ...artist,
      first_name: 'Ana',
      last_name: 'Reyes',
      app_status: 'approved',
      progress: { personal_info: true, artist_info: true, payout_info: false, password_updated: true },
      is_online: true,
      stage_name: 'Ana Sings',
    });
    await h.createAccount({ type: 'admin', ...admin, first_name: 'Lab', last_name: 'Admin' });
  });
  afterAll(() => h.close());

  it('logs a customer in: {message, data: {user, token}} with the AuthUser shape', async () => {
    const answer = await h.call('POST', loginPath('user'), { ...customer, email: customer.email.toUpperCase() });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['data', 'message']);
    expect(answer.body.message).toBe(specMessages.welcomeBack('Maria'));
    expect(Object.keys(answer.body.data).sort()).toEqual(['token', 'user']);
    const user: AuthUser = answer.body.data.user;
    expect(user).toEqual({
      id: expect.any(Number),
      user_id: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/),
      type: 'user',
      full_name: 'Maria Clara Santos',
      first_name: 'Maria',
      middle_name: 'Clara',
      last_name: 'Santos',
      email: customer.email,
      avatar: null,
      contact_number: '9171234567',
      country: 'PH',
      dial_code: '+63',
      app_status: null,
      application_progress: null,
      is_first_time_login: 1,
      is_online: 0,
      featured_song_path: null,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/password|scrypt|token_version/);
    const claims = decodeJwt(answer.body.data.token);
    expect(claims).toMatchObject({ sub: String(user.id), typ: 'user', ver: 0 });
    expect(claims.exp).toBe((claims.iat as number) + h.config.accessTokenTtlSeconds);
    expect(claims.rex).toBe((claims.iat as number) + h.config.refreshWindowSeconds);
    expect(typeof claims.jti).toBe('string');
  });

  it('logs an artist in with app_status and application_progress', async () => {
    const answer = await h.call('POST', loginPath('artist'), artist);
    expect(answer.status).toBe(200);
    expect(answer.body.data.user).toMatchObject({
      type: 'artist',
      full_name: 'Ana Reyes',
      app_status: 'approved',
      application_progress: { personal_info: true, artist_info: true, payout_info: false, password_updated: true },
      is_online: 1,
    });
    expect(decodeJwt(answer.body.data.token).typ).toBe('artist');
  });

  it('uses the long refresh window when remember is true', async () => {
    const answer = await h.call('POST', loginPath('user'), { ...customer, remember: true });
    const claims = decodeJwt(answer.body.data.token);
    expect(claims.rex).toBe((claims.iat as number) + h.config.rememberRefreshWindowSeconds);
    expect(claims.exp).toBe((claims.iat as number) + h.config.accessTokenTtlSeconds);
  });

  it('answers a wrong password and an unknown email alike: 422 errors.email [invalidCredentials]', async () => {
    const wrong = await h.call('POST', loginPath('user'), { ...customer, password: 'Customer123?' });
    const unknown = await h.call('POST', loginPath('user'), { email: uniqueEmail('nobody'), password: 'Customer123!' });
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        message: serverMessages.invalidCredentials,
        errors: { email: [serverMessages.invalidCredentials] },
      });
    }
  });

  it('validates the body: missing fields, bad email, non-boolean remember, unknown field', async () => {
    const answer = await h.call('POST', loginPath('user'), { remember: 'yes', extra: 1 });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      email: [specMessages.emailRequired],
      password: [fieldMessages.passwordRequired],
      remember: [fieldMessages.mustBeBoolean],
      extra: [fieldMessages.unknownField],
    });
  });

  it('refuses customer credentials on the artist login and tells them which login to use', async () => {
    const answer = await h.call('POST', loginPath('artist'), customer);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: serverMessages.wrongAccountTypeArtist,
      errors: { email: [serverMessages.wrongAccountTypeArtist] },
    });
  });

  it('refuses artist credentials on the customer login and tells them which login to use', async () => {
    const answer = await h.call('POST', loginPath('user'), artist);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.email).toEqual([serverMessages.wrongAccountTypeUser]);
  });

  it('does not reveal the account type to a wrong password', async () => {
    const answer = await h.call('POST', loginPath('artist'), { ...customer, password: 'nope12345' });
    expect(answer.body.errors.email).toEqual([serverMessages.invalidCredentials]);
  });

  it('accepts only admins on the admin area, and admins nowhere else', async () => {
    const ok = await h.call('POST', loginPath('admin'), admin);
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ type: 'admin', app_status: null, application_progress: null });
    expect(decodeJwt(ok.body.data.token).typ).toBe('admin');

    for (const other of [customer, artist]) {
      const answer = await h.call('POST', loginPath('admin'), other);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.email).toEqual([serverMessages.invalidCredentials]);
    }
    for (const area of ['user', 'artist']) {
      const answer = await h.call('POST', loginPath(area), admin);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.email).toEqual([serverMessages.invalidCredentials]);
    }
  });

  it('picks the account of the area when one email has a customer and an artist account', async () => {
    const email = uniqueEmail('both');
    await h.createAccount({ type: 'user', email, password: 'AsCustomer1' });
    await h.createAccount({ type: 'artist', email, password: 'AsArtist1' });
    expect((await h.call('POST', loginPath('user'), { email, password: 'AsCustomer1' })).body.data.user.type).toBe(
      'user',
    );
    expect((await h.call('POST', loginPath('artist'), { email, password: 'AsArtist1' })).body.data.user.type).toBe(
      'artist',
    );
    expect((await h.call('POST', loginPath('artist'), { email, password: 'AsCustomer1' })).status).toBe(422);
  });

  it('answers an unknown email about as slowly as a wrong password (a dummy scrypt runs)', async () => {
    const slow = await createHarness(kind, { env: { SCRYPT_COST: '16' } });
    try {
      const email = uniqueEmail('timing');
      await slow.createAccount({ type: 'user', email, password: 'Timing123' });
      const timeOf = async (body: Record<string, string>) => {
        const started = performance.now();
        const answer = await slow.call('POST', loginPath('user'), body);
        expect(answer.status).toBe(422);
        return performance.now() - started;
      };
      await timeOf({ email: uniqueEmail('warm-up'), password: 'Timing124' });
      const median = (values: number[]) => values.sort((a, b) => a - b)[1] as number;
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 3; i++) {
        wrong.push(await timeOf({ email, password: 'Timing124' }));
        unknown.push(await timeOf({ email: uniqueEmail('nobody'), password: 'Timing124' }));
      }
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    } finally {
      await slow.close();
    }
  });

  it('answers 403 accountDeactivated to an account deactivated past the restore window, with the right password only', async () => {
    const email = uniqueEmail('gone');
    const row = await h.createAccount({ type: 'user', email, password: 'Deactivated1' });
    // Within the window the sign-in restores the account instead (account-care.test.ts).
    const longAgo = new Date(h.clock.now().getTime() - 31 * 24 * 60 * 60 * 1000).toISOString();
    await updateUser(h.database.db, row.id, { deactivated_at: longAgo });
    const answer = await h.call('POST', loginPath('user'), { email, password: 'Deactivated1' });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: serverMessages.accountDeactivated });
    const wrong = await h.call('POST', loginPath('user'), { email, password: 'Wrong12345' });
    expect(wrong.status).toBe(422);
  });
});
