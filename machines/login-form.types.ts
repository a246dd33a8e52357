// The login form (docs/product.md §3 Login form, §4 Customer login, §5 Login): the customer modal and the
// artist login page share it; `userType` picks the API area.
import type { AuthUser, UserType } from '../contracts/account';
import type { FieldErrors } from '../contracts/http';

export interface LoginValues {
  email: string;
  password: string;
  remember: boolean;
}

export interface LoginFormContext {
  userType: UserType;
  values: LoginValues;
  /** Server field errors (docs/product.md §5): shown under email and password. */
  errors: FieldErrors;
  passwordVisible: boolean;
}

export interface LoginFormInput {
  userType: UserType;
}

export type LoginFieldChange =
  | { type: 'field.changed'; name: 'email' | 'password'; value: string }
  | { type: 'field.changed'; name: 'remember'; value: boolean };

export type LoginFormEvent =
  | LoginFieldChange
  | { type: 'password.toggleVisibility' }
  | { type: 'user.submit' }
  | { type: 'dialog.closed' };

export type LoginFormTag = 'busy';

/** What the logIn actor posts to /auth/login (in the area of `userType`). */
export interface LogInInput extends LoginValues {
  userType: UserType;
}

export interface LogInOutput {
  user: AuthUser;
  token: string;
}

/** Params of announceSignedIn (session.signedIn to the session) and afterLogin (login.succeeded to the account modals). */
export interface SignedInParams {
  token: string;
  user: AuthUser;
  userType: UserType;
}
