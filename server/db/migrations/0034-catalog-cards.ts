import { type Kysely, sql } from 'kysely';
import { DEFAULT_TURNAROUND_DAYS } from '../../../contracts/delivery';
import { BASE_PRICE_CENTAVOS } from '../../../contracts/options';
import type { Dialect } from '../database';

/**
 * Who a customer may see in the catalogue: approved, online, not deactivated or suspended artists with a
 * stage name. This is the one place that says it: the catalogue, the artist page and a guest's chosen
 * artists read `catalog_cards`, which holds exactly these artists.
 */
const LISTED = `u.type = 'artist' and u.app_status = 'approved' and u.is_online = 1
  and u.deactivated_at is null and u.suspended_at is null and u.stage_name is not null`;

/**
 * The card's columns, computed as the catalogue compared and sorted them before 0034: the lower-cased stage
 * name (ASCII on SQLite, the collation's rules on PostgreSQL), the rate the customer pays
 * (server/orders/pricing.ts), the shown rating in tenths of a star from 0014's maintained sum and count
 * (round(sum / count × 10) = (20·sum + count) div (2·count), as ratings.repository.ts), the number of
 * ratings, the standard turnaround (server/orders/delivery.ts) and the profile's genres and vocal type.
 */
const CARD = `select u.id, lower(u.stage_name), coalesce(p.rate_centavos, ${BASE_PRICE_CENTAVOS}),
    case when s.rating_count > 0 then (s.rating_sum * 20 + s.rating_count) / (s.rating_count * 2) else 0 end,
    coalesce(s.rating_count, 0), coalesce(p.turnaround_days, ${DEFAULT_TURNAROUND_DAYS}), coalesce(p.genres, '[]'),
    p.vocal_type
  from users u
  left join artist_profiles p on p.user_id = u.id
  left join artist_summaries s on s.artist_id = u.id`;
const COLUMNS = 'artist_id, name_key, rate_centavos, rating_tenths, rating_count, turnaround_days, genres, vocal_type';

/** The statements that make one artist's card true again (`id`: the trigger's expression for the artist). */
const refresh = (id: string) => [
  `delete from catalog_cards where artist_id = ${id}`,
  `insert into catalog_cards (${COLUMNS}) ${CARD} where u.id = ${id} and ${LISTED}`,
];

/** The columns of each table a card is made from; a trigger fires only when one of them really changed. */
const USER_COLUMNS = ['type', 'app_status', 'is_online', 'deactivated_at', 'suspended_at', 'stage_name'];
const PROFILE_COLUMNS = ['rate_centavos', 'turnaround_days', 'genres', 'vocal_type'];
const SUMMARY_COLUMNS = ['rating_sum', 'rating_count'];

const changed = (columns: string[], dialect: Dialect) =>
  columns.map((c) => `old.${c} is ${dialect === 'postgres' ? 'distinct from' : 'not'} new.${c}`).join(' or ');

/** Every card trigger: its name, table, event, the artist's expression, and (updates) the columns it follows. */
const TRIGGERS: {
  name: string;
  table: string;
  event: 'insert' | 'update' | 'delete';
  id: string;
  of?: string[];
  when?: string;
}[] = [
  { name: 'users_card_insert', table: 'users', event: 'insert', id: 'new.id', when: "new.type = 'artist'" },
  { name: 'users_card_update', table: 'users', event: 'update', id: 'new.id', of: USER_COLUMNS },
  { name: 'artist_profiles_card_insert', table: 'artist_profiles', event: 'insert', id: 'new.user_id' },
  {
    name: 'artist_profiles_card_update',
    table: 'artist_profiles',
    event: 'update',
    id: 'new.user_id',
    of: PROFILE_COLUMNS,
  },
  { name: 'artist_profiles_card_delete', table: 'artist_profiles', event: 'delete', id: 'old.user_id' },
  { name: 'artist_summaries_card_insert', table: 'artist_summaries', event: 'insert', id: 'new.artist_id' },
  {
    name: 'artist_summaries_card_update',
    table: 'artist_summaries',
    event: 'update',
    id: 'new.artist_id',
    of: SUMMARY_COLUMNS,
  },
];

