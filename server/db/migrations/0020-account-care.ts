import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Accounts with care. `artist_payouts.changed_at`: when the artist last replaced an account they had
 * (null for the first one); the operations home lists changes of the last 7 days through its index.
 */
export function accountCare(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('artist_payouts').addColumn('changed_at', 'text').execute();
      await sql`create index artist_payouts_changed on artist_payouts (changed_at) where changed_at is not null`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('artist_payouts_changed').execute();
      await db.schema.alterTable('artist_payouts').dropColumn('changed_at').execute();
    },
  };
}
