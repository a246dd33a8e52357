import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** Refund states. */
export function refundStates(_dialect: Dialect) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
    async down(_db: Kysely<unknown>): Promise<void> {},
  };
}
