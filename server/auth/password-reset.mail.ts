import type { AccountType } from '../../contracts/account';
import type { MailContent } from '../mail/layout';

/** Where each area's SPA page for a reset link lives. */
const resetPagePath: Record<AccountType, string> = {
  user: '/reset-password',
  artist: '/artist/reset-password',
  admin: '/admin/reset-password',
};

export const RESET_SUBJECT = 'Reset your Labsongs password';

export interface ResetMailInput {
  publicUrl: string;
  area: AccountType;
  token: string;
  email: string;
  firstName: string;
  validMinutes: number;
}

function resetLink(input: Pick<ResetMailInput, 'publicUrl' | 'area' | 'token' | 'email'>): string {
  const query = new URLSearchParams({ token: input.token, email: input.email });
  return `${input.publicUrl}${resetPagePath[input.area]}?${query.toString()}`;
}

export function passwordResetContent(input: ResetMailInput): MailContent {
  return {
    subject: RESET_SUBJECT,
    preview: `The link works once and expires in ${input.validMinutes} minutes.`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      'Someone asked to reset the password of your Labsongs account. To choose a new password, open this link.',
    ],
    action: { label: 'Reset your password', url: resetLink(input) },
    after: [
      `The link works once and expires in ${input.validMinutes} minutes.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
  };
}

export const PASSWORD_CHANGED_SUBJECT = 'Your Labsongs password was changed';

export interface PasswordChangedMailInput {
  publicUrl: string;
  area: AccountType;
  /** From the account's settings, or with a reset link. */
  how: 'changed' | 'reset';
  /** When it happened, already written out (date, time and zone). */
  when: string;
  supportEmail: string;
  firstName: string;
}

/**
 * Sent after every password change or reset (essential: it cannot be turned off). If it was not the
 * owner, the mail says how to take the account back: a reset link of their own area and the support address.
 */
export function passwordChangedContent(input: PasswordChangedMailInput): MailContent {
  const how = input.how === 'reset' ? 'with a password reset link' : 'from your account settings';
  return {
    subject: PASSWORD_CHANGED_SUBJECT,
    preview: `Changed on ${input.when}. If this was not you, reset your password now.`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      `The password of your Labsongs account was changed on ${input.when}, ${how}. Every other device that was signed in has been signed out.`,
      'If this was you, there is nothing else to do.',
    ],
    action: { label: 'Reset your password', url: `${input.publicUrl}${resetPagePath[input.area]}` },
    after: [
      `If this was not you, reset your password now with the button above, and write to us at ${input.supportEmail} so we can help you secure your account.`,
    ],
  };
}
