import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/** Artist profiles, sealed payout details and sample songs (docs/architecture.md §5); portable like 0001. */
export function artistTables(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('artist_profiles')
        .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('city', 'text')
        .addColumn('birthdate', 'text')
        .addColumn('bio', 'text')
        .addColumn('genres', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('vocal_type', 'text')
        .addColumn('rate_centavos', 'integer', (col) => col.check(sql`rate_centavos is null or rate_centavos > 0`))
        .addColumn('links', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('pitch', 'text')
        .addColumn('submitted_at', 'text')
        .addColumn('reviewed_at', 'text')
        .addColumn('reviewed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('rejection_reason', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('artist_payouts')
        .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('bank_name', 'text', (col) => col.notNull())
        .addColumn('account_name', 'text', (col) => col.notNull())
        .addColumn('account_number_enc', 'text', (col) => col.notNull())
        .addColumn('account_last4', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await addIdColumn(db.schema.createTable('artist_songs'), dialect)
        .addColumn('source', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('file_key', 'text', (col) => col.notNull().unique())
        .addColumn('mime', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('artist_songs_user_id').on('artist_songs').columns(['user_id', 'id']).execute();

      // The catalogue and the admin queue both filter artists by status and online switch.
      await db.schema
        .createIndex('users_artist_status')
        .on('users')
        .columns(['type', 'app_status', 'is_online'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('users_artist_status').execute();
      await db.schema.dropTable('artist_songs').execute();
      await db.schema.dropTable('artist_payouts').execute();
      await db.schema.dropTable('artist_profiles').execute();
    },
  };
}
