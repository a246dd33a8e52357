import { sql } from 'kysely';

/**
 * An order whose artist deactivated or was suspended: the few such artists come from their partial
 * index (users_departed_artists on (type, id), 0019 and 0033), then their orders from orders_artist_status_id.
 */
export const byDepartedArtist = sql<boolean>`orders.artist_id in (select users.id from users
  where users.type = 'artist' and (users.deactivated_at is not null or users.suspended_at is not null))`;
