import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { CatalogSort } from '../../contracts/artist';
import type { ArtistProfileRow, DB, UserRow } from '../db/schema';
import { isPostgres } from '../search/search-text';
import type { CatalogCursor } from './catalog-cursor';

export interface CatalogFilter {
  genre?: string | undefined;
  vocal_type?: string | undefined;
  q?: string | undefined;
  /** The artist's rate in centavos, both bounds included. */
  min_rate_centavos?: number | undefined;
  max_rate_centavos?: number | undefined;
  /** The shown rating (tenths of a star) is at least this. */
  min_rating_tenths?: number | undefined;
  /** The artist's standard turnaround is at most this many days (the turnaround and "can deliver by" filters). */
  max_turnaround_days?: number | undefined;
  sort: CatalogSort;
  cursor?: CatalogCursor | undefined;
  limit: number;
}

export interface CatalogRow {
  user: UserRow;
  profile: ArtistProfileRow | undefined;
  /** The row's place in its sort, for the next cursor. */
  cursor: CatalogCursor;
}

// The sort keys are the card's columns (migration 0034), each sort walking its own index of catalog_cards
// and stopping after a page. Card ids are users.ids; the id breaks ties, so the order is total and a keyset
// cursor never skips or repeats a card. Names sort case-insensitively (ASCII on SQLite, the collation's
// rules on PostgreSQL).
const card = {
  id: sql.ref<number>('catalog_cards.artist_id'),
  name: sql.ref<string>('catalog_cards.name_key'),
  rate: sql.ref<number>('catalog_cards.rate_centavos'),
  tenths: sql.ref<number>('catalog_cards.rating_tenths'),
  count: sql.ref<number>('catalog_cards.rating_count'),
  days: sql.ref<number>('catalog_cards.turnaround_days'),
};

/**
 * The keyset condition "after the cursor" for each sort, written `key >= :at and (key > :at or …)`
 * rather than as a row value, the form SQLite seeks an index on (docs/decisions.md "Flat as it grows").
 */
