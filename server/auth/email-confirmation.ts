import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type * as v from 'valibot';
import {
  CONFIRM_LINK_VALID_DAYS,
  type confirmEmailSchema,
  type EmailConfirmationState,
  emailConfirmationMessages as messages,
} from '../../contracts/email-confirmation';
import type { AppContext } from '../context';
import type { DB, UserRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { enqueueMail } from '../mail/queue';
import { enforceRate } from './auth.handlers';
import { authRateRules } from './rate-rules';
import { currentAuth } from './require-auth';

// A customer's address, confirmed by a mailed link (docs/api.md "Email confirmation"). The links are
// stored like password reset links: a SHA-256 of the token, single use, expiring; a new link replaces
// the ones not used. Nothing else waits for the confirmation.

type ConfirmInput = v.InferOutput<typeof confirmEmailSchema>;

const DAY_MS = 86_400_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

const stateOf = (user: Pick<UserRow, 'email' | 'email_confirmed_at'>): EmailConfirmationState => ({
  email: user.email,
  confirmed_at: user.email_confirmed_at,
});

/**
 * A new link for the account, mailed in the caller's transaction (the welcome after sign-up, or the
 * link alone when asked again): the mail and the stored link exist together or not at all.
 */
export async function mailConfirmationLink(
  trx: Kysely<DB> | Transaction<DB>,
  userId: number,
  kind: 'welcome' | 'email_confirmation',
  now: Date,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await trx.deleteFrom('email_confirmations').where('user_id', '=', userId).where('used_at', 'is', null).execute();
  await trx
    .insertInto('email_confirmations')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      expires_at: new Date(now.getTime() + CONFIRM_LINK_VALID_DAYS * DAY_MS).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  await enqueueMail(
    trx,
    { userId },
    { kind, data: { token, valid_days: CONFIRM_LINK_VALID_DAYS }, key: `${kind}:${sha256(token)}`, at: now },
  );
}

/** POST /email-confirmation/confirm: no sign-in needed (the link may open in another browser). */
export async function confirmEmail(c: AppContext, body: ConfirmInput) {
  const { db, clock } = c.var;
  const now = clock.now().toISOString();
  const link = await db
    .selectFrom('email_confirmations')
    .innerJoin('users', 'users.id', 'email_confirmations.user_id')
    .select([
      'email_confirmations.id as id',
      'email_confirmations.user_id as user_id',
      'email_confirmations.expires_at as expires_at',
      'email_confirmations.used_at as used_at',
      'users.deactivated_at as deactivated_at',
      'users.email as email',
      'users.email_confirmed_at as email_confirmed_at',
    ])
    .where('email_confirmations.token_hash', '=', sha256(body.token))
    .executeTakeFirst();
  if (!link || link.deactivated_at !== null) throw fieldError(messages.linkInvalid, 'token');
  // A used link confirmed the address (the second click on a mail, the link opened on another device):
  // nothing is wrong, and the person is told so with the confirmed state.
  if (link.used_at !== null) return ok(c, stateOf(link), messages.linkUsed);
  if (link.expires_at <= now) throw fieldError(messages.linkExpired, 'token');

  const user = await db.transaction().execute(async (trx) => {
    // Claiming the row with `used_at is null` keeps the link single-use under concurrent requests.
    const claimed = await trx
      .updateTable('email_confirmations')
      .set({ used_at: now })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return undefined;
    await trx
      .deleteFrom('email_confirmations')
      .where('user_id', '=', link.user_id)
      .where('used_at', 'is', null)
      .execute();
    return trx
      .updateTable('users')
      .set((eb) => ({ email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(now)), updated_at: now }))
      .where('id', '=', link.user_id)
      .returning(['email', 'email_confirmed_at'])
      .executeTakeFirstOrThrow();
  });
  if (!user) {
    // Used by a concurrent request a moment ago: the address is confirmed all the same.
    const confirmed = await db
      .selectFrom('users')
      .select(['email', 'email_confirmed_at'])
      .where('id', '=', link.user_id)
      .executeTakeFirstOrThrow();
    return ok(c, stateOf(confirmed), messages.linkUsed);
  }
  return ok(c, stateOf(user), messages.confirmed);
}

/** GET /email-confirmation: the signed-in customer's address and whether it is confirmed. */
export function emailConfirmationState(c: AppContext) {
  return ok(c, stateOf(currentAuth(c).user));
}

/** POST /email-confirmation/resend: a new link for the signed-in customer, a few an hour. */
export async function resendConfirmation(c: AppContext) {
  const { db, clock, rateLimiter, config } = c.var;
  const { user } = currentAuth(c);
  if (user.email_confirmed_at !== null) throw new ApiError(409, messages.alreadyConfirmed);
  enforceRate(await rateLimiter.hit(authRateRules(config.rateLimits).confirmResendAccount, String(user.id)));
  await db.transaction().execute((trx) => mailConfirmationLink(trx, user.id, 'email_confirmation', clock.now()));
  return ok(c, null, messages.linkSent(user.email));
}
