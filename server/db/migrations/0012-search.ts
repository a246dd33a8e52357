import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * The search indexes of the admin's order and artist search, and the indexes the admin's order and
 * artist lists page on.
 *
 * Each order has one search text, kept by the database itself (triggers, whichever code path writes):
 * its reference, recipient, customer's name and email, and the stage name and email of every artist it
 * was offered to (the one who took it always among them: accepting and reassigning both go through an
 * offer), one field a line so a search cannot match across two fields (a search has no line breaks).
 * Beside it the order's status, so a search within one stage is answered by the index alone.
 *
 * SQLite: FTS5 tables with the trigram tokenizer (substring matching, case-insensitive), contentless
 * (only the index is stored). PostgreSQL: a plain table with a pg_trgm GIN index; the artists' text is
 * an expression of the users row itself, so its GIN index needs no copy.
 */
const SEPARATOR = { sqlite: 'char(10)', postgres: 'chr(10)' } as const;

/** The search text and status of the orders `where` picks (alias o for orders). */
function orderDocuments(dialect: Dialect, where: string): string {
  const nl = SEPARATOR[dialect];
  const artists =
    dialect === 'postgres'
      ? `string_agg(coalesce(a.stage_name, '') || ${nl} || a.email, ${nl})`
      : `group_concat(coalesce(a.stage_name, '') || ${nl} || a.email, ${nl})`;
  return `select o.id, o.status, lower(o.reference || ${nl} || o.recipient_first_name || ${nl} || c.first_name || ' ' ||
      c.last_name || ${nl} || c.email || ${nl} || coalesce((select ${artists} from users a
        where a.id in (select oa.artist_id from order_artists oa where oa.order_id = o.id)), ''))
    from orders o join users c on c.id = o.customer_id where ${where}`;
}

/** What the artists' search reads of a users row (alias-free: the PostgreSQL index is on this expression). */
export const ARTIST_SEARCH_TEXT = {
  sqlite: `coalesce(stage_name, '') || char(10) || first_name || ' ' || last_name || char(10) || email`,
  postgres: `lower(coalesce(stage_name, '') || chr(10) || first_name || ' ' || last_name || chr(10) || email)`,
} as const;

const PEOPLE_COLUMNS = ['first_name', 'last_name', 'email', 'stage_name'];
const changed = (prefix: string) =>
  PEOPLE_COLUMNS.map((column) => `old.${column} ${prefix} new.${column}`).join(' or ');

