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
