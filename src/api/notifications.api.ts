import type { ApiSuccess } from '../../contracts/http';
import { liveChangeEvent, parseLiveChange } from '../../contracts/live';
import type { NotificationPush, NotificationsPage, ReadAllAnswer, StreamToken } from '../../contracts/notifications';
import type { StreamEvent } from '../../machines/notifications.types';
import { call } from './call';

import type { Http } from './client';

/** The notification calls of one area (docs/product.md §7, docs/api.md "Notifications"), on that area's client. */
export function notificationsApi(http: Http) {
  const data = <T>(promise: Promise<ApiSuccess<T>>) => promise.then((body) => body.data);
  return {
    page: (cursor: string | null, limit: number) =>
      call(() =>
        data(
          http
            .get('notifications', { searchParams: cursor ? { cursor, limit } : { limit } })
            .json<ApiSuccess<NotificationsPage>>(),
        ),
      ),
    mark: (id: number, read: boolean) =>
      call(() =>
        data(http.patch(`notifications/${id}`, { json: { mark_as_read: read } }).json<ApiSuccess<NotificationPush>>()),
      ),
    markAllRead: (upToId: number) =>
      call(() =>
        data(http.post('notifications/read-all', { json: { up_to_id: upToId } }).json<ApiSuccess<ReadAllAnswer>>()),
      ),
    streamToken: () => call(() => data(http.post('notifications/stream-token').json<ApiSuccess<StreamToken>>())),
  };
}

/** GET {base}notifications/stream: the token authenticates it (EventSource cannot send headers). */
export function notificationStreamUrl(base: string, token: string, lastEventId: number): string {
  const url = new URL(`${base}notifications/stream`, globalThis.location?.origin ?? 'http://localhost');
  url.searchParams.set('token', token);
  url.searchParams.set('last_event_id', String(lastEventId));
  return url.toString();
}

/**
 * Listens to the stream at `url` and reports each message as a machine event; answers the close.
 * The EventSource's own retry is not used: its token is short-lived, so the machine reconnects
 * with a fresh one, and closing here on the first error hands the decision to it.
 */
export function listenToNotificationStream(url: string, report: (event: StreamEvent) => void): () => void {
  const source = new EventSource(url);
  const parse = (message: MessageEvent<string>): unknown => {
    try {
      return JSON.parse(message.data);
    } catch {
      return null;
    }
  };
  source.addEventListener('open', () => report({ type: 'stream.opened' }));
  source.addEventListener('notification', (message) => {
    const push = parse(message) as NotificationPush | null;
    if (push?.notification && typeof push.unread_count === 'number') report({ type: 'stream.notification', push });
  });
  source.addEventListener('unread', (message) => {
    const body = parse(message) as { unread_count?: unknown } | null;
    if (typeof body?.unread_count === 'number') report({ type: 'stream.unread', unreadCount: body.unread_count });
  });
  // Changes to orders, offers, applications, payouts and refunds the account may have open.
  source.addEventListener(liveChangeEvent, (message) => {
    const change = parseLiveChange(message.data);
    if (change) report({ type: 'stream.change', change });
  });
  source.addEventListener('error', () => {
    source.close();
    report({ type: 'stream.failed' });
  });
  return () => source.close();
}
