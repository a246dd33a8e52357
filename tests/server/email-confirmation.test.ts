import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_LINK_VALID_DAYS, emailConfirmationMessages as messages } from '../../contracts/email-confirmation';
import { serverMessages } from '../../contracts/server-messages';
import { CONFIRM_EMAIL_SUBJECT, WELCOME_SUBJECT } from '../../server/auth/welcome.mail';
import { migrationProvider } from '../../server/db/migrations';
import { templateOf } from '../../server/mail/templates';
import { findLink, readOutbox } from '../../server/services/mail';
import { pruneExpired } from '../../server/services/maintenance';
import { findUserByEmail } from '../../server/users/users.repository';
import { createHarness, databases, type Harness, registration, uniqueEmail } from './harness';

// Sign-up signs the customer in and mails a welcome whose link confirms the address (single use,
// expiring, stored hashed); the account can ask for the link again, a few times an hour.

const U = '/api/v1/user';
const DAY_MS = 86_400_000;

describe.each(databases)('the welcome mail and email confirmation (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, {
      env: { RATE_LIMIT_REGISTER_PER_CLIENT: '1000', RATE_LIMIT_FORGOT_PER_ACCOUNT: '2' },
    });
  });
  afterAll(() => h.close());

  const mailsTo = async (email: string, subject: string) => {
    await h.mailer.flush();
    return (await readOutbox(h.outboxDir)).filter((m) => m.to.includes(email) && m.subject === subject);
  };
  /** The token of the latest mail of that subject to `email`. */
  const mailedToken = async (email: string, subject = WELCOME_SUBJECT) => {
    const mail = (await mailsTo(email, subject)).at(-1);
    const link = mail && findLink(mail, '/confirm-email');
    expect(link, `no ${subject} link to ${email}`).toBeDefined();
    return new URL(link as string).searchParams.get('token') as string;
  };
  const signUp = async (overrides: Record<string, unknown> = {}) => {
    const email = uniqueEmail('welcome');
    const answer = await h.call(
      'POST',
      `${U}/auth/register`,
      registration({ email, first_name: 'Lola', ...overrides }),
    );
    expect(answer.status, answer.text).toBe(201);
    return { email, token: answer.body.data.token as string };
  };
  const confirm = (token: unknown) => h.call('POST', `${U}/email-confirmation/confirm`, { token });

  it('mails a welcome on sign-up: the first name, what to do next, and a link to confirm the address', async () => {
    const { email, token } = await signUp();
    const mails = await mailsTo(email, WELCOME_SUBJECT);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as NonNullable<(typeof mails)[0]>;
    expect(mail.text).toContain('Welcome to Labsongs, Lola!');
    expect(mail.text).toContain('Order a song: http://labsongs.test/order');
    expect(mail.text).toContain(`expires in ${CONFIRM_LINK_VALID_DAYS} days`);
    expect(findLink(mail, '/confirm-email')).toMatch(/^http:\/\/labsongs\.test\/confirm-email\?token=[\w-]{40,}$/);
    // Essential (no unsubscribe), and the token is stored only as a hash.
    expect(templateOf('welcome')?.category).toBeNull();
    const row = await findUserByEmail(h.database.db, 'user', email);
    const links = await h.database.db
      .selectFrom('email_confirmations')
      .selectAll()
      .where('user_id', '=', row?.id ?? 0)
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(links[0]?.token_hash).not.toBe(await mailedToken(email));
    // Not confirmed yet, and nothing waits for it: the account is signed in.
    const state = await h.call('GET', `${U}/email-confirmation`, undefined, { token });
    expect(state.status).toBe(200);
    expect(state.body.data).toEqual({ email, confirmed_at: null });
  });

  it('confirms with the link once, a second time says it was used; an expired or a garbage link is a clear 422 under token', async () => {
    const { email, token: session } = await signUp();
    const link = await mailedToken(email);

    const ok = await confirm(link);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.message).toBe(messages.confirmed);
    expect(ok.body.data).toEqual({ email, confirmed_at: h.clock.now().toISOString() });
    const state = await h.call('GET', `${U}/email-confirmation`, undefined, { token: session });
    expect(state.body.data.confirmed_at).toBe(h.clock.now().toISOString());

    // Used already: not an error, the address is confirmed (the second click on the mail).
    const twice = await confirm(link);
    expect(twice.status, twice.text).toBe(200);
    expect(twice.body.message).toBe(messages.linkUsed);
    expect(twice.body.data).toEqual({ email, confirmed_at: h.clock.now().toISOString() });

    const garbage = await confirm('not-a-token');
    expect(garbage.status).toBe(422);
    expect(garbage.body.errors).toEqual({ token: [messages.linkInvalid] });

    const empty = await confirm('');
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe(serverMessages.validationFailed);
    expect(Object.keys(empty.body.errors)).toEqual(['token']);
    const wrongType = await confirm(42);
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors.token).toEqual(empty.body.errors.token);
  });

  it('refuses a link past its days, and a new link replaces the earlier one', async () => {
    const { email, token: session } = await signUp();
    const first = await mailedToken(email);
    h.clock.advance(CONFIRM_LINK_VALID_DAYS * DAY_MS + 1000);
    const expired = await confirm(first);
    expect(expired.status).toBe(422);
    expect(expired.body.errors).toEqual({ token: [messages.linkExpired] });

    const again = await h.call('POST', `${U}/email-confirmation/resend`, undefined, { token: await relogin(email) });
    expect(again.status, again.text).toBe(200);
    expect(again.body.message).toBe(messages.linkSent(email));
    const second = await mailedToken(email, CONFIRM_EMAIL_SUBJECT);
    expect(second).not.toBe(first);
    expect((await confirm(first)).body.errors).toEqual({ token: [messages.linkInvalid] });
    expect((await confirm(second)).status).toBe(200);
    // Once confirmed there is nothing to send.
    const done = await h.call('POST', `${U}/email-confirmation/resend`, undefined, { token: await relogin(email) });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(messages.alreadyConfirmed);
    expect(session).toBeTruthy();
  });

  /** The session of sign-up ended with the clock moved past it: log in again. */
  const relogin = (email: string) => h.login('user', email, 'Secret123');

  it('sends the link again only to the signed-in account, a few times an hour', async () => {
    const { email, token } = await signUp();
    expect((await h.call('POST', `${U}/email-confirmation/resend`)).status).toBe(401);
    expect((await h.call('GET', `${U}/email-confirmation`)).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      expect((await h.call('POST', `${U}/email-confirmation/resend`, undefined, { token })).status).toBe(200);
    }
    const limited = await h.call('POST', `${U}/email-confirmation/resend`, undefined, { token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await mailsTo(email, CONFIRM_EMAIL_SUBJECT)).toHaveLength(2);
  });

  it('does not confirm a deactivated account, and old links are pruned', async () => {
    const { email } = await signUp();
    const link = await mailedToken(email);
    const row = await findUserByEmail(h.database.db, 'user', email);
    await h.database.db
      .updateTable('users')
      .set({ deactivated_at: h.clock.now().toISOString() })
      .where('id', '=', row?.id ?? 0)
      .execute();
    expect((await confirm(link)).body.errors).toEqual({ token: [messages.linkInvalid] });

    const count = async () =>
      (
        await h.database.db
          .selectFrom('email_confirmations')
          .select('id')
          .where('user_id', '=', row?.id ?? 0)
          .execute()
      ).length;
    expect(await count()).toBe(1);
    h.clock.advance((CONFIRM_LINK_VALID_DAYS + 2) * DAY_MS);
    await pruneExpired(h.database.db, h.clock);
    expect(await count()).toBe(0);
  });
});

describe.each(databases)('migration 0024-email-confirmations (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind, { migrate: false });
  });
  afterAll(() => h.close());

  it('goes down and up again: the table and users.email_confirmed_at come and go', async () => {
    const migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    const migrateTo = async (name: string) => {
      const { error } = await migrator.migrateTo(name);
      if (error) throw error;
    };
    const db = h.database.db as unknown as Kysely<any>;
    const hasColumn = async () => {
      try {
        await db.selectFrom('users').select('email_confirmed_at').limit(1).execute();
        return true;
      } catch {
        return false;
      }
    };
    await migrateTo('0024-email-confirmations');
    expect(await hasColumn()).toBe(true);
    await migrateTo('0023-support-requests');
    expect(await hasColumn()).toBe(false);
    await expect(db.selectFrom('email_confirmations').select('id').execute()).rejects.toThrow();
    await migrateTo('0024-email-confirmations');
    expect(await hasColumn()).toBe(true);
    expect(await db.selectFrom('email_confirmations').select('id').execute()).toEqual([]);
  });
});
