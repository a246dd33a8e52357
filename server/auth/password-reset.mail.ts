import type { AccountType } from '../../contracts/auth';
import type { MailMessage } from '../services/mail';
import { escapeHtml } from '../services/mail-html';

/** Where each area's SPA page for a reset link lives. */
export const resetPagePath: Record<AccountType, string> = {
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

export function resetLink(input: Pick<ResetMailInput, 'publicUrl' | 'area' | 'token' | 'email'>): string {
  const query = new URLSearchParams({ token: input.token, email: input.email });
  return `${input.publicUrl}${resetPagePath[input.area]}?${query.toString()}`;
}

export function passwordResetMail(input: ResetMailInput): MailMessage {
  const link = resetLink(input);
  const text = [
    `Hello ${input.firstName},`,
    '',
    'Someone asked to reset the password of your Labsongs account. To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works once and expires in ${input.validMinutes} minutes.`,
    'If you did not ask for this, ignore this email: your password stays as it is.',
    '',
    '— Labsongs',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.firstName)},</p>`,
    '<p>Someone asked to reset the password of your Labsongs account. To choose a new password, open this link:</p>',
    `<p><a href="${escapeHtml(link)}">Reset your password</a></p>`,
    `<p>The link works once and expires in ${input.validMinutes} minutes.<br>`,
    'If you did not ask for this, ignore this email: your password stays as it is.</p>',
    '<p>— Labsongs</p>',
  ].join('\n');
  return { to: input.email, subject: RESET_SUBJECT, text, html };
}
