import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { ARTIST_SEARCH_TEXT } from '../db/migrations/0012-search';
import type { DB } from '../db/schema';
import { ftsString, isPostgres, likeContains, MIN_INDEXED_SEARCH } from './search-text';

/**
 * The admin's artist search (GET /admin/artists?q=): part of the stage name, the name or the email,
 * through the trigram index of migration 0012 (FTS5 artist_search on SQLite; on PostgreSQL a GIN index
 * on the very expression below). A fragment too short for a trigram reads the artists' rows: there are
 * far fewer artists than orders, and such a fragment is in most of them, so a page fills quickly.
 */
export function artistMatches(db: Kysely<DB>, text: string): Expression<SqlBool> {
  const like = likeContains(text);
  if (text.length < MIN_INDEXED_SEARCH) {
    return sql<SqlBool>`(lower(coalesce(users.stage_name, '')) like ${like} escape '\\'
      or lower(users.first_name || ' ' || users.last_name) like ${like} escape '\\'
      or lower(users.email) like ${like} escape '\\')`;
  }
  if (isPostgres(db)) return sql<SqlBool>`${sql.raw(ARTIST_SEARCH_TEXT.postgres)} like ${like} escape '\\'`;
  return sql<SqlBool>`users.id in (select rowid from artist_search where artist_search match ${`doc : ${ftsString(text)}`})`;
}
