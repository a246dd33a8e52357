import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { StorageKind } from '../services/storage';

export interface MediaFile {
  kind: StorageKind;
  name: string;
  mime: string;
}

/**
 * The stored file behind an audio `source` key. Sample songs for now; order recordings and story clips
 * join here with their own tables (their keys come from the same random space, so they cannot clash).
 */
export async function findAudioBySource(db: Kysely<DB>, source: string): Promise<MediaFile | undefined> {
  const song = await db
    .selectFrom('artist_songs')
    .select(['file_key', 'mime'])
    .where('source', '=', source)
    .executeTakeFirst();
  return song ? { kind: 'songs', name: song.file_key, mime: song.mime } : undefined;
}
