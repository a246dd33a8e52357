import type { Kysely } from 'kysely';
import type { AccountType, AppStatus } from '../../contracts/account';
import { stageNameKey } from '../artists/stage-name-key';
import type { DB, Flag, UserRow } from '../db/schema';
import type { PasswordHasher } from '../services/passwords';
import { insertUser, newPublicUserId, normaliseEmail } from './users.repository';

export interface NewAccount {
  type: AccountType;
  email: string;
  /** Either a plain password (hashed here) or an existing hash (the seed reuses one for accounts sharing a password). */
  password?: string;
  passwordHash?: string;
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  contact_number?: string | null;
  country?: string | null;
  dial_code?: string | null;
  app_status?: AppStatus | null;
  stage_name?: string | null;
  progress?: Partial<Record<'personal_info' | 'artist_info' | 'payout_info' | 'password_updated', boolean>>;
  is_online?: boolean;
  is_first_time_login?: boolean;
  featured_song_path?: string | null;
}

const flag = (value: boolean | undefined, fallback: Flag): Flag => (value === undefined ? fallback : value ? 1 : 0);

/** Creates an account with its invariants: email lower-cased, names trimmed, contact number digits only. */
export async function createAccount(
  db: Kysely<DB>,
  passwords: PasswordHasher,
  account: NewAccount,
  now: Date,
): Promise<UserRow> {
  if (!account.passwordHash && !account.password) throw new Error('createAccount needs a password or a password hash');
  const passwordHash = account.passwordHash ?? (await passwords.hash(account.password ?? ''));
  const at = now.toISOString();
  const middle = account.middle_name?.trim();
  const digits = account.contact_number?.replace(/\D/g, '');
  return insertUser(db, {
    user_id: newPublicUserId(),
    type: account.type,
    email: normaliseEmail(account.email),
    first_name: account.first_name.trim(),
    middle_name: middle ? middle : null,
    last_name: account.last_name.trim(),
    contact_number: digits ? digits : null,
    country: account.country ? account.country.toUpperCase() : null,
    dial_code: account.dial_code ?? null,
    password_hash: passwordHash,
    avatar_path: null,
    app_status: account.type === 'artist' ? (account.app_status ?? 'incomplete') : null,
    personal_info: flag(account.progress?.personal_info, 0),
    artist_info: flag(account.progress?.artist_info, 0),
    payout_info: flag(account.progress?.payout_info, 0),
    password_updated: flag(account.progress?.password_updated, 0),
    is_first_time_login: flag(account.is_first_time_login, 1),
    is_online: flag(account.is_online, 0),
    featured_song_path: account.featured_song_path ?? null,
    stage_name: account.stage_name ?? null,
    stage_name_key: account.stage_name ? stageNameKey(account.stage_name) : null,
    password_changed_at: at,
    deactivated_at: null,
    suspended_at: null,
    created_at: at,
    updated_at: at,
  });
}
