import { type Kysely, sql } from 'kysely';
import type { ArtistProfileRow, DB, UserRow } from '../db/schema';
import type { CatalogCursor } from './catalog-cursor';

export interface CatalogFilter {
  genre?: string | undefined;
  vocal_type?: string | undefined;
  q?: string | undefined;
  cursor?: CatalogCursor | undefined;
  limit: number;
}

export interface CatalogRow {
  user: UserRow;
  profile: ArtistProfileRow | undefined;
  /** The row's sort key, for the next cursor. */
  key: string;
}

// Case-insensitive order (ASCII on SQLite, the collation's rules on PostgreSQL); users.id breaks ties,
// so the order is total and a keyset cursor never skips or repeats a card.
const sortKey = sql<string>`lower(users.stage_name)`;

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

/** One page (plus one row, to know whether another page follows) in (lower(stage_name), id) order. */
export async function findCatalogPage(db: Kysely<DB>, filter: CatalogFilter): Promise<CatalogRow[]> {
  let query = visibleArtists(db)
    .leftJoin('artist_profiles', 'artist_profiles.user_id', 'users.id')
    .selectAll('users')
    .select(sortKey.as('sort_key'));
  // Genre keys come from a fixed list of plain words, so the quoted key is an exact element match in the JSON array.
  if (filter.genre) query = query.where('artist_profiles.genres', 'like', `%"${filter.genre}"%`);
  if (filter.vocal_type) query = query.where('artist_profiles.vocal_type', '=', filter.vocal_type as never);
  if (filter.q) query = query.where(sql<boolean>`lower(users.stage_name) like ${likeContains(filter.q)} escape '\\'`);
  const cursor = filter.cursor;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([eb(sortKey, '>', cursor.key), eb.and([eb(sortKey, '=', cursor.key), eb('users.id', '>', cursor.id)])]),
    );
  }
  const rows = await query
    .orderBy(sortKey)
    .orderBy('users.id')
    .limit(filter.limit + 1)
    .execute();
  const users = rows.map(({ sort_key: _key, ...user }) => user as UserRow);
  const profiles = await withProfiles(db, users);
  return rows.map((row, i) => ({
    user: users[i] as UserRow,
    profile: profiles.get(row.id),
    key: row.sort_key,
  }));
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
