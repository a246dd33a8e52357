// The admin console's own session (docs/architecture.md §3: "the admin console has its own client and token key").
// It never shares state with the customer/artist session: an admin may be signed in to the console
// while the same browser browses the shop as a visitor. The login form lives inside it (the shared
// loginFormMachine only knows the user and artist areas).
import type { AuthUser } from '../contracts/account';
import type { FieldErrors } from '../contracts/http';

export interface AdminLoginValues {
  email: string;
  password: string;
}

export interface AdminSessionContext {
  /** The admin bearer token (stored under storageKeys.adminToken). */
  token: string | null;
  user: AuthUser | null;
  /** The login form, while signed out. */
  values: AdminLoginValues;
  /** Server field errors of the login form; each clears when its field is edited. */
  errors: FieldErrors;
  /** Where a successful login lands (the console page a guard sent the admin away from). */
  redirectTo: string | null;
}

/** What the app reads from storage at start. */
export interface AdminSessionInput {
  token?: string | null;
}

export type AdminSessionEvent =
  | { type: 'field.changed'; name: keyof AdminLoginValues; value: string }
  /** `redirectTo` is the console path to land on (defaults to the applications list). */
  | { type: 'user.submit'; redirectTo?: string }
  /** From the console's top bar, after the confirmation. */
  | { type: 'user.signOut' }
  /** Any 401 from the admin API client's hook. */
  | { type: 'http.unauthorized' };

export type AdminSessionTag = 'busy' | 'authenticated';

/** Input of the calls made with the session's own token (me, refresh, logout). */
export interface AdminTokenInput {
  token: string;
}

export interface AdminSignInOutput {
  user: AuthUser;
  token: string;
}

export type AdminLogInInput = AdminLoginValues;

/** Where a login lands when no guard remembered a page (kept here so route guards need not load the machine). */
export const adminHomePath = '/admin';
