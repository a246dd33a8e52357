import type { SSEMessage } from 'hono/streaming';
import { streamSSE } from 'hono/streaming';
import type { AccountType } from '../../contracts/account';
import { type LiveChange, liveChangeEvent } from '../../contracts/live';
import { type NotificationPush, notificationMessages } from '../../contracts/notifications';
import { serverMessages } from '../../contracts/server-messages';
import { activeAccountFor } from '../auth/require-auth';
import type { AppContext } from '../context';
import { ApiError } from '../http/api-error';
import { newestNotificationId, notificationsAfter, unreadCount } from './notifications.repository';
import { toNotification } from './notifications.serializers';
import { claimStreamSlot, holdStreamSlot, isSessionLive, releaseStreamSlot, trackStream } from './stream-sessions';
import type { StreamTokens } from './stream-token';

/** Proxies drop a silent connection after about a minute: a comment line keeps it open. */
const PING_MS = 25_000;
/** A wake-up lost between processes must not lose a notification: look anyway this often. */
const POLL_MS = 15_000;
/** Then the stream ends and the client reconnects with a fresh token (and a fresh account check). */
const MAX_STREAM_MS = 15 * 60_000;
/** Rows read per query while catching up. */
const BATCH = 100;
/** How long a shutting-down node waits on a client that does not take its last bytes. */
const SHUTDOWN_WRITE_MS = 1000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Where the client left off: the `Last-Event-ID` header (an EventSource reconnecting sends it), else
 * `last_event_id`; undefined when neither is given.
 */
function resumeAfter(c: AppContext): number | undefined {
  const raw = c.req.header('last-event-id') || c.req.query('last_event_id') || undefined;
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw)) {
    throw new ApiError(422, serverMessages.validationFailed, { last_event_id: ['Invalid event id'] });
  }
  return Number(raw);
}

/**
 * GET /notifications/stream?token=&last_event_id=: Server-Sent Events for the account the stream token
 * names (no Authorization header: EventSource cannot send one). 401 for a missing, expired, altered or
 * other-area token, or an account that may no longer act.
 */
export async function notificationStream(c: AppContext, area: AccountType, streamTokens: StreamTokens) {
  const claims = await streamTokens.verify(c.req.query('token'), area);
  if (!claims) throw new ApiError(401, notificationMessages.streamTokenInvalid);
  const user = await activeAccountFor(c, claims, area);
  const session = { userId: user.id, session: claims.ses, version: user.token_version };
  // A logged-out session's stream tokens stop working at once, not after their minute.
  if (!(await isSessionLive(c.var.db, session))) throw new ApiError(401, notificationMessages.streamTokenInvalid);
  // Without a resume id the stream starts after the newest notification: the client has just read
  // the list, and passes the newest id it holds to close the gap between that read and this call.
  const after = resumeAfter(c);
  return openStream(c, user.id, after ?? (await newestNotificationId(c.var.db, user.id)), session);
}

/**
 * Sends what the client has not seen yet (everything after `after`, oldest first), then waits for the
 * hub's wake-ups: new rows go out as `notification` events, a wake-up without new rows (a read or
 * unread mark in another tab) as `unread`. Every such event carries the unread count.
 *
 * Live changes go out as `change` events, as the hub hands them over, without an `id` (so that the
 * browser's Last-Event-ID stays the newest notification's) and without replay: a client refetches
 * what it shows whenever the stream opens. When the hub may have lost changes (its PostgreSQL listener
 * was away) the stream ends, so that the client reconnects and refetches.
 */
