import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { deleteInBatches } from '../services/batches';
import { isoAt } from '../services/clock';
import type { NotificationHub } from './hub';

// What keeps notification streams bounded and tied to the session that opened them: at most a few
// open streams per account on all nodes together (the oldest ends), a stream ends when its session
// logs out or the password changes (its stream tokens stop working at once too), and a node that
// shuts down tells its streams' browsers to come back soon, through the balancer to another node.

/** Tabs and devices an account may stream to at once, whichever nodes serve them. */
export const MAX_STREAMS_PER_ACCOUNT = 5;
/** A live stream refreshes its row on every poll (15 s); a row this old belongs to a node that died. */
export const STREAM_ROW_STALE_MS = 2 * 60_000;

/** The session a stream token belongs to: the account and its refresh deadline (kept across refreshes). */
export const sessionKeyOf = (claims: { sub: string; rex: number }) => `${claims.sub}.${claims.rex}`;
/** The revoked_tokens row that marks a session as logged out (pruned with the others once rex passes). */
const endedMarker = (session: string) => `session.${session}`;

/** Logout: the session's stream tokens and open streams end (the streams re-check on the hub's wake-up). */
export async function endSession(
  db: Kysely<DB>,
  hub: NotificationHub,
  claims: { sub: string; rex: number },
): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti: endedMarker(sessionKeyOf(claims)), expires_at: new Date(claims.rex * 1000).toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
  hub.publish([Number(claims.sub)]);
}

/** The session is still signed in and the account's token version is the one the stream started with. */
export async function isSessionLive(
  db: Kysely<DB>,
  stream: { userId: number; session: string; version: number },
): Promise<boolean> {
  const [user, ended] = await Promise.all([
    db
      .selectFrom('users')
      .select(['token_version', 'deactivated_at'])
      .where('id', '=', stream.userId)
      .executeTakeFirst(),
    db.selectFrom('revoked_tokens').select('jti').where('jti', '=', endedMarker(stream.session)).executeTakeFirst(),
  ]);
  return !!user && user.deactivated_at === null && user.token_version === stream.version && !ended;
}

const staleBefore = (now: Date) => isoAt(new Date(now.getTime() - STREAM_ROW_STALE_MS));

/**
 * Registers a new stream of the account for every node: answers its row id. The account's oldest rows
 * beyond the cap (and any stale row) are deleted, and the account's streams are woken, so that the
 * streams that lost their row end wherever they are. Not one transaction: each statement sees every
 * committed row, so the last open's delete leaves at most the cap whatever the interleaving.
 */
export async function claimStreamSlot(
  db: Kysely<DB>,
  hub: NotificationHub,
  userId: number,
  now: Date,
): Promise<number> {
  const at = isoAt(now);
  const { id } = await db
    .insertInto('notification_streams')
    .values({ user_id: userId, opened_at: at, seen_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const stale = staleBefore(now);
  const kept = db
    .selectFrom('notification_streams')
    .select('id')
    .where('user_id', '=', userId)
    .where('seen_at', '>=', stale)
    .orderBy('id', 'desc')
    .limit(MAX_STREAMS_PER_ACCOUNT);
  const cut = await db
    .deleteFrom('notification_streams')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('seen_at', '<', stale), eb('id', 'not in', kept)]))
    .executeTakeFirst();
  if (Number(cut.numDeletedRows) > 0) hub.publish([userId]);
  return id;
}

/** Refreshes the stream's row; false once a newer stream pushed it out (or it went stale and was pruned). */
export async function holdStreamSlot(db: Kysely<DB>, id: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('notification_streams')
    .set({ seen_at: isoAt(now) })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function releaseStreamSlot(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('notification_streams').where('id', '=', id).execute();
}

/** Maintenance: the rows of streams whose node died without ending them, a batch per statement. */
export async function pruneStaleStreams(db: Kysely<DB>, now: Date): Promise<number> {
  const stale = staleBefore(now);
  return deleteInBatches(db, {
    table: 'notification_streams',
    key: 'id',
    olderThan: { column: 'seen_at', before: stale },
  });
}

/** A stream open in this process, as the shutdown sees it. */
export interface LocalStream {
  /** Tells the client to reconnect after `retryMs`, then ends the stream. */
  endForShutdown(retryMs: number): void;
  /** Settles once the stream has ended, for whatever reason. */
  readonly ended: Promise<void>;
}

interface LocalStreams {
  open: Set<LocalStream>;
  shuttingDown: boolean;
}

const localStreams = new WeakMap<NotificationHub, LocalStreams>();
/** One set per app (its hub): two apps in one process, as in tests, keep their own. */
function localStreamsOf(hub: NotificationHub): LocalStreams {
  let local = localStreams.get(hub);
  if (!local) {
    local = { open: new Set(), shuttingDown: false };
    localStreams.set(hub, local);
  }
  return local;
}

/** 1 to 3 seconds, at random: the browsers of a node going down do not all come back at once. */
const shutdownRetryMs = () => 1000 + Math.floor(Math.random() * 2000);

/** Tracks a stream of this process; answers the untrack. A stream opened during shutdown ends at once. */
export function trackStream(hub: NotificationHub, stream: LocalStream): () => void {
  const local = localStreamsOf(hub);
  local.open.add(stream);
  if (local.shuttingDown) stream.endForShutdown(shutdownRetryMs());
  return () => {
    local.open.delete(stream);
  };
}

/** This process's open notification streams (a metrics gauge). */
export function openStreamCount(hub: NotificationHub): number {
  return localStreamsOf(hub).open.size;
}

/**
 * Shutdown: every open stream of this process sends a `retry:` hint and ends, so that its browser
 * reconnects through the balancer to a node that stays; resolves once all of them have ended.
 */
export async function closeStreamsForShutdown(hub: NotificationHub): Promise<void> {
  const local = localStreamsOf(hub);
  local.shuttingDown = true;
  const streams = [...local.open];
  for (const stream of streams) stream.endForShutdown(shutdownRetryMs());
  await Promise.all(streams.map((stream) => stream.ended));
}
