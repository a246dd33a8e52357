import type { Kysely, Transaction } from 'kysely';
import { notificationTexts } from '../../contracts/notifications';
import type { AppContext } from '../context';
import type { DB, UserRow } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import { adminIds } from '../notifications/live-changes';
import { insertNotifications } from '../notifications/notifications.repository';
import { alertAdmins } from './admin-alerts';

// The texts take order details; application notifications name no order.
const noOrder = { reference: '', occasion: '', recipient: '' };

/**
 * The approval's own writes beyond the status, in its transaction: the in-app notification
 * `application_approved` (docs/architecture.md §5; its target, the profile, is docs/product.md §4's) and the mail.
 */
export async function recordApplicationApproved(trx: Transaction<DB>, artist: UserRow, at: Date): Promise<void> {
  const text = notificationTexts.application_approved(noOrder);
  await insertNotifications(
    trx,
    [{ userId: artist.id, type: 'application_approved', title: text.title, body: text.body, orderId: null }],
    at.toISOString(),
  );
  await enqueueMail(
    trx,
    { userId: artist.id },
    {
      kind: 'application_approved',
      data: { email: artist.email },
      key: `application_approved:${artist.id}:${at.toISOString()}`,
      at,
    },
  );
}

/** The rejection's writes: the notification `application_rejected` and the mail with the reason. */
export async function recordApplicationRejected(
  trx: Transaction<DB>,
  artist: UserRow,
  reason: string,
  at: Date,
): Promise<void> {
  const text = notificationTexts.application_rejected(noOrder);
  await insertNotifications(
    trx,
    [{ userId: artist.id, type: 'application_rejected', title: text.title, body: text.body, orderId: null }],
    at.toISOString(),
  );
  await enqueueMail(
    trx,
    { userId: artist.id },
    {
      kind: 'application_rejected',
      data: { email: artist.email, reason },
      key: `application_rejected:${artist.id}:${at.toISOString()}`,
      at,
    },
  );
}

/** Everything that follows a committed decision: waking the artist's open streams. */
export function onApplicationDecided(c: AppContext, artist: UserRow): void {
  c.var.hub.publish([artist.id]);
}

/**
 * An application sent for review: every admin gets the notification `application_received` and an
 * item in their next mail digest.
 */
export async function recordApplicationSubmitted(trx: Kysely<DB>, artist: UserRow, at: Date): Promise<void> {
  const name = artist.stage_name ?? `${artist.first_name} ${artist.last_name}`;
  await alertAdmins(trx, {
    type: 'application_received',
    text: notificationTexts.application_received({ ...noOrder, artist: name }),
    orderId: null,
    item: { kind: 'admin_application_received', data: { artist_id: artist.id, name } },
    key: `admin_application_received:${artist.id}:${at.toISOString()}`,
    at,
  });
}

/** Wakes every active admin's notification streams (after a submission committed). */
export async function wakeAdmins(c: AppContext): Promise<void> {
  c.var.hub.publish(await adminIds(c.var.db));
}
