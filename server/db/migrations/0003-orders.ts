import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';
import { addIdColumn } from './column-types';

/**
 * The customer's order (docs/architecture.md §3–§4): drafts ("temp orders"), temporary clip uploads, committed
 * orders with their artists, events and clips, and payments with the provider callbacks received.
 * Portable like 0001/0002: timestamps are ISO text, flags 0/1, JSON as text.
 */
export function orderTables(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await addIdColumn(db.schema.createTable('orders'), dialect)
        .addColumn('reference', 'text', (col) => col.notNull().unique())
        .addColumn('customer_id', 'integer', (col) => col.notNull().references('users.id').onDelete('restrict'))
        .addColumn('status', 'text', (col) =>
          col
            .notNull()
            .check(
              sql`status in ('awaiting_payment', 'offered', 'needs_artist', 'in_progress', 'in_validation', 'in_revision', 'delivered', 'completed', 'cancelled')`,
            ),
        )
        .addColumn('price_centavos', 'integer', (col) => col.notNull().check(sql`price_centavos > 0`))
        .addColumn('platform_fee_centavos', 'integer', (col) => col.notNull().check(sql`platform_fee_centavos >= 0`))
        .addColumn('currency', 'text', (col) => col.notNull().defaultTo('PHP').check(sql`currency = 'PHP'`))
        .addColumn('occasion_name', 'text', (col) => col.notNull())
        .addColumn('recipient_first_name', 'text', (col) => col.notNull())
        .addColumn('needed_by', 'text', (col) => col.notNull())
        .addColumn('brief', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .addColumn('paid_at', 'text')
        .execute();
      await db.schema.createIndex('orders_customer_id').on('orders').columns(['customer_id', 'id']).execute();
      await db.schema.createIndex('orders_status').on('orders').column('status').execute();

      await addIdColumn(db.schema.createTable('temp_orders'), dialect)
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('occasion', 'text')
        .addColumn('song', 'text')
        .addColumn('story', 'text')
        .addColumn('completed_steps', 'text', (col) => col.notNull().defaultTo('[]'))
        .addColumn('committed_order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('temp_orders_user_id').on('temp_orders').columns(['user_id', 'id']).execute();

      await addIdColumn(db.schema.createTable('temp_uploads'), dialect)
        .addColumn('temp_location', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('file_key', 'text', (col) => col.notNull().unique())
        .addColumn('mime', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('attached_order_id', 'integer', (col) => col.references('orders.id').onDelete('set null'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('temp_uploads_user_id').on('temp_uploads').column('user_id').execute();
      // The 24 h sweep looks for unattached uploads by age.
      await db.schema
        .createIndex('temp_uploads_sweep')
        .on('temp_uploads')
        .columns(['attached_order_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('order_artists')
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('restrict'))
        .addColumn('rank', 'integer', (col) => col.notNull().check(sql`rank >= 1`))
        .addColumn('offer_status', 'text', (col) => col.notNull().defaultTo('pending'))
        .addPrimaryKeyConstraint('order_artists_pk', ['order_id', 'artist_id'])
        .addUniqueConstraint('order_artists_rank_unique', ['order_id', 'rank'])
        .execute();
      await db.schema.createIndex('order_artists_artist_id').on('order_artists').column('artist_id').execute();

      await addIdColumn(db.schema.createTable('order_events'), dialect)
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('actor', 'text', (col) =>
          col.notNull().check(sql`actor in ('customer', 'artist', 'admin', 'system', 'provider')`),
        )
        .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('payload', 'text', (col) => col.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('order_events_order_id').on('order_events').columns(['order_id', 'id']).execute();

      await db.schema
        .createTable('order_clips')
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('slot', 'text', (col) => col.notNull())
        .addColumn('file_key', 'text', (col) => col.notNull())
        .addColumn('mime', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('order_clips_pk', ['order_id', 'slot'])
        .execute();

      await addIdColumn(db.schema.createTable('payments'), dialect)
        .addColumn('order_id', 'integer', (col) => col.notNull().references('orders.id').onDelete('restrict'))
        .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider in ('sandbox', 'dragonpay')`))
        .addColumn('method', 'text', (col) => col.notNull())
        .addColumn('txnid', 'text', (col) => col.notNull().unique())
        .addColumn('refno', 'text')
        .addColumn('amount_centavos', 'integer', (col) => col.notNull().check(sql`amount_centavos > 0`))
        .addColumn('currency', 'text', (col) => col.notNull().defaultTo('PHP'))
        .addColumn('status', 'text', (col) =>
          col.notNull().check(sql`status in ('pending', 'succeeded', 'failed', 'cancelled', 'refunded')`),
        )
        .addColumn('raw_status', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('payments_order_id').on('payments').columns(['order_id', 'id']).execute();

      await addIdColumn(db.schema.createTable('payment_callbacks'), dialect)
        .addColumn('payment_id', 'integer', (col) => col.references('payments.id').onDelete('set null'))
        .addColumn('provider', 'text', (col) => col.notNull())
        .addColumn('txnid', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('verified', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('body', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('payment_callbacks_txnid').on('payment_callbacks').column('txnid').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('payment_callbacks').execute();
      await db.schema.dropTable('payments').execute();
      await db.schema.dropTable('order_clips').execute();
      await db.schema.dropTable('order_events').execute();
      await db.schema.dropTable('order_artists').execute();
      await db.schema.dropTable('temp_uploads').execute();
      await db.schema.dropTable('temp_orders').execute();
      await db.schema.dropTable('orders').execute();
    },
  };
}
