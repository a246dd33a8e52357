// The signed-in user's notification centre (docs/product.md §3 Notification, §4 Notifications, §9 Notification
// dropdown; docs/architecture.md §3, §6). Read this file for the flow's vocabulary; notifications.machine.ts for
// its logic.
import type { AccountType } from '../contracts/account';
import type { LiveChange } from '../contracts/live';
import type {
  Notification,
  NotificationPush,
  NotificationsPage,
  NotificationTarget,
  ReadAllAnswer,
  StreamToken,
} from '../contracts/notifications';
import type { LiveHint } from './live';

/** A read/unread change the list already shows, waiting for the server. */
export interface MarkRequest {
  id: number;
  read: boolean;
  /** is_read before the change: restored when the server refuses it. */
  previous: boolean;
}

export interface NotificationsContext {
  /** Whether a live stream can be held at all (the browser has EventSource). */
  canStream: boolean;
  /** Whose notifications these are: it picks where a click leads (docs/product.md §4). */
  area: AccountType;
  /** Newest first (by id, the server's keyset). */
  notifications: Notification[];
  /** The cursor of the next older page; null on the last page. */
  nextCursor: string | null;
  unreadCount: number;
  /** Why the first page could not be loaded (shown in the panel with a retry), else null. */
  loadError: string | null;
  /** Changes in order; the first one is in flight while `sync` is `saving`. */
  marks: MarkRequest[];
  /** The short-lived token the stream is opened with. */
  streamToken: string | null;
  /** Failed connection attempts since the stream last opened: the backoff grows with it. */
  reconnectAttempt: number;
  /** "Mark all as read" on its way: up to which id, and the items it turned read (put back if it fails). */
  readAll: ReadAllRequest | null;
}

export interface ReadAllRequest {
  upToId: number;
  ids: number[];
}

export interface NotificationsInput {
  canStream: boolean;
}

/** What the stream actor reports (one `notification` or `unread` SSE message, or the connection's fate). */
export type StreamEvent =
  | { type: 'stream.opened' }
  | { type: 'stream.notification'; push: NotificationPush }
  | { type: 'stream.unread'; unreadCount: number }
  /** A `change` message: something the account may have open changed (contracts/live.ts). */
  | { type: 'stream.change'; change: LiveChange }
  | { type: 'stream.failed' };

/** What the centre emits for the app's routing: a change or a notification, as a hint (live.ts). */
export type NotificationsEmitted = { type: 'live.hint'; hint: LiveHint };

export type NotificationsEvent =
  /** The app's session: a user of `area` signed in, or the session ended. */
  | { type: 'session.signedIn'; area: AccountType }
  | { type: 'session.signedOut' }
  /** The dropdown was opened or closed (Escape, outside click, the bell). */
  | { type: 'user.open' }
  | { type: 'user.close' }
  /** Load the first page again after it failed. */
  | { type: 'user.retry' }
  /** "See previous notification". */
  | { type: 'user.showMore' }
  /** A click (or Enter) on an item: mark it read, go to its page, close the dropdown. */
  | { type: 'user.openItem'; id: number }
  /** The item menu's "Mark as read" / "Mark as unread". */
  | { type: 'user.mark'; id: number; read: boolean }
  /** The panel's "Mark all as read". */
  | { type: 'user.markAllRead' }
  | StreamEvent
  /** Raised by the list once a first page is in: the stream resumes after its newest id. */
  | { type: 'list.loaded' };

export type NotificationsTag = 'loading' | 'loadingMore' | 'open' | 'live';

export interface FetchPageInput {
  cursor: string | null;
  limit: number;
}

export interface MarkNotificationInput {
  id: number;
  read: boolean;
}

/** POST /notifications/read-all {up_to_id}: the newest id the list holds. */
export interface MarkAllReadInput {
  upToId: number;
}

/** PATCH /notifications/{id} answers the notification and the new count, like a stream push. */
export type MarkAnswer = NotificationPush;

export interface ListenToStreamInput {
  token: string;
  /** The highest id the list holds (0 when it is empty): the server sends what came after it. */
  lastEventId: number;
}

export type { Notification, NotificationsPage, NotificationTarget, ReadAllAnswer, StreamToken };
