import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema';
import type { Logger } from '../services/logger';
import { createLocalHub, type NotificationHub } from './hub';

/** One channel for the whole database; the payload names the schema (see payloadsOf). */
export const NOTIFICATION_CHANNEL = 'labsongs_notifications';

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
 * The hub of several processes on one PostgreSQL database. publish() (called after commit) sends a
 * NOTIFY; one dedicated connection per process LISTENs and wakes the streams of this process, its own
 * publishes included, so there is one path for every wake-up. When that connection drops it is
 * reopened with a growing delay, and every stream is woken once it is back, in case something was
 * published in the gap (the streams' own poll covers the gap meanwhile).
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
      if (message.channel !== NOTIFICATION_CHANNEL || !message.payload) return;
      const ids = idsOfPayload(schema, message.payload);
      if (ids.length > 0) local.publish(ids);
    });
    try {
      await client.connect();
      client.on('end', () => {
        if (current !== client) return;
        current = undefined;
        reconnectLater();
      });
      await client.query(`listen ${NOTIFICATION_CHANNEL}`);
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
