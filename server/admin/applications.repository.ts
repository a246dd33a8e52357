import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AppStatus } from '../../contracts/account';
import type { ArtistProfileRow, DB, UserRow } from '../db/schema';

export interface ApplicationRow {
  user: UserRow;
  profile: ArtistProfileRow | undefined;
}

/** Applications in one status, newest submission first (never-submitted ones by sign-up time). */
export async function listApplications(db: Kysely<DB>, status: AppStatus): Promise<ApplicationRow[]> {
  const users = await db
    .selectFrom('users')
    .leftJoin('artist_profiles', 'artist_profiles.user_id', 'users.id')
    .selectAll('users')
    .where('users.type', '=', 'artist')
    .where('users.app_status', '=', status)
    .orderBy(sql`coalesce(artist_profiles.submitted_at, users.created_at)`, 'desc')
    .orderBy('users.id', 'desc')
    .execute();
  if (users.length === 0) return [];
  const profiles = await db
    .selectFrom('artist_profiles')
    .selectAll()
    .where(
      'user_id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  const byUser = new Map(profiles.map((p) => [p.user_id, p]));
  return users.map((user) => ({ user, profile: byUser.get(user.id) }));
}

export function findArtist(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).where('type', '=', 'artist').executeTakeFirst();
}

/** Moves a `for_review` application to `to`; undefined when it was not waiting (any more). */
export function decideApplication(
  db: Kysely<DB>,
  id: number,
  to: 'approved' | 'rejected',
  at: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ app_status: to, updated_at: at })
    .where('id', '=', id)
    .where('type', '=', 'artist')
    .where('app_status', '=', 'for_review')
    .returningAll()
    .executeTakeFirst();
}

export async function hasPayout(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom('artist_payouts').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}
