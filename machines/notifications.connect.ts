// View model of the notification bell and its dropdown.
import type { SnapshotFrom } from 'xstate';
import { notificationLabels } from '../contracts/notification-labels';
import type { notificationsMachine } from './notifications.machine';

export function connectNotifications(snapshot: SnapshotFrom<typeof notificationsMachine>) {
  const { notifications, unreadCount, nextCursor, loadError } = snapshot.context;
  const signedIn = snapshot.matches('signedIn');
  const ready = snapshot.matches({ signedIn: { list: 'ready' } });
  const loadingMore = snapshot.hasTag('loadingMore');
  return {
    signedIn,
    open: snapshot.hasTag('open'),
    items: notifications,
    unreadCount,
    bellLabel: notificationLabels.bell(unreadCount),
    badge: unreadCount > 0 ? notificationLabels.badge(unreadCount) : null,
    /** The first page is on its way and nothing is listed yet. */
    loading: snapshot.hasTag('loading'),
    loadError: snapshot.matches({ signedIn: { list: 'failed' } }) ? loadError : null,
    /** docs/product.md §8: "No notifications" once a loaded list holds none. */
    empty: ready && notifications.length === 0,
    /** "See previous notification" shows while older pages exist, busy during the pause and the call. */
    showMoreVisible: (ready || loadingMore) && nextCursor !== null,
    loadingMore,
    /** "Mark all as read" is offered while the list shows and something is unread. */
    canMarkAllRead: ready && snapshot.can({ type: 'user.markAllRead' }),
    /** Whether new notifications arrive by themselves. */
    live: snapshot.hasTag('live'),
  };
}
