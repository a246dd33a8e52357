import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type LiveChange, parseLiveChange } from '../../contracts/live';
import type { DB } from '../db/schema';
import type { Logger } from '../services/logger';
import { createLocalHub, type NotificationHub } from './hub';
import type { AddressedChange } from './live-changes';

/** One channel for the whole database; the payload names the schema (see payloadsOf). */
const NOTIFICATION_CHANNEL = 'labsongs_notifications';
/** Live changes travel on their own channel, the change itself in the payload (see changePayloadsOf). */
const CHANGE_CHANNEL = 'labsongs_changes';
/** Below PostgreSQL's 8000-byte limit on a NOTIFY payload, with room to spare. */
const MAX_PAYLOAD_BYTES = 7900;

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more: 400 ids of up to 10 digits stay well below. */
const IDS_PER_PAYLOAD = 400;

export interface PgHubOptions {
  /** The connection string (config.database.url). */
  url: string;
  /** The schema the app's tables live in: processes on other schemas share the channel but not the users. */
  schema: string;
  /** The app's pool, which sends the NOTIFYs. */
  db: Kysely<DB>;
  logger: Logger;
}

/** The application_name of a process's listening connection. */
export const listenerName = (schema: string) => `labsongs-notifications ${schema}`;

/** `<schema>:<id>,<id>,…`, split so that no payload is too long. */
export function payloadsOf(schema: string, userIds: number[]): string[] {
  const payloads: string[] = [];
  for (let i = 0; i < userIds.length; i += IDS_PER_PAYLOAD) {
    payloads.push(`${schema}:${userIds.slice(i, i + IDS_PER_PAYLOAD).join(',')}`);
  }
  return payloads;
}

/** The user ids of a payload meant for `schema`; none for another schema's or a malformed one. */
export function idsOfPayload(schema: string, payload: string): number[] {
  const colon = payload.indexOf(':');
  if (colon < 0 || payload.slice(0, colon) !== schema) return [];
  return payload
    .slice(colon + 1)
    .split(',')
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number);
}

/**
 * `<schema>:<id>,<id>,…:<change as JSON>`: the recipients and the change, split over several payloads
 * when the recipients are many (every admin hears every order change).
 */
export function changePayloadsOf(schema: string, change: AddressedChange): string[] {
  const json = JSON.stringify(change.change);
  // An id is at most 15 digits and a comma.
  const room = MAX_PAYLOAD_BYTES - Buffer.byteLength(schema) - Buffer.byteLength(json) - 2;
  const perPayload = Math.max(1, Math.floor(room / 16));
  const payloads: string[] = [];
  for (let i = 0; i < change.to.length; i += perPayload) {
    payloads.push(`${schema}:${change.to.slice(i, i + perPayload).join(',')}:${json}`);
  }
  return payloads;
}

/** The change and recipients of a change payload meant for `schema`; undefined for anything else. */
export function changeOfPayload(schema: string, payload: string): { to: number[]; change: LiveChange } | undefined {
  const first = payload.indexOf(':');
  const second = payload.indexOf(':', first + 1);
  if (first < 0 || second < 0 || payload.slice(0, first) !== schema) return undefined;
  const change = parseLiveChange(payload.slice(second + 1));
  const to = payload
    .slice(first + 1, second)
    .split(',')
    .filter((part) => /^\d{1,15}$/.test(part))
    .map(Number);
  return change && to.length > 0 ? { to, change } : undefined;
}

/**
 * The hub of several processes on one PostgreSQL database. publish() (called after commit) sends a
 * NOTIFY; one dedicated connection per process LISTENs and wakes the streams of this process, its own
 * publishes included, so there is one path for every wake-up. Live changes take the same path on a
 * second channel, carried in the payload (they are not stored). When that connection drops it is
 * reopened with a growing delay, and every stream is told of the gap once it is back, in case something
 * was published meanwhile (the streams' own poll covers notifications; their clients refetch what they
 * show when the stream reopens, which covers changes).
 *
 * Resolves once listening, or after the first attempt failed (it keeps retrying in the background).
 */
export async function startPgHub(options: PgHubOptions): Promise<NotificationHub> {
  const { url, schema, db, logger } = options;
  const local = createLocalHub();
  let current: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  async function listen(): Promise<void> {
    // Named so that an operator can tell the listener apart in pg_stat_activity.
    const client = new pg.Client({ connectionString: url, application_name: listenerName(schema) });
    // An error ends the connection; its 'end' (below) schedules the reconnect.
    client.on('error', (error) => logger.warn('notification listener connection failed', { error }));
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === NOTIFICATION_CHANNEL) {
        const ids = idsOfPayload(schema, message.payload);
        if (ids.length > 0) local.publish(ids);
      } else if (message.channel === CHANGE_CHANNEL) {
        const addressed = changeOfPayload(schema, message.payload);
        if (addressed) local.publishChanges([addressed]);
      }
    });
    try {
      await client.connect();
      client.on('end', () => {
        if (current !== client) return;
        current = undefined;
        reconnectLater();
      });
      await client.query(`listen ${NOTIFICATION_CHANNEL}`);
      await client.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    retryMs = FIRST_RETRY_MS;
  }

  function reconnectLater(): void {
    if (closed) return;
    retryTimer = setTimeout(async () => {
      try {
        await listen();
        local.wakeAll();
      } catch (error) {
        logger.warn('notification listener could not reconnect', { error, retryMs });
        reconnectLater();
      }
    }, retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  try {
    await listen();
  } catch (error) {
    logger.warn('notification listener could not connect', { error });
    reconnectLater();
  }

  return {
    publish(userIds) {
      if (closed || userIds.length === 0) return;
      for (const payload of payloadsOf(schema, userIds)) {
        sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${payload})`
          .execute(db)
          .catch((error: unknown) => logger.warn('publishing notifications failed', { error }));
      }
    },
    publishChanges(changes) {
      if (closed) return;
      for (const change of changes) {
        for (const payload of changePayloadsOf(schema, change)) {
          sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`
            .execute(db)
            .catch((error: unknown) => logger.warn('publishing live changes failed', { error }));
        }
      }
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
      await local.close();
    },
  };
}