const OLD_INDEXES = {
  users_catalog_name: `users (lower(stage_name), id) where type = 'artist'`,
  artist_profiles_catalog_rate: `artist_profiles ((coalesce(rate_centavos, ${BASE_PRICE_CENTAVOS})), user_id)`,
  artist_summaries_catalog_rating: `artist_summaries
    ((case when rating_count > 0 then (rating_sum * 20 + rating_count) / (rating_count * 2) else 0 end),
     rating_count, artist_id)`,
  artist_profiles_catalog_turnaround: `artist_profiles ((coalesce(turnaround_days, ${DEFAULT_TURNAROUND_DAYS})), user_id)`,
};

/**
 * The catalogue's cards (docs/decisions.md "Flat as it grows"): one row per listed artist with every key the
 * catalogue filters and sorts on, kept by triggers on `users`, `artist_profiles` and `artist_summaries` in
 * the transaction of the write, whichever code path makes it (0014's pattern). Before, the visibility lived
 * on `users` and the keys on the other two tables, so a page read and sorted every listed artist: at
 * 10,000 artists a cache miss cost 4–7× its demo-size ratio. On one table, each sort walks its own index
 * (name, rate both ways, rating, turnaround; each ending in the artist's id, the tie-breaker) and stops
 * after a page. A card goes with its user (foreign key); 0025's and 0026's sort indexes, now unread, go.
 */
export function catalogCards(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('catalog_cards')
        .addColumn('artist_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('name_key', 'text', (col) => col.notNull())
        .addColumn('rate_centavos', 'integer', (col) => col.notNull())
        .addColumn('rating_tenths', 'integer', (col) => col.notNull())
        .addColumn('rating_count', 'integer', (col) => col.notNull())
        .addColumn('turnaround_days', 'integer', (col) => col.notNull())
        .addColumn('genres', 'text', (col) => col.notNull())
        .addColumn('vocal_type', 'text')
        .execute();
      await sql.raw(`insert into catalog_cards (${COLUMNS}) ${CARD} where ${LISTED}`).execute(db);
      await sql`create index catalog_cards_name on catalog_cards (name_key, artist_id)`.execute(db);
      await sql`create index catalog_cards_rate on catalog_cards (rate_centavos, artist_id)`.execute(db);
      await sql`create index catalog_cards_rate_desc on catalog_cards (rate_centavos desc, artist_id)`.execute(db);
      await sql`create index catalog_cards_rating on catalog_cards
        (rating_tenths desc, rating_count desc, artist_id)`.execute(db);
      await sql`create index catalog_cards_turnaround on catalog_cards (turnaround_days, artist_id)`.execute(db);

      for (const trigger of TRIGGERS) {
        const when = trigger.of ? changed(trigger.of, dialect) : (trigger.when ?? '');
        const of = trigger.of ? ` of ${trigger.of.join(', ')}` : '';
        if (dialect === 'postgres') {
          await sql
            .raw(`create function ${trigger.name}() returns trigger language plpgsql as $$
              begin ${refresh(trigger.id)
                .map((s) => `${s};`)
                .join('\n')} return null; end $$`)
            .execute(db);
          await sql
            .raw(`create trigger ${trigger.name} after ${trigger.event}${of} on ${trigger.table} for each row
              ${when ? `when (${when})` : ''} execute function ${trigger.name}()`)
            .execute(db);
        } else {
          await sql
            .raw(`create trigger ${trigger.name} after ${trigger.event}${of} on ${trigger.table}
              ${when ? `when ${when}` : ''} begin ${refresh(trigger.id)
                .map((s) => `${s};`)
                .join('\n')} end`)
            .execute(db);
        }
      }
      for (const index of Object.keys(OLD_INDEXES)) await sql.raw(`drop index ${index}`).execute(db);
    },

    async down(db: Kysely<unknown>): Promise<void> {
      for (const [index, on] of Object.entries(OLD_INDEXES))
        await sql.raw(`create index ${index} on ${on}`).execute(db);
      for (const trigger of [...TRIGGERS].reverse()) {
        if (dialect === 'postgres') {
          await sql.raw(`drop trigger ${trigger.name} on ${trigger.table}`).execute(db);
          await sql.raw(`drop function ${trigger.name}()`).execute(db);
        } else await sql.raw(`drop trigger ${trigger.name}`).execute(db);
      }
      await db.schema.dropTable('catalog_cards').execute();
    },
  };
}
