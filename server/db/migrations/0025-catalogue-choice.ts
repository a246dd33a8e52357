import { type Kysely, sql } from 'kysely';
import { BASE_PRICE_CENTAVOS } from '../../../contracts/options';
import type { Dialect } from '../database';

/** One order's ratings per star (`row`: `new` or `old`): the stars, when the order carries a rating for an artist. */
const starsOf = (row: string) => `${row}.rating`;
const rated = (row: string) => `${row}.artist_id is not null and ${row}.rating is not null`;

const addRating = `insert into artist_rating_counts as t (artist_id, stars, rating_count)
    select new.artist_id, ${starsOf('new')}, 1 where ${rated('new')}
    on conflict (artist_id, stars) do update set rating_count = t.rating_count + 1`;
const removeRating = `update artist_rating_counts set rating_count = rating_count - 1
    where ${rated('old')} and artist_id = old.artist_id and stars = ${starsOf('old')}`;

/**
 * A catalogue to choose from (docs/decisions.md "A catalogue to choose from"):
 * - indexes in the order of each catalogue sort: the stage name (recommended), the rate the customer pays
 *   (price) and the rating the card shows (rating), each ending in the artist's id, the tie-breaker;
 * - `artist_rating_counts`, the ratings of each artist per star (the distribution on the artist's page),
 *   kept by triggers on `orders` in the transaction of the rating, like 0014's summaries;
 * - the artist's one public answer to a review (`orders.review_answer`, `review_answered_at`), which the
 *   catalogue's version follows (0007) so a cached artist page shows it at once;
 * - the reviews of an artist paged newest first on (rated_at, id).
 */
export function catalogueChoice(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // The expressions are catalog.repository.ts's sort keys, written the same way so the planners match them.
      await sql`create index users_catalog_name on users (lower(stage_name), id) where type = 'artist'`.execute(db);
      await sql
        .raw(`create index artist_profiles_catalog_rate on artist_profiles
          ((coalesce(rate_centavos, ${BASE_PRICE_CENTAVOS})), user_id)`)
        .execute(db);
      await sql`create index artist_summaries_catalog_rating on artist_summaries
          ((case when rating_count > 0 then (rating_sum * 20 + rating_count) / (rating_count * 2) else 0 end),
           rating_count, artist_id)`.execute(db);

      await db.schema
        .createTable('artist_rating_counts')
        .addColumn('artist_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('stars', 'integer', (col) => col.notNull())
        .addColumn('rating_count', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('artist_rating_counts_pk', ['artist_id', 'stars'])
        .execute();
      await sql`insert into artist_rating_counts (artist_id, stars, rating_count)
          select artist_id, rating, count(*) from orders where artist_id is not null and rating is not null
          group by artist_id, rating`.execute(db);

      const kept =
        dialect === 'sqlite' &&
        (await sql`select name from pragma_table_info('orders') where name = 'review_answer'`.execute(db)).rows.length >
          0;
      if (!kept) {
        await db.schema.alterTable('orders').addColumn('review_answer', 'text').execute();
        await db.schema.alterTable('orders').addColumn('review_answered_at', 'text').execute();
      }

      if (dialect === 'postgres') {
        const fn = (name: string, statements: string[]) =>
          sql
            .raw(`create function ${name}() returns trigger language plpgsql as $$
              begin ${statements.map((s) => `${s};`).join('\n')} return null; end $$`)
            .execute(db);
        await fn('artist_rating_added', [addRating]);
        await fn('artist_rating_removed', [removeRating]);
        await fn('artist_rating_changed', [removeRating, addRating]);
        await sql`create trigger orders_rating_count_insert after insert on orders for each row
          execute function artist_rating_added()`.execute(db);
        await sql`create trigger orders_rating_count_delete after delete on orders for each row
          execute function artist_rating_removed()`.execute(db);
        await sql`create trigger orders_rating_count_update after update of artist_id, rating on orders for each row
          when (old.artist_id is distinct from new.artist_id or old.rating is distinct from new.rating)
          execute function artist_rating_changed()`.execute(db);
        await sql`create trigger orders_review_answer_catalog after update of review_answer on orders for each row
          when (old.review_answer is distinct from new.review_answer)
          execute function catalog_version_bump()`.execute(db);
      } else {
        await sql
          .raw(`create trigger orders_rating_count_insert after insert on orders begin ${addRating}; end`)
          .execute(db);
        await sql
          .raw(`create trigger orders_rating_count_delete after delete on orders begin ${removeRating}; end`)
          .execute(db);
        await sql
          .raw(`create trigger orders_rating_count_update after update of artist_id, rating on orders
            when old.artist_id is not new.artist_id or old.rating is not new.rating
            begin ${removeRating}; ${addRating}; end`)
          .execute(db);
        await sql`create trigger orders_review_answer_catalog after update of review_answer on orders
          when old.review_answer is not new.review_answer
          begin update catalog_version set version = version + 1 where id = 1; end`.execute(db);
      }

      // Reviews page newest first with the id as tie-breaker (0014's index ends at rated_at).
      await db.schema.dropIndex('orders_artist_reviews').execute();
      await sql`create index orders_artist_reviews on orders (artist_id, rated_at, id) where rating is not null`.execute(
        db,
      );
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('orders_artist_reviews').execute();
      await sql`create index orders_artist_reviews on orders (artist_id, rated_at) where rating is not null`.execute(
        db,
      );
      for (const trigger of [
        'orders_review_answer_catalog',
        'orders_rating_count_update',
        'orders_rating_count_delete',
        'orders_rating_count_insert',
      ])
        await sql.raw(`drop trigger ${trigger}${dialect === 'postgres' ? ' on orders' : ''}`).execute(db);
      if (dialect === 'postgres')
        for (const change of ['added', 'removed', 'changed'])
          await sql.raw(`drop function artist_rating_${change}()`).execute(db);
      // SQLite checks every trigger on `orders` again when a column goes, and 0014's upserts (`as t`) fail
      // that check though they run: there the two empty-again columns stay, and `up` finds them.
      if (dialect === 'postgres') {
        await db.schema.alterTable('orders').dropColumn('review_answered_at').execute();
        await db.schema.alterTable('orders').dropColumn('review_answer').execute();
      } else await sql`update orders set review_answer = null, review_answered_at = null`.execute(db);
      await db.schema.dropTable('artist_rating_counts').execute();
      for (const index of ['artist_summaries_catalog_rating', 'artist_profiles_catalog_rate', 'users_catalog_name'])
        await db.schema.dropIndex(index).execute();
    },
  };
}
