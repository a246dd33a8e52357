import type { Kysely } from 'kysely';
import type { ArtistPayoutRow, ArtistProfileRow, ArtistProfileUpdate, DB } from '../db/schema';

export function findProfile(db: Kysely<DB>, userId: number): Promise<ArtistProfileRow | undefined> {
  return db.selectFrom('artist_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Writes profile fields, creating the row on first use (artists made by the seed or a test have none yet). */
export async function saveProfile(
  db: Kysely<DB>,
  userId: number,
  changes: Omit<ArtistProfileUpdate, 'user_id' | 'created_at' | 'updated_at'>,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('artist_profiles')
    .values({ ...changes, user_id: userId, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...changes, updated_at: at }))
    .execute();
}

export function findPayout(db: Kysely<DB>, userId: number): Promise<ArtistPayoutRow | undefined> {
  return db.selectFrom('artist_payouts').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export interface SealedPayout {
  bank_name: string;
  account_name: string;
  account_number_enc: string;
  account_last4: string;
}

export async function savePayout(
  db: Kysely<DB>,
  userId: number,
  payout: SealedPayout,
  now: Date,
): Promise<ArtistPayoutRow> {
  const at = now.toISOString();
  return db
    .insertInto('artist_payouts')
    .values({ ...payout, user_id: userId, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...payout, updated_at: at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
