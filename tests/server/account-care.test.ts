import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountCareMessages } from '../../contracts/account-care';
import { artistMessages } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import { migrationProvider } from '../../server/db/migrations';
import { templateOf } from '../../server/mail/templates';
import { holderMatchesLegalName } from '../../server/users/legal-name';
import { ARTIST_PASSWORD, type ArtistAccount, bankBody } from './artist-fixtures';
import { createHarness, databases, type Harness, registration } from './harness';
import { A, ADMIN, paidOrder, renewArtist, type SignedIn, signedIn, submitRecording, U } from './lifecycle-fixtures';
import { moneyInvariantBreaks } from './support/money-invariant';

// Accounts with care (issue 25): a payout account change needs the password, is mailed, dated,
// alerted and flagged on the admin's payouts; a holder name that is not the artist's holds payouts
// until an admin approves it; deactivation needs the password, is mailed and can be undone by signing
// in for 30 days, after which the email is free; suspension and reactivation are mailed with the reason.

const DAY = 24 * 60 * 60 * 1000;
const CUSTOMER_PASSWORD = 'Customer123!';

describe('the holder name rule', () => {
  const legal = { first_name: 'Ana Marie', middle_name: 'Santos', last_name: 'Dela Cruz' };
  it.each([
    ['Ana Dela Cruz', true],
    ['ANA MARIE DE LA CRUZ', true],
    ['Dela Cruz, Ana S.', true],
    ['Ána  Délacruz', true],
    ['Ana Santos Dela Cruz Jr.', true],
    ['Someone Else', false],
    ['Marie Dela Cruz', false],
    ['Ana Reyes', false],
    ['Ana Dela Cruz Reyes', false],
    ['', false],
  ])('%s → %s', (holder, expected) => expect(holderMatchesLegalName(holder, legal)).toBe(expected));
});

