import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { pruneStaleStreams } from '../notifications/stream-sessions';
import { expireStaleAttempts } from '../payments/attempts';
import { pruneCallbacks } from '../payments/payments.repository';
import { type Clock, isoAt } from './clock';

const DAY_MS = 86_400_000;
/** Over-the-counter payments can take a while; two days cover the provider's own expiry. */
const PAYMENT_ATTEMPT_TTL_MS = 2 * DAY_MS;

/**
 * Deletes rows that can no longer matter (revocations of unrefreshable tokens, old counters and reset
 * links, old unverified payment callbacks, the stream rows of a node that died) and expires checkouts
 * nobody paid.
 */
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
  await pruneCallbacks(db, now);
  await pruneStaleStreams(db, now);
  // A checkout nobody paid in two days is expired (late money still counts: machines/payment-attempt.machine.ts).
  await expireStaleAttempts(db, now, PAYMENT_ATTEMPT_TTL_MS);
}
