import * as v from 'valibot';
import {
  type ArtistSong,
  artistMessages,
  type featuredSongSchema,
  type songSourceSchema,
} from '../../contracts/artist';
import { issuesToFieldErrors } from '../../contracts/auth';
import { serverMessages } from '../../contracts/server-messages';
import { plainText } from '../../contracts/text';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { ArtistSongRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { discardUploads, readMultipart } from '../http/multipart';
import { sendStoredFile } from '../http/send-file';
import { sourcePattern } from '../media/signed-url';
import { toAuthUser } from '../users/auth-user';
import { updateUser } from '../users/users.repository';
import { toArtistSong } from './artist.serializers';
import { countSongs, deleteSong, findSongBySource, insertSong, MAX_SONGS } from './songs.repository';

type SourceInput = v.InferOutput<typeof songSourceSchema>;
type FeaturedInput = v.InferOutput<typeof featuredSongSchema>;

const TITLE_MAX = 100;
const DEFAULT_TITLE = 'Untitled sample';

/** The optional `title` field of an upload. */
const uploadFieldsSchema = v.strictObject({
  title: v.optional(v.pipe(v.string(), plainText(), v.trim(), v.maxLength(TITLE_MAX, artistMessages.titleTooLong)), ''),
});

const songLimit = () => fieldError(serverMessages.validationFailed, 'file', artistMessages.songLimit);
const songNotFound = () => new ApiError(404, artistMessages.songNotFound);

/** A title from the client's file name when none was typed: display text only, never a path. */
export function titleFromFilename(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, '').replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const clean = base
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean === '' ? DEFAULT_TITLE : clean.slice(0, TITLE_MAX);
}

/** The signed-in artist's song with this source, or 404 (another artist's song is as unknown as no song). */
async function ownSong(c: AppContext, source: string): Promise<ArtistSongRow> {
  const song = await findSongBySource(c.var.db, source);
  if (!song || song.user_id !== currentAuth(c).user.id) throw songNotFound();
  return song;
}

/** POST /profile/upload/song (multipart `file`, optional `title`): at most MAX_SONGS per artist. */
export async function uploadSong(c: AppContext) {
  const { db, storage, clock, media } = c.var;
  const { user } = currentAuth(c);
  // Checked before the body is read, so a full list costs no upload.
  if ((await countSongs(db, user.id)) >= MAX_SONGS) throw songLimit();
  const form = await readMultipart(c, { file: { kind: 'songs', family: 'audio' } });
  let keepFiles = false;
  try {
    const parsed = v.safeParse(uploadFieldsSchema, form.fields, { abortPipeEarly: true });
    if (!parsed.success) throw new ApiError(422, serverMessages.validationFailed, issuesToFieldErrors(parsed.issues));
    const file = form.files.file;
    if (!file) throw fieldError(serverMessages.validationFailed, 'file', artistMessages.fileRequired);
    // Counted again and inserted under the artist's row lock (a no-op update: the row lock on
    // PostgreSQL, the write lock on SQLite), so uploads racing past the count above queue here.
    const song = await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', user.id)
        .execute();
      if ((await countSongs(trx, user.id)) >= MAX_SONGS) return null;
      return insertSong(trx, {
        user_id: user.id,
        title: parsed.output.title || titleFromFilename(file.filename),
        file_key: file.name,
        mime: file.mime,
        size: file.size,
        created_at: clock.now().toISOString(),
      });
    });
    if (!song) throw songLimit();
    keepFiles = true;
    const body: ArtistSong = toArtistSong(song, user.featured_song_path, media);
    return ok(c, body, artistMessages.songUploaded, 201);
  } finally {
    if (!keepFiles) await discardUploads(storage, form);
  }
}

/** GET /profile/upload/song?source=: the artist's own file, Range supported. A malformed source is a 400. */
export async function downloadSong(c: AppContext) {
  const { storage } = c.var;
  const source = c.req.query('source') ?? '';
  if (!sourcePattern.test(source)) throw new ApiError(400, serverMessages.badRequest);
  const song = await ownSong(c, source);
  const size = await storage.size('songs', song.file_key);
  if (size === null) throw songNotFound();
  return sendStoredFile(c, storage, {
    kind: 'songs',
    name: song.file_key,
    size,
    mime: song.mime,
    etag: song.source,
    cacheControl: 'private, no-store',
  });
}

/** DELETE /profile/upload/song {source}: also clears the featured song when it was this one. */
export async function removeSong(c: AppContext, body: SourceInput) {
  const { db, storage, clock } = c.var;
  const song = await ownSong(c, body.source);
  await db.transaction().execute(async (trx) => {
    await deleteSong(trx, song.id);
    await trx
      .updateTable('users')
      .set({ featured_song_path: null, updated_at: clock.now().toISOString() })
      .where('id', '=', song.user_id)
      .where('featured_song_path', '=', song.source)
      .execute();
  });
  // The row is gone first: a file left behind by a crash here is unreachable, never a dangling row.
  await storage.remove('songs', song.file_key);
  return ok(c, null, artistMessages.songDeleted);
}

/** PATCH /profile/featured-song {source | null}: answers the user, whose featured_song_path is the source. */
export async function setFeaturedSong(c: AppContext, body: FeaturedInput) {
  const { db, clock } = c.var;
  const { user } = currentAuth(c);
  if (body.source !== null) await ownSong(c, body.source);
  const updated = await updateUser(db, user.id, {
    featured_song_path: body.source,
    updated_at: clock.now().toISOString(),
  });
  if (!updated) throw songNotFound();
  return ok(
    c,
    toAuthUser(updated),
    body.source === null ? artistMessages.featuredSongCleared : artistMessages.featuredSongSet,
  );
}
