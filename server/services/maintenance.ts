import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { type Clock, isoAt } from './clock';

const DAY_MS = 86_400_000;

/** Deletes rows that can no longer matter: revocations of unrefreshable tokens, old counters and reset links. */
export async function pruneExpired(db: Kysely<DB>, clock: Clock): Promise<void> {
  const now = clock.now();
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', isoAt(now)).execute();
  // The longest rate-limit window is an hour; a day leaves plenty of margin.
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', isoAt(new Date(now.getTime() - DAY_MS)))
    .execute();
  await db
    .deleteFrom('password_resets')
    .where('expires_at', '<', isoAt(new Date(now.getTime() - DAY_MS)))
    .execute();
}
