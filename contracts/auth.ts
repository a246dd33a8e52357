import * as v from 'valibot';
import { passwordRules } from './constants';
import { findCountry } from './countries';
import { fieldMessages as m } from './field-messages';
import { specMessages } from './messages';
import { plainText, textInput } from './text';

/** A string that may be missing from the body: a missing key reads as '' so the field's own "please enter" message shows. */
const str = textInput;

const text = (label: string, max: number) =>
  v.pipe(str(), v.trim(), v.nonEmpty(m.required(label)), v.maxLength(max, m.tooLong(label, max)));

export const emailSchema = v.pipe(
  str(specMessages.emailInvalid),
  v.trim(),
  v.nonEmpty(specMessages.emailRequired),
  v.email(specMessages.emailInvalid),
  v.maxLength(254, specMessages.emailInvalid),
);

/** A new password: what registration and reset accept. */
export const newPasswordSchema = v.pipe(
  str(m.passwordRequired),
  v.nonEmpty(m.passwordRequired),
  v.minLength(passwordRules.minLength, m.passwordTooShort),
  v.maxLength(passwordRules.maxLength, m.passwordTooLong),
  v.regex(/[A-Za-z]/, m.passwordWeak),
  v.regex(/[0-9]/, m.passwordWeak),
);

/**
 * A password the account already has (login, the current password of a change): it is only compared with
 * its hash, never stored or shown, so it takes what any earlier rule accepted, control characters included.
 */
export const existingPasswordSchema = v.pipe(
  v.optional(v.string(m.passwordRequired), ''),
  v.nonEmpty(m.passwordRequired),
  v.maxLength(passwordRules.maxLength, m.passwordTooLong),
);

export const contactNumberSchema = v.pipe(
  str(m.contactNumberInvalid),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.regex(/^\d{7,20}$/, m.contactNumberInvalid),
);

/**
 * A contact number that may be left out (sign-up, the customer's profile): empty or missing is none (null);
 * anything typed follows contactNumberSchema's rule and message.
 */
export const optionalContactNumberSchema = v.pipe(
  str(m.contactNumberInvalid),
  v.transform((s) => s.replace(/[\s-]/g, '')),
  v.check((s) => s === '' || /^\d{7,20}$/.test(s), m.contactNumberInvalid),
  v.transform((s) => (s === '' ? null : s)),
);

/** A dial code that may be left out: empty follows the country; one that is given must be the country's. */
const dialCodeMatches = (i: { country: string; dial_code: string }) =>
  i.dial_code === '' || findCountry(i.country)?.dial_code === i.dial_code;
const withCountryDialCode = <T extends { country: string; dial_code: string }>(i: T): T => ({
  ...i,
  dial_code: i.dial_code === '' ? (findCountry(i.country)?.dial_code ?? '') : i.dial_code,
});

export const loginSchema = v.strictObject({
  email: emailSchema,
  password: existingPasswordSchema,
  remember: v.optional(v.boolean(m.mustBeBoolean), false),
});
export type LoginBody = v.InferInput<typeof loginSchema>;

export const registerSchema = v.pipe(
  v.strictObject({
    first_name: text('first name', 100),
    middle_name: v.pipe(str(), v.trim(), v.maxLength(100, m.tooLong('middle name', 100))),
    last_name: text('last name', 100),
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: v.pipe(str(m.confirmationRequired), v.nonEmpty(m.confirmationRequired)),
    // Optional (docs/product.md §3): a phone is not needed to order.
    contact_number: optionalContactNumberSchema,
    country: v.pipe(
      str(m.countryInvalid),
      v.check((code) => findCountry(code) !== undefined, m.countryInvalid),
    ),
    dial_code: v.pipe(str(m.dialCodeMismatch), v.trim()),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (i) => i.password === i.password_confirmation,
      specMessages.passwordsDoNotMatch,
    ),
    ['password_confirmation'],
  ),
  v.forward(v.partialCheck([['country'], ['dial_code']], dialCodeMatches, m.dialCodeMismatch), ['dial_code']),
  v.transform(withCountryDialCode),
);
export type RegisterBody = v.InferInput<typeof registerSchema>;

export const forgotPasswordSchema = v.strictObject({ email: emailSchema });

export const resetPasswordSchema = v.pipe(
  v.strictObject({
    token: v.pipe(str(m.tokenRequired), v.nonEmpty(m.tokenRequired), v.maxLength(200, m.tokenRequired)),
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: v.pipe(str(m.confirmationRequired), v.nonEmpty(m.confirmationRequired)),
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (i) => i.password === i.password_confirmation,
      specMessages.passwordsDoNotMatch,
    ),
    ['password_confirmation'],
  ),
);
export type ResetPasswordBody = v.InferInput<typeof resetPasswordSchema>;

/** Field names the sign-up modal shows server errors under (docs/product.md §5), in form order. */
export const registerFields = [
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'contact_number',
  'country',
  'password',
  'password_confirmation',
] as const;
export type RegisterField = (typeof registerFields)[number];

/** Turns valibot issues into the API's per-field `errors` map (first message per field first). */
export function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string[]> {
  // No prototype: a body key such as "constructor" or "__proto__" must be an ordinary entry, not an inherited one.
  const errors: Record<string, string[]> = Object.create(null);
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_';
    // strictObject reports a key it does not know with expected "never".
    const message = issue.type === 'strict_object' && issue.expected === 'never' ? m.unknownField : issue.message;
    errors[key] = [...(errors[key] ?? []), message];
  }
  return errors;
}

// ---- The customer's own account (issue 3) -------------------------------------------------------

const registerEntries = registerSchema.pipe[0].entries;

/** PATCH /api/v1/user/profile: the registration's name, contact and country rules (email and password are not changed here). */
export const customerProfileSchema = v.pipe(
  v.strictObject({
    first_name: registerEntries.first_name,
    middle_name: registerEntries.middle_name,
    last_name: registerEntries.last_name,
    contact_number: registerEntries.contact_number,
    country: registerEntries.country,
    dial_code: registerEntries.dial_code,
  }),
  v.forward(v.partialCheck([['country'], ['dial_code']], dialCodeMatches, m.dialCodeMismatch), ['dial_code']),
  v.transform(withCountryDialCode),
);

/** Messages of the customer's account settings. */
export const accountMessages = {
  profileSaved: 'Your profile has been saved.',
  passwordChanged: 'Your password has been changed.',
  samePassword: 'Choose a password different from your current one',
  accountDeactivated: 'Your account has been deactivated.',
} as const;

/** Social sign-up return (docs/product.md §4): the `register` query parameter's decoded JSON. */
export const socialRegisterSchema = v.object({
  first_name: v.pipe(v.string(), plainText()),
  last_name: v.pipe(v.string(), plainText()),
  email: v.pipe(v.string(), plainText()),
});
