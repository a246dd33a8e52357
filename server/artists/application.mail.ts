import type { MailContent } from '../mail/layout';

export const APPLICATION_SUBJECT = 'Your Labsongs artist application';

export interface ApplicationMailInput {
  publicUrl: string;
  email: string;
  firstName: string;
  temporaryPassword: string;
}

/** The artist login page the temporary password is for. */
export const artistLoginLink = (publicUrl: string) => `${publicUrl}/artist/login`;

export function applicationContent(input: ApplicationMailInput): MailContent {
  return {
    subject: APPLICATION_SUBJECT,
    preview: 'Log in with your temporary password to finish your application.',
    greeting: `Hello ${input.firstName},`,
    paragraphs: ['Thank you for applying to sing on Labsongs. Log in to finish your application.'],
    facts: [
      ['Email', input.email],
      ['Temporary password', input.temporaryPassword],
    ],
    action: { label: 'Log in to finish your application', url: artistLoginLink(input.publicUrl) },
    after: ['You will choose your own password as part of the application. If you did not apply, ignore this email.'],
  };
}
