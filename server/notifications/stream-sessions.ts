import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { NotificationHub } from './hub';

// What keeps notification streams bounded and tied to the session that opened them: at most a few
// open streams per account in this process (the oldest is closed), and a stream ends when its session
// logs out or the password changes (its stream tokens stop working at once too).

/** Tabs and devices an account may stream to at once from one server process. */
export const MAX_STREAMS_PER_ACCOUNT = 5;

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

interface OpenStream {
  close(): void;
}

/** The open streams of each account in this process, oldest first. */
export function createStreamRegistry(max = MAX_STREAMS_PER_ACCOUNT) {
  const open = new Map<number, OpenStream[]>();
  return {
    /** Registers a stream; closes the account's oldest ones beyond `max`. Answers the unregister. */
    add(userId: number, stream: OpenStream): () => void {
      const list = [...(open.get(userId) ?? []), stream];
      while (list.length > max) list.shift()?.close();
      open.set(userId, list);
      return () => {
        const rest = (open.get(userId) ?? []).filter((s) => s !== stream);
        if (rest.length === 0) open.delete(userId);
        else open.set(userId, rest);
      };
    },
    count: (userId: number) => open.get(userId)?.length ?? 0,
  };
}
export type StreamRegistry = ReturnType<typeof createStreamRegistry>;

const registries = new WeakMap<NotificationHub, StreamRegistry>();
/** One registry per app (its hub): two apps in one process, as in tests, keep their own. */
export function streamRegistryOf(hub: NotificationHub): StreamRegistry {
  let registry = registries.get(hub);
  if (!registry) {
    registry = createStreamRegistry();
    registries.set(hub, registry);
  }
  return registry;
}
