// Which account modal is open (docs/product.md §2 Header, Footer, Modals). One modal at a time.
import type { AuthUser, UserType } from '../contracts/account';

/** The id of the modals' child the forms run under (snapshot.children[id]; auth-forms.machine.ts). */
export const authFormsId = 'forms';

/** What the footer's logout warning leads to after signing out. */
export type LogoutIntent = 'application' | 'artistLogin';

/** Social sign-up return (docs/product.md §4): the decoded `register` parameter. */
export interface SignUpPrefill {
  first_name: string;
  last_name: string;
  email: string;
}

export interface AuthDialogsContext {
  intent: LogoutIntent | null;
  /** The sentence a warning or confirmation modal shows (from contracts/messages). */
  message: string | null;
  prefill: SignUpPrefill | null;
  /**
   * After the login modal: where to go back to (a checkout the session reset interrupted, or the
   * customer's page a signed-out visit asked for).
   */
  returnTo: string | null;
  /** After the artist's login page: the artist's page a signed-out visit asked for (its `redirect`). */
  artistReturnTo: string | null;
}

export type AuthDialogsEvent =
  /** `returnTo`: where the login leads back to (the usual landing page without it). */
  | { type: 'dialog.openLogin'; returnTo?: string }
  /** docs/product.md §4 Session reset: the session ended (a 401); log in again, then back to `returnTo`. */
  | { type: 'dialog.openLoginAgain'; returnTo: string | null }
  /** Someone signed out arrived at a customer page: the login leads back there, unless a modal is open already. */
  | { type: 'dialog.openLoginForPage'; returnTo: string }
  | { type: 'dialog.openSignUp'; prefill?: SignUpPrefill }
  | { type: 'dialog.openForgotPassword' }
  | { type: 'dialog.openLogoutWarning'; intent: LogoutIntent }
  | { type: 'dialog.openSignOutConfirm' }
  | { type: 'dialog.close' }
  | { type: 'user.confirm' }
  /**
   * A login form child signed someone in (loginFormMachine's afterLogin), or the sign-up form a new customer
   * (`firstVisit`: welcomed, not welcomed back).
   */
  | { type: 'login.succeeded'; user: AuthUser; userType: UserType; firstVisit?: boolean }
  /** An artist page showing a form child opened or was left (the form starts afresh / resets). */
  | { type: 'page.opened'; form: ArtistAuthForm; returnTo?: string }
  | { type: 'page.left'; form: ArtistAuthForm };

/** The artist's own pages with a form child: /artist/login and /artist/forgot-password. */
export type ArtistAuthForm = 'login' | 'forgot';

export type AuthDialogsTag = 'open';
