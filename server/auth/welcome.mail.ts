import { confirmEmailPath } from '../../contracts/email-confirmation';
import type { MailContent } from '../mail/layout';

// The mails of a new customer's address: the welcome after sign-up, and the link again when asked for
// from the account page. Both carry a single-use link that confirms the address; nothing waits for it.

export const WELCOME_SUBJECT = 'Welcome to Labsongs';
export const CONFIRM_EMAIL_SUBJECT = 'Confirm your email address';

export interface ConfirmLinkInput {
  publicUrl: string;
  token: string;
  firstName: string;
  validDays: number;
}

const confirmLink = (input: ConfirmLinkInput) =>
  `${input.publicUrl}${confirmEmailPath}?${new URLSearchParams({ token: input.token }).toString()}`;

const validity = (days: number) => `The link works once and expires in ${days} days.`;

export function welcomeContent(input: ConfirmLinkInput): MailContent {
  return {
    subject: WELCOME_SUBJECT,
    preview: 'Your account is ready: order a song for someone you love.',
    greeting: `Welcome to Labsongs, ${input.firstName}!`,
    paragraphs: [
      'Your account is ready. To order a song, tell us the occasion, the song you would like and your story, then choose the artists you want to hear from.',
      `Order a song: ${input.publicUrl}/order`,
      'Please also confirm that this email address is yours, so that your receipts and your song reach you. You can order and pay before you do.',
    ],
    action: { label: 'Confirm your email', url: confirmLink(input) },
    after: [validity(input.validDays), 'If you did not sign up for Labsongs, ignore this email.'],
  };
}

export function confirmEmailContent(input: ConfirmLinkInput): MailContent {
  return {
    subject: CONFIRM_EMAIL_SUBJECT,
    preview: validity(input.validDays),
    greeting: `Hello ${input.firstName},`,
    paragraphs: ['To confirm that this is the email address of your Labsongs account, open this link.'],
    action: { label: 'Confirm your email', url: confirmLink(input) },
    after: [validity(input.validDays), 'If you did not ask for this, ignore this email.'],
  };
}
