// The Forgot Password modal (docs/product.md §3 Forgot password payload, §4 Forgot password modal, §5 Forgot password).
import type { UserType } from '../contracts/account';
import type { FieldErrors } from '../contracts/http';

export interface ForgotPasswordFormContext {
  userType: UserType;
  email: string;
  /** errors.email: the as-you-type message (after the first edit) or the server's. */
  errors: FieldErrors;
}

export interface ForgotPasswordFormInput {
  userType: UserType;
}

export type ForgotPasswordFormEvent =
  | { type: 'field.changed'; name: 'email'; value: string }
  | { type: 'user.submit' }
  /** The modal closed: the email and the sent state reset 1 s later (after the closing animation). */
  | { type: 'dialog.closed' }
  /** The modal opened (again): during the closing second it resets at once. */
  | { type: 'dialog.opened' };

export type ForgotPasswordFormTag = 'busy' | 'error' | 'sent';

export interface SendResetLinkInput {
  email: string;
  userType: UserType;
}
