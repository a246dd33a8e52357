import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/**
 * The mail queue (an outbox written in the event's own transaction, sent by the worker in
 * server/mail/mail-worker.ts) and the kinds of mail each person turned off.
 */
export function mailTables(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('mail_outbox'), dialect)
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('to_address', 'text', (col) => col.notNull())
        // One mail per event and recipient: a repeated enqueue (a replayed callback) is a no-op.
        .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
        .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'sending', 'sent', 'skipped', 'failed', 'digested')`),
        )
        // 1: an item of the admins' digest, sent inside a digest mail, never on its own.
        .addColumn('digest', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('digest_id', 'integer')
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (col) => col.notNull())
        .addColumn('lease_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      // The worker reads due rows by (status, next_attempt_at): the cost stays flat as sent mail piles up.
      await db.schema
        .createIndex('mail_outbox_due')
        .on('mail_outbox')
        .columns(['status', 'digest', 'next_attempt_at', 'id'])
        .execute();
      await db.schema
        .createIndex('mail_outbox_user_kind')
        .on('mail_outbox')
        .columns(['user_id', 'kind', 'id'])
        .execute();

      await db.schema
        .createTable('mail_opt_outs')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('mail_opt_outs_pk', ['user_id', 'category'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('mail_opt_outs').execute();
      await db.schema.dropTable('mail_outbox').execute();
    },
  };
}
