import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specMessages } from '../../contracts/messages';
import { serverMessages } from '../../contracts/server-messages';
import { RESET_SUBJECT } from '../../server/auth/password-reset.mail';
import { findLink, latestMailTo, readOutbox } from '../../server/services/mail';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

const FORGOT = (area: string) => `/api/v1/${area}/password/forgot`;
const RESET = (area: string) => `/api/v1/${area}/password/reset`;

describe.each(databases)('forgot and reset password (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  async function requestLink(area: string, email: string): Promise<{ token: string; link: URL }> {
    const answer = await h.call('POST', FORGOT(area), { email });
    expect(answer.status).toBe(200);
    await h.mailer.flush();
    const mail = await latestMailTo(h.outboxDir, email);
    if (!mail) throw new Error(`no mail to ${email}`);
    const link = new URL(findLink(mail) ?? '');
    return { token: link.searchParams.get('token') ?? '', link };
  }

  const reset = (area: string, body: Record<string, unknown>) => h.call('PATCH', RESET(area), body);

  it('answers the same for an existing and an unknown email, and mails only the existing one', async () => {
    const email = uniqueEmail('forgot');
    await h.createAccount({ type: 'user', email, password: 'OldPassw0rd', first_name: 'Maria' });
    const before = (await readOutbox(h.outboxDir)).length;

    const known = await h.call('POST', FORGOT('user'), { email: email.toUpperCase() });
    const unknown = await h.call('POST', FORGOT('user'), { email: uniqueEmail('nobody') });
    await h.mailer.flush();
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ message: serverMessages.forgotSent, data: null });
    expect(unknown.body).toEqual(known.body);

    const files = (await readdir(h.outboxDir)).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBe(before + 1);
    const mail = await latestMailTo(h.outboxDir, email);
    expect(mail?.subject).toBe(RESET_SUBJECT);
    expect(mail?.to).toEqual([email]);
    expect(mail?.text).toContain('Hello Maria');
    const link = new URL(findLink(mail as NonNullable<typeof mail>) ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://labsongs.test/reset-password');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.html).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);
  });

  it('validates the forgot body with the product messages', async () => {
    const empty = await h.call('POST', FORGOT('user'), { email: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ email: [specMessages.emailRequired] });
    const bad = await h.call('POST', FORGOT('user'), { email: 'not an email' });
    expect(bad.body.errors).toEqual({ email: [specMessages.emailInvalid] });
  });

  it('stores only a hash of the token, valid 60 minutes', async () => {
    const email = uniqueEmail('hash');
    const user = await h.createAccount({ type: 'user', email, password: 'OldPassw0rd' });
    const { token } = await requestLink('user', email);
    const rows = await h.database.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
    expect(new Date(rows[0]?.expires_at ?? 0).getTime() - h.clock.now().getTime()).toBe(60 * 60_000);
  });

  it('resets once with the mailed token; new password works, old fails, old tokens stop working', async () => {
    const email = uniqueEmail('reset');
    await h.createAccount({ type: 'user', email, password: 'OldPassw0rd' });
    const oldToken = await h.login('user', email, 'OldPassw0rd', true);
    const { token } = await requestLink('user', email);

    const body = { token, email, password: 'NewPassw0rd', password_confirmation: 'NewPassw0rd' };
    const answer = await reset('user', body);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: serverMessages.resetDone, data: null });

    const again = await reset('user', { ...body, password: 'Third0ne1', password_confirmation: 'Third0ne1' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      message: serverMessages.resetInvalid,
      errors: { token: [serverMessages.resetInvalid] },
    });

    expect((await h.call('POST', '/api/v1/user/auth/login', { email, password: 'NewPassw0rd' })).status).toBe(200);
    expect((await h.call('POST', '/api/v1/user/auth/login', { email, password: 'OldPassw0rd' })).status).toBe(422);
    expect((await h.call('GET', '/api/v1/user/auth/me', undefined, { token: oldToken })).status).toBe(401);
    expect((await h.call('POST', '/api/v1/user/auth/refresh', undefined, { token: oldToken })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const email = uniqueEmail('expired');
    await h.createAccount({ type: 'user', email, password: 'OldPassw0rd' });
    const { token } = await requestLink('user', email);
    h.clock.advance(60 * 60_000 + 1000);
    const answer = await reset('user', { token, email, password: 'NewPassw0rd', password_confirmation: 'NewPassw0rd' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ token: [serverMessages.resetInvalid] });
    expect((await h.call('POST', '/api/v1/user/auth/login', { email, password: 'OldPassw0rd' })).status).toBe(200);
  });

  it('refuses a made-up token, another email, another area, and an earlier link once a newer one is sent', async () => {
    const email = uniqueEmail('mismatch');
    await h.createAccount({ type: 'user', email, password: 'OldPassw0rd' });
    const first = await requestLink('user', email);
    const second = await requestLink('user', email);
    const body = (token: string, to = email) => ({
      token,
      email: to,
      password: 'NewPassw0rd',
      password_confirmation: 'NewPassw0rd',
    });

    for (const [area, payload] of [
      ['user', body('made-up-token')],
      ['user', body(second.token, uniqueEmail('other'))],
      ['artist', body(second.token)],
      ['user', body(first.token)],
    ] as const) {
      const answer = await reset(area, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(422);
      expect(answer.body.errors.token).toEqual([serverMessages.resetInvalid]);
    }
    expect((await reset('user', body(second.token))).status).toBe(200);
  });

  it('validates the reset body: missing token, weak password, mismatch', async () => {
    const answer = await reset('user', { email: 'a@example.com', password: 'short', password_confirmation: 'other' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.token).toBeDefined();
    expect(answer.body.errors.password).toBeDefined();
    const mismatch = await reset('user', {
      token: 'x',
      email: 'a@example.com',
      password: 'Secret123',
      password_confirmation: 'Secret124',
    });
    expect(mismatch.body.errors).toEqual({ password_confirmation: [specMessages.passwordsDoNotMatch] });
  });

  it('mails artists a link to the artist reset page and resets only on the artist area', async () => {
    const email = uniqueEmail('artist-reset');
    await h.createAccount({ type: 'artist', email, password: 'OldPassw0rd' });
    const { token, link } = await requestLink('artist', email);
    expect(link.pathname).toBe('/artist/reset-password');
    const body = { token, email, password: 'NewPassw0rd', password_confirmation: 'NewPassw0rd' };
    expect((await reset('user', body)).status).toBe(422);
    expect((await reset('artist', body)).status).toBe(200);
    expect((await h.call('POST', '/api/v1/artist/auth/login', { email, password: 'NewPassw0rd' })).status).toBe(200);
  });

  it('does not mail the customer when the artist area is asked for a customer email', async () => {
    const email = uniqueEmail('only-customer');
    await h.createAccount({ type: 'user', email, password: 'OldPassw0rd' });
    const answer = await h.call('POST', FORGOT('artist'), { email });
    await h.mailer.flush();
    expect(answer.status).toBe(200);
    expect(await latestMailTo(h.outboxDir, email)).toBeUndefined();
  });
});
