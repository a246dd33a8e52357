import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { approvedMail, rejectedMail } from './review.mail';

/**
 * Everything that follows an approval, in one place. Today: the mail. The in-app notification
 * `application_approved` (DESIGN §3, targets per SPEC §4) hooks in here when notifications arrive.
 */
export function onApplicationApproved(c: AppContext, artist: UserRow): void {
  const { mailer, config } = c.var;
  mailer.send(approvedMail({ publicUrl: config.publicUrl, email: artist.email, firstName: artist.first_name }));
}

/** Everything that follows a rejection: the mail with the reason (the artist may edit and resubmit). */
export function onApplicationRejected(c: AppContext, artist: UserRow, reason: string): void {
  const { mailer, config } = c.var;
  mailer.send(rejectedMail({ publicUrl: config.publicUrl, email: artist.email, firstName: artist.first_name, reason }));
}
