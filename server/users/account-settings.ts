import { type Kysely, sql, type Transaction } from 'kysely';
import type * as v from 'valibot';
import type { changePasswordSchema } from '../../contracts/artist';
import { artistMessages } from '../../contracts/artist';
import { serverMessages } from '../../contracts/server-messages';
import { enforceRate } from '../auth/auth.handlers';
import { authRateRules } from '../auth/rate-rules';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, UserRow } from '../db/schema';
import { fieldError } from '../http/api-error';
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
  const { db, clock, passwords, tokens, rateLimiter, config } = c.var;
  const { user, claims } = currentAuth(c);
  const rule = authRateRules(config.rateLimits).passwordChangeAccount;
  enforceRate(await rateLimiter.hit(rule, user.email));
  if (!(await passwords.verify(body.current_password, user.password_hash))) {
    throw fieldError(serverMessages.validationFailed, 'current_password', artistMessages.currentPasswordWrong);
  }
  await rateLimiter.reset(rule, user.email);
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
    return options.finish(trx, user.id, now);
  });
  const issued = await tokens.continueSession(claims, result.user);
  // Open notification streams check the token version when woken: the old ones end now.
  c.var.hub.publish([user.id]);
  return { result, token: issued.token };
}

/** PATCH /profile/deactivate (both areas): the account stops signing in (and leaves the catalogue); this token ends now. */
export async function deactivateOwnAccount(c: AppContext): Promise<void> {
  const { db, clock, tokens } = c.var;
  const { user, claims } = currentAuth(c);
  const at = clock.now().toISOString();
  await updateUser(db, user.id, { deactivated_at: at, is_online: 0, updated_at: at });
  await tokens.revoke(claims);
}
