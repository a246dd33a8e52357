import { artistLoginLink } from '../artists/application.mail';
import type { MailMessage } from '../services/mail';
import { escapeHtml } from '../services/mail-html';

export const APPROVED_SUBJECT = 'Your Labsongs application is approved';
export const REJECTED_SUBJECT = 'Your Labsongs application needs changes';

export interface ReviewMailInput {
  publicUrl: string;
  email: string;
  firstName: string;
}

export function approvedMail(input: ReviewMailInput): MailMessage {
  const link = artistLoginLink(input.publicUrl);
  const text = [
    `Hello ${input.firstName},`,
    '',
    'Good news: your Labsongs artist application is approved.',
    'Log in and switch yourself online so customers can choose you for their songs:',
    '',
    link,
    '',
    '— Labsongs',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.firstName)},</p>`,
    '<p>Good news: your Labsongs artist application is approved.<br>',
    'Log in and switch yourself online so customers can choose you for their songs:</p>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>— Labsongs</p>',
  ].join('\n');
  return { to: input.email, subject: APPROVED_SUBJECT, text, html };
}

export function rejectedMail(input: ReviewMailInput & { reason: string }): MailMessage {
  const link = artistLoginLink(input.publicUrl);
  const text = [
    `Hello ${input.firstName},`,
    '',
    'Thank you for applying to Labsongs. We cannot approve your application as it is:',
    '',
    input.reason,
    '',
    'You can change your application and send it again after logging in:',
    '',
    link,
    '',
    '— Labsongs',
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(input.firstName)},</p>`,
    '<p>Thank you for applying to Labsongs. We cannot approve your application as it is:</p>',
    `<blockquote>${escapeHtml(input.reason)}</blockquote>`,
    '<p>You can change your application and send it again after logging in:</p>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    '<p>— Labsongs</p>',
  ].join('\n');
  return { to: input.email, subject: REJECTED_SUBJECT, text, html };
}
