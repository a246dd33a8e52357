// What a field says when its value breaks a rule: the forms show it as the user types, and the API
// answers it in a 422's per-field `errors`.

export const fieldMessages = {
  required: (label: string) => `Please enter your ${label}`,
  tooLong: (label: string, max: number) => `Your ${label} must be at most ${max} characters`,
  passwordRequired: 'Please enter your password',
  passwordTooShort: 'Your password must be at least 8 characters',
  passwordTooLong: 'Your password must be at most 128 characters',
  passwordWeak: 'Use at least one letter and one number',
  confirmationRequired: 'Please confirm your password',
  contactNumberInvalid: 'Please enter a valid contact number (7 to 20 digits)',
  countryInvalid: 'Please choose a country from the list',
  dialCodeMismatch: 'The dial code does not match the selected country',
  emailTaken: 'An account with this email already exists',
  unknownField: 'This field is not accepted',
  mustBeText: 'Must be text',
  controlCharacters: 'Please remove the invisible control characters from this text',
  mustBeBoolean: 'Must be true or false',
  tokenRequired: 'The reset link is incomplete',
} as const;

/** A list's `limit` outside 1–50 (orders, payouts, notifications). */
export const pageLimitMessage = 'Choose a page size from 1 to 50';