async function sqliteUp(db: Kysely<unknown>) {
  const upsert = (where: string) =>
    `insert or replace into order_search (rowid, stage, doc) ${orderDocuments('sqlite', where)};`;
  await sql`create virtual table order_search using fts5(stage, doc, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(
    db,
  );
  await sql.raw(upsert('1 = 1')).execute(db);
  await sql
    .raw(`create trigger order_search_order_insert after insert on orders begin ${upsert('o.id = new.id')} end`)
    .execute(db);
  await sql
    .raw(`create trigger order_search_order_update after update of status, reference, recipient_first_name, customer_id
      on orders begin ${upsert('o.id = new.id')} end`)
    .execute(db);
  await sql
    .raw(
      'create trigger order_search_order_delete after delete on orders begin delete from order_search where rowid = old.id; end',
    )
    .execute(db);
  await sql
    .raw(
      `create trigger order_search_offer_insert after insert on order_artists begin ${upsert('o.id = new.order_id')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger order_search_offer_delete after delete on order_artists begin ${upsert('o.id = old.order_id')} end`,
    )
    .execute(db);
  await sql
    .raw(`create trigger order_search_offer_update after update of order_id, artist_id on order_artists
      begin ${upsert('o.id = old.order_id')} ${upsert('o.id = new.order_id')} end`)
    .execute(db);
  // A rename rewrites the text of every order of that person (as customer, or offered as artist).
  await sql
    .raw(`create trigger order_search_person_update after update of ${PEOPLE_COLUMNS.join(', ')} on users
      when ${changed('is not')}
      begin
        ${upsert('o.customer_id = new.id')}
        ${upsert('o.id in (select order_id from order_artists where artist_id = new.id)')}
      end`)
    .execute(db);

  await sql`create virtual table artist_search using fts5(doc, tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(
    db,
  );
  const artistUpsert = (where: string) =>
    `insert or replace into artist_search (rowid, doc) select id, ${ARTIST_SEARCH_TEXT.sqlite} from users where ${where};`;
  await sql.raw(artistUpsert(`type = 'artist'`)).execute(db);
  await sql
    .raw(`create trigger artist_search_insert after insert on users when new.type = 'artist'
      begin ${artistUpsert('id = new.id')} end`)
    .execute(db);
  await sql
    .raw(`create trigger artist_search_update after update of ${PEOPLE_COLUMNS.join(', ')} on users
      when new.type = 'artist' and (${changed('is not')}) begin ${artistUpsert('id = new.id')} end`)
    .execute(db);
  await sql
    .raw(
      'create trigger artist_search_delete after delete on users begin delete from artist_search where rowid = old.id; end',
    )
    .execute(db);
}

async function postgresUp(db: Kysely<unknown>) {
  // The extension is the database's, shared by every schema: made once, in public, under a lock so two
  // schemas migrating at the same time do not both create it; never dropped by `down`.
  await sql`select pg_advisory_xact_lock(7412001)`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create table order_search (
      order_id integer primary key references orders (id) on delete cascade,
      stage text not null,
      doc text not null
    )`.execute(db);
  await sql.raw(`insert into order_search (order_id, stage, doc) ${orderDocuments('postgres', 'true')}`).execute(db);
  await sql`create index order_search_doc on order_search using gin (doc public.gin_trgm_ops)`.execute(db);
  await sql`create index order_search_stage on order_search (stage, order_id)`.execute(db);

  await sql
    .raw(`create function order_search_refresh(ids integer[]) returns void language sql as $$
      insert into order_search (order_id, stage, doc) ${orderDocuments('postgres', 'o.id = any(ids)')}
      on conflict (order_id) do update set stage = excluded.stage, doc = excluded.doc
      where (order_search.stage, order_search.doc) is distinct from (excluded.stage, excluded.doc) $$`)
    .execute(db);
  await sql`create function order_search_order() returns trigger language plpgsql as $$
      begin perform order_search_refresh(array[new.id]); return null; end $$`.execute(db);
  await sql`create trigger order_search_order after insert or update of status, reference, recipient_first_name,
      customer_id on orders for each row execute function order_search_order()`.execute(db);
  await sql`create function order_search_offer() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then perform order_search_refresh(array[old.order_id]); end if;
        if tg_op <> 'DELETE' then perform order_search_refresh(array[new.order_id]); end if;
        return null;
      end $$`.execute(db);
  await sql`create trigger order_search_offer after insert or delete or update of order_id, artist_id
      on order_artists for each row execute function order_search_offer()`.execute(db);
  // A rename rewrites the text of every order of that person (as customer, or offered as artist).
  await sql`create function order_search_person() returns trigger language plpgsql as $$
      begin
        perform order_search_refresh(array(
          select id from orders where customer_id = new.id
          union select order_id from order_artists where artist_id = new.id));
        return null;
      end $$`.execute(db);
  await sql
    .raw(`create trigger order_search_person after update of ${PEOPLE_COLUMNS.join(', ')} on users
      for each row when (${changed('is distinct from')}) execute function order_search_person()`)
    .execute(db);

  await sql
    .raw(`create index users_artist_search on users using gin ((${ARTIST_SEARCH_TEXT.postgres}) public.gin_trgm_ops)
      where type = 'artist'`)
    .execute(db);
}

/** The indexes the admin's lists page on, both dialects. */
async function listIndexes(db: Kysely<unknown>) {
  // GET /admin/orders?stage=overdue: the work due, by needed-by date (the due date follows it), then id.
  await sql`create index orders_due_work on orders (needed_by, id, due_at)
    where status in ('in_progress', 'in_revision')`.execute(db);
  // GET /admin/artists: oldest first; `active` and `suspended` within the artists.
  await db.schema.createIndex('users_type_id').on('users').columns(['type', 'id']).execute();
  await db.schema.createIndex('users_type_status_id').on('users').columns(['type', 'app_status', 'id']).execute();
  await db.schema.createIndex('users_type_suspended').on('users').columns(['type', 'suspended_at', 'id']).execute();
}

export function searchIndexes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') await postgresUp(db);
      else await sqliteUp(db);
      await listIndexes(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const index of ['users_type_suspended', 'users_type_status_id', 'users_type_id', 'orders_due_work']) {
        await db.schema.dropIndex(index).execute();
      }
      if (dialect === 'postgres') {
        await sql`drop index users_artist_search`.execute(db);
        await sql`drop trigger order_search_person on users`.execute(db);
        await sql`drop trigger order_search_offer on order_artists`.execute(db);
        await sql`drop trigger order_search_order on orders`.execute(db);
        for (const fn of ['order_search_person()', 'order_search_offer()', 'order_search_order()']) {
          await sql.raw(`drop function ${fn}`).execute(db);
        }
        await sql`drop function order_search_refresh(integer[])`.execute(db);
        await sql`drop table order_search`.execute(db);
      } else {
        for (const trigger of [
          'artist_search_delete',
          'artist_search_update',
          'artist_search_insert',
          'order_search_person_update',
          'order_search_offer_update',
          'order_search_offer_delete',
          'order_search_offer_insert',
          'order_search_order_delete',
          'order_search_order_update',
          'order_search_order_insert',
        ]) {
          await sql.raw(`drop trigger ${trigger}`).execute(db);
        }
        await sql`drop table artist_search`.execute(db);
        await sql`drop table order_search`.execute(db);
      }
    },
  };
}
