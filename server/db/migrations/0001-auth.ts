import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

export function authTables(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('users'), dialect)
        .addColumn('user_id', 'text', (col) => col.notNull().unique())
        .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('user', 'artist', 'admin')`))
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('first_name', 'text', (col) => col.notNull())
        .addColumn('middle_name', 'text')
        .addColumn('last_name', 'text', (col) => col.notNull())
        .addColumn('contact_number', 'text')
        .addColumn('country', 'text')
        .addColumn('dial_code', 'text')
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('avatar_path', 'text')
        .addColumn('app_status', 'text', (col) =>
          col.check(sql`app_status is null or app_status in ('incomplete', 'for_review', 'approved', 'rejected')`),
        )
        .addColumn('personal_info', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('artist_info', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('payout_info', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('password_updated', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('is_first_time_login', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('is_online', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('featured_song_path', 'text')
        .addColumn('stage_name', 'text')
        .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('password_changed_at', 'text')
        .addColumn('deactivated_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      // One account per email and type, whatever the case the email was typed in.
      await db.schema
        .createIndex('users_type_email_unique')
        .on('users')
        .unique()
        .expression(sql`type, lower(email)`)
        .execute();

      await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'text', (col) => col.primaryKey())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('revoked_tokens_expires_at').on('revoked_tokens').column('expires_at').execute();

      await addIdColumn(db.schema.createTable('password_resets'), dialect)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('window_start', 'text', (col) => col.notNull())
        .addColumn('count', 'integer', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('rate_limits').execute();
      await db.schema.dropTable('password_resets').execute();
      await db.schema.dropTable('revoked_tokens').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
