import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import { APPLICATION_SAMPLE_TITLE } from '../../server/artists/application.handlers';
import { APPLICATION_SUBJECT } from '../../server/artists/application.mail';
import { readOutbox } from '../../server/services/mail';
import { findUserByEmail } from '../../server/users/users.repository';
import { applicationFields, fileWithMagic, formOf, storedFiles, wavBytes } from './artist-fixtures';
import { createHarness, databases, type Harness, isFailureEnvelope, uniqueEmail } from './harness';

const APPLY = '/api/v1/artist/application';

describe.each(databases)('POST /artist/application (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const apply = (fields: Record<string, string>, files: Parameters<typeof formOf>[1] = {}) =>
    h.upload(APPLY, formOf(fields, files));

  const mailTo = async (email: string) => {
    await h.mailer.flush();
    return (await readOutbox(h.outboxDir)).filter((m) => m.to.includes(email)).at(-1);
  };

  it('creates an incomplete artist with the sample as a song and mails a temporary password that logs in', async () => {
    const fields = applicationFields();
    const answer = await apply(fields, { sample: { bytes: wavBytes(), name: 'demo.wav', type: 'audio/wav' } });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body).toEqual({ message: artistMessages.applicationReceived, data: null });

    const user = await findUserByEmail(h.database.db, 'artist', fields.email as string);
    expect(user).toMatchObject({
      type: 'artist',
      app_status: 'incomplete',
      personal_info: 0,
      artist_info: 0,
      payout_info: 0,
      password_updated: 0,
      is_first_time_login: 1,
      is_online: 0,
      stage_name: fields.stage_name,
      first_name: 'Lara',
      last_name: 'Mendoza',
      contact_number: '9175550101',
      country: 'PH',
      dial_code: '+63',
    });
    const profile = await h.database.db
      .selectFrom('artist_profiles')
      .selectAll()
      .where('user_id', '=', user?.id as number)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(profile.links)).toEqual(['https://example.com/lara', 'https://example.org/lara-live']);
    expect(profile.pitch).toBe(fields.pitch);
    const songs = await h.database.db
      .selectFrom('artist_songs')
      .selectAll()
      .where('user_id', '=', user?.id as number)
      .execute();
    expect(songs).toHaveLength(1);
    expect(songs[0]).toMatchObject({ title: APPLICATION_SAMPLE_TITLE, mime: 'audio/wav', size: wavBytes().length });
    expect(await storedFiles(h)).toContain(songs[0]?.file_key);
    // The server chose the file name: nothing of "demo.wav" survives.
    expect(songs[0]?.file_key).toMatch(/^[A-Za-z0-9_-]{24}\.wav$/);

    const mail = await mailTo(fields.email as string);
    expect(mail?.subject).toBe(APPLICATION_SUBJECT);
    expect(mail?.text).toContain('http://labsongs.test/artist/login');
    const password = /Temporary password: (\S+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(password).toMatch(/^[A-Za-z0-9]{12,}$/);
    expect(password).toMatch(/[A-Za-z]/);
    expect(password).toMatch(/[0-9]/);
    expect(user?.password_hash).not.toContain(password);

    const login = await h.call('POST', '/api/v1/artist/auth/login', { email: fields.email, password });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({
      type: 'artist',
      app_status: 'incomplete',
      is_first_time_login: 1,
      application_progress: { personal_info: false, artist_info: false, payout_info: false, password_updated: false },
    });
    // The very first sign-in (the mailed temporary password) is a welcome, not "Welcome back".
    expect(login.body.message).toBe(`Welcome to Labsongs, ${fields.first_name}`);
  });

  it('applies without a sample, and an empty file part (no file chosen) counts as none', async () => {
    const first = applicationFields();
    expect((await apply(first)).status).toBe(201);
    const second = applicationFields();
    const answer = await apply(second, { sample: { bytes: Buffer.alloc(0), name: '' } });
    expect(answer.status, answer.text).toBe(201);
    for (const email of [first.email, second.email]) {
      const user = await findUserByEmail(h.database.db, 'artist', email as string);
      const count = await h.database.db
        .selectFrom('artist_songs')
        .select('id')
        .where('user_id', '=', user?.id as number)
        .execute();
      expect(count).toHaveLength(0);
    }
  });

  it('gives every missing field its own message', async () => {
    const answer = await h.upload(APPLY, formOf({}));
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe(serverMessages.validationFailed);
    expect(answer.body.errors).toEqual({
      first_name: [fieldMessages.required('first name')],
      last_name: [fieldMessages.required('last name')],
      stage_name: [artistMessages.stageNameRequired],
      email: [specMessages.emailRequired],
      contact_number: [fieldMessages.contactNumberInvalid],
      country: [fieldMessages.countryInvalid],
      pitch: [artistMessages.pitchTooShort],
      accept_terms: [artistMessages.termsRequired],
    });
  });

  const badFields: [string, string, string][] = [
    ['first_name', 'a'.repeat(101), fieldMessages.tooLong('first name', 100)],
    ['last_name', '  ', fieldMessages.required('last name')],
    ['stage_name', 'x'.repeat(61), fieldMessages.tooLong('stage name', 60)],
    ['email', 'not-an-email', specMessages.emailInvalid],
    ['contact_number', '12ab', fieldMessages.contactNumberInvalid],
    ['country', 'XX', fieldMessages.countryInvalid],
    ['dial_code', '+1', fieldMessages.dialCodeMismatch],
    ['links', 'ftp://example.com', artistMessages.linksInvalid],
    ['links', 'https://a.com https://b.com https://c.com https://d.com', artistMessages.linksInvalid],
    ['pitch', 'too short', artistMessages.pitchTooShort],
    ['pitch', 'p'.repeat(1001), artistMessages.pitchTooLong],
    ['accept_terms', 'false', artistMessages.termsRequired],
    ['role', 'admin', fieldMessages.unknownField],
  ];
  it.each(badFields)('refuses %s = %j', async (field, value, message) => {
    const before = await storedFiles(h);
    const answer = await apply(applicationFields({ [field]: value }), {
      sample: { bytes: wavBytes(), name: 'demo.wav' },
    });
    expect(answer.status, answer.text).toBe(422);
    expect(answer.body.errors[field]).toEqual([message]);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
    // The sample that came with the refused form is not kept.
    expect(await storedFiles(h)).toEqual(before);
  });

  it('refuses an email that already has an artist account (any case), but a customer may apply', async () => {
    const fields = applicationFields();
    expect((await apply(fields)).status).toBe(201);
    const again = await apply(applicationFields({ email: (fields.email as string).toUpperCase() }));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ email: [fieldMessages.emailTaken] });

    const customerEmail = uniqueEmail('customer');
    await h.createAccount({ type: 'user', email: customerEmail, password: 'Customer123!' });
    expect((await apply(applicationFields({ email: customerEmail }))).status).toBe(201);
  });

  it('lets one of two simultaneous applications with one email win', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([apply(applicationFields({ email })), apply(applicationFields({ email }))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
  });

  it('refuses a sample that is not audio with 415 on the field, whatever its name, and keeps no file', async () => {
    const before = await storedFiles(h);
    for (const [bytes, name] of [
      [fileWithMagic('exe'), 'song.mp3'],
      [fileWithMagic('text'), 'lyrics.mp3'],
      [fileWithMagic('png'), 'cover.wav'],
    ] as const) {
      const fields = applicationFields();
      const answer = await apply(fields, { sample: { bytes, name, type: 'audio/mpeg' } });
      expect(answer.status, name).toBe(415);
      expect(answer.body).toEqual({
        message: artistMessages.audioOnly,
        errors: { sample: [artistMessages.audioOnly] },
      });
      expect(await findUserByEmail(h.database.db, 'artist', fields.email as string)).toBeUndefined();
    }
    expect(await storedFiles(h)).toEqual(before);
  });

  it('answers 415 to a body that is not multipart, 400 to a broken one, 422 to an unexpected file field', async () => {
    const json = await h.call('POST', APPLY, applicationFields());
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ message: artistMessages.multipartRequired });

    const broken = await h.request(APPLY, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="first_name"\r\n\r\nLara',
    });
    expect(broken.status).toBe(400);
    expect(isFailureEnvelope(await broken.json())).toBe(true);

    const noBoundary = await h.request(APPLY, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: 'hello',
    });
    expect(noBoundary.status).toBe(400);

    const before = await storedFiles(h);
    const extra = await apply(applicationFields(), { avatar: { bytes: fileWithMagic('png'), name: 'me.png' } });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual({ avatar: [fieldMessages.unknownField] });
    expect(await storedFiles(h)).toEqual(before);
  });
});

