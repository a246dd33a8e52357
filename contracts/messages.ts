// Every user-facing sentence that docs/product.md names, word for word, and the SPA's own messages. The SPA and
// the server both import from here so that a message has one spelling. The API's answers are in
// contracts/server-messages.ts and the fields' rules in contracts/field-messages.ts: the code every page
// runs needs only a few sentences, and a module is downloaded whole.

/**
 * A failure on the server's side: the API's answer to it (serverMessages.serverError), and what the SPA
 * says when an error answer carries no message of its own.
 */
export const serverErrorMessage = 'Something went wrong on our side. Please try again.';

export const specMessages = {
  passwordsDoNotMatch: 'Passwords do not match.',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  welcomeBack: (firstName: string) => `Welcome back, ${firstName}`,
  /** The first greeting: after sign-up, and an applicant's first sign-in (docs/product.md §8). */
  welcome: (firstName: string) => `Welcome to Labsongs, ${firstName}`,
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

/**
 * The greeting after a sign-in. docs/product.md §8's 'Welcome back, {first_name}' for everyone who has been here
 * before; an artist who applied signs in the first time with the mailed temporary password (the
 * password part of the application is not done yet), and is welcomed, not welcomed back.
 */
export function signInGreeting(user: {
  first_name: string;
  type: string;
  application_progress: { password_updated: boolean } | null;
}): string {
  const firstVisit = user.type === 'artist' && user.application_progress?.password_updated === false;
  return firstVisit ? specMessages.welcome(user.first_name) : specMessages.welcomeBack(user.first_name);
}

/** What the SPA shows when the server cannot be reached at all. */
export const clientMessages = {
  network: 'We could not reach the server. Check your connection and try again.',
  /** A page's data has not arrived after a long wait (machines/resource.machine.ts). */
  slowAnswer: 'This is taking longer than it should. Check your connection and try again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  signedOut: 'You have been signed out.',
  resetSuccessLogin: 'Your password has been reset. Please log in.',
  /** A part of the app whose code did not download (offline, or a new release replaced it). */
  partNotLoaded: 'Part of this page could not load. Check your connection and try again.',
  /** A page that could not be shown, for a reason the visitor cannot act on. */
  pageFailed: 'Something went wrong while loading this page. Try again, or go back to the home page.',
} as const;
