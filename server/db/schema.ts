import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AccountType, AppStatus } from '../../contracts/auth';

// Storage conventions (both dialects): timestamps are ISO-8601 UTC text from Date#toISOString(),
// which sorts and compares correctly as text; booleans are integers 0/1; ids are autoincrement integers.

/** A boolean column: 0 or 1. */
export type Flag = 0 | 1;

export interface UsersTable {
  id: Generated<number>;
  /** Public random id, safe to show in URLs. */
  user_id: string;
  type: AccountType;
  /** Always stored lower-cased; unique per account type. */
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** Digits only. */
  contact_number: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  dial_code: string | null;
  password_hash: string;
  avatar_path: string | null;
  app_status: AppStatus | null;
  personal_info: Generated<Flag>;
  artist_info: Generated<Flag>;
  payout_info: Generated<Flag>;
  password_updated: Generated<Flag>;
  is_first_time_login: Generated<Flag>;
  is_online: Generated<Flag>;
  featured_song_path: string | null;
  stage_name: string | null;
  /** Bumped when the password is reset: tokens carrying an older value stop working. */
  token_version: Generated<number>;
  password_changed_at: string | null;
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RevokedTokensTable {
  jti: string;
  /** When the token could no longer be refreshed anyway; the row may be deleted after it. */
  expires_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the mailed token; the token itself is never stored. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  /** SHA-256 (hex) of "<rule>:<subject>", so no address is stored in clear. */
  key: string;
  window_start: string;
  count: number;
}

export interface DB {
  users: UsersTable;
  revoked_tokens: RevokedTokensTable;
  password_resets: PasswordResetsTable;
  rate_limits: RateLimitsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
