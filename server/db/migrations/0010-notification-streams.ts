import type { Kysely } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/**
 * The open notification streams of every node, so that the per-account cap holds across nodes: a new
 * stream's row pushes the account's oldest rows out, and a stream whose row is gone ends. `seen_at` is
 * refreshed while the stream lives; the rows of a node that died stop counting once it is old.
 */
export function notificationStreamTables(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('notification_streams'), dialect)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('opened_at', 'text', (col) => col.notNull())
        .addColumn('seen_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('notification_streams_user_id')
        .on('notification_streams')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('notification_streams_seen_at')
        .on('notification_streams')
        .column('seen_at')
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('notification_streams').execute();
    },
  };
}
