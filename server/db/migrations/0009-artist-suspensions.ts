import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/**
 * Suspending artists (admin, /admin/artists): when the suspension began, and one audit row for each
 * suspension and reactivation with the admin's reason.
 */
export function artistSuspensionTables(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();
      await addIdColumn(db.schema.createTable('artist_status_changes'), dialect)
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('action', 'text', (col) => col.notNull().check(sql`action in ('suspended', 'reactivated')`))
        .addColumn('reason', 'text', (col) => col.notNull())
        .addColumn('admin_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('artist_status_changes_artist_id')
        .on('artist_status_changes')
        .columns(['artist_id', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('artist_status_changes').execute();
      await db.schema.alterTable('users').dropColumn('suspended_at').execute();
    },
  };
}
