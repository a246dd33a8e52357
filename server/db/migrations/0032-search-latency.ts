import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** The trigram indexes of the admin's searches (0012), PostgreSQL only (SQLite's FTS5 has no such list). */
const GIN_INDEXES = ['order_search_doc', 'users_artist_search'];

/**
 * PostgreSQL's GIN indexes collect new entries in a pending list by default (`fastupdate`) and merge the
 * whole list into the index when it passes 4 MB, inside whichever write passed it: an order update, a
 * payment callback or an offer sweep then takes a hundred milliseconds now and then. Without the list,
 * each write updates the index itself, a little slower and always the same (docs/decisions.md "Flat as
 * it grows"). Entries already pending are merged here, once.
 */
export function searchLatency(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const index of GIN_INDEXES) {
        await sql.raw(`alter index ${index} set (fastupdate = off)`).execute(db);
        await sql`select gin_clean_pending_list(${sql.raw(`'${index}'`)}::regclass)`.execute(db);
      }
    },

    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      for (const index of GIN_INDEXES) await sql.raw(`alter index ${index} reset (fastupdate)`).execute(db);
    },
  };
}
