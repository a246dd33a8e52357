import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/**
 * Order messages (docs/decisions.md "Order messages"): one thread per order between its customer, the
 * artist who took it and the team.
 * - `order_messages`: each message once. `client_id` is chosen by the sender's app before the first try,
 *   unique per author, so a send repeated after a dropped connection finds the stored message instead of
 *   writing a second one. The attachment, when there is one, is copied from its upload.
 * - `order_message_uploads`: an attachment stored before its message is sent (`message_id` set by the send);
 *   only its uploader may send it, on the order it was uploaded for.
 * - `order_message_reads`: how far each reader has read (the last message id); the team is one reader
 *   (`reader_id` 0), whichever admin read.
 */
export function orderMessages(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('order_messages'), dialect)
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('author_role', 'text', (col) =>
          col.notNull().check(sql`author_role in ('customer', 'artist', 'team')`),
        )
        .addColumn('author_id', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('client_id', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('masked', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('attachment_key', 'text')
        .addColumn('attachment_name', 'text')
        .addColumn('attachment_type', 'text')
        .addColumn('attachment_size', 'integer')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('order_messages_client')
        .on('order_messages')
        .columns(['author_id', 'client_id'])
        .unique()
        .execute();
      // The thread's pages, newest first, and the unread counts (id past a read mark).
      await db.schema.createIndex('order_messages_thread').on('order_messages').columns(['order_id', 'id']).execute();

      await addIdColumn(db.schema.createTable('order_message_uploads'), dialect)
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
        .addColumn('file_key', 'text', (col) => col.notNull())
        .addColumn('file_name', 'text', (col) => col.notNull())
        .addColumn('mime', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('message_id', 'integer', (col) => col.references('order_messages.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('order_message_uploads_key')
        .on('order_message_uploads')
        .columns(['file_key'])
        .execute();

      await db.schema
        .createTable('order_message_reads')
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('reader_id', 'integer', (col) => col.notNull())
        .addColumn('last_read_id', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('order_message_reads_pk', ['order_id', 'reader_id'])
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('order_message_reads').execute();
      await db.schema.dropTable('order_message_uploads').execute();
      await db.schema.dropTable('order_messages').execute();
    },
  };
}
