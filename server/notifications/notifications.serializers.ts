import type { Notification, NotificationType } from '../../contracts/notifications';
import type { NotificationRow } from '../db/schema';

/** A stored row as every area reads it (`Notification` of contracts/notifications.ts). */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    // Only insertNotifications writes rows, and it takes a NotificationType.
    type: row.type as NotificationType,
    is_read: Number(row.is_read) === 1,
    created_at: row.created_at,
    order_id: row.order_id,
  };
}
