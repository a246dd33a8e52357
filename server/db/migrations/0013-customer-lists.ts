import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The indexes the customer's order and payment history page on. */
export function customerListIndexes(_dialect: Dialect) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
    async down(_db: Kysely<unknown>): Promise<void> {},
  };
}
