import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../contracts/format';
import { PASSWORD_CHANGED_SUBJECT } from '../../server/auth/password-reset.mail';
import { templateOf } from '../../server/mail/templates';
import { findLink, latestMailTo, readOutbox } from '../../server/services/mail';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

// Every password change (account settings) and reset (mailed link), in every area, mails the account:
// when it happened, and what to do if it was not them (a reset link of their area, the support address).

const OLD = 'OldPassw0rd';
const NEW = 'NewSecret99';

describe.each(databases)('the password-changed mail (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const changedMailsTo = async (email: string) =>
    (await readOutbox(h.outboxDir)).filter((m) => m.to.includes(email) && m.subject === PASSWORD_CHANGED_SUBJECT);

  async function expectChangedMail(email: string, resetPath: string, how: string) {
    await h.mailer.flush();
    const mails = await changedMailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as NonNullable<(typeof mails)[0]>;
    expect(mail.text).toContain(formatDateTime(h.clock.now(), { zone: true }));
    expect(mail.text).toContain(how);
    expect(mail.text).toContain(h.config.supportEmail);
    expect(findLink(mail)).toBe(`http://labsongs.test${resetPath}`);
    // Essential: no unsubscribe footer.
    expect(mail.text.toLowerCase()).not.toContain('unsubscribe');
  }

  it('is essential: no category, so it cannot be turned off', () => {
    expect(templateOf('password_changed')?.category).toBeNull();
  });

  it("mails a customer after they change their password in the account's settings", async () => {
    const email = uniqueEmail('change-user');
    await h.createAccount({ type: 'user', email, password: OLD, first_name: 'Maria' });
    const token = await h.login('user', email, OLD);
    const refused = await h.call(
      'PATCH',
      '/api/v1/user/profile/password',
      { current_password: 'Wrong1234', password: NEW, password_confirmation: NEW },
      { token },
    );
    expect(refused.status).toBe(422);
    await h.mailer.flush();
    expect(await changedMailsTo(email)).toHaveLength(0);

    const answer = await h.call(
      'PATCH',
      '/api/v1/user/profile/password',
      { current_password: OLD, password: NEW, password_confirmation: NEW },
      { token },
    );
    expect(answer.status, answer.text).toBe(200);
    await expectChangedMail(email, '/reset-password', 'from your account settings');
    expect((await latestMailTo(h.outboxDir, email))?.text).toContain('Hello Maria');
  });

  it('mails an artist after they change their password', async () => {
    const email = uniqueEmail('change-artist');
    await h.createAccount({ type: 'artist', email, password: OLD, app_status: 'approved' });
    const token = await h.login('artist', email, OLD);
    const answer = await h.call(
      'PATCH',
      '/api/v1/artist/profile/password',
      { current_password: OLD, password: NEW, password_confirmation: NEW },
      { token },
    );
    expect(answer.status, answer.text).toBe(200);
    await expectChangedMail(email, '/artist/reset-password', 'from your account settings');
  });

  it.each([
    ['user', '/reset-password'],
    ['artist', '/artist/reset-password'],
    ['admin', '/admin/reset-password'],
  ] as const)('mails a %s after a reset with a mailed link, once', async (area, resetPath) => {
    const email = uniqueEmail(`reset-${area}`);
    await h.createAccount({
      type: area,
      email,
      password: OLD,
      ...(area === 'artist' ? { app_status: 'approved' as const } : {}),
    });
    expect((await h.call('POST', `/api/v1/${area}/password/forgot`, { email })).status).toBe(200);
    await h.mailer.flush();
    const resetMail = await latestMailTo(h.outboxDir, email);
    const token = new URL(findLink(resetMail as NonNullable<typeof resetMail>) ?? '').searchParams.get('token');
    const body = { token, email, password: NEW, password_confirmation: NEW };
    expect((await h.call('PATCH', `/api/v1/${area}/password/reset`, body)).status).toBe(200);
    // The used link again: refused, and no second mail.
    expect((await h.call('PATCH', `/api/v1/${area}/password/reset`, body)).status).toBe(422);
    await expectChangedMail(email, resetPath, 'with a password reset link');
  });
});
