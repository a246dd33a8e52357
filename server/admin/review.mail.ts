import { artistLoginLink } from '../artists/application.mail';
import type { MailContent } from '../mail/layout';

export const APPROVED_SUBJECT = 'Your Labsongs application is approved';
export const REJECTED_SUBJECT = 'Your Labsongs application needs changes';

export interface ReviewMailInput {
  publicUrl: string;
  email: string;
  firstName: string;
}

export function approvedContent(input: ReviewMailInput): MailContent {
  return {
    subject: APPROVED_SUBJECT,
    preview: 'Switch yourself online so customers can choose you.',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      'Good news: your Labsongs artist application is approved.',
      'Log in and switch yourself online so customers can choose you for their songs.',
    ],
    action: { label: 'Log in', url: artistLoginLink(input.publicUrl) },
  };
}

export function rejectedContent(input: ReviewMailInput & { reason: string }): MailContent {
  return {
    subject: REJECTED_SUBJECT,
    preview: 'What to change before you send your application again.',
    greeting: `Hello ${input.firstName},`,
    paragraphs: ['Thank you for applying to Labsongs. We cannot approve your application as it is:'],
    quote: input.reason,
    action: { label: 'Log in to change your application', url: artistLoginLink(input.publicUrl) },
    after: ['You can change your application and send it again after logging in.'],
  };
}
