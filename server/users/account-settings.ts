import { type Kysely, sql, type Transaction } from 'kysely';
import type * as v from 'valibot';
import { restorableUntil } from '../../contracts/account-care';
import type { changePasswordSchema } from '../../contracts/artist';
import { artistMessages } from '../../contracts/artist';
import { serverMessages } from '../../contracts/server-messages';
import { enforceRate } from '../auth/auth.handlers';
import { enqueuePasswordChangedMail } from '../auth/password.handlers';
import { authRateRules } from '../auth/rate-rules';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, UserRow } from '../db/schema';
import { fieldError } from '../http/api-error';
import { enqueueMail } from '../mail/queue';
import { customerOpenOrders } from './account-restore';
import { updateUser } from './users.repository';

// Account settings every signed-in customer and artist has: change the password, deactivate.

type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

export interface PasswordChangeOptions<R extends { user: UserRow }> {
  /** The 422 message on `password` when the new password equals the current one. */
  samePasswordMessage: string;
  /** Runs in the password's transaction after the update; answers the account as it now is (and whatever else). */
  finish(trx: Transaction<DB>, userId: number, now: Date): Promise<R>;
}

/** `finish` for an account with nothing else to record: reads the updated row back. */
export const rereadUser = async (trx: Kysely<DB>, userId: number): Promise<{ user: UserRow }> => ({
  user: await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),
});

/**
 * The signed-in person's current password, before a change that a stolen session must not make
 * (password, payout account, deactivation): a 422 on `current_password` when wrong, counted on the
 * login's per-account limiter so a token cannot be used to guess it.
 */
export async function checkCurrentPassword(c: AppContext, password: string): Promise<void> {
  const { passwords, rateLimiter, config } = c.var;
  const { user } = currentAuth(c);
  const rule = authRateRules(config.rateLimits).passwordChangeAccount;
  enforceRate(await rateLimiter.hit(rule, user.email));
  if (!(await passwords.verify(password, user.password_hash))) {
    throw fieldError(serverMessages.validationFailed, 'current_password', artistMessages.currentPasswordWrong);
  }
  await rateLimiter.reset(rule, user.email);
}

/**
 * PATCH /profile/password (both areas): checks the current password (counted on the login's
 * per-account limiter, so a stolen token cannot be used to guess it), refuses an unchanged one, then
 * stores the new hash, bumps token_version (every other session ends) and sets password_changed_at.
 * This session continues with the returned token.
 */
export async function changeOwnPassword<R extends { user: UserRow }>(
  c: AppContext,
  body: ChangePasswordInput,
  options: PasswordChangeOptions<R>,
): Promise<{ result: R; token: string }> {
  const { db, clock, passwords, tokens } = c.var;
  const { user, claims } = currentAuth(c);
  await checkCurrentPassword(c, body.current_password);
  if (body.password === body.current_password) {
    throw fieldError(serverMessages.validationFailed, 'password', options.samePasswordMessage);
  }
  const passwordHash = await passwords.hash(body.password);
  const now = clock.now();
  const result = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        token_version: sql<number>`token_version + 1`,
        password_changed_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .where('id', '=', user.id)
      .execute();
    await enqueuePasswordChangedMail(
      trx,
      { userId: user.id, area: user.type === 'artist' ? 'artist' : 'user', how: 'changed', at: now },
      c.var.config,
    );
    return options.finish(trx, user.id, now);
  });
  const issued = await tokens.continueSession(claims, result.user);
  // Open notification streams check the token version when woken: the old ones end now.
  c.var.hub.publish([user.id]);
  return { result, token: issued.token };
}

/**
 * PATCH /profile/deactivate (both areas), after the current password: the account stops signing in
 * (and leaves the catalogue) and this token ends now. `release` runs first in the same transaction
 * (the artist's open work). The confirmation mail is queued before `deactivated_at` is set, because
 * the queue mails no deactivated account; signing in within ACCOUNT_RESTORE_DAYS restores it.
 */
export async function deactivateOwnAccount(
  c: AppContext,
  body: { current_password: string },
  release?: (
    trx: Transaction<DB>,
    userId: number,
    now: Date,
  ) => Promise<{ notified: number[]; earningsCentavos: number | null }>,
): Promise<{ notified: number[]; restorableUntil: string }> {
  const { db, clock, tokens } = c.var;
  const { user, claims } = currentAuth(c);
  await checkCurrentPassword(c, body.current_password);
  const now = clock.now();
  const at = now.toISOString();
  const until = restorableUntil(at).toISOString();
  const notified = await db.transaction().execute(async (trx) => {
    const released = release ? await release(trx, user.id, now) : { notified: [], earningsCentavos: null };
    const orders = user.type === 'user' ? await customerOpenOrders(trx, user.id) : [];
    await enqueueMail(
      trx,
      { userId: user.id },
      {
        kind: 'account_deactivated',
        data: {
          area: user.type === 'artist' ? 'artist' : 'user',
          restorable_until: until,
          orders: orders.map((o) => o.reference),
          earnings_centavos: released.earningsCentavos,
        },
        key: `account_deactivated:user${user.id}:${at}`,
        at: now,
      },
    );
    await updateUser(trx, user.id, { deactivated_at: at, is_online: 0, updated_at: at });
    return released.notified;
  });
  await tokens.revoke(claims);
  return { notified, restorableUntil: until };
}
