import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

const DEPARTED = `type = 'artist' and (deactivated_at is not null or suspended_at is not null)`;

/**
 * The stranded queue reads the few artists who left or are suspended from their partial index (0019),
 * then their orders. On (id) alone, SQLite's planner preferred users_applications for `type = 'artist'`
 * and read every artist's row (the stranded list 4× slower at a million orders than at the demo's size).
 * On (type, id) the partial index answers the same equality and is the smaller one, so both databases use it.
 */
export function departedArtistsIndex(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`drop index users_departed_artists`.execute(db);
      await sql.raw(`create index users_departed_artists on users (type, id) where ${DEPARTED}`).execute(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await sql`drop index users_departed_artists`.execute(db);
      await sql.raw(`create index users_departed_artists on users (id) where ${DEPARTED}`).execute(db);
    },
  };
}
