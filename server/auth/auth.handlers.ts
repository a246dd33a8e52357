import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as v from 'valibot';
import type { AccountType, LoginAnswer } from '../../contracts/account';
import { accountCareMessages } from '../../contracts/account-care';
import type { loginSchema, registerSchema } from '../../contracts/auth';
import { fieldMessages } from '../../contracts/field-messages';
import { signInGreeting, specMessages } from '../../contracts/messages';
import { operationsMessages } from '../../contracts/operations';
import { serverMessages } from '../../contracts/server-messages';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/database';
import type { UserRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { clientIp } from '../http/client-ip';
import { ok } from '../http/envelope';
import { endSession } from '../notifications/stream-sessions';
import type { RateState } from '../services/rate-limit';
import { canRestore, claimEmail, restoreAccount } from '../users/account-restore';
import { createAccount } from '../users/accounts';
import { toAuthUser } from '../users/auth-user';
import { findUsersByEmail, normaliseEmail, updateUser } from '../users/users.repository';
import { mailConfirmationLink } from './email-confirmation';
import { authRateRules } from './rate-rules';
import { activeAccountFor, bearerToken, currentAuth, unauthenticated } from './require-auth';

type LoginInput = v.InferOutput<typeof loginSchema>;
type RegisterInput = v.InferOutput<typeof registerSchema>;

/** 429 with Retry-After once a counter has passed its limit. */
export function enforceRate(state: RateState): void {
  if (!state.allowed) {
    throw new ApiError(429, serverMessages.tooManyRequests, undefined, {
      'Retry-After': String(state.retryAfterSeconds),
    });
  }
}

/** Half a second per failure past the limit, at most three seconds: slow for guessing, bearable for the owner. */
export const LOGIN_SLOWDOWN_STEP_MS = 500;
export const LOGIN_SLOWDOWN_MAX_MS = 3000;
const loginSlowdownMs = (failuresPastLimit: number): number =>
  Math.min(Math.max(failuresPastLimit, 0) * LOGIN_SLOWDOWN_STEP_MS, LOGIN_SLOWDOWN_MAX_MS);

/** The pause itself, on an object so that a test can see the delays asked for without sitting them out. */
export const loginPause = {
  wait: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

const wrongAreaMessage: Record<AccountType, string> = {
  user: serverMessages.wrongAccountTypeUser,
  artist: serverMessages.wrongAccountTypeArtist,
  admin: serverMessages.invalidCredentials,
};

export async function login(c: AppContext, area: AccountType, body: LoginInput) {
  const { db, passwords, rateLimiter, config } = c.var;
  const rules = authRateRules(config.rateLimits);
  const email = normaliseEmail(body.email);
  const client = clientIp(c, config.trustProxy);
  enforceRate(await rateLimiter.hit(rules.loginClient, client));
  // Counted before the password check and cleared on success, so the count is the failures since the
  // last success and concurrent guesses cannot slip past the limit between a read and a write. The
  // lockout is per account AND client: an attacker's failures never stop the owner on another client.
  const accountClient = `${email}\n${client}`;
  enforceRate(await rateLimiter.hit(rules.loginAccount, accountClient));
  // Across all clients, failures past the limit slow each attempt down instead of locking the account.
  const accountWide = await rateLimiter.hit(rules.loginAccountSlowdown, email);
  const pauseMs = loginSlowdownMs(accountWide.count - rules.loginAccountSlowdown.limit);
  if (pauseMs > 0) await loginPause.wait(pauseMs);

  const accounts = await findUsersByEmail(db, email);
  const own = accounts.find((account) => account.type === area);
  // Customers and artists are told which login to use; the admin area never points anywhere else.
  const other =
    area === 'admin' ? undefined : accounts.find((account) => account.type !== area && account.type !== 'admin');
  const candidate = own ?? other;
  let matches = false;
  if (candidate) matches = await passwords.verify(body.password, candidate.password_hash);
  else await passwords.verifyDummy(body.password);

  if (!candidate || !matches) throw fieldError(serverMessages.invalidCredentials, 'email');
  await rateLimiter.reset(rules.loginAccount, accountClient);
  await rateLimiter.reset(rules.loginAccountSlowdown, email);
  if (candidate !== own) throw fieldError(wrongAreaMessage[area], 'email');
  // Within the restore window the right password restores a deactivated account; after it, refused.
  const restoring = candidate.deactivated_at !== null && canRestore(candidate, c.var.clock.now());
  if (candidate.deactivated_at !== null && !restoring) throw new ApiError(403, serverMessages.accountDeactivated);
  if (candidate.suspended_at !== null)
    throw new ApiError(403, operationsMessages.accountSuspended(c.var.config.supportEmail));
  const account = restoring ? await restoreAccount(db, candidate, c.var.clock.now()) : candidate;
  const greeting = restoring
    ? accountCareMessages.accountRestored(account.first_name)
    : signInGreeting(toAuthUser(account));
  return answerSignedIn(c, account, body.remember, greeting);
}

/**
 * The answer of every sign-in with a password, login and sign-up alike: a fresh session (`remember` picks
 * its refresh window) and the user, with the greeting as the message.
 */
async function answerSignedIn(
  c: AppContext,
  account: UserRow,
  remember: boolean,
  greeting: string,
  status: ContentfulStatusCode = 200,
) {
  const { token } = await c.var.tokens.issue(account, remember);
  const answer: LoginAnswer = { user: toAuthUser(account), token };
  return ok(c, answer, greeting, status);
}

export async function register(c: AppContext, body: RegisterInput) {
  const { db, passwords, clock, rateLimiter, config } = c.var;
  enforceRate(await rateLimiter.hit(authRateRules(config.rateLimits).registerClient, clientIp(c, config.trustProxy)));
  const emailTaken = () => new ApiError(422, serverMessages.validationFailed, { email: [fieldMessages.emailTaken] });
  await claimEmail(db, 'user', body.email, clock.now());
  const passwordHash = await passwords.hash(body.password);
  let account: UserRow;
  try {
    // The account and its welcome mail (with the link that confirms the address) exist together or not at all.
    account = await db.transaction().execute(async (trx) => {
      const created = await createAccount(
        trx,
        passwords,
        {
          type: 'user',
          email: body.email,
          passwordHash,
          first_name: body.first_name,
          middle_name: body.middle_name,
          last_name: body.last_name,
          contact_number: body.contact_number,
          country: body.country,
          dial_code: body.dial_code,
        },
        clock.now(),
      );
      await mailConfirmationLink(trx, created.id, 'welcome', clock.now());
      return created;
    });
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides, the loser hears why.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  // Signed in at once, as an unticked "Remember me" login is (docs/product.md §4 Registration).
  return answerSignedIn(c, account, false, specMessages.welcome(account.first_name), 201);
}

export function me(c: AppContext) {
  return ok(c, toAuthUser(currentAuth(c).user));
}

export async function logout(c: AppContext) {
  const { claims } = currentAuth(c);
  await c.var.tokens.revoke(claims);
  // The session's notification streams and stream tokens end with it.
  await endSession(c.var.db, c.var.hub, claims);
  return ok(c, null, serverMessages.loggedOut);
}

/** Accepts an expired token while its refresh window lasts; the old token stops working. */
export async function refresh(c: AppContext, area: AccountType) {
  const token = bearerToken(c);
  const claims = token ? await c.var.tokens.readForRefresh(token) : null;
  if (!claims) throw unauthenticated();
  const user = await activeAccountFor(c, claims, area);
  const issued = await c.var.tokens.rotate(claims, user);
  if (!issued) throw unauthenticated();
  return ok(c, { token: issued.token, user: toAuthUser(user) }, serverMessages.refreshed);
}

export async function firstTimeLogin(c: AppContext) {
  const { user } = currentAuth(c);
  const updated = await updateUser(c.var.db, user.id, {
    is_first_time_login: 0,
    updated_at: c.var.clock.now().toISOString(),
  });
  if (!updated) throw unauthenticated();
  return ok(c, toAuthUser(updated), serverMessages.firstLoginDone);
}
