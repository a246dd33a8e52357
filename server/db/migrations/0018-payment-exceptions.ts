import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** Verified payments that need a decision. */
export function paymentExceptions(_dialect: Dialect) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
    async down(_db: Kysely<unknown>): Promise<void> {},
  };
}
