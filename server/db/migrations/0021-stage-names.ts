import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/** Unique stage names. */
export function stageNames(_dialect: Dialect) {
  return {
    async up(_db: Kysely<unknown>): Promise<void> {},
    async down(_db: Kysely<unknown>): Promise<void> {},
  };
}
