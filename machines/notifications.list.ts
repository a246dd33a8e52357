// Pure helpers of the notification centre: the list kept newest first without duplicates, read
// changes with their effect on the unread count, the stream's resume point and its backoff.
import type { Notification } from '../contracts/notifications';
import type { MarkRequest } from './notifications.types';

/** The stream reconnects after 1 s, 2 s, 4 s … at most 30 s; an open stream starts over. */
const reconnectBackoff = { firstMs: 1000, maxMs: 30_000 } as const;

/** Attempts beyond this wait the longest delay anyway (counting further would change nothing). */
export const maxCountedAttempts = Math.ceil(Math.log2(reconnectBackoff.maxMs / reconnectBackoff.firstMs)) + 1;

/** The wait before connection attempt `attempt` (1 after the first failure). */
export function reconnectDelayMs(attempt: number): number {
  const exponent = Math.max(0, attempt - 1);
  return Math.min(reconnectBackoff.firstMs * 2 ** exponent, reconnectBackoff.maxMs);
}

/**
 * `incoming` merged into `list`, newest (highest id) first; an id already listed keeps its place and
 * content, so a page or a replayed push never shows one notification twice.
 */
export function mergeNotifications(list: Notification[], incoming: Notification[]): Notification[] {
  const known = new Set(list.map((n) => n.id));
  const added = incoming.filter((n) => !known.has(n.id) && known.add(n.id));
  if (added.length === 0) return list;
  return [...list, ...added].sort((a, b) => b.id - a.id);
}

/** The newest id the list holds, 0 when it holds none: the stream sends what came after it. */
export function highestId(list: Notification[]): number {
  return list.reduce((max, n) => Math.max(max, n.id), 0);
}

/** The list and unread count after notification `id` becomes read or unread. */
export function withRead(
  list: Notification[],
  unreadCount: number,
  id: number,
  read: boolean,
): { notifications: Notification[]; unreadCount: number } {
  const item = list.find((n) => n.id === id);
  if (!item || item.is_read === read) return { notifications: list, unreadCount };
  return {
    notifications: list.map((n) => (n.id === id ? { ...n, is_read: read } : n)),
    unreadCount: Math.max(0, unreadCount + (read ? -1 : 1)),
  };
}

/**
 * The queue after the user asks for `read` on an item that shows `current`. The first entry is in
 * flight and stays; a waiting entry for the same id is updated, or dropped when the user went back.
 */
export function queueMark(marks: MarkRequest[], id: number, read: boolean, current: boolean): MarkRequest[] {
  const waiting = marks.findIndex((m, index) => index > 0 && m.id === id);
  if (waiting === -1) return [...marks, { id, read, previous: current }];
  const entry = marks[waiting] as MarkRequest;
  if (entry.previous === read) return marks.filter((_, index) => index !== waiting);
  return marks.map((m, index) => (index === waiting ? { ...m, read } : m));
}

/** Every item read, and the ids of those that were not (to put back if the server refuses). */
export function withAllRead(list: Notification[]): { notifications: Notification[]; ids: number[] } {
  const ids = list.filter((n) => !n.is_read).map((n) => n.id);
  if (ids.length === 0) return { notifications: list, ids };
  return { notifications: list.map((n) => (n.is_read ? n : { ...n, is_read: true })), ids };
}
