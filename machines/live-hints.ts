// A message of the notification stream as a live hint (live.ts): a change message names the thing
// exactly; a notification names an order by the reference in its text, or an artist's application.
import type { LiveChange } from '../contracts/live';
import { extractOrderReference, type Notification } from '../contracts/notifications';
import type { LiveHint } from './live';

export function hintFromChange(change: LiveChange): LiveHint {
  return {
    kind: change.kind,
    orderId: change.kind === 'order' ? change.id : (change.order_id ?? null),
    reference: change.reference ?? null,
    status: change.status,
    source: 'change',
    offerId: change.kind === 'offer' ? change.id : null,
  };
}

/** The notifications about an artist's application (the rest are about an order). */
const applicationNotifications: readonly string[] = [
  'application_approved',
  'application_rejected',
  'stage_name_approved',
  'stage_name_rejected',
];

/** A notification as a hint: an application decision is about the application, every other type about an order. */
export function hintFromNotification(notification: Pick<Notification, 'type' | 'title' | 'body'>): LiveHint {
  return {
    kind: applicationNotifications.includes(notification.type) ? 'application' : 'order',
    orderId: null,
    reference: extractOrderReference(notification),
    status: notification.type,
    source: 'notification',
    offerId: null,
  };
}
