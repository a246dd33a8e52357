import type { MailMessage } from '../services/mail';
import { escapeHtml } from '../services/mail-html';

export const APPLICATION_SUBJECT = 'Your Labsongs artist application';

export interface ApplicationMailInput {
  publicUrl: string;
  email: string;
  firstName: string;
  temporaryPassword: string;
}

/** The artist login page the temporary password is for. */
export const artistLoginLink = (publicUrl: string) => `${publicUrl}/artist/login`;

export function applicationMail(input: ApplicationMailInput): MailMessage {
  const link = artistLoginLink(input.publicUrl);
  const text = [
    `Hello ${input.firstName},`,
    '',
    'Thank you for applying to sing on Labsongs. Log in to finish your application:',
    '',
    link,
    '',
    `Email: ${input.email}`,
    `Temporary password: ${input.temporaryPassword}`,
    '',
    'You will choose your own password as part of the application.',
    'If you did not apply, ignore this email.',
    '',
    '— Labsongs',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.firstName)},</p>`,
    '<p>Thank you for applying to sing on Labsongs. Log in to finish your application:</p>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>Email: ${escapeHtml(input.email)}<br>Temporary password: <code>${escapeHtml(input.temporaryPassword)}</code></p>`,
    '<p>You will choose your own password as part of the application.<br>If you did not apply, ignore this email.</p>',
    '<p>— Labsongs</p>',
  ].join('\n');
  return { to: input.email, subject: APPLICATION_SUBJECT, text, html };
}