function after(cursor: CatalogCursor): Expression<SqlBool> {
  const { id } = card;
  switch (cursor.sort) {
    case 'recommended':
      return sql<SqlBool>`${card.name} >= ${cursor.key} and (${card.name} > ${cursor.key} or ${id} > ${cursor.id})`;
    case 'price_asc':
      return sql<SqlBool>`${card.rate} >= ${cursor.rate} and (${card.rate} > ${cursor.rate} or ${id} > ${cursor.id})`;
    case 'price_desc':
      return sql<SqlBool>`${card.rate} <= ${cursor.rate} and (${card.rate} < ${cursor.rate} or ${id} > ${cursor.id})`;
    case 'rating':
      return sql<SqlBool>`${card.tenths} <= ${cursor.tenths} and (${card.tenths} < ${cursor.tenths}
        or (${card.count} <= ${cursor.count} and (${card.count} < ${cursor.count} or ${id} > ${cursor.id})))`;
    case 'fastest':
      return sql<SqlBool>`${card.days} >= ${cursor.days} and (${card.days} > ${cursor.days} or ${id} > ${cursor.id})`;
  }
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The listed artists (those customers may see: migration 0034 says who), with their user rows. */
function listedArtists(db: Kysely<DB>) {
  return db.selectFrom('catalog_cards').innerJoin('users', 'users.id', 'catalog_cards.artist_id');
}

async function withProfiles(db: Kysely<DB>, users: UserRow[]): Promise<Map<number, ArtistProfileRow>> {
  if (users.length === 0) return new Map();
  const profiles = await db
    .selectFrom('artist_profiles')
    .selectAll()
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  return new Map(profiles.map((p) => [p.user_id, p]));
}

/**
 * One page (plus one row, to know whether another page follows) in the sort's order; the artist's id breaks
 * every tie. Recommended: stage name. Price: rate, then id. Rating: shown rating and number of ratings,
 * most first, then id; unrated artists last. Fastest: turnaround, shortest first, then id.
 */
export async function findCatalogPage(db: Kysely<DB>, filter: CatalogFilter): Promise<CatalogRow[]> {
  let query = listedArtists(db)
    .selectAll('users')
    .select([
      'catalog_cards.name_key as sort_key',
      'catalog_cards.rate_centavos as sort_rate',
      'catalog_cards.rating_tenths as sort_tenths',
      'catalog_cards.rating_count as sort_count',
      'catalog_cards.turnaround_days as sort_days',
    ]);
  // Genre keys come from a fixed list of plain words, so the quoted key is an exact element match in the JSON array.
  if (filter.genre) query = query.where('catalog_cards.genres', 'like', `%"${filter.genre}"%`);
  if (filter.vocal_type) query = query.where('catalog_cards.vocal_type', '=', filter.vocal_type as never);
  if (filter.q) query = query.where(sql<boolean>`${card.name} like ${likeContains(filter.q)} escape '\\'`);
  // A bound on another sort's key filters the walk and never drives it: with the unary `+`, SQLite does not
  // seek that key's index and sort what the bound lets through (every card, for the usual wide price range),
  // but walks this sort's index and stops after a page (sqlite.org/optoverview.html, "Disqualifying WHERE
  // clause terms using unary-+"). SQLite only: PostgreSQL weighs each bound by its column's statistics, which
  // it has no statistics for once wrapped in `+`; it then guessed a few cards and sorted them all.
  const sqlite = !isPostgres(db);
  const bound = (key: (typeof card)[keyof typeof card], sortsBy: boolean) =>
    sqlite && !sortsBy ? sql<number>`+${key}` : key;
  const price = bound(card.rate, filter.sort === 'price_asc' || filter.sort === 'price_desc');
  if (filter.min_rate_centavos !== undefined) query = query.where(price, '>=', filter.min_rate_centavos);
  if (filter.max_rate_centavos !== undefined) query = query.where(price, '<=', filter.max_rate_centavos);
  if (filter.min_rating_tenths !== undefined)
    query = query.where(bound(card.tenths, filter.sort === 'rating'), '>=', filter.min_rating_tenths);
  if (filter.max_turnaround_days !== undefined)
    query = query.where(bound(card.days, filter.sort === 'fastest'), '<=', filter.max_turnaround_days);
  if (filter.cursor) query = query.where(after(filter.cursor));
  switch (filter.sort) {
    case 'recommended':
      query = query.orderBy(card.name);
      break;
    case 'price_asc':
      query = query.orderBy(card.rate);
      break;
    case 'price_desc':
      query = query.orderBy(card.rate, 'desc');
      break;
    case 'rating':
      query = query.orderBy(card.tenths, 'desc').orderBy(card.count, 'desc');
      break;
    case 'fastest':
      query = query.orderBy(card.days);
      break;
  }
  const rows = await query
    .orderBy(card.id)
    .limit(filter.limit + 1)
    .execute();
  const users = rows.map(
    ({ sort_key: _key, sort_rate: _rate, sort_tenths: _tenths, sort_count: _count, sort_days: _days, ...user }) =>
      user as UserRow,
  );
  const profiles = await withProfiles(db, users);
  return rows.map((row, i) => ({
    user: users[i] as UserRow,
    profile: profiles.get(row.id),
    cursor: cursorOf(filter.sort, row),
  }));
}

function cursorOf(
  sort: CatalogSort,
  row: { id: number; sort_key: string; sort_rate: number; sort_tenths: number; sort_count: number; sort_days: number },
): CatalogCursor {
  if (sort === 'recommended') return { sort, key: row.sort_key, id: row.id };
  if (sort === 'rating') return { sort, tenths: Number(row.sort_tenths), count: Number(row.sort_count), id: row.id };
  if (sort === 'fastest') return { sort, days: Number(row.sort_days), id: row.id };
  return { sort, rate: Number(row.sort_rate), id: row.id };
}

/** A visible artist by public user_id. */
export async function findVisibleArtist(
  db: Kysely<DB>,
  publicId: string,
): Promise<{ user: UserRow; profile: ArtistProfileRow | undefined } | undefined> {
  const user = await listedArtists(db).selectAll('users').where('users.user_id', '=', publicId).executeTakeFirst();
  if (!user) return undefined;
  const profile = await db.selectFrom('artist_profiles').selectAll().where('user_id', '=', user.id).executeTakeFirst();
  return { user, profile };
}

/** The visible artists among these public user_ids, with their profiles (hidden and unknown ids are left out). */
export async function findVisibleArtistsByIds(
  db: Kysely<DB>,
  publicIds: readonly string[],
): Promise<{ user: UserRow; profile: ArtistProfileRow | undefined }[]> {
  if (publicIds.length === 0) return [];
  const users = await listedArtists(db)
    .selectAll('users')
    .where('users.user_id', 'in', [...publicIds])
    .execute();
  const profiles = await withProfiles(db, users);
  return users.map((user) => ({ user, profile: profiles.get(user.id) }));
}
