import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountType } from '../../contracts/account';
import type { DB, NewUser, UserRow, UserUpdate } from '../db/schema';

/** The public `user_id`: 20 random URL-safe characters (120 bits), unguessable and stable. */
export const newPublicUserId = (): string => randomBytes(15).toString('base64url');

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account of an access token, unless the token (its jti) was revoked: one statement for both. */
export function findUserUnlessRevoked(db: Kysely<DB>, id: number, jti: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('revoked_tokens').select('jti').where('jti', '=', jti))),
    )
    .executeTakeFirst();
}

export function findUserByEmail(db: Kysely<DB>, type: AccountType, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('type', '=', type)
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
}

/** Every account with this email, whatever its type (one person may be a customer and an artist). */
export function findUsersByEmail(db: Kysely<DB>, email: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).orderBy('id').execute();
}

export async function insertUser(db: Kysely<DB>, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export async function updateUser(db: Kysely<DB>, id: number, changes: UserUpdate): Promise<UserRow | undefined> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  // PostgreSQL answers count(*) as a bigint string.
  return Number(row.count);
}
