import type { Transaction } from 'kysely';
import { notificationTexts } from '../../contracts/notifications';
import type { AppContext } from '../context';
import type { DB, UserRow } from '../db/schema';
import { insertNotifications } from '../notifications/notifications.repository';
import { approvedMail, rejectedMail } from './review.mail';

/**
 * The approval's own writes beyond the status, in its transaction: the in-app notification
 * `application_approved` (DESIGN §5; its target, the profile, is SPEC §4's).
 */
export async function recordApplicationApproved(trx: Transaction<DB>, artist: UserRow, at: Date): Promise<void> {
  // The texts take order details; this one names no order.
  const text = notificationTexts.application_approved({ reference: '', occasion: '', recipient: '' });
  await insertNotifications(
    trx,
    [{ userId: artist.id, type: 'application_approved', title: text.title, body: text.body, orderId: null }],
    at.toISOString(),
  );
}

/** Everything that follows a committed approval: the mail, and waking the artist's open streams. */
export function onApplicationApproved(c: AppContext, artist: UserRow): void {
  const { mailer, config, hub } = c.var;
  mailer.send(approvedMail({ publicUrl: config.publicUrl, email: artist.email, firstName: artist.first_name }));
  hub.publish([artist.id]);
}

/** Everything that follows a rejection: the mail with the reason (the artist may edit and resubmit). */
export function onApplicationRejected(c: AppContext, artist: UserRow, reason: string): void {
  const { mailer, config } = c.var;
  mailer.send(rejectedMail({ publicUrl: config.publicUrl, email: artist.email, firstName: artist.first_name, reason }));
}
