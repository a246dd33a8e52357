import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ArtistSongRow, DB, NewArtistSong } from '../db/schema';

/** Most samples an artist keeps. */
export const MAX_SONGS = 5;

/** The opaque `source` key of a new song: 24 random URL-safe characters. */
const newSongSource = (): string => randomBytes(18).toString('base64url');

/** An artist's songs, newest first. */
export function listSongs(db: Kysely<DB>, userId: number): Promise<ArtistSongRow[]> {
  return db.selectFrom('artist_songs').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** The songs of several artists at once (a catalogue page), newest first. */
export async function listSongsOf(db: Kysely<DB>, userIds: number[]): Promise<Map<number, ArtistSongRow[]>> {
  const byUser = new Map<number, ArtistSongRow[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('artist_songs')
    .selectAll()
    .where('user_id', 'in', userIds)
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  return byUser;
}

export function findSongBySource(db: Kysely<DB>, source: string): Promise<ArtistSongRow | undefined> {
  return db.selectFrom('artist_songs').selectAll().where('source', '=', source).executeTakeFirst();
}

export async function countSongs(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('artist_songs')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertSong(db: Kysely<DB>, song: Omit<NewArtistSong, 'source'>): Promise<ArtistSongRow> {
  return db
    .insertInto('artist_songs')
    .values({ ...song, source: newSongSource() })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSong(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('artist_songs').where('id', '=', id).execute();
}
