import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { avatarPathFor } from '../users/avatar.handlers';
import type { Clock } from './clock';
import type { RateLimiter, RateRule } from './rate-limit';
import { type Storage, type StorageKind, storageKinds } from './storage';

/** A stored file this old that no row names is left over (a crash between store and insert, a lost delete). */
export const ORPHAN_AGE_MS = 24 * 60 * 60_000;
const BATCH = 500;
/** How often one node of the cluster sweeps: the sweep lists every stored object, so not every prune. */
export const ORPHAN_SWEEP_EVERY_MS = 6 * 60 * 60_000;
/** The lease: one hit allowed per window, counted in the shared rate-limit table, whichever node asks first. */
const orphanSweepLease: RateRule = {
  name: 'orphan-sweep',
  limit: 1,
  windowSeconds: ORPHAN_SWEEP_EVERY_MS / 1000,
};

/** Which of `names` (of one kind) a database row still refers to: every column that holds a stored name. */
async function referencedNames(db: Kysely<DB>, kind: StorageKind, names: string[]): Promise<Set<string>> {
  switch (kind) {
    case 'songs': {
      const rows = await db.selectFrom('artist_songs').select('file_key').where('file_key', 'in', names).execute();
      return new Set(rows.map((row) => row.file_key));
    }
    case 'avatars': {
      const byPath = new Map(names.map((name) => [avatarPathFor(name), name]));
      const rows = await db
        .selectFrom('users')
        .select('avatar_path')
        .where('avatar_path', 'in', [...byPath.keys()])
        .execute();
      return new Set(rows.map((row) => byPath.get(row.avatar_path ?? '') ?? ''));
    }
    case 'clips': {
      // Story clips and order recordings are temp uploads (kept once attached); order_clips copies their names.
      const rows = await db
        .selectFrom('temp_uploads')
        .select('file_key')
        .where('file_key', 'in', names)
        .union(db.selectFrom('order_clips').select('file_key').where('file_key', 'in', names))
        .execute();
      return new Set(rows.map((row) => row.file_key));
    }
    case 'attachments': {
      // An order message's attachment: its upload row (sent or not yet) and the message that copied it.
      const rows = await db
        .selectFrom('order_message_uploads')
        .select('file_key')
        .where('file_key', 'in', names)
        .union(
          db
            .selectFrom('order_messages')
            .select('attachment_key as file_key')
            .where('attachment_key', 'in', names)
            .$narrowType<{ file_key: string }>(),
        )
        .execute();
      return new Set(rows.map((row) => row.file_key));
    }
  }
}

async function removeUnreferenced(db: Kysely<DB>, storage: Storage, kind: StorageKind, names: string[]) {
  const kept = await referencedNames(db, kind, names);
  const orphans = names.filter((name) => !kept.has(name));
  for (const name of orphans) await storage.remove(kind, name);
  return orphans.length;
}

/**
 * Deletes stored files older than ORPHAN_AGE_MS that no row refers to, and on a bucket abandons
 * multipart uploads begun before then. Safe with several nodes at once: every row that names a file
 * is written within moments of the file (never a day later), a delete of a missing object is not an
 * error, and two sweeps removing the same orphan both succeed. Answers what it removed.
 */
export async function sweepOrphanFiles(
  db: Kysely<DB>,
  storage: Storage,
  clock: Clock,
): Promise<{ removed: number; aborted: number }> {
  const cutoff = new Date(clock.now().getTime() - ORPHAN_AGE_MS);
  let removed = 0;
  for (const kind of storageKinds) {
    let batch: string[] = [];
    for await (const object of storage.list(kind)) {
      if (object.modifiedAt > cutoff) continue;
      batch.push(object.name);
      if (batch.length === BATCH) {
        removed += await removeUnreferenced(db, storage, kind, batch);
        batch = [];
      }
    }
    if (batch.length > 0) removed += await removeUnreferenced(db, storage, kind, batch);
  }
  const aborted = await storage.abortIncompleteUploads(cutoff);
  return { removed, aborted };
}

/** The sweep, when this node takes the cluster's lease for the current window; null when another node has it. */
export async function sweepOrphanFilesOnLease(
  db: Kysely<DB>,
  storage: Storage,
  clock: Clock,
  lease: RateLimiter,
): Promise<{ removed: number; aborted: number } | null> {
  if (!(await lease.hit(orphanSweepLease, 'cluster')).allowed) return null;
  return sweepOrphanFiles(db, storage, clock);
}
