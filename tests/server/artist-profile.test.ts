import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_RESTORE_DAYS, accountCareMessages, restorableUntil } from '../../contracts/account-care';
import { artistMessages } from '../../contracts/artist';
import { DEFAULT_TURNAROUND_DAYS } from '../../contracts/delivery';
import { fieldMessages } from '../../contracts/field-messages';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import { findUserById } from '../../server/users/users.repository';
import {
  ARTIST_PASSWORD,
  artistInfoBody,
  bankBody,
  makeAdmin,
  makeArtist,
  makeCustomer,
  personalBody,
  uploadSong,
} from './artist-fixtures';
import { createHarness, databases, type Harness } from './harness';

const A = '/api/v1/artist';
const unauthenticated = { message: serverMessages.unauthenticated };

describe.each(databases)('artist profile parts (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const profileOf = async (token: string) => {
    const answer = await h.call('GET', `${A}/profile`, undefined, { token });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.data;
  };

  it('GET /profile answers the whole ArtistProfile, with defaults before anything is filled in', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const profile = await profileOf(artist.token);
    expect(profile).toEqual({
      user: expect.objectContaining({ id: artist.id, type: 'artist', app_status: 'incomplete' }),
      stage_name: expect.any(String),
      pending_stage_name: null,
      city: null,
      birthdate: null,
      bio: null,
      genres: [],
      vocal_type: null,
      rate: 2500,
      turnaround_days: DEFAULT_TURNAROUND_DAYS,
      rush_price: null,
      rush_turnaround_days: null,
      links: [],
      pitch: null,
      payout: null,
      songs: [],
      rejection_reason: null,
    });
  });

  it('PATCH /profile/personal saves names, contact, country, city and birthdate and sets personal_info', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const answer = await h.call('PATCH', `${A}/profile/personal`, personalBody({ country: 'ph' }), {
      token: artist.token,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(artistMessages.personalInfoSaved);
    expect(answer.body.data).toMatchObject({
      full_name: 'Lara Santos Mendoza',
      contact_number: '9175550101',
      country: 'PH',
      dial_code: '+63',
      app_status: 'incomplete',
      application_progress: { personal_info: true, artist_info: false, payout_info: false, password_updated: false },
    });
    const profile = await profileOf(artist.token);
    expect(profile).toMatchObject({ city: 'Makati', birthdate: '1995-04-20' });

    // An empty middle name is stored as none.
    const again = await h.call('PATCH', `${A}/profile/personal`, personalBody({ middle_name: ' ' }), {
      token: artist.token,
    });
    expect(again.body.data.middle_name).toBeNull();
  });

  const eighteenYearsAgo = () => {
    const d = h.clock.now();
    return `${d.getUTCFullYear() - 18}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
  };
  const personalErrors: [string, unknown, string][] = [
    ['first_name', '', fieldMessages.required('first name')],
    ['middle_name', 'm'.repeat(101), fieldMessages.tooLong('middle name', 100)],
    ['last_name', 'l'.repeat(101), fieldMessages.tooLong('last name', 100)],
    ['contact_number', '123', fieldMessages.contactNumberInvalid],
    ['country', 'ZZ', fieldMessages.countryInvalid],
    ['dial_code', '+44', fieldMessages.dialCodeMismatch],
    ['city', '', artistMessages.cityRequired],
    ['birthdate', '20-04-1995', artistMessages.birthdateInvalid],
    ['birthdate', '1995-13-45', artistMessages.birthdateInvalid],
    ['birthdate', '2020-01-01', artistMessages.tooYoung],
    ['first_name', 42, fieldMessages.mustBeText],
    ['stage_name', 'x', fieldMessages.unknownField],
  ];
  it.each(personalErrors)('PATCH /profile/personal refuses %s = %j', async (field, value, message) => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const answer = await h.call('PATCH', `${A}/profile/personal`, personalBody({ [field]: value }), {
      token: artist.token,
    });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.errors).toEqual({ [field]: [message] });
    expect((await findUserById(h.database.db, artist.id))?.personal_info).toBe(0);
  });

  it('accepts an artist who turns 18 today', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const answer = await h.call('PATCH', `${A}/profile/personal`, personalBody({ birthdate: eighteenYearsAgo() }), {
      token: artist.token,
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('PATCH /profile/artist-info needs a sample song first, then saves and sets artist_info', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const without = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody(), { token: artist.token });
    expect(without.status).toBe(422);
    expect(without.body.errors).toEqual({ samples: [artistMessages.samplesRequired] });

    await uploadSong(h, artist.token);
    const answer = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ stage_name: '  The Laras ' }), {
      token: artist.token,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(artistMessages.artistInfoSaved);
    expect(answer.body.data.application_progress.artist_info).toBe(true);
    const profile = await profileOf(artist.token);
    expect(profile).toMatchObject({
      stage_name: 'The Laras',
      bio: artistInfoBody().bio,
      genres: ['pop', 'rnb'],
      vocal_type: 'female',
      rate: 3000,
    });
    const row = await h.database.db
      .selectFrom('artist_profiles')
      .select('rate_centavos')
      .where('user_id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(row.rate_centavos).toBe(300_000);
  });

  const artistInfoErrors: [string, unknown, string][] = [
    ['stage_name', ' ', artistMessages.stageNameRequired],
    ['bio', 'short bio', artistMessages.bioTooShort],
    ['bio', 'b'.repeat(2001), artistMessages.bioTooLong],
    ['genres', [], artistMessages.genresRequired],
    ['genres', ['pop', 'rock', 'jazz', 'opm', 'ballad', 'kids'], artistMessages.genresRequired],
    ['genres', ['polka'], artistMessages.genreUnknown],
    ['genres', ['pop', 'pop'], artistMessages.genreUnknown],
    ['genres', 'pop', artistMessages.genresRequired],
    ['vocal_type', 'robot', artistMessages.vocalTypeRequired],
    ['rate', 999, artistMessages.rateInvalid],
    ['rate', 100_001, artistMessages.rateInvalid],
    ['rate', 1500.5, artistMessages.rateInvalid],
    ['rate', '3000', artistMessages.rateInvalid],
  ];
  it.each(artistInfoErrors)('PATCH /profile/artist-info refuses %s = %j', async (field, value, message) => {
    const artist = await makeArtist(h, { status: 'incomplete', song: true });
    const answer = await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody({ [field]: value }), {
      token: artist.token,
    });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.errors).toEqual({ [field]: [message] });
  });

  it('PATCH /profile/bank seals the number, answers it masked and never stores or returns it in clear', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    // In the artist's own name (Art Ist), so no admin's check is needed (account-care.test.ts has that).
    const answer = await h.call('PATCH', `${A}/profile/bank`, bankBody({ account_name: 'Art Ist' }), {
      token: artist.token,
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(artistMessages.payoutSaved);
    expect(answer.body.data.payout).toEqual({
      bank_name: 'BDO',
      account_name: 'Art Ist',
      account_number_masked: '•••• 7890',
      holder_review: null,
    });
    expect(answer.body.data.user.application_progress.payout_info).toBe(true);
    expect(answer.text).not.toContain('001234567890');
    expect(answer.text).not.toContain('1234567890');

    const row = await h.database.db
      .selectFrom('artist_payouts')
      .selectAll()
      .where('user_id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(row.account_last4).toBe('7890');
    expect(row.account_number_enc).not.toContain('1234567890');
    expect(Buffer.from(row.account_number_enc, 'base64').toString('latin1')).not.toContain('1234567890');
    // iv (12) + tag (16) + 12 digits of ciphertext.
    expect(Buffer.from(row.account_number_enc, 'base64')).toHaveLength(12 + 16 + 12);
    expect(h.payouts.decrypt(row.account_number_enc)).toBe('001234567890');

    const profileText = (await h.call('GET', `${A}/profile`, undefined, { token: artist.token })).text;
    expect(profileText).not.toContain('1234567890');
    expect(JSON.parse(profileText).data.payout.account_number_masked).toBe('•••• 7890');

    // Saving again replaces the details (new iv, so the sealed value changes too); a change needs the password.
    const second = await h.call(
      'PATCH',
      `${A}/profile/bank`,
      bankBody({ account_name: 'Art Ist', account_number: '5555 6666 7777', current_password: ARTIST_PASSWORD }),
      { token: artist.token },
    );
    expect(second.body.data.payout.account_number_masked).toBe('•••• 7777');
    const again = await h.database.db
      .selectFrom('artist_payouts')
      .selectAll()
      .where('user_id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(h.payouts.decrypt(again.account_number_enc)).toBe('555566667777');
  });

  it('the same number sealed twice gives two different values, and a tampered one does not open', () => {
    const a = h.payouts.encrypt('001234567890');
    const b = h.payouts.encrypt('001234567890');
    expect(a).not.toBe(b);
    const bytes = Buffer.from(a, 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    expect(() => h.payouts.decrypt(bytes.toString('base64'))).toThrow();
  });

  const bankErrors: [string, unknown, string][] = [
    ['bank_name', '', artistMessages.bankNameRequired],
    ['account_name', '', artistMessages.accountNameRequired],
    ['account_number', '12345', artistMessages.accountNumberInvalid],
    ['account_number', '1'.repeat(21), artistMessages.accountNumberInvalid],
    ['account_number', '12345abc', artistMessages.accountNumberInvalid],
    ['bank_name', 'b'.repeat(81), fieldMessages.tooLong('bank or e-wallet', 80)],
  ];
  it.each(bankErrors)('PATCH /profile/bank refuses %s = %j', async (field, value, message) => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const answer = await h.call('PATCH', `${A}/profile/bank`, bankBody({ [field]: value }), { token: artist.token });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ [field]: [message] });
    // The refused number is not echoed back either.
    if (field === 'account_number') expect(answer.text).not.toContain(String(value));
    expect(
      await h.database.db.selectFrom('artist_payouts').select('user_id').where('user_id', '=', artist.id).execute(),
    ).toEqual([]);
  });

  it('PATCH /profile/password changes the password, sets password_updated and keeps only this session', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const otherSession = await h.login('artist', artist.email, ARTIST_PASSWORD);
    const answer = await h.call(
      'PATCH',
      `${A}/profile/password`,
      { current_password: ARTIST_PASSWORD, password: 'NewSecret99', password_confirmation: 'NewSecret99' },
      { token: artist.token },
    );
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.message).toBe(artistMessages.passwordChanged);
    expect(answer.body.data.user.application_progress.password_updated).toBe(true);
    const token = answer.body.data.token as string;
    expect(decodeJwt(token).rex).toBe(decodeJwt(artist.token).rex);

    expect((await h.call('GET', `${A}/auth/me`, undefined, { token })).status).toBe(200);
    expect((await h.call('GET', `${A}/auth/me`, undefined, { token: artist.token })).body).toEqual(unauthenticated);
    expect((await h.call('GET', `${A}/auth/me`, undefined, { token: otherSession })).status).toBe(401);
    expect((await h.call('POST', `${A}/auth/login`, { email: artist.email, password: ARTIST_PASSWORD })).status).toBe(
      422,
    );
    const again = await h.call('POST', `${A}/auth/login`, { email: artist.email, password: 'NewSecret99' });
    expect(again.status).toBe(200);
    // With a password of their own, the artist has been here before.
    expect(again.body.message).toMatch(/^Welcome back, /);
  });

  it('PATCH /profile/password refuses a wrong current password, the same password and bad new ones', async () => {
    const artist = await makeArtist(h, { status: 'incomplete' });
    const change = (body: Record<string, unknown>) =>
      h.call('PATCH', `${A}/profile/password`, body, { token: artist.token });
    const wrong = await change({
      current_password: 'Nope12345',
      password: 'NewSecret99',
      password_confirmation: 'NewSecret99',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: [artistMessages.currentPasswordWrong] });

    const same = await change({
      current_password: ARTIST_PASSWORD,
      password: ARTIST_PASSWORD,
      password_confirmation: ARTIST_PASSWORD,
    });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ password: [artistMessages.samePassword] });

    const cases: [Record<string, unknown>, string, string][] = [
      [
        { password: 'NewSecret99', password_confirmation: 'NewSecret99' },
        'current_password',
        fieldMessages.passwordRequired,
      ],
      [
        { current_password: ARTIST_PASSWORD, password: 'short1', password_confirmation: 'short1' },
        'password',
        fieldMessages.passwordTooShort,
      ],
      [
        { current_password: ARTIST_PASSWORD, password: 'lettersonly', password_confirmation: 'lettersonly' },
        'password',
        fieldMessages.passwordWeak,
      ],
      [
        { current_password: ARTIST_PASSWORD, password: 'NewSecret99', password_confirmation: 'NewSecret98' },
        'password_confirmation',
        specMessages.passwordsDoNotMatch,
      ],
      [
        { current_password: ARTIST_PASSWORD, password: 'NewSecret99' },
        'password_confirmation',
        fieldMessages.confirmationRequired,
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await change(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors[field]).toEqual([message]);
    }
    expect((await findUserById(h.database.db, artist.id))?.password_updated).toBe(0);
    // Nothing changed: the original token still works.
    expect((await h.call('GET', `${A}/auth/me`, undefined, { token: artist.token })).status).toBe(200);
  });

  it('the fourth part sends the application for review; editing parts later keeps the status', async () => {
    const artist = await makeArtist(h, { status: 'incomplete', song: true });
    const token = artist.token;
    expect((await h.call('PATCH', `${A}/profile/personal`, personalBody(), { token })).body.data.app_status).toBe(
      'incomplete',
    );
    expect((await h.call('PATCH', `${A}/profile/artist-info`, artistInfoBody(), { token })).body.data.app_status).toBe(
      'incomplete',
    );
    expect((await h.call('PATCH', `${A}/profile/bank`, bankBody(), { token })).body.data.user.app_status).toBe(
      'incomplete',
    );
    const last = await h.call(
      'PATCH',
      `${A}/profile/password`,
      { current_password: ARTIST_PASSWORD, password: 'NewSecret99', password_confirmation: 'NewSecret99' },
      { token },
    );
    expect(last.body.message).toBe(artistMessages.submittedForReview);
    expect(last.body.data.user.app_status).toBe('for_review');
    const newToken = last.body.data.token as string;
    const submittedAt = (
      await h.database.db
        .selectFrom('artist_profiles')
        .select('submitted_at')
        .where('user_id', '=', artist.id)
        .executeTakeFirstOrThrow()
    ).submitted_at;
    expect(submittedAt).toBe(h.clock.now().toISOString());

    h.clock.advance(60_000);
    const edit = await h.call('PATCH', `${A}/profile/personal`, personalBody({ city: 'Pasig' }), { token: newToken });
    expect(edit.body.message).toBe(artistMessages.personalInfoSaved);
    expect(edit.body.data.app_status).toBe('for_review');
    const after = await h.database.db
      .selectFrom('artist_profiles')
      .select('submitted_at')
      .where('user_id', '=', artist.id)
      .executeTakeFirstOrThrow();
    expect(after.submitted_at).toBe(submittedAt);
  });

  it('an approved artist edits every part and stays approved', async () => {
    const artist = await makeArtist(h, { status: 'approved', song: true });
    const token = artist.token;
    for (const [path, body] of [
      ['personal', personalBody()],
      ['artist-info', artistInfoBody()],
      ['bank', bankBody()],
    ] as const) {
      const answer = await h.call('PATCH', `${A}/profile/${path}`, body, { token });
      expect(answer.status, path).toBe(200);
    }
    expect((await findUserById(h.database.db, artist.id))?.app_status).toBe('approved');
  });

  it('customers, admins and strangers get 401 on every artist route', async () => {
    const customer = await makeCustomer(h);
    const admin = await makeAdmin(h);
    const routes: [string, string, unknown?][] = [
      ['GET', '/profile'],
      ['PATCH', '/profile/personal', personalBody()],
      ['PATCH', '/profile/artist-info', artistInfoBody()],
      ['PATCH', '/profile/bank', bankBody()],
      [
        'PATCH',
        '/profile/password',
        { current_password: 'x', password: 'NewSecret99', password_confirmation: 'NewSecret99' },
      ],
      ['PATCH', '/profile/online-status', { status: 0 }],
      ['PATCH', '/profile/featured-song', { source: null }],
      ['PATCH', '/profile/deactivate'],
      ['GET', '/profile/upload/song?source=abcdefghijkl'],
      ['DELETE', '/profile/upload/song', { source: 'abcdefghijkl' }],
      ['POST', '/profile/upload/song'],
      ['GET', '/dashboard'],
    ];
    for (const token of [customer.token, admin.token, undefined]) {
      for (const [method, path, body] of routes) {
        const answer = await h.call(method, `${A}${path}`, body, token ? { token } : {});
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body).toEqual(unauthenticated);
      }
    }
    // The customer's own area does not serve the artist profile either.
    expect((await h.call('GET', '/api/v1/user/profile/personal', undefined, { token: customer.token })).status).toBe(
      404,
    );
  });

  it('an artist who is not approved gets 403 on the dashboard and the online switch, in every status', async () => {
    for (const status of ['incomplete', 'for_review', 'rejected'] as const) {
      const artist = await makeArtist(h, { status });
      const dashboard = await h.call('GET', `${A}/dashboard`, undefined, { token: artist.token });
      expect(dashboard.status, status).toBe(403);
      expect(dashboard.body).toEqual({ message: artistMessages.notApproved });
      const online = await h.call('PATCH', `${A}/profile/online-status`, { status: 0 }, { token: artist.token });
      expect(online.status, status).toBe(403);
      expect(online.body).toEqual({ message: artistMessages.notApproved });
      expect((await findUserById(h.database.db, artist.id))?.is_online).toBe(0);
      // Profile and its parts stay open (docs/product.md §4: profile and account settings).
      expect((await h.call('GET', `${A}/profile`, undefined, { token: artist.token })).status).toBe(200);
    }
  });

  it('GET /dashboard answers real zeros and the online state to an approved artist', async () => {
    const artist = await makeArtist(h, { status: 'approved', online: true });
    const answer = await h.call('GET', `${A}/dashboard`, undefined, { token: artist.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      counts: { song_orders: 0, ongoing: 0, validation: 0, revision: 0, completed: 0 },
      earnings_this_month: 0,
      rating: null,
      rating_count: 0,
      is_online: 1,
      next_due: null,
    });
  });

  it('PATCH /profile/online-status: 0 goes online, 1 offline, and the first-login flag clears', async () => {
    const artist = await makeArtist(h, { status: 'approved' });
    const online = await h.call('PATCH', `${A}/profile/online-status`, { status: 0 }, { token: artist.token });
    expect(online.status).toBe(200);
    expect(online.body.message).toBe(artistMessages.wentOnline);
    expect(online.body.data).toMatchObject({ id: artist.id, is_online: 1, is_first_time_login: 0 });
    const offline = await h.call('PATCH', `${A}/profile/online-status`, { status: 1 }, { token: artist.token });
    expect(offline.body.message).toBe(artistMessages.wentOffline);
    expect(offline.body.data).toMatchObject({ is_online: 0, is_first_time_login: 0 });
    for (const body of [{ status: 2 }, { status: '0' }, {}, { status: 0, extra: 1 }]) {
      const answer = await h.call('PATCH', `${A}/profile/online-status`, body, { token: artist.token });
      expect(answer.status, JSON.stringify(body)).toBe(422);
    }
  });

  it('PATCH /profile/deactivate ends the session, takes the artist offline and blocks logins', async () => {
    const artist = await makeArtist(h, { status: 'approved', online: true });
    const answer = await h.call(
      'PATCH',
      `${A}/profile/deactivate`,
      { current_password: ARTIST_PASSWORD },
      { token: artist.token },
    );
    expect(answer.status).toBe(200);
    const until = restorableUntil(h.clock.now().toISOString()).toISOString();
    expect(answer.body).toEqual({ message: accountCareMessages.accountDeactivated(until), data: null });
    const row = await findUserById(h.database.db, artist.id);
    expect(row?.deactivated_at).toBe(h.clock.now().toISOString());
    expect(row?.is_online).toBe(0);
    expect((await h.call('GET', `${A}/auth/me`, undefined, { token: artist.token })).status).toBe(401);
    // Past the restore window (account-care.test.ts has the restoring sign-in).
    h.clock.advance((ACCOUNT_RESTORE_DAYS + 1) * 24 * 60 * 60 * 1000);
    const login = await h.call('POST', `${A}/auth/login`, { email: artist.email, password: ARTIST_PASSWORD });
    h.clock.advance(-(ACCOUNT_RESTORE_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(login.status).toBe(403);
  });
});
