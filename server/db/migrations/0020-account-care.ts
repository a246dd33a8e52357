import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** Accounts with care. */
export function accountCare(_dialect: Dialect) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
    async down(_db: Kysely<unknown>): Promise<void> {},
  };
}
