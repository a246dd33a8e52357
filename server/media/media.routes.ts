import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { artistMessages } from '../../contracts/artist';
import { songFileName } from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import type { DB } from '../db/schema';
import { fail } from '../http/envelope';
import { sendStoredFile } from '../http/send-file';
import { operation } from '../openapi/operation';
import { mimeOfStoredName, storedNamePattern } from '../services/storage';
import { findAudioBySource, findRecordingSubject } from './media.repository';
import { sourcePattern } from './signed-url';

const IMAGE_NAME = /\.(jpg|png|webp)$/;
// Avatar files are never rewritten: a new picture gets a new random name.
const AVATAR_CACHE = 'public, max-age=31536000, immutable';

/** "Lola – Birthday (Labsongs).wav" for an order's recording; "labsong.wav" for any other audio. */
async function downloadNameOf(db: Kysely<DB>, source: string, storedName: string): Promise<string> {
  const ext = storedName.split('.').pop() ?? '';
  const subject = await findRecordingSubject(db, source);
  return subject ? songFileName(subject.recipient, subject.occasion, ext) : `labsong.${ext}`;
}

/**
 * `/media/…` (outside /api, so the browser's <audio> and <img> can use the URLs directly):
 * signed audio with Range, and public avatars. The parameters match everything up to the end of the
 * path, so a source with a slash or dots in it reaches the check below and is refused with 400.
 */
export function createMediaRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get(
    '/media/audio/:source{.+}',
    operation({
      summary: 'Signed audio (Range supported)',
      tags: 'Media',
      answers: { 200: { media: 'audio/*' }, 206: { media: 'audio/*' }, 304: 'empty' },
      fails: [400, 403, 404, 416],
    }),
    async (c) => {
      const { db, storage, media } = c.var;
      const source = c.req.param('source');
      if (!sourcePattern.test(source)) return fail(c, 400, serverMessages.badRequest);
      const remaining = media.remainingSeconds(source, c.req.query('exp'), c.req.query('sig'));
      if (remaining === null) return fail(c, 403, artistMessages.linkInvalid);
      const file = await findAudioBySource(db, source);
      if (!file) return fail(c, 404, serverMessages.notFound);
      // The size comes from the row: a seek is one bucket request (the read), not two; a vanished object is still a 404.
      return sendStoredFile(c, storage, {
        kind: file.kind,
        name: file.name,
        size: file.size,
        mime: file.mime,
        etag: source,
        // A cached copy must not outlive the signature that allowed it.
        cacheControl: `private, max-age=${remaining}`,
        // `download=1` (the order page's and the gift page's Download links) saves the file instead of
        // playing it, named by the server from the order (never from the query).
        downloadName: c.req.query('download') === '1' ? await downloadNameOf(db, source, file.name) : undefined,
      });
    },
  );

  routes.get(
    '/media/avatars/:file{.+}',
    operation({
      summary: 'A profile photo',
      tags: 'Media',
      answers: { 200: { media: 'image/*' }, 206: { media: 'image/*' }, 304: 'empty' },
      fails: [400, 404, 416],
    }),
    async (c) => {
      const { storage } = c.var;
      const name = c.req.param('file');
      if (!storedNamePattern.test(name) || !IMAGE_NAME.test(name)) return fail(c, 400, serverMessages.badRequest);
      const size = await storage.size('avatars', name);
      if (size === null) return fail(c, 404, serverMessages.notFound);
      return sendStoredFile(c, storage, {
        kind: 'avatars',
        name,
        size,
        mime: mimeOfStoredName(name),
        etag: name,
        cacheControl: AVATAR_CACHE,
      });
    },
  );

  return routes;
}
