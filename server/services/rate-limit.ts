import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';
import { type Clock, isoAt } from './clock';

export interface RateRule {
  /** Namespaces the counter: the same subject has separate counters per rule. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateState {
  count: number;
  /** False once the count has passed the limit. */
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After); at least 1. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt and tells whether it is still within the limit. */
  hit(rule: RateRule, subject: string): Promise<RateState>;
  reset(rule: RateRule, subject: string): Promise<void>;
}

const keyOf = (rule: RateRule, subject: string) => createHash('sha256').update(`${rule.name}:${subject}`).digest('hex');

/**
 * Fixed-window counters kept in the database, so every server process shares them.
 * The increment is one INSERT … ON CONFLICT DO UPDATE … RETURNING (SQLite ≥ 3.35 and PostgreSQL):
 * no read-then-write race between two requests or two processes.
 */
export function createRateLimiter(db: Kysely<DB>, clock: Clock): RateLimiter {
  function state(rule: RateRule, count: number, windowStart: string, now: Date): RateState {
    const endsAt = new Date(windowStart).getTime() + rule.windowSeconds * 1000;
    return {
      count,
      allowed: count <= rule.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)),
    };
  }

  return {
    async hit(rule, subject) {
      const now = clock.now();
      const nowIso = isoAt(now);
      // A window that started at or before this instant is over.
      const staleBefore = isoAt(new Date(now.getTime() - rule.windowSeconds * 1000));
      const row = await db
        .insertInto('rate_limits')
        .values({ key: keyOf(rule, subject), window_start: nowIso, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.window_start <= ${staleBefore} then 1 else rate_limits.count + 1 end`,
            window_start: sql<string>`case when rate_limits.window_start <= ${staleBefore} then ${nowIso} else rate_limits.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      return state(rule, count, row.window_start, now);
    },

    async reset(rule, subject) {
      await db.deleteFrom('rate_limits').where('key', '=', keyOf(rule, subject)).execute();
    },
  };
}
