import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../contracts/field-messages';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import { findUserByEmail } from '../../server/users/users.repository';
import { createHarness, databases, type Harness, registration, uniqueEmail } from './harness';

const REGISTER = '/api/v1/user/auth/register';

describe.each(databases)('POST /auth/register (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    // More sign-ups than a client may make in an hour (the limit has its own test in rate-limit.test.ts).
    h = await createHarness(kind, { env: { RATE_LIMIT_REGISTER_PER_CLIENT: '1000' } });
  });
  afterAll(() => h.close());

  const expectFieldError = async (body: Record<string, unknown>, field: string, message: string) => {
    const answer = await h.call('POST', REGISTER, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.message).toBe(serverMessages.validationFailed);
    expect(answer.body.errors[field]).toEqual([message]);
    return answer;
  };

  it('creates a customer: 201 signed in ({user, token} as a login answers, welcomed), stored normalised', async () => {
    const email = uniqueEmail('New.Customer').replace('new.customer', 'New.Customer');
    const body = registration({
      email: `  ${email.toUpperCase()} `,
      first_name: '  Maria ',
      middle_name: ' ',
      last_name: ' Santos ',
      contact_number: '917-123 4567',
      country: 'ph',
    });
    const answer = await h.call('POST', REGISTER, body);
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe('Welcome to Labsongs, Maria');
    expect(Object.keys(answer.body.data).sort()).toEqual(['token', 'user']);
    expect(answer.body.data.user).toMatchObject({ type: 'user', email: email.toLowerCase(), first_name: 'Maria' });
    // The token is a session like a login's: it opens the account at once.
    const me = await h.call('GET', '/api/v1/user/auth/me', undefined, { token: answer.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(email.toLowerCase());

    const row = await findUserByEmail(h.database.db, 'user', email);
    expect(row).toMatchObject({
      type: 'user',
      email: email.toLowerCase(),
      first_name: 'Maria',
      middle_name: null,
      last_name: 'Santos',
      contact_number: '9171234567',
      country: 'PH',
      dial_code: '+63',
      app_status: null,
      is_first_time_login: 1,
      is_online: 0,
    });
    expect(row?.password_hash).toMatch(/^scrypt\$14\$8\$1\$/);
    expect(row?.password_hash).not.toContain('Secret123');
    expect(row?.user_id).toMatch(/^[A-Za-z0-9_-]{20}$/);

    const login = await h.call('POST', '/api/v1/user/auth/login', { email, password: 'Secret123' });
    expect(login.status).toBe(200);
    expect(login.body.data.user.full_name).toBe('Maria Santos');
  });

  it('refuses every missing field with its own message', async () => {
    const answer = await h.call('POST', REGISTER, {});
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      first_name: [fieldMessages.required('first name')],
      last_name: [fieldMessages.required('last name')],
      email: [specMessages.emailRequired],
      password: [fieldMessages.passwordRequired],
      password_confirmation: [fieldMessages.confirmationRequired],
      country: [fieldMessages.countryInvalid],
    });
  });

  it('takes no phone: contact_number and dial_code may be left out or empty (the dial code follows the country)', async () => {
    for (const [label, overrides] of [
      ['missing', { contact_number: undefined, dial_code: undefined, middle_name: undefined }],
      ['empty', { contact_number: '', dial_code: '', middle_name: '' }],
      ['empty with a dial code', { contact_number: ' ', dial_code: '+63' }],
    ] as const) {
      const email = uniqueEmail('no-phone');
      const answer = await h.call('POST', REGISTER, registration({ email, ...overrides }));
      expect(answer.status, `${label}: ${answer.text}`).toBe(201);
      expect(answer.body.data.user.contact_number, label).toBeNull();
      const row = await findUserByEmail(h.database.db, 'user', email);
      expect(row, label).toMatchObject({ contact_number: null, country: 'PH', dial_code: '+63' });
    }
  });

  it('refuses names that are too long', async () => {
    await expectFieldError(
      registration({ first_name: 'a'.repeat(101) }),
      'first_name',
      fieldMessages.tooLong('first name', 100),
    );
    await expectFieldError(
      registration({ middle_name: 'a'.repeat(101) }),
      'middle_name',
      fieldMessages.tooLong('middle name', 100),
    );
    await expectFieldError(
      registration({ last_name: 'a'.repeat(101) }),
      'last_name',
      fieldMessages.tooLong('last name', 100),
    );
  });

  it('refuses a malformed email', async () => {
    for (const email of ['not-an-email', 'a b@example.com', 'a@', '@example.com', `${'a'.repeat(250)}@example.com`]) {
      await expectFieldError(registration({ email }), 'email', specMessages.emailInvalid);
    }
  });

  it('refuses weak passwords', async () => {
    await expectFieldError(
      registration({ password: 'Ab1', password_confirmation: 'Ab1' }),
      'password',
      fieldMessages.passwordTooShort,
    );
    await expectFieldError(
      registration({ password: 'abcdefgh', password_confirmation: 'abcdefgh' }),
      'password',
      fieldMessages.passwordWeak,
    );
    await expectFieldError(
      registration({ password: '12345678', password_confirmation: '12345678' }),
      'password',
      fieldMessages.passwordWeak,
    );
    const long = `A1${'x'.repeat(127)}`;
    await expectFieldError(
      registration({ password: long, password_confirmation: long }),
      'password',
      fieldMessages.passwordTooLong,
    );
  });

  it('refuses a confirmation that differs with "Passwords do not match."', async () => {
    const answer = await expectFieldError(
      registration({ password: 'Secret123', password_confirmation: 'Secret124' }),
      'password_confirmation',
      'Passwords do not match.',
    );
    expect(answer.body.errors.password_confirmation).toEqual([specMessages.passwordsDoNotMatch]);
  });

  it('refuses an unknown country and a dial code of another country', async () => {
    await expectFieldError(registration({ country: 'XX' }), 'country', fieldMessages.countryInvalid);
    await expectFieldError(
      registration({ country: 'PH', dial_code: '+1' }),
      'dial_code',
      fieldMessages.dialCodeMismatch,
    );
  });

  it('refuses a contact number that is not 7 to 20 digits (optional, but checked when given)', async () => {
    for (const contact_number of ['12345', '1'.repeat(21), '917abc4567']) {
      await expectFieldError(registration({ contact_number }), 'contact_number', fieldMessages.contactNumberInvalid);
    }
  });

  it('refuses unknown fields (a customer cannot make itself an admin)', async () => {
    const answer = await expectFieldError(registration({ type: 'admin' }), 'type', fieldMessages.unknownField);
    expect(Object.keys(answer.body.errors)).toEqual(['type']);
  });

  it('refuses wrong value types', async () => {
    await expectFieldError(registration({ first_name: 42 }), 'first_name', fieldMessages.mustBeText);
  });

  it('refuses a duplicate email whatever its case, but the same email may be an artist too', async () => {
    const email = uniqueEmail('dup');
    expect((await h.call('POST', REGISTER, registration({ email }))).status).toBe(201);
    const again = await expectFieldError(
      registration({ email: email.toUpperCase() }),
      'email',
      fieldMessages.emailTaken,
    );
    expect(again.body.errors.email).toEqual([fieldMessages.emailTaken]);

    const artistEmail = uniqueEmail('artist-too');
    await h.createAccount({ type: 'artist', email: artistEmail, password: 'Artist123!' });
    expect((await h.call('POST', REGISTER, registration({ email: artistEmail }))).status).toBe(201);
  });

  it('lets one of two simultaneous sign-ups with the same email win and tells the other', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([
      h.call('POST', REGISTER, registration({ email })),
      h.call('POST', REGISTER, registration({ email: email.toUpperCase() })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(answers.find((a) => a.status === 422)?.body.errors.email).toEqual([fieldMessages.emailTaken]);
  });
});
