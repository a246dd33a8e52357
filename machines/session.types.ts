// The signed-in state of the SPA (docs/product.md §3 Auth user, §4 Social login return, Token validity, Logout,
// Session reset). Read this file for the whole flow's vocabulary; session.machine.ts for its logic.
import type { AuthUser, RefreshAnswer, UserType } from '../contracts/account';

export interface SessionContext {
  token: string | null;
  user: AuthUser | null;
  /** Kept across a sign-out or a reset: it only picks the API base (docs/product.md §6). */
  userType: UserType | null;
  /** Where a sign-out lands instead of / (the footer's logout warnings, docs/product.md §2). */
  redirectAfterSignOut: string | null;
  /** "Remember me": kept after the browser closes (true), or for this tab's life only (false). */
  remember: boolean;
}

/** What the app reads from local storage at start (values as stored; anything unusable counts as missing). */
export interface SessionInput {
  token?: string | null;
  user?: AuthUser | null;
  userType?: string | null;
  /** False when the session was found in this tab's storage only ("Remember me" was off). */
  remember?: boolean;
}

export type SessionEvent =
  /**
   * The login form succeeded (loginFormMachine's announceSignedIn), or a new token replaces this one (a password
   * change): `remember` is the login's "Remember me"; without it the session keeps where it was stored.
   */
  | { type: 'session.signedIn'; token: string; user: AuthUser; userType: UserType; remember?: boolean }
  /** After the sign-out confirmation; `redirectTo` replaces / as the destination. */
  | { type: 'user.signOut'; redirectTo?: string }
  /** Any 401 (the HTTP client's hook). */
  | { type: 'http.unauthorized'; checkoutPending: boolean; routeName: string }
  /** The `login` query parameter of a social-login return. */
  | { type: 'social.loginReturned'; value: string }
  /** Patch the user after a server change (first-time login, online toggle, profile). */
  | { type: 'user.updated'; user: Partial<AuthUser> }
  /** The account changed on the server (an application approved or rejected): ask for the user again. */
  | { type: 'user.reload' }
  /** The account was deactivated here: the server revoked the token. */
  | { type: 'account.deactivated' }
  /** Another tab of this browser signed in, renewed its token, or ended the session (SessionBroadcast). */
  | { type: 'tab.signedIn'; token: string; user: AuthUser; userType: UserType; remember: boolean }
  | { type: 'tab.refreshed'; token: string; user: AuthUser }
  | { type: 'tab.signedOut' };

/** What one tab tells the others of the browser (BroadcastChannel, or the storage event without it). */
export type SessionBroadcast =
  | { kind: 'signedIn'; token: string; user: AuthUser; userType: UserType; remember: boolean }
  | { kind: 'refreshed'; token: string; user: AuthUser }
  | { kind: 'signedOut' };

export type SessionTag = 'authenticated' | 'busy';

/** The input of every session actor: the bearer token and the API area. */
export interface SessionCallInput {
  token: string;
  userType: UserType;
}

export type FetchMeOutput = AuthUser;
export type RefreshTokenOutput = RefreshAnswer;

/** Params of the app-supplied persistSession action: everything it writes to storage. */
export interface PersistSessionParams {
  token: string | null;
  user: AuthUser | null;
  userType: UserType | null;
  /** False: in this tab's storage only, gone when the tab or browser closes. */
  remember: boolean;
}
