import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { StorageKind } from '../services/storage';

export interface MediaFile {
  kind: StorageKind;
  name: string;
  mime: string;
  /** Bytes, recorded at upload: stored files never change under a name, so no storage round trip is needed. */
  size: number;
}

/**
 * The stored file behind an audio `source` key: a sample song, or a customer's clip (`tmp_…`, its
 * temp_location; the row lives on when an order takes the clip, and goes with the 24 h sweep otherwise).
 * Song keys never start with `tmp_` (24 random characters from the same alphabet could, once in 2^24:
 * the clip lookup goes first only for that prefix and falls through to songs when it finds nothing).
 */
export async function findAudioBySource(db: Kysely<DB>, source: string): Promise<MediaFile | undefined> {
  if (source.startsWith('tmp_')) {
    const clip = await db
      .selectFrom('temp_uploads')
      .select(['file_key', 'mime', 'size'])
      .where('temp_location', '=', source)
      .executeTakeFirst();
    if (clip) return { kind: 'clips', name: clip.file_key, mime: clip.mime, size: clip.size };
  }
  const song = await db
    .selectFrom('artist_songs')
    .select(['file_key', 'mime', 'size'])
    .where('source', '=', source)
    .executeTakeFirst();
  return song ? { kind: 'songs', name: song.file_key, mime: song.mime, size: song.size } : undefined;
}

/** Who and what a delivered recording is for (its order's recipient and occasion), to name its download. */
export async function findRecordingSubject(
  db: Kysely<DB>,
  source: string,
): Promise<{ recipient: string; occasion: string } | undefined> {
  const row = await db
    .selectFrom('order_recordings')
    .innerJoin('orders', 'orders.id', 'order_recordings.order_id')
    .select(['orders.recipient_first_name as recipient', 'orders.occasion_name as occasion'])
    .where('order_recordings.temp_location', '=', source)
    .executeTakeFirst();
  return row;
}
