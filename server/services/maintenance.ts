import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { pruneStaleStreams } from '../notifications/stream-sessions';
import { expireStaleAttempts } from '../payments/attempts';
import { pruneCallbacks } from '../payments/payments.repository';
import { expireStaleTips } from '../payments/tips';
import { deleteInBatches } from './batches';
import { type Clock, isoAt } from './clock';

const DAY_MS = 86_400_000;
/** Over-the-counter payments can take a while; two days cover the provider's own expiry. */
const PAYMENT_ATTEMPT_TTL_MS = 2 * DAY_MS;

/**
 * Deletes rows that can no longer matter (revocations of unrefreshable tokens, old counters and reset
 * links, old unverified payment callbacks, the stream rows of a node that died) and expires checkouts
 * nobody paid. Every statement finds its rows through an index on what it filters by (migrations 0001,
 * 0010, 0015 and 0024) and changes at most BATCH_ROWS of them (services/batches.ts), so however much piled up
 * (a node down for a week) no statement blocks the database for long.
 */
export async function pruneExpired(db: Kysely<DB>, clock: Clock): Promise<void> {
  const now = clock.now();
  await deleteInBatches(db, {
    table: 'revoked_tokens',
    key: 'jti',
    olderThan: { column: 'expires_at', before: isoAt(now) },
  });
  // The longest rate-limit window is an hour; a day leaves plenty of margin.
  const dayAgo = isoAt(new Date(now.getTime() - DAY_MS));
  await deleteInBatches(db, {
    table: 'rate_limits',
    key: 'key',
    olderThan: { column: 'window_start', before: dayAgo },
  });
  await deleteInBatches(db, {
    table: 'password_resets',
    key: 'id',
    olderThan: { column: 'expires_at', before: dayAgo },
  });
  await deleteInBatches(db, {
    table: 'email_confirmations',
    key: 'id',
    olderThan: { column: 'expires_at', before: dayAgo },
  });
  await pruneCallbacks(db, now);
  await pruneStaleStreams(db, now);
  // A checkout nobody paid in two days is expired (late money still counts: machines/payment-attempt.machine.ts).
  await expireStaleAttempts(db, now, PAYMENT_ATTEMPT_TTL_MS);
  // The same for tips (machines/tip-payment.machine.ts).
  await expireStaleTips(db, now, PAYMENT_ATTEMPT_TTL_MS);
}