describe.each(databases)('accounts with care (%s)', (kind) => {
  let h: Harness;
  let admin: SignedIn;

  beforeAll(async () => {
    h = await createHarness(kind);
    admin = await signedIn(h, 'admin');
  });
  // The tests move the clock by weeks: the admin signs in again at each test's time.
  beforeEach(() => admin.renew());
  afterAll(() => h.close());

  const outbox = (kind: string, userId?: number) => {
    let q = h.database.db.selectFrom('mail_outbox').selectAll().where('kind', '=', kind);
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    return q.orderBy('id').execute();
  };
  /** The mail as it would be sent, rendered from its payload. */
  const rendered = (row: { kind: string; payload: string }) => {
    const payload = JSON.parse(row.payload) as { first_name: string; data: unknown };
    const content = templateOf(row.kind)?.render(payload.data, { publicUrl: 'http://labsongs.test', firstName: 'X' });
    return JSON.stringify(content);
  };
  const payoutRow = (artistId: number) =>
    h.database.db.selectFrom('artist_payouts').selectAll().where('user_id', '=', artistId).executeTakeFirstOrThrow();
  const legalName = async (artistId: number) => {
    const u = await h.database.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('id', '=', artistId)
      .executeTakeFirstOrThrow();
    return `${u.first_name} ${u.last_name}`;
  };

  /** A completed order of the artist (a pending payout), as the other money tests make one. */
  async function completedOrder() {
    const paid = await paidOrder(h, 1);
    const artist = paid.artists[0] as ArtistAccount;
    expect((await h.call('POST', `${A}/orders/${paid.id}/accept`, undefined, artist)).status).toBe(200);
    await submitRecording(h, artist.token, paid.id);
    expect((await h.call('POST', `${ADMIN}/orders/${paid.id}/validate`, undefined, admin)).status).toBe(200);
    expect((await h.call('POST', `${U}/orders/${paid.id}/accept`, undefined, paid.customer)).status).toBe(200);
    const payout = await h.database.db
      .selectFrom('payouts')
      .selectAll()
      .where('order_id', '=', paid.id)
      .executeTakeFirstOrThrow();
    return { ...paid, artist, payout };
  }
  const pendingPayout = async (payoutId: number) => {
    const list = await h.call('GET', `${ADMIN}/payouts?status=pending&limit=50`, undefined, admin);
    expect(list.status, list.text).toBe(200);
    return list.body.data.items.find((p: { id: number }) => p.id === payoutId);
  };

  describe('changing the payout account', () => {
    it('needs the password, mails the artist, dates the change, alerts admins and flags the pending payout', async () => {
      const order = await completedOrder();
      const { artist } = order;
      const name = await legalName(artist.id);
      // The first account needs no password and is no change.
      const first = await h.call('PATCH', `${A}/profile/bank`, bankBody({ account_name: name }), artist);
      expect(first.status, first.text).toBe(200);
      expect((await payoutRow(artist.id)).changed_at).toBeNull();
      expect(await outbox('payout_account_changed', artist.id)).toEqual([]);
      // Saving the same account again changes nothing and needs no password.
      const again = await h.call('PATCH', `${A}/profile/bank`, bankBody({ account_name: name }), artist);
      expect(again.status, again.text).toBe(200);
      expect((await payoutRow(artist.id)).changed_at).toBeNull();

      const change = bankBody({ account_name: name, bank_name: 'GCash', account_number: '09171234567' });
      const without = await h.call('PATCH', `${A}/profile/bank`, change, artist);
      expect(without.status, without.text).toBe(422);
      expect(without.body.errors.current_password).toEqual([accountCareMessages.currentPasswordRequired]);
      const wrong = await h.call('PATCH', `${A}/profile/bank`, { ...change, current_password: 'Wrong123!' }, artist);
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.current_password).toEqual([artistMessages.currentPasswordWrong]);
      expect((await payoutRow(artist.id)).account_last4).toBe('7890');

      const changedAt = h.clock.now().toISOString();
      const ok = await h.call('PATCH', `${A}/profile/bank`, { ...change, current_password: ARTIST_PASSWORD }, artist);
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.message).toBe(accountCareMessages.payoutChanged);
      expect(ok.body.data.payout).toMatchObject({ account_number_masked: '•••• 4567', holder_review: null });
      const row = await payoutRow(artist.id);
      expect(row).toMatchObject({ changed_at: changedAt, holder_review: null, account_last4: '4567' });

      const mails = await outbox('payout_account_changed', artist.id);
      expect(mails).toHaveLength(1);
      const text = rendered(mails[0] as { kind: string; payload: string });
      expect(text).toContain('Your payout account was changed');
      expect(text).toContain('•••• 4567');
      expect(text).toContain('If this was not you');
      expect(text).not.toContain('09171234567');

      const alerts = await h.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', admin.id)
        .where('type', '=', 'payout_account_changed')
        .execute();
      expect(alerts).toHaveLength(1);
      const digest = await outbox('admin_payout_account_changed', admin.id);
      expect(digest).toHaveLength(1);
      expect(digest[0]?.payload).toContain('•••• 4567');

      expect(await pendingPayout(order.payout.id)).toMatchObject({
        payout_details: { bank_name: 'GCash', account_last4: '4567', changed_at: changedAt, recently_changed: true },
      });
      h.clock.advance(8 * DAY);
      await admin.renew();
      expect((await pendingPayout(order.payout.id)).payout_details.recently_changed).toBe(false);
      // Nothing held it: the payout can be paid, and the money adds up.
      const paid = await h.call('POST', `${ADMIN}/payouts/${order.payout.id}/mark-paid`, { reference: 'T1' }, admin);
      expect(paid.status, paid.text).toBe(200);
      expect(await moneyInvariantBreaks(h, [order.id])).toEqual([]);
    });

    it('a holder name that is not the artist holds mark-paid until an admin approves it', async () => {
      const order = await completedOrder();
      const { artist } = order;
      await renewArtist(h, artist);
      const first = await h.call(
        'PATCH',
        `${A}/profile/bank`,
        bankBody({ account_name: await legalName(artist.id) }),
        artist,
      );
      expect(first.status, first.text).toBe(200);
      const body = {
        ...bankBody({ account_name: 'Someone Else', account_number: '5555 6666 7777' }),
        current_password: ARTIST_PASSWORD,
      };
      const saved = await h.call('PATCH', `${A}/profile/bank`, body, artist);
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.message).toBe(accountCareMessages.payoutChangedHeld);
      expect((await payoutRow(artist.id)).holder_review).toBe('pending');
      expect(await pendingPayout(order.payout.id)).toMatchObject({
        payout_details: { account_name: 'Someone Else', holder_review: 'pending', recently_changed: true },
      });

      const refused = await h.call('POST', `${ADMIN}/payouts/${order.payout.id}/mark-paid`, { reference: '' }, admin);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.message).toBe(accountCareMessages.payoutHolderPending);
      // The whole-artist mark-paid of the operations home holds it too.
      const all = await h.call(
        'POST',
        `${ADMIN}/artists/${artist.user_id}/payouts/mark-paid`,
        { reference: '' },
        admin,
      );
      expect(all.status, all.text).toBe(409);
      expect(
        (
          await h.database.db
            .selectFrom('payouts')
            .select('status')
            .where('id', '=', order.payout.id)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe('pending');

      // Only an admin decides.
      const path = `${ADMIN}/artists/${artist.user_id}/payout-account`;
      expect((await h.call('POST', `${path}/approve`, { reason: '' }, artist)).status).toBe(401);
      expect(
        (await h.call('POST', `${ADMIN}/artists/nobody1234/payout-account/approve`, { reason: '' }, admin)).status,
      ).toBe(404);
      const approved = await h.call('POST', `${path}/approve`, { reason: 'Checked with the artist by phone' }, admin);
      expect(approved.status, approved.text).toBe(200);
      expect(approved.body.data).toEqual({ artist_id: artist.user_id, holder_review: 'approved' });
      expect((await h.call('POST', `${path}/approve`, { reason: '' }, admin)).status).toBe(409);
      expect(await payoutRow(artist.id)).toMatchObject({ holder_review: 'approved', holder_reviewed_by: admin.id });

      const paid = await h.call('POST', `${ADMIN}/payouts/${order.payout.id}/mark-paid`, { reference: 'T2' }, admin);
      expect(paid.status, paid.text).toBe(200);
      expect(await moneyInvariantBreaks(h, [order.id])).toEqual([]);
    });

    it('a rejected account stays held and the artist is mailed to enter their own', async () => {
      const order = await completedOrder();
      const { artist } = order;
      // A first account in another name is held as well (and admins are told).
      const saved = await h.call('PATCH', `${A}/profile/bank`, bankBody({ account_name: 'Juan Tamad' }), artist);
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.message).toBe(accountCareMessages.payoutSavedHeld);
      const reason = { reason: 'The account is not in your name.' };
      const tooLong = await h.call(
        'POST',
        `${ADMIN}/artists/${artist.user_id}/payout-account/reject`,
        { reason: 'x'.repeat(501) },
        admin,
      );
      expect(tooLong.status).toBe(422);
      expect(tooLong.body.errors.reason).toBeDefined();
      const rejected = await h.call('POST', `${ADMIN}/artists/${artist.user_id}/payout-account/reject`, reason, admin);
      expect(rejected.status, rejected.text).toBe(200);
      const refused = await h.call('POST', `${ADMIN}/payouts/${order.payout.id}/mark-paid`, { reference: '' }, admin);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(accountCareMessages.payoutHolderRejected);
      const mails = await outbox('payout_account_rejected', artist.id);
      expect(mails).toHaveLength(1);
      expect(rendered(mails[0] as { kind: string; payload: string })).toContain('The account is not in your name.');
      // An account in their own name replaces it (with the password) and can be paid.
      const own = {
        ...bankBody({ account_name: await legalName(artist.id), account_number: '123123123' }),
        current_password: ARTIST_PASSWORD,
      };
      expect((await h.call('PATCH', `${A}/profile/bank`, own, artist)).status).toBe(200);
      expect((await payoutRow(artist.id)).holder_review).toBeNull();
      expect(
        (await h.call('POST', `${ADMIN}/payouts/${order.payout.id}/mark-paid`, { reference: '' }, admin)).status,
      ).toBe(200);
    });
  });

  describe('deactivation with care', () => {
    async function customerWithOrder() {
      const paid = await paidOrder(h, 1);
      const email = (
        await h.database.db
          .selectFrom('users')
          .select('email')
          .where('id', '=', paid.customer.id)
          .executeTakeFirstOrThrow()
      ).email;
      return { ...paid, email };
    }

    it('a customer needs the password, is mailed, keeps paid orders going, restores by signing in within 30 days', async () => {
      const order = await customerWithOrder();
      const { customer, email } = order;
      const preview = await h.call('GET', `${U}/profile/deactivation`, undefined, customer);
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body.data.orders.map((o: { reference: string }) => o.reference)).toEqual([order.reference]);
      expect(preview.body.data.earnings_owed_centavos).toBeNull();

      const missing = await h.call('PATCH', `${U}/profile/deactivate`, {}, customer);
      expect(missing.status).toBe(422);
      expect(missing.body.errors.current_password).toEqual([fieldMessages.passwordRequired]);
      const wrong = await h.call('PATCH', `${U}/profile/deactivate`, { current_password: 'Nope1234!' }, customer);
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.current_password).toEqual([artistMessages.currentPasswordWrong]);

      const deactivatedAt = h.clock.now();
      const done = await h.call('PATCH', `${U}/profile/deactivate`, { current_password: CUSTOMER_PASSWORD }, customer);
      expect(done.status, done.text).toBe(200);
      expect(done.body.message).toContain('Sign in before');
      expect((await h.call('GET', `${U}/profile`, undefined, customer)).status).toBe(401);
      const mails = await outbox('account_deactivated', customer.id);
      expect(mails).toHaveLength(1);
      const text = rendered(mails[0] as { kind: string; payload: string });
      expect(text).toContain(order.reference);
      expect(text).toContain('Sign in before');

      // The paid order goes on: the artist accepts it and the customer is still mailed.
      const artist = order.artists[0] as ArtistAccount;
      expect((await h.call('POST', `${A}/orders/${order.id}/accept`, undefined, artist)).status).toBe(200);
      expect(await outbox('artist_accepted', customer.id)).toHaveLength(1);

      // The email cannot be registered while the account can be restored.
      const again = await h.call('POST', '/api/v1/user/auth/register', registration({ email }));
      expect(again.status).toBe(422);
      expect(again.body.errors.email[0]).toContain('Sign in before');

      h.clock.set(deactivatedAt.getTime() + 29 * DAY);
      const restored = await h.call('POST', '/api/v1/user/auth/login', { email, password: CUSTOMER_PASSWORD });
      expect(restored.status, restored.text).toBe(200);
      expect(restored.body.message).toBe(accountCareMessages.accountRestored(restored.body.data.user.first_name));
      const user = await h.database.db
        .selectFrom('users')
        .select('deactivated_at')
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      expect(user.deactivated_at).toBeNull();
      expect(await moneyInvariantBreaks(h, [order.id])).toEqual([]);
    });

    it('after 30 days the sign-in is refused and the email can be registered again', async () => {
      const { customer, email } = await customerWithOrder();
      const deactivatedAt = h.clock.now();
      expect(
        (await h.call('PATCH', `${U}/profile/deactivate`, { current_password: CUSTOMER_PASSWORD }, customer)).status,
      ).toBe(200);
      h.clock.set(deactivatedAt.getTime() + 31 * DAY);
      const refused = await h.call('POST', '/api/v1/user/auth/login', { email, password: CUSTOMER_PASSWORD });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(serverMessages.accountDeactivated);
      const registered = await h.call('POST', '/api/v1/user/auth/register', registration({ email }));
      expect(registered.status, registered.text).toBe(201);
      const old = await h.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', customer.id)
        .executeTakeFirstOrThrow();
      expect(old.released_email).toBe(email);
      expect(old.email).not.toBe(email);
      const fresh = await h.call('POST', '/api/v1/user/auth/login', {
        email,
        password: registration().password,
      });
      expect(fresh.status, fresh.text).toBe(200);
      expect(fresh.body.data.user.id).not.toBe(customer.id);
    });

    it('an artist needs the password; the mail and the question show the earnings still paid out', async () => {
      const order = await completedOrder();
      const { artist } = order;
      const earning = order.payout.amount_centavos;
      const preview = await h.call('GET', `${A}/profile/deactivation`, undefined, artist);
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body.data.earnings_owed_centavos).toBe(earning);
      expect((await h.call('PATCH', `${A}/profile/deactivate`, {}, artist)).status).toBe(422);
      const done = await h.call('PATCH', `${A}/profile/deactivate`, { current_password: ARTIST_PASSWORD }, artist);
      expect(done.status, done.text).toBe(200);
      const mails = await outbox('account_deactivated', artist.id);
      expect(mails).toHaveLength(1);
      expect(rendered(mails[0] as { kind: string; payload: string })).toContain(
        `₱${(earning / 100).toLocaleString('en-PH')}`,
      );
      // Earnings are still paid out, and the payout mail still reaches them.
      expect(
        (await h.call('POST', `${ADMIN}/payouts/${order.payout.id}/mark-paid`, { reference: '' }, admin)).status,
      ).toBe(200);
      expect(await outbox('payout_paid', artist.id)).toHaveLength(1);
      // Signing in restores them, offline.
      const login = await h.call('POST', '/api/v1/artist/auth/login', {
        email: artist.email,
        password: ARTIST_PASSWORD,
      });
      expect(login.status, login.text).toBe(200);
      expect(login.body.data.user.is_online).toBe(0);
      expect(await moneyInvariantBreaks(h, [order.id])).toEqual([]);
    });
  });

  describe('suspension and reactivation', () => {
    it('are mailed with the reason; the reactivation says the artist is offline until they go online', async () => {
      const { artists } = await paidOrder(h, 1);
      const artist = artists[0] as ArtistAccount;
      const suspend = await h.call(
        'POST',
        `${ADMIN}/artists/${artist.user_id}/suspend`,
        { reason: 'Missed three deadlines in a row' },
        admin,
      );
      expect(suspend.status, suspend.text).toBe(200);
      const suspended = await outbox('artist_suspended', artist.id);
      expect(suspended).toHaveLength(1);
      expect(rendered(suspended[0] as { kind: string; payload: string })).toContain('Missed three deadlines in a row');

      const back = await h.call(
        'POST',
        `${ADMIN}/artists/${artist.user_id}/reactivate`,
        { reason: 'Talked it through, fresh start' },
        admin,
      );
      expect(back.status, back.text).toBe(200);
      const reactivated = await outbox('artist_reactivated', artist.id);
      expect(reactivated).toHaveLength(1);
      const text = rendered(reactivated[0] as { kind: string; payload: string });
      expect(text).toContain('Talked it through, fresh start');
      expect(text).toContain('offline until you go online again');
      const note = await h.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', artist.id)
        .where('type', '=', 'artist_reactivated')
        .executeTakeFirstOrThrow();
      expect(note.body).toContain('offline until you go online again');
    });
  });
});

