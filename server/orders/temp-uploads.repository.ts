import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB, TempUploadRow } from '../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

/** How long an upload not attached to a committed order lives (then the sweep deletes it). */
const TEMP_UPLOAD_TTL_MS = 24 * 60 * 60_000;

/** "tmp_" + 24 random URL-safe characters (144 bits): the only name a client ever sees for its clip. */
export const newTempLocation = (): string => `tmp_${randomBytes(18).toString('base64url')}`;

/** Uploads created at or before this instant have expired. */
export const uploadCutoff = (now: Date): string => new Date(now.getTime() - TEMP_UPLOAD_TTL_MS).toISOString();

export function insertTempUpload(
  db: Executor,
  upload: { user_id: number; file_key: string; mime: string; size: number; created_at: string },
): Promise<TempUploadRow> {
  return db
    .insertInto('temp_uploads')
    .values({ ...upload, temp_location: newTempLocation(), attached_order_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** How many unattached uploads the customer made since `since` (a daily allowance against disk abuse). */
export async function countPendingUploads(db: Executor, userId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('temp_uploads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('attached_order_id', 'is', null)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The customer's own uploads among these locations that are still usable in a draft: unattached and unexpired. */
export async function findUsableUploads(
  db: Executor,
  userId: number,
  locations: readonly string[],
  now: Date,
): Promise<Map<string, TempUploadRow>> {
  if (locations.length === 0) return new Map();
  const rows = await db
    .selectFrom('temp_uploads')
    .selectAll()
    .where('user_id', '=', userId)
    .where('temp_location', 'in', [...locations])
    .where('attached_order_id', 'is', null)
    .where('created_at', '>', uploadCutoff(now))
    .execute();
  return new Map(rows.map((row) => [row.temp_location, row]));
}

/**
 * Attaches the customer's usable uploads to an order, for good: the sweep only deletes unattached
 * rows, and this update only takes rows that are still unattached, so a clip is either attached or
 * swept, never both. Answers the rows it attached.
 */
export function attachUploads(
  trx: Transaction<DB>,
  userId: number,
  orderId: number,
  locations: readonly string[],
  now: Date,
): Promise<TempUploadRow[]> {
  if (locations.length === 0) return Promise.resolve([]);
  return trx
    .updateTable('temp_uploads')
    .set({ attached_order_id: orderId })
    .where('user_id', '=', userId)
    .where('temp_location', 'in', [...locations])
    .where('attached_order_id', 'is', null)
    .where('created_at', '>', uploadCutoff(now))
    .returningAll()
    .execute();
}

/** Uploads by location, whoever owns them (order briefs and media lookups). */
export async function findUploadsByLocations(
  db: Executor,
  locations: readonly string[],
): Promise<Map<string, TempUploadRow>> {
  if (locations.length === 0) return new Map();
  const rows = await db
    .selectFrom('temp_uploads')
    .selectAll()
    .where('temp_location', 'in', [...locations])
    .execute();
  return new Map(rows.map((row) => [row.temp_location, row]));
}
