import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AppStatus } from '../../contracts/account';
import { applicationCursorPattern } from '../../contracts/artist';
import type { ArtistProfileRow, DB, UserRow } from '../db/schema';

export interface ApplicationRow {
  user: UserRow;
  profile: ArtistProfileRow | undefined;
}

/** The queue's sort key: when the application was last sent, else when the artist signed up (index users_applications). */
const queuedAt = sql<string>`coalesce(users.app_submitted_at, users.created_at)`;

export interface ApplicationPageRequest {
  /** "<queued at>_<id>" of the last row sent (contracts/artist.ts applicationCursorPattern). */
  cursor?: string;
  limit: number;
}

/**
 * One page of the applications in one status, newest submission first (never-submitted ones by
 * sign-up time), then id; keyset on (queued at, id), so a page costs the same however deep it is.
 */
export async function listApplications(
  db: Kysely<DB>,
  status: AppStatus,
  request: ApplicationPageRequest,
): Promise<{ rows: ApplicationRow[]; nextCursor: string | null }> {
  let query = db
    .selectFrom('users')
    .selectAll('users')
    .select(queuedAt.as('queued_at'))
    .where('users.type', '=', 'artist')
    .where('users.app_status', '=', status);
  const after = request.cursor ? applicationCursorPattern.exec(request.cursor) : null;
  if (after) {
    // Written as a range on the sort key (so both databases seek in the index), then the tie on id.
    const [, at, id] = after;
    query = query.where(sql<boolean>`${queuedAt} <= ${at} and (${queuedAt} < ${at} or users.id < ${Number(id)})`);
  }
  const found = await query
    .orderBy(queuedAt, 'desc')
    .orderBy('users.id', 'desc')
    .limit(request.limit + 1)
    .execute();
  const users = found.slice(0, request.limit);
  const last = users.at(-1);
  const nextCursor = found.length > request.limit && last ? `${last.queued_at}_${last.id}` : null;
  if (users.length === 0) return { rows: [], nextCursor };
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
  return { rows: users.map(({ queued_at: _, ...user }) => ({ user, profile: byUser.get(user.id) })), nextCursor };
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
