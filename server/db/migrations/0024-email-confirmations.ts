import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/**
 * A first visit without walls (docs/api.md "Email confirmation"): `users.email_confirmed_at` is set when
 * the customer opens the link of the welcome mail (null until then; nothing waits for it, paying
 * included). `email_confirmations` holds each mailed link as a SHA-256 of its token, like
 * password_resets: single use (`used_at`), expiring, pruned by services/maintenance.ts through the
 * expires_at index.
 */
export function emailConfirmations(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
      await addIdColumn(db.schema.createTable('email_confirmations'), dialect)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (col) => col.notNull().unique())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('email_confirmations_user_id').on('email_confirmations').column('user_id').execute();
      await db.schema
        .createIndex('email_confirmations_expires_at')
        .on('email_confirmations')
        .column('expires_at')
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('email_confirmations').execute();
      // SQLite re-checks every trigger on a DROP COLUMN and rejects 0014's upsert triggers: they are set
      // aside and put back as they were (as 0020 does).
      const aside =
        dialect === 'postgres'
          ? []
          : (
              await sql<{
                name: string;
                sql: string;
              }>`select name, sql from sqlite_master where type = 'trigger'`.execute(db)
            ).rows;
      for (const trigger of aside) await sql.raw(`drop trigger ${trigger.name}`).execute(db);
      await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
      for (const trigger of aside) await sql.raw(trigger.sql).execute(db);
    },
  };
}
