// What the notification bell and its dropdown say (docs/product.md §8 "No notifications", §9 "See previous
// notification"), in one place for the components and their tests.
import { countOf } from './format';
import { specMessages } from './messages';

export const notificationLabels = {
  heading: 'Notifications',
  /** The bell's accessible name: the unread count is part of it. */
  bell: (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'),
  /** The badge caps what fits in it; the accessible name keeps the exact count. */
  badge: (unread: number) => (unread > 99 ? '99+' : String(unread)),
  /** Announced politely when the count changes. */
  unreadStatus: (unread: number) => (unread === 0 ? 'No unread notifications' : countOf(unread, 'unread notification')),
  unread: 'Unread',
  empty: specMessages.noNotifications,
  showMore: 'See previous notification',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  markAllRead: 'Mark all as read',
  itemMenu: (title: string) => `More actions for "${title}"`,
  loading: 'Loading notifications…',
  loadFailed: 'Your notifications could not be loaded.',
  retry: 'Try again',
} as const;
