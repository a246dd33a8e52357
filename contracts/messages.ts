// Every user-facing sentence that SPEC.md names, word for word, plus the project's own messages.
// The SPA and the server both import from here so that a message has one spelling.

export const specMessages = {
  passwordsDoNotMatch: 'Passwords do not match.',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  welcomeBack: (firstName: string) => `Welcome back, ${firstName}`,
  signOutConfirm: 'Are you sure you want to end your session?',
  invalidUserType: 'Invalid user type. Use "user" or "artist".',
  noNotifications: 'No notifications',
  selectNoOptions: 'No Options',
  selectNothingFound: 'Nothing found.',
  confirmDefault: 'Are you sure?',
  audioUnsupported: 'Browser does not support this feature, Please update your browser',
  logoutForApplication:
    'You need to logout to start a new artist application. Would you like to proceed with a new application?',
  logoutForArtistLogin: 'You need to logout to login as an artist. Would you like to continue?',
  footerTagline: 'Create a song to express how you feel.',
} as const;

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
  mustBeBoolean: 'Must be true or false',
  tokenRequired: 'The reset link is incomplete',
} as const;

export const serverMessages = {
  validationFailed: 'The given data was invalid.',
  invalidCredentials: 'These credentials do not match our records.',
  wrongAccountTypeArtist: 'This is a customer account. Use the customer login instead.',
  wrongAccountTypeUser: 'This is an artist account. Use the artist login instead.',
  accountDeactivated: 'This account has been deactivated.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  routeNotFound: 'This address does not exist.',
  methodNotAllowed: 'This method is not allowed here.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Send the body as application/json.',
  payloadTooLarge: 'The request body is too large.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  serverError: 'Something went wrong on our side. Please try again.',
  registered: 'Your account has been created. You can now log in.',
  loggedOut: 'You have been signed out.',
  refreshed: 'Your session has been renewed.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can now log in.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  firstLoginDone: 'Welcome aboard.',
  badRequest: 'The request could not be understood.',
  serviceUnavailable: 'The service is starting or its database is unreachable. Please try again shortly.',
} as const;

/**
 * The greeting after a sign-in. SPEC §8's 'Welcome back, {first_name}' for everyone who has been here
 * before; an artist who applied signs in the first time with the mailed temporary password (the
 * password part of the application is not done yet), and is welcomed, not welcomed back.
 */
export function signInGreeting(user: {
  first_name: string;
  type: string;
  application_progress: { password_updated: boolean } | null;
}): string {
  const firstVisit = user.type === 'artist' && user.application_progress?.password_updated === false;
  return firstVisit ? `Welcome to Labsongs, ${user.first_name}` : specMessages.welcomeBack(user.first_name);
}

/** What the SPA shows when the server cannot be reached at all. */
export const clientMessages = {
  network: 'We could not reach the server. Check your connection and try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  signedOut: 'You have been signed out.',
  resetSuccessLogin: 'Your password has been reset. Please log in.',
  /** A part of the app whose code did not download (offline, or a new release replaced it). */
  partNotLoaded: 'Part of this page could not load. Check your connection and try again.',
  /** A page that could not be shown, for a reason the visitor cannot act on. */
  pageFailed: 'Something went wrong while loading this page. Try again, or go back to the home page.',
} as const;

/** A list's `limit` outside 1–50 (orders, payouts, notifications). */
export const pageLimitMessage = 'Choose a page size from 1 to 50';