describe.each(databases)('migration 0020-account-care (%s)', (kind) => {
  let h: Harness;
  let migrator: Migrator;
  const db = () => h.database.db as unknown as Kysely<any>;
  const migrateTo = async (name: string) => {
    const { error } = await migrator.migrateTo(name);
    if (error) throw error;
  };
  beforeAll(async () => {
    h = await createHarness(kind, { migrate: false });
    migrator = new Migrator({
      db: h.database.db,
      provider: migrationProvider(h.database.dialect),
      ...(h.database.schema ? { migrationTableSchema: h.database.schema } : {}),
    });
    await migrateTo('0019-operations');
  });
  afterAll(() => h.close());

  it('holds accounts on file in another name for a check, and comes down cleanly', async () => {
    const at = '2026-11-01T00:00:00.000Z';
    for (const [id, first, last, holder] of [
      [1, 'Ana', 'Reyes', 'ANA M. REYES'],
      [2, 'Migs', 'Cruz', 'Someone Else'],
    ] as const) {
      await db()
        .insertInto('users')
        .values({
          id,
          user_id: `u${id}xxxxxxxx`,
          type: 'artist',
          email: `a${id}@example.test`,
          first_name: first,
          last_name: last,
          password_hash: 'x',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await db()
        .insertInto('artist_payouts')
        .values({
          user_id: id,
          bank_name: 'BDO',
          account_name: holder,
          account_number_enc: 'x',
          account_last4: '1234',
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await migrateTo('0020-account-care');
    const reviews = await db()
      .selectFrom('artist_payouts')
      .select(['user_id', 'holder_review', 'changed_at'])
      .orderBy('user_id')
      .execute();
    expect(reviews).toEqual([
      { user_id: 1, holder_review: null, changed_at: null },
      { user_id: 2, holder_review: 'pending', changed_at: null },
    ]);
    await migrateTo('0019-operations');
    const columns = Object.keys(
      await db().selectFrom('artist_payouts').selectAll().where('user_id', '=', 1).executeTakeFirstOrThrow(),
    );
    expect(columns).not.toContain('holder_review');
    expect(columns).not.toContain('changed_at');
    await migrateTo('0020-account-care');
  });
});
