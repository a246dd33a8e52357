import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type * as v from 'valibot';
import type { AccountType } from '../../contracts/account';
import type { forgotPasswordSchema, resetPasswordSchema } from '../../contracts/auth';
import { serverMessages } from '../../contracts/server-messages';
import type { AppContext } from '../context';
import type { DB } from '../db/schema';
import { ApiError } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope';
import { enqueueMail } from '../mail/queue';
import { findUserByEmail, normaliseEmail } from '../users/users.repository';
import { enforceRate } from './auth.handlers';
import { authRateRules } from './rate-rules';

type ForgotInput = v.InferOutput<typeof forgotPasswordSchema>;
type ResetInput = v.InferOutput<typeof resetPasswordSchema>;

const RESET_VALID_MINUTES = 60;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const resetInvalid = () => new ApiError(422, serverMessages.resetInvalid, { token: [serverMessages.resetInvalid] });

/** Same answer whether or not the account exists; the mail (if any) is sent after the answer. */
export async function forgotPassword(c: AppContext, area: AccountType, body: ForgotInput) {
  const { db, clock, config, rateLimiter } = c.var;
  const rules = authRateRules(config.rateLimits);
  const email = normaliseEmail(body.email);
  enforceRate(await rateLimiter.hit(rules.forgotClient, clientIp(c, config.trustProxy)));
  enforceRate(await rateLimiter.hit(rules.forgotAccount, `${area}:${email}`));

  const user = await findUserByEmail(db, area, email);
  if (user && user.deactivated_at === null) {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      // A new link replaces any earlier one that was not used.
      await trx.deleteFrom('password_resets').where('user_id', '=', user.id).where('used_at', 'is', null).execute();
      await trx
        .insertInto('password_resets')
        .values({
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: new Date(now.getTime() + RESET_VALID_MINUTES * 60_000).toISOString(),
          used_at: null,
          created_at: now.toISOString(),
        })
        .execute();
      // The mail is queued with the link it carries: both exist or neither does.
      await enqueueMail(
        trx,
        { userId: user.id },
        {
          kind: 'password_reset',
          data: { area, token, email: user.email, valid_minutes: RESET_VALID_MINUTES },
          key: `password_reset:${sha256(token)}`,
          at: now,
        },
      );
    });
  }
  return ok(c, null, serverMessages.forgotSent);
}

/**
 * The "your password was changed" mail, in the change's transaction: every change or reset is told to the
 * account's mailbox, with what to do if it was not the owner.
 */
export async function enqueuePasswordChangedMail(
  trx: Kysely<DB> | Transaction<DB>,
  change: { userId: number; area: AccountType; how: 'changed' | 'reset'; at: Date },
  config: { supportEmail: string },
): Promise<void> {
  const at = change.at.toISOString();
  await enqueueMail(
    trx,
    { userId: change.userId },
    {
      kind: 'password_changed',
      data: { area: change.area, how: change.how, changed_at: at, support_email: config.supportEmail },
      key: `password_changed:user${change.userId}:${at}`,
      at: change.at,
    },
  );
}

/** Sets a new password from a mailed token: once, before it expires; every earlier session of the account ends. */
export async function resetPassword(c: AppContext, area: AccountType, body: ResetInput) {
  const { db, clock, passwords, rateLimiter, config } = c.var;
  const now = clock.now().toISOString();
  const reset = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select([
      'password_resets.id as id',
      'password_resets.user_id as user_id',
      'password_resets.expires_at as expires_at',
      'password_resets.used_at as used_at',
      'users.type as type',
      'users.email as email',
      'users.deactivated_at as deactivated_at',
    ])
    .where('password_resets.token_hash', '=', sha256(body.token))
    .executeTakeFirst();
  const usable =
    reset !== undefined &&
    reset.used_at === null &&
    reset.expires_at > now &&
    reset.type === area &&
    reset.email === normaliseEmail(body.email) &&
    reset.deactivated_at === null;
  if (!usable) throw resetInvalid();

  const passwordHash = await passwords.hash(body.password);
  const changed = await db.transaction().execute(async (trx) => {
    // Claiming the row with `used_at is null` makes the token single-use even under concurrent requests.
    const claimed = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', reset.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return false;
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        // Tokens carry the version they were issued under: every token from before the reset stops working.
        token_version: sql<number>`token_version + 1`,
        password_changed_at: now,
        updated_at: now,
      })
      .where('id', '=', reset.user_id)
      .execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', reset.user_id).where('used_at', 'is', null).execute();
    await enqueuePasswordChangedMail(trx, { userId: reset.user_id, area, how: 'reset', at: clock.now() }, config);
    return true;
  });
  if (!changed) throw resetInvalid();
  // Every session ended with the new token version: wake their notification streams to close.
  c.var.hub.publish([reset.user_id]);
  // The owner proved control of the mailbox: lift the slow-down and this client's lockout.
  const rules = authRateRules(config.rateLimits);
  await rateLimiter.reset(rules.loginAccountSlowdown, reset.email);
  await rateLimiter.reset(rules.loginAccount, `${reset.email}\n${clientIp(c, config.trustProxy)}`);
  return ok(c, null, serverMessages.resetDone);
}
