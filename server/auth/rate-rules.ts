import type { RateLimitConfig } from '../config';
import type { RateRule } from '../services/rate-limit';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/** The auth rate limits; counts come from the config, windows are fixed. */
export function authRateRules(limits: RateLimitConfig) {
  return {
    /**
     * Failed logins per email and client address (across all areas, so spreading guesses over areas
     * gains nothing). Counted per client so that nobody can lock the owner out from elsewhere (OWASP
     * Authentication Cheat Sheet: account lockout enables denial of service).
     */
    loginAccount: { name: 'login-account-client', limit: limits.loginPerAccount, windowSeconds: FIFTEEN_MINUTES },
    /**
     * Failed logins per email from every client together: past the per-client limit each further
     * attempt is slowed down (never refused), which bounds guessing spread over many addresses.
     */
    loginAccountSlowdown: {
      name: 'login-account',
      limit: limits.loginPerAccount,
      windowSeconds: FIFTEEN_MINUTES,
    },
    /** Every login attempt per client address. */
    loginClient: { name: 'login-client', limit: limits.loginPerClient, windowSeconds: FIFTEEN_MINUTES },
    /** Wrong current passwords on a signed-in password change, per account. */
    passwordChangeAccount: {
      name: 'password-change-account',
      limit: limits.loginPerAccount,
      windowSeconds: FIFTEEN_MINUTES,
    },
    forgotAccount: { name: 'forgot-account', limit: limits.forgotPerAccount, windowSeconds: ONE_HOUR },
    forgotClient: { name: 'forgot-client', limit: limits.forgotPerClient, windowSeconds: ONE_HOUR },
    /** Confirmation links mailed again per account: the forgot-password limit, a mailbox is a mailbox. */
    confirmResendAccount: {
      name: 'confirm-resend-account',
      limit: limits.forgotPerAccount,
      windowSeconds: ONE_HOUR,
    },
    /** New accounts per client address: keeps scripted sign-ups and email probing slow. */
    registerClient: { name: 'register-client', limit: limits.registerPerClient, windowSeconds: ONE_HOUR },
    /** Artist applications per client address, counted before the body is read: each may store a sample file. */
    applyClient: { name: 'apply-client', limit: limits.applyPerClient, windowSeconds: ONE_HOUR },
    /** Support requests per client address: each alerts every admin and mails a copy. */
    supportClient: { name: 'support-client', limit: limits.supportPerClient, windowSeconds: ONE_HOUR },
  } satisfies Record<string, RateRule>;
}
