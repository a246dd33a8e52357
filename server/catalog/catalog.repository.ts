import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { CatalogSort } from '../../contracts/artist';
import { DEFAULT_TURNAROUND_DAYS } from '../../contracts/delivery';
import { BASE_PRICE_CENTAVOS } from '../../contracts/options';
import type { ArtistProfileRow, DB, UserRow } from '../db/schema';
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

// Case-insensitive order (ASCII on SQLite, the collation's rules on PostgreSQL); users.id breaks ties,
// so the order is total and a keyset cursor never skips or repeats a card.
const sortKey = sql<string>`lower(users.stage_name)`;
/** What the customer pays this artist (server/orders/pricing.ts rateCentavosOf): the rate, or the base price. */
const rateKey = sql<number>`coalesce(artist_profiles.rate_centavos, ${sql.lit(BASE_PRICE_CENTAVOS)})`;
/**
 * The rating the card shows, in tenths of a star (4.7 → 47; unrated 0), from the maintained sum and count
 * (migration 0014). Integer arithmetic, the same on both databases and in ratings.repository.ts:
 * round(sum / count × 10) = (20·sum + count) div (2·count).
 */
const tenthsKey = sql<number>`(case when artist_summaries.rating_count > 0
  then (artist_summaries.rating_sum * 20 + artist_summaries.rating_count) / (artist_summaries.rating_count * 2)
  else 0 end)`;
const countKey = sql<number>`coalesce(artist_summaries.rating_count, 0)`;
/** The artist's standard turnaround in days (server/orders/delivery.ts turnaroundDaysOf): set, or the default. */
const daysKey = sql<number>`coalesce(artist_profiles.turnaround_days, ${sql.lit(DEFAULT_TURNAROUND_DAYS)})`;

/**
 * The keyset condition "after the cursor" for each sort, written `key >= :at and (key > :at or …)`
 * rather than as a row value, the form SQLite seeks an index on (docs/decisions.md "Flat as it grows").
 */
function after(cursor: CatalogCursor): Expression<SqlBool> {
  const id = sql.ref('users.id');
  switch (cursor.sort) {
    case 'recommended':
      return sql<SqlBool>`${sortKey} >= ${cursor.key} and (${sortKey} > ${cursor.key} or ${id} > ${cursor.id})`;
    case 'price_asc':
      return sql<SqlBool>`${rateKey} >= ${cursor.rate} and (${rateKey} > ${cursor.rate} or ${id} > ${cursor.id})`;
    case 'price_desc':
      return sql<SqlBool>`${rateKey} <= ${cursor.rate} and (${rateKey} < ${cursor.rate} or ${id} > ${cursor.id})`;
    case 'rating':
      return sql<SqlBool>`${tenthsKey} <= ${cursor.tenths} and (${tenthsKey} < ${cursor.tenths}
        or (${countKey} <= ${cursor.count} and (${countKey} < ${cursor.count} or ${id} > ${cursor.id})))`;
    case 'fastest':
      return sql<SqlBool>`${daysKey} >= ${cursor.days} and (${daysKey} > ${cursor.days} or ${id} > ${cursor.id})`;
  }
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likeContains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Who a customer may see: approved, online, not deactivated artists with a stage name. */
function visibleArtists(db: Kysely<DB>) {
  return db
    .selectFrom('users')
    .where('users.type', '=', 'artist')
    .where('users.app_status', '=', 'approved')
    .where('users.is_online', '=', 1)
    .where('users.deactivated_at', 'is', null)
    .where('users.suspended_at', 'is', null)
    .where('users.stage_name', 'is not', null);
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
 * One page (plus one row, to know whether another page follows) in the sort's order; users.id breaks
 * every tie. Recommended: stage name. Price: rate, then id. Rating: shown rating and number of ratings,
 * most first, then id; unrated artists last. Fastest: turnaround, shortest first, then id.
 */
export async function findCatalogPage(db: Kysely<DB>, filter: CatalogFilter): Promise<CatalogRow[]> {
  let query = visibleArtists(db)
    .leftJoin('artist_profiles', 'artist_profiles.user_id', 'users.id')
    .leftJoin('artist_summaries', 'artist_summaries.artist_id', 'users.id')
    .selectAll('users')
    .select([
      sortKey.as('sort_key'),
      rateKey.as('sort_rate'),
      tenthsKey.as('sort_tenths'),
      countKey.as('sort_count'),
      daysKey.as('sort_days'),
    ]);
  // Genre keys come from a fixed list of plain words, so the quoted key is an exact element match in the JSON array.
  if (filter.genre) query = query.where('artist_profiles.genres', 'like', `%"${filter.genre}"%`);
  if (filter.vocal_type) query = query.where('artist_profiles.vocal_type', '=', filter.vocal_type as never);
  if (filter.q) query = query.where(sql<boolean>`lower(users.stage_name) like ${likeContains(filter.q)} escape '\\'`);
  if (filter.min_rate_centavos !== undefined) query = query.where(rateKey, '>=', filter.min_rate_centavos);
  if (filter.max_rate_centavos !== undefined) query = query.where(rateKey, '<=', filter.max_rate_centavos);
  if (filter.min_rating_tenths !== undefined) query = query.where(tenthsKey, '>=', filter.min_rating_tenths);
  if (filter.max_turnaround_days !== undefined) query = query.where(daysKey, '<=', filter.max_turnaround_days);
  if (filter.cursor) query = query.where(after(filter.cursor));
  switch (filter.sort) {
    case 'recommended':
      query = query.orderBy(sortKey);
      break;
    case 'price_asc':
      query = query.orderBy(rateKey);
      break;
    case 'price_desc':
      query = query.orderBy(rateKey, 'desc');
      break;
    case 'rating':
      query = query.orderBy(tenthsKey, 'desc').orderBy(countKey, 'desc');
      break;
    case 'fastest':
      query = query.orderBy(daysKey);
      break;
  }
  const rows = await query
    .orderBy('users.id')
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
  const user = await visibleArtists(db).selectAll('users').where('users.user_id', '=', publicId).executeTakeFirst();
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
  const users = await visibleArtists(db)
    .selectAll('users')
    .where('users.user_id', 'in', [...publicIds])
    .execute();
  const profiles = await withProfiles(db, users);
  return users.map((user) => ({ user, profile: profiles.get(user.id) }));
}
