import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Nothing stranded (docs/decisions.md "Orders left without an artist"): `orders.needs_artist_since` is
 * when the order last came to need an artist (null in any other status). An order the customer left
 * there IDLE_NEEDS_ARTIST_DAYS is cancelled and refunded by lifecycle/idle-orders.ts, which reads the
 * due ones, oldest first, through a partial index that holds only the orders needing an artist.
 *
 * Orders needing an artist now start their days at the event that put them there (else their last change).
 */
export function strandedOrders(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('needs_artist_since', 'text').execute();
      await sql`update orders set needs_artist_since = coalesce(
          (select max(e.created_at) from order_events e where e.order_id = orders.id), updated_at)
        where status = 'needs_artist'`.execute(db);
      await sql`create index orders_needs_artist_since on orders (needs_artist_since, id)
        where needs_artist_since is not null`.execute(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_needs_artist_since').execute();
      await db.schema.alterTable('orders').dropColumn('needs_artist_since').execute();
    },
  };
}
