import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The search indexes of the admin's order and artist search. */
export function searchIndexes(_dialect: Dialect) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
    async down(_db: Kysely<unknown>): Promise<void> {},
  };
}
