import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RESTORE_DAYS, accountCareMessages, restorableUntil } from '../../contracts/account-care';
import { artistMessages } from '../../contracts/artist';
import { accountMessages } from '../../contracts/auth';
import { fieldMessages } from '../../contracts/field-messages';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import { makeArtist } from './artist-fixtures';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

const U = '/api/v1/user';
const PASSWORD = 'Customer123!';

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  first_name: 'Maria',
  middle_name: 'Clara',
  last_name: 'Dela Cruz',
  contact_number: '917 765 4321',
  country: 'PH',
  dial_code: '+63',
  ...overrides,
});

describe.each(databases)('customer profile (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  async function customer() {
    const email = uniqueEmail('me');
    const user = await h.createAccount({
      type: 'user',
      email,
      password: PASSWORD,
      first_name: 'Ana',
      last_name: 'Cruz',
      contact_number: '9170000000',
      country: 'PH',
      dial_code: '+63',
    });
    return { id: user.id, email, token: await h.login('user', email, PASSWORD) };
  }

  it('GET /profile answers the signed-in customer as AuthUser', async () => {
    const me = await customer();
    const answer = await h.call('GET', `${U}/profile`, undefined, { token: me.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: me.id,
      type: 'user',
      email: me.email,
      first_name: 'Ana',
      full_name: 'Ana Cruz',
      contact_number: '9170000000',
      app_status: null,
      application_progress: null,
    });
    expect(answer.body.data).not.toHaveProperty('password_hash');
  });

  it('PATCH /profile saves names, contact and country with the registration rules; the email stays', async () => {
    const me = await customer();
    const answer = await h.call('PATCH', `${U}/profile`, profileBody({ first_name: '  Maria ' }), { token: me.token });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(accountMessages.profileSaved);
    expect(answer.body.data).toMatchObject({
      first_name: 'Maria',
      middle_name: 'Clara',
      last_name: 'Dela Cruz',
      full_name: 'Maria Clara Dela Cruz',
      contact_number: '9177654321',
      country: 'PH',
      dial_code: '+63',
      email: me.email,
    });
    // An empty middle name is stored as null; another country with its own dial code is fine.
    const us = await h.call(
      'PATCH',
      `${U}/profile`,
      profileBody({ middle_name: ' ', country: 'US', dial_code: '+1' }),
      {
        token: me.token,
      },
    );
    expect(us.body.data).toMatchObject({
      middle_name: null,
      country: 'US',
      dial_code: '+1',
      full_name: 'Maria Dela Cruz',
    });
    const me2 = await h.call('GET', `${U}/auth/me`, undefined, { token: me.token });
    expect(me2.body.data.country).toBe('US');
  });

  it('validates every profile field and refuses fields it does not take', async () => {
    const me = await customer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ first_name: '' }, 'first_name', fieldMessages.required('first name')],
      [{ first_name: 'x'.repeat(101) }, 'first_name', fieldMessages.tooLong('first name', 100)],
      [{ middle_name: 'x'.repeat(101) }, 'middle_name', fieldMessages.tooLong('middle name', 100)],
      [{ last_name: ' ' }, 'last_name', fieldMessages.required('last name')],
      [{ contact_number: '12' }, 'contact_number', fieldMessages.contactNumberInvalid],
      [{ contact_number: '917abc4567' }, 'contact_number', fieldMessages.contactNumberInvalid],
      [{ country: 'ZZ' }, 'country', fieldMessages.countryInvalid],
      [{ dial_code: '+44' }, 'dial_code', fieldMessages.dialCodeMismatch],
      [{ first_name: 5 }, 'first_name', fieldMessages.mustBeText],
      [{ email: 'new@example.test' }, 'email', fieldMessages.unknownField],
      [{ type: 'artist' }, 'type', fieldMessages.unknownField],
      [{ password: 'Secret123' }, 'password', fieldMessages.unknownField],
    ];
    for (const [override, field, message] of cases) {
      const answer = await h.call('PATCH', `${U}/profile`, profileBody(override), { token: me.token });
      expect(answer.status, field).toBe(422);
      expect(answer.body).toEqual({ message: serverMessages.validationFailed, errors: { [field]: [message] } });
    }
    const unchanged = await h.call('GET', `${U}/profile`, undefined, { token: me.token });
    expect(unchanged.body.data).toMatchObject({ first_name: 'Ana', email: me.email, type: 'user' });
  });

  it('PATCH /profile/password checks the current one, refuses bad new ones, and keeps only this session', async () => {
    const me = await customer();
    const other = await h.login('user', me.email, PASSWORD);
    const change = (body: Record<string, unknown>) =>
      h.call('PATCH', `${U}/profile/password`, body, { token: me.token });
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { current_password: 'Wrong1234', password: 'NewSecret99', password_confirmation: 'NewSecret99' },
        'current_password',
        artistMessages.currentPasswordWrong,
      ],
      [
        { current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD },
        'password',
        accountMessages.samePassword,
      ],
      [
        { password: 'NewSecret99', password_confirmation: 'NewSecret99' },
        'current_password',
        fieldMessages.passwordRequired,
      ],
      [
        { current_password: PASSWORD, password: 'short1', password_confirmation: 'short1' },
        'password',
        fieldMessages.passwordTooShort,
      ],
      [
        { current_password: PASSWORD, password: 'lettersonly', password_confirmation: 'lettersonly' },
        'password',
        fieldMessages.passwordWeak,
      ],
      [
        { current_password: PASSWORD, password: 'NewSecret99', password_confirmation: 'NewSecret98' },
        'password_confirmation',
        specMessages.passwordsDoNotMatch,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await change(body);
      expect(answer.status, field).toBe(422);
      expect(answer.body.errors).toEqual({ [field]: [message] });
    }
    const ok = await change({
      current_password: PASSWORD,
      password: 'NewSecret99',
      password_confirmation: 'NewSecret99',
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.message).toBe(accountMessages.passwordChanged);
    expect(ok.body.data.user).toMatchObject({ id: me.id, type: 'user', application_progress: null });
    const token = ok.body.data.token as string;
    expect((await h.call('GET', `${U}/auth/me`, undefined, { token })).status).toBe(200);
    // The old token of this session and every other session end.
    expect((await h.call('GET', `${U}/auth/me`, undefined, { token: me.token })).status).toBe(401);
    expect((await h.call('GET', `${U}/auth/me`, undefined, { token: other })).status).toBe(401);
    expect((await h.call('POST', `${U}/auth/login`, { email: me.email, password: PASSWORD })).status).toBe(422);
    expect((await h.call('POST', `${U}/auth/login`, { email: me.email, password: 'NewSecret99' })).status).toBe(200);
  });

  it('wrong current passwords count against the login limiter (429 once it is spent)', async () => {
    const limited = await createHarness(kind, { env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' } });
    try {
      const email = uniqueEmail('limited');
      await limited.createAccount({ type: 'user', email, password: PASSWORD });
      const token = await limited.login('user', email, PASSWORD);
      const wrong = { current_password: 'Wrong1234', password: 'NewSecret99', password_confirmation: 'NewSecret99' };
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await limited.call('PATCH', `${U}/profile/password`, wrong, { token })).status);
      expect(statuses).toEqual([422, 422, 422, 429]);
    } finally {
      await limited.close();
    }
  });

  it('PATCH /profile/deactivate ends this session and every later login', async () => {
    const me = await customer();
    const answer = await h.call(
      'PATCH',
      `${U}/profile/deactivate`,
      { current_password: PASSWORD },
      { token: me.token },
    );
    expect(answer.status).toBe(200);
    const until = restorableUntil(h.clock.now().toISOString()).toISOString();
    expect(answer.body).toEqual({ message: accountCareMessages.accountDeactivated(until), data: null });
    expect((await h.call('GET', `${U}/profile`, undefined, { token: me.token })).status).toBe(401);
    // Past the restore window (account-care.test.ts has the restoring sign-in).
    h.clock.advance((ACCOUNT_RESTORE_DAYS + 1) * 24 * 60 * 60 * 1000);
    const login = await h.call('POST', `${U}/auth/login`, { email: me.email, password: PASSWORD });
    h.clock.advance(-(ACCOUNT_RESTORE_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(serverMessages.accountDeactivated);
  });

  it('needs a customer token: none, an artist’s or a made-up one is 401', async () => {
    const artist = await makeArtist(h);
    const calls: [string, string, unknown][] = [
      ['GET', '/profile', undefined],
      ['PATCH', '/profile', profileBody()],
      [
        'PATCH',
        '/profile/password',
        { current_password: 'x', password: 'NewSecret99', password_confirmation: 'NewSecret99' },
      ],
      ['PATCH', '/profile/deactivate', undefined],
    ];
    for (const token of [undefined, artist.token, 'a.b.c']) {
      for (const [method, path, body] of calls) {
        const answer = await h.call(method, `${U}${path}`, body, token ? { token } : {});
        expect(answer.status, `${method} ${path}`).toBe(401);
      }
    }
    // The artist's account is untouched by the customer's deactivate route.
    expect((await h.call('GET', '/api/v1/artist/auth/me', undefined, { token: artist.token })).status).toBe(200);
  });
});
