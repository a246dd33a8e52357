import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** The artist's maintained counts and totals. */
export function artistSummaryTables(_dialect: Dialect) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
    async down(_db: Kysely<unknown>): Promise<void> {},
  };
}
