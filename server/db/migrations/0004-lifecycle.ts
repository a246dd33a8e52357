import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/**
 * The order after payment (docs/architecture.md §4): offers with expiry, the artist who took the order, recordings,
 * revisions, ratings, gift links, payouts, refunds, and in-app notifications with an unread counter.
 */
export function lifecycleTables(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const addOrderColumn = (
        name: string,
        type: 'text' | 'integer',
        build: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (column) => column,
      ) => db.schema.alterTable('orders').addColumn(name, type, build).execute();
      await addOrderColumn('artist_id', 'integer', (c) => c.references('users.id').onDelete('restrict'));
      await addOrderColumn('due_at', 'text');
      await addOrderColumn('accepted_at', 'text');
      await addOrderColumn('completed_at', 'text');
      await addOrderColumn('cancelled_at', 'text');
      await addOrderColumn('revision_limit', 'integer', (c) => c.notNull().defaultTo(2));
      await addOrderColumn('revisions_used', 'integer', (c) => c.notNull().defaultTo(0));
      await addOrderColumn('rating', 'integer', (c) => c.check(sql`rating between 1 and 5`));
      await addOrderColumn('review', 'text');
      await addOrderColumn('rated_at', 'text');
      // SQLite cannot add a UNIQUE column: the unique index does the same.
      await addOrderColumn('gift_token', 'text');
      await db.schema.createIndex('orders_gift_token').on('orders').column('gift_token').unique().execute();
      await addOrderColumn('gift_reveal_on', 'text');
      // Artist screens list by (artist, status, due date); offers by (artist, offer status).
      await db.schema
        .createIndex('orders_artist_status_due')
        .on('orders')
        .columns(['artist_id', 'status', 'due_at', 'id'])
        .execute();
      await db.schema.createIndex('orders_status_due').on('orders').columns(['status', 'due_at', 'id']).execute();

      const addOfferColumn = (name: string) => db.schema.alterTable('order_artists').addColumn(name, 'text').execute();
      await addOfferColumn('offered_at');
      await addOfferColumn('expires_at');
      await addOfferColumn('responded_at');
      await addOfferColumn('decline_reason');
      await db.schema
        .createIndex('order_artists_open_offers')
        .on('order_artists')
        .columns(['offer_status', 'expires_at'])
        .execute();

      await addIdColumn(db.schema.createTable('order_recordings'), dialect)
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('restrict'))
        .addColumn('version', 'integer', (col) => col.notNull())
        .addColumn('temp_location', 'text', (col) => col.notNull().unique())
        .addColumn('mime', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('lyrics', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('human_made', 'integer', (col) => col.notNull().check(sql`human_made = 1`))
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'validated', 'revision_requested', 'rejected_by_customer', 'accepted')`),
        )
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('order_recordings_version_unique', ['order_id', 'version'])
        .execute();

      await addIdColumn(db.schema.createTable('notifications'), dialect)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
        .addColumn('is_read', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      // Keyset pages (newest first) read one user's rows by id: the cost does not grow with the table.
      await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
      // The unread count is kept in a counter row, so the bell never counts rows.
      await db.schema
        .createTable('notification_counters')
        .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('unread', 'integer', (col) => col.notNull().defaultTo(0).check(sql`unread >= 0`))
        .execute();

      await addIdColumn(db.schema.createTable('payouts'), dialect)
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('restrict'))
        .addColumn('order_id', 'integer', (col) => col.notNull().unique().references('orders.id').onDelete('restrict'))
        .addColumn('amount_centavos', 'integer', (col) => col.notNull().check(sql`amount_centavos >= 0`))
        .addColumn('status', 'text', (col) =>
          col.notNull().defaultTo('pending').check(sql`status in ('pending', 'paid')`),
        )
        .addColumn('reference', 'text')
        .addColumn('paid_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema.createIndex('payouts_artist_id').on('payouts').columns(['artist_id', 'id']).execute();
      await db.schema.createIndex('payouts_status').on('payouts').columns(['status', 'id']).execute();

      await addIdColumn(db.schema.createTable('refunds'), dialect)
        .addColumn('payment_id', 'integer', (col) =>
          col.notNull().unique().references('payments.id').onDelete('restrict'),
        )
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('amount_centavos', 'integer', (col) => col.notNull().check(sql`amount_centavos > 0`))
        .addColumn('reason', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('actor', 'text', (col) => col.notNull())
        .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('gift_thanks')
        .addColumn('order_id', 'integer', (col) => col.primaryKey().references('orders.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('gift_thanks').execute();
      await db.schema.dropTable('refunds').execute();
      await db.schema.dropTable('payouts').execute();
      await db.schema.dropTable('notification_counters').execute();
      await db.schema.dropTable('notifications').execute();
      await db.schema.dropTable('order_recordings').execute();
      await db.schema.dropIndex('order_artists_open_offers').execute();
      for (const name of ['offered_at', 'expires_at', 'responded_at', 'decline_reason'])
        await db.schema.alterTable('order_artists').dropColumn(name).execute();
      await db.schema.dropIndex('orders_gift_token').execute();
      await db.schema.dropIndex('orders_status_due').execute();
      await db.schema.dropIndex('orders_artist_status_due').execute();
      for (const name of [
        'gift_reveal_on',
        'gift_token',
        'rated_at',
        'review',
        'rating',
        'revisions_used',
        'revision_limit',
        'cancelled_at',
        'completed_at',
        'accepted_at',
        'due_at',
        'artist_id',
      ])
        await db.schema.alterTable('orders').dropColumn(name).execute();
    },
  };
}
