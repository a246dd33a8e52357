import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/** What the catalogue shows of a user row: a change to one of these columns can change a card or a profile page. */
const CATALOGUE_USER_COLUMNS = [
  'type',
  'user_id',
  'app_status',
  'is_online',
  'deactivated_at',
  'stage_name',
  'avatar_path',
  'featured_song_path',
  // A customer's first name is shown beside their review on the artist's page.
  'first_name',
];
/** The order columns behind an artist's rating and reviews. */
const CATALOGUE_ORDER_COLUMNS = ['artist_id', 'rating', 'review', 'rated_at'];

/**
 * The catalogue's version row and the indexes the order lists page on (docs/architecture.md §9, docs/decisions.md).
 *
 * `catalog_version` holds one counter that the database itself raises, by triggers, whenever anything
 * the public catalogue shows changes: an artist's row (online, approval, deactivation, stage name,
 * photo, featured song), profile, songs, or a rating. Every server process reads it before answering
 * from its in-memory catalogue cache (server/catalog/catalog-cache.ts), so a change made through any
 * process, the admin CLI or a seed invalidates every process's cache at once: nothing in the
 * application has to remember to.
 */
export function catalogVersion(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('catalog_version')
        .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
        .addColumn('version', 'bigint', (col) => col.notNull().defaultTo(0))
        .execute();
      await sql`insert into catalog_version (id, version) values (1, 0)`.execute(db);

      if (dialect === 'postgres') {
        await sql`create function catalog_version_bump() returns trigger language plpgsql as $$
          begin
            update catalog_version set version = version + 1 where id = 1;
            return null;
          end $$`.execute(db);
        const userColumns = sql.raw(CATALOGUE_USER_COLUMNS.join(', '));
        await sql`create trigger users_catalog_update after update of ${userColumns} on users for each row
          when (new.type = 'artist' or old.type = 'artist' or new.first_name is distinct from old.first_name)
          execute function catalog_version_bump()`.execute(db);
        await sql`create trigger users_catalog_insert after insert on users for each row
          when (new.type = 'artist') execute function catalog_version_bump()`.execute(db);
        await sql`create trigger users_catalog_delete after delete on users for each row
          when (old.type = 'artist') execute function catalog_version_bump()`.execute(db);
        for (const table of ['artist_profiles', 'artist_songs']) {
          await sql`create trigger ${sql.raw(`${table}_catalog`)} after insert or update or delete on ${sql.table(table)}
            for each statement execute function catalog_version_bump()`.execute(db);
        }
        await sql`create trigger orders_catalog after update of ${sql.raw(CATALOGUE_ORDER_COLUMNS.join(', '))} on orders
          for each row when (new.rating is not null or old.rating is not null)
          execute function catalog_version_bump()`.execute(db);
      } else {
        const bump = sql.raw('update catalog_version set version = version + 1 where id = 1;');
        const userColumns = sql.raw(CATALOGUE_USER_COLUMNS.join(', '));
        await sql`create trigger users_catalog_update after update of ${userColumns} on users
          when new.type = 'artist' or old.type = 'artist' or new.first_name is not old.first_name
          begin ${bump} end`.execute(db);
        await sql`create trigger users_catalog_insert after insert on users when new.type = 'artist'
          begin ${bump} end`.execute(db);
        await sql`create trigger users_catalog_delete after delete on users when old.type = 'artist'
          begin ${bump} end`.execute(db);
        for (const table of ['artist_profiles', 'artist_songs']) {
          for (const event of ['insert', 'update', 'delete']) {
            await sql`create trigger ${sql.raw(`${table}_catalog_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
              begin ${bump} end`.execute(db);
          }
        }
        await sql`create trigger orders_catalog after update of ${sql.raw(CATALOGUE_ORDER_COLUMNS.join(', '))} on orders
          when new.rating is not null or old.rating is not null
          begin ${bump} end`.execute(db);
      }

      // The artist and admin order lists page on (needed_by, id) within an artist and status, or a status
      // (server/lifecycle/order-lists.ts); the indexes of 0004 are on due_at, which those pages do not sort by.
      await db.schema
        .createIndex('orders_artist_status_needed')
        .on('orders')
        .columns(['artist_id', 'status', 'needed_by', 'id'])
        .execute();
      await db.schema.createIndex('orders_status_needed').on('orders').columns(['status', 'needed_by', 'id']).execute();
      await db.schema.createIndex('orders_needed').on('orders').columns(['needed_by', 'id']).execute();
      // An artist's open offers: the offer rows by artist and status, then the order.
      await db.schema
        .createIndex('order_artists_artist_offers')
        .on('order_artists')
        .columns(['artist_id', 'offer_status', 'order_id'])
        .execute();
      // Refunds of a page of orders (server/lifecycle/order-views.ts loads them by order id).
      await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
    },
  };
}
