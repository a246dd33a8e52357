import { type Kysely, sql } from 'kysely';
import { DEFAULT_TURNAROUND_DAYS } from '../../../contracts/delivery';
import type { Dialect } from '../database';

/**
 * Delivery you can count on (docs/decisions.md "Delivery you can count on"):
 * - `artist_profiles.turnaround_days`, the artist's standard turnaround; null follows the platform default
 *   (DEFAULT_TURNAROUND_DAYS), like a null rate follows the base price;
 * - an index in the catalogue's "fastest" order, the turnaround then the artist's id (catalog.repository.ts's
 *   sort key, written the same way so both planners match it), which also serves the turnaround and
 *   "can deliver by" filters (both are a bound on the turnaround).
 * The catalogue's version follows the column through 0007's triggers on artist_profiles.
 */
export function deliveryPromise(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const kept =
        dialect === 'sqlite' &&
        (await sql`select name from pragma_table_info('artist_profiles') where name = 'turnaround_days'`.execute(db))
          .rows.length > 0;
      if (!kept) await db.schema.alterTable('artist_profiles').addColumn('turnaround_days', 'integer').execute();
      await sql
        .raw(`create index artist_profiles_catalog_turnaround on artist_profiles
          ((coalesce(turnaround_days, ${DEFAULT_TURNAROUND_DAYS})), user_id)`)
        .execute(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('artist_profiles_catalog_turnaround').execute();
      // SQLite checks every trigger of the schema again when a column goes, and 0014's upserts (`as t`) fail
      // that check though they run (as in 0025): there the emptied column stays, and `up` finds it.
      if (dialect === 'postgres') await db.schema.alterTable('artist_profiles').dropColumn('turnaround_days').execute();
      else await sql`update artist_profiles set turnaround_days = null`.execute(db);
    },
  };
}
