import * as v from 'valibot';
import { textInput } from './text';

// A first visit without walls (docs/product.md §4 Registration, docs/api.md "Email confirmation"): sign-up
// mails a welcome with a link that confirms the address. Nothing waits for the confirmation (paying
// included); the account page offers the link again until it is done.

/** The page the mailed link opens: `/confirm-email?token=…`. */
export const confirmEmailPath = '/confirm-email';

/** How long a mailed confirmation link works. */
export const CONFIRM_LINK_VALID_DAYS = 7;

const incomplete = 'This confirmation link is incomplete. Open it again from the email.';

/** POST /email-confirmation/confirm: the token from the link. */
export const confirmEmailSchema = v.strictObject({
  token: v.pipe(textInput(incomplete), v.trim(), v.nonEmpty(incomplete), v.maxLength(200, incomplete)),
});
export type ConfirmEmailBody = v.InferInput<typeof confirmEmailSchema>;

/** GET /email-confirmation and the answer of a confirmation: the account's address and whether it is confirmed. */
export interface EmailConfirmationState {
  email: string;
  /** When the address was confirmed (ISO), or null. */
  confirmed_at: string | null;
}

export const emailConfirmationMessages = {
  confirmed: 'Thank you, your email address is confirmed.',
  linkInvalid: 'This confirmation link is not valid. It may have been replaced by a newer one.',
  linkExpired: 'This confirmation link has expired.',
  linkUsed: 'This confirmation link was already used: your email address is confirmed.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  linkSent: (email: string) => `We sent a new confirmation link to ${email}.`,
  /** The account page's reminder and its button. */
  reminderTitle: 'Confirm your email',
  reminder: (email: string) => `Open the link we sent to ${email} to confirm it is yours.`,
  sendAgain: 'Send the link again',
} as const;
