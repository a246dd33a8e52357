import type { Kysely } from 'kysely';
import type { AuthUser } from '../../contracts/account';
import { artistMessages } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import { currentAuth } from '../auth/require-auth';
import type { AppContext } from '../context';
import type { DB, UserRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { ok } from '../http/envelope';
import { discardUploads, readMultipart } from '../http/multipart';
import { type Storage, storedNamePattern } from '../services/storage';
import { toAuthUser } from './auth-user';

// The profile photo of any signed-in customer or artist (one module for both areas, mounted by
// avatar.routes.ts). The file is stored as `avatars/<server-chosen name>`, `users.avatar_path` is
// `avatars/<name>`, and GET /media/avatars/<name> serves it (AuthUser.avatar points there).

/** Largest avatar accepted (the SPA resizes to 512 px first, so real uploads are far smaller). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export const avatarMessages = {
  updated: 'Your profile photo has been updated.',
  removed: 'Your profile photo has been removed.',
} as const;

const AVATAR_DIR = 'avatars/';
// What /media/avatars serves: stored names with an image extension.
const IMAGE_NAME = /\.(jpg|png|webp)$/;
// A few rounds of compare-and-swap are plenty: only the person's own concurrent requests compete.
const MAX_SWAP_ATTEMPTS = 5;

/** What `users.avatar_path` holds for a stored avatar file. */
export const avatarPathFor = (name: string): string => `${AVATAR_DIR}${name}`;

/** The stored file name behind `users.avatar_path`, or null when it is empty or not one of ours. */
export function avatarFileOf(avatarPath: string | null): string | null {
  if (!avatarPath?.startsWith(AVATAR_DIR)) return null;
  const name = avatarPath.slice(AVATAR_DIR.length);
  return storedNamePattern.test(name) && IMAGE_NAME.test(name) ? name : null;
}

/**
 * Sets `users.avatar_path` to `next` and returns the updated row with the path it replaced. A
 * compare-and-swap on the old value (portable to SQLite and PostgreSQL, no row locks): of two
 * concurrent changes each one learns exactly the path it replaced, so every replaced file is deleted
 * once and none that is still referenced.
 */
async function swapAvatarPath(
  db: Kysely<DB>,
  userId: number,
  next: string | null,
  now: string,
): Promise<{ user: UserRow; previous: string | null }> {
  for (let attempt = 0; attempt < MAX_SWAP_ATTEMPTS; attempt++) {
    const current = await db.selectFrom('users').select('avatar_path').where('id', '=', userId).executeTakeFirst();
    if (!current) break;
    const previous = current.avatar_path;
    const user = await db
      .updateTable('users')
      .set({ avatar_path: next, updated_at: now })
      .where('id', '=', userId)
      .where((eb) => (previous === null ? eb('avatar_path', 'is', null) : eb('avatar_path', '=', previous)))
      .returningAll()
      .executeTakeFirst();
    if (user) return { user, previous };
  }
  throw new Error(`Could not update the avatar of user ${userId}`);
}

async function removeAvatarFile(storage: Storage, avatarPath: string | null): Promise<void> {
  const name = avatarFileOf(avatarPath);
  if (name) await storage.remove('avatars', name);
}

/**
 * POST /profile/avatar (multipart `file`): JPEG, PNG or WebP by its bytes (else 415 `imageOnly`), at
 * most AVATAR_MAX_BYTES (else 413 `fileTooLarge`), no other fields. Replaces the previous picture and
 * deletes its file. Answers the user with the new `avatar` URL.
 */
export async function uploadAvatar(c: AppContext) {
  const { db, storage, clock, config } = c.var;
  const { user } = currentAuth(c);
  // readMultipart caps files at config.maxUploadBytes: this request gets the avatar's smaller cap
  // (only this request's context changes; a per-field cap in FileRules would say it more directly).
  c.set('config', { ...config, maxUploadBytes: Math.min(AVATAR_MAX_BYTES, config.maxUploadBytes) });
  const form = await readMultipart(c, { file: { kind: 'avatars', family: 'image' } });
  let keepFile = false;
  try {
    const extra = Object.keys(form.fields)[0];
    if (extra !== undefined) {
      throw new ApiError(422, serverMessages.validationFailed, { [extra]: [fieldMessages.unknownField] });
    }
    const file = form.files.file;
    if (!file) throw fieldError(serverMessages.validationFailed, 'file', artistMessages.fileRequired);
    const { user: updated, previous } = await swapAvatarPath(
      db,
      user.id,
      avatarPathFor(file.name),
      clock.now().toISOString(),
    );
    keepFile = true;
    // The row points at the new file first: a crash here leaves an unreachable old file, never a broken avatar.
    await removeAvatarFile(storage, previous);
    const body: AuthUser = toAuthUser(updated);
    return ok(c, body, avatarMessages.updated);
  } finally {
    if (!keepFile) await discardUploads(storage, form);
  }
}

/** DELETE /profile/avatar: clears the picture (also when there was none) and deletes its file. */
export async function removeAvatar(c: AppContext) {
  const { db, storage, clock } = c.var;
  const { user } = currentAuth(c);
  const { user: updated, previous } = await swapAvatarPath(db, user.id, null, clock.now().toISOString());
  await removeAvatarFile(storage, previous);
  const body: AuthUser = toAuthUser(updated);
  return ok(c, body, avatarMessages.removed);
}