function openStream(
  c: AppContext,
  userId: number,
  after: number,
  session: { userId: number; session: string; version: number },
) {
  const { db, hub, logger, clock } = c.var;
  // A reverse proxy (nginx) would otherwise hold the events back to fill its buffer.
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const openedAt = Date.now();
    let lastId = after;
    // The connection counts as a wake-up: replay, or at least tell the current count.
    let woken = true;
    let gap = false;
    const changes: LiveChange[] = [];
    let wake: (() => void) | undefined;
    // Subscribed after reading the starting id: a notification committed in between is found by the
    // first read below or by the poll; one committed before it is in the list the client already has.
    const unsubscribe = hub.subscribe(userId, (signal) => {
      if (signal?.type === 'change') changes.push(signal.change);
      else woken = true;
      if (signal?.type === 'gap') gap = true;
      wake?.();
    });
    // Shutdown: the loop stops, the client hears when to come back, and a write stuck on a client
    // that reads nothing is cut so that the node can finish.
    let retryMs: number | undefined;
    let cutStuckWrite: NodeJS.Timeout | undefined;
    let ended!: () => void;
    const untrack = trackStream(hub, {
      ended: new Promise<void>((resolve) => {
        ended = resolve;
      }),
      endForShutdown(ms) {
        retryMs ??= ms;
        wake?.();
        cutStuckWrite ??= setTimeout(() => stream.abort(), SHUTDOWN_WRITE_MS * 3);
      },
    });
    let slot: number | undefined;
    stream.onAbort(() => wake?.());
    c.req.raw.signal.addEventListener('abort', () => stream.abort(), { once: true });

    let lastWriteAt = Date.now();
    let nextPollAt = Date.now() + POLL_MS;
    const send = async (message: SSEMessage) => {
      await stream.writeSSE(message);
      lastWriteAt = Date.now();
    };
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        };
        const timer = setTimeout(done, Math.max(ms, 0));
        wake = done;
      });

    /** Sends every row after lastId; answers whether there was any. */
    const sendNewRows = async (): Promise<boolean> => {
      let sentAny = false;
      for (;;) {
        const rows = await notificationsAfter(db, userId, lastId, BATCH);
        if (rows.length === 0) return sentAny;
        const unread_count = await unreadCount(db, userId);
        for (const row of rows) {
          const push: NotificationPush = { notification: toNotification(row), unread_count };
          await send({ event: 'notification', id: String(row.id), data: JSON.stringify(push) });
          lastId = row.id;
        }
        sentAny = true;
        if (rows.length < BATCH || stream.aborted) return sentAny;
      }
    };

    try {
      // At most a few streams per account on all nodes: this one's row pushes out the oldest (unless the
      // node is already going down, when it would push out a stream that stays for nothing).
      if (retryMs === undefined) slot = await claimStreamSlot(db, hub, userId, clock.now());
      while (!stream.aborted && retryMs === undefined) {
        const now = Date.now();
        if (now - openedAt >= MAX_STREAM_MS) break;
        if (woken || now >= nextPollAt) {
          const byHub = woken;
          woken = false;
          nextPollAt = now + POLL_MS;
          // Logged out, password changed or deactivated since the stream opened: it ends here.
          if (!(await isSessionLive(db, session))) break;
          // A newer stream of the account, on any node, took this one's place.
          if (slot === undefined || !(await holdStreamSlot(db, slot, clock.now()))) break;
          const sentRows = await sendNewRows();
          if (byHub && !sentRows) {
            await send({ event: 'unread', data: JSON.stringify({ unread_count: await unreadCount(db, userId) }) });
          }
          if (gap) break;
        } else if (changes.length > 0) {
          // After the notifications of the same commit (they were published first).
          for (const change of changes.splice(0)) {
            await send({ event: liveChangeEvent, data: JSON.stringify(change) });
          }
        } else if (now - lastWriteAt >= PING_MS) {
          await stream.write(': ping\n\n');
          lastWriteAt = now;
        } else {
          await sleep(Math.min(nextPollAt, lastWriteAt + PING_MS, openedAt + MAX_STREAM_MS) - now);
        }
      }
      if (retryMs !== undefined && !stream.aborted) {
        await Promise.race([stream.write(`retry: ${retryMs}\n\n`), delay(SHUTDOWN_WRITE_MS)]);
      }
    } catch (error) {
      // Once the client has gone (writes to it fail silently), a failing read is not worth a line.
      if (!stream.aborted) logger.warn('notification stream failed', { userId, error });
    } finally {
      clearTimeout(cutStuckWrite);
      unsubscribe();
      // A row left behind (the database is away) goes stale and stops counting.
      if (slot !== undefined) await releaseStreamSlot(db, slot).catch(() => undefined);
      untrack();
      ended();
    }
  });
}
