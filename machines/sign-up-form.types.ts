// The Account Sign Up modal (docs/product.md §3 Registration payload, §4 Registration, §5 Registration).
import type { AuthUser } from '../contracts/account';
import type { RegisterField } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import type { SignUpPrefill } from './auth-dialogs.types';

/** The registration payload of docs/product.md §3, every field a string as the form holds it. */
export interface SignUpValues {
  first_name: string;
  middle_name: string;
  last_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  contact_number: string;
  /** Two-letter code, default PH. */
  country: string;
  /** Follows the country (contracts/countries findCountry). */
  dial_code: string;
}

export interface SignUpFormContext {
  values: SignUpValues;
  /** Server field errors plus the as-you-type "Passwords do not match." on password_confirmation. */
  errors: FieldErrors;
}

export type SignUpFormEvent =
  | { type: 'field.changed'; name: RegisterField; value: string }
  | { type: 'form.prefill'; first_name: string; last_name: string; email: string }
  | { type: 'user.submit' }
  | { type: 'dialog.closed' };

export type SignUpFormTag = 'busy';

export type RegisterInput = SignUpValues;
/** A sign-up answers as a login does: the new customer is signed in. */
export interface RegisterOutput {
  user: AuthUser;
  token: string;
}

export type { SignUpPrefill };