describe.each(databases)('application limits (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, {
      env: { RATE_LIMIT_APPLY_PER_CLIENT: '2', MAX_UPLOAD_MB: '1', TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => h.close());

  it('limits applications per client address', async () => {
    const headers = { 'X-Forwarded-For': '198.51.100.7' };
    for (let i = 0; i < 2; i++) {
      expect((await h.upload(APPLY, formOf(applicationFields()), { headers })).status).toBe(201);
    }
    const third = await h.upload(APPLY, formOf(applicationFields()), { headers });
    expect(third.status).toBe(429);
    expect(third.body).toEqual({ message: serverMessages.tooManyRequests });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect(
      (await h.upload(APPLY, formOf(applicationFields()), { headers: { 'X-Forwarded-For': '198.51.100.8' } })).status,
    ).toBe(201);
  });

  it('refuses a sample over MAX_UPLOAD_MB with 413 on the field and keeps nothing', async () => {
    const fields = applicationFields();
    const big = Buffer.concat([wavBytes(), Buffer.alloc(1024 * 1024)]);
    const answer = await h.upload(APPLY, formOf(fields, { sample: { bytes: big, name: 'big.wav' } }), {
      headers: { 'X-Forwarded-For': '198.51.100.20' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      message: fileTooLargeFor(1024 * 1024),
      errors: { sample: [fileTooLargeFor(1024 * 1024)] },
    });
    expect(await storedFiles(h)).toEqual([]);
    expect(await findUserByEmail(h.database.db, 'artist', fields.email as string)).toBeUndefined();
  });

  it('accepts a sample of exactly MAX_UPLOAD_MB', async () => {
    const wav = wavBytes();
    const bytes = Buffer.concat([wav, Buffer.alloc(1024 * 1024 - wav.length)]);
    const answer = await h.upload(APPLY, formOf(applicationFields(), { sample: { bytes, name: 'ok.wav' } }), {
      headers: { 'X-Forwarded-For': '198.51.100.21' },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(await storedFiles(h)).toHaveLength(1);
  });
});
