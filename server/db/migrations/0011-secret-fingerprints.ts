import type { Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * What lets nodes notice that they do not share their secrets (server/services/secrets-check.ts):
 * the fingerprint of the payout key the stored payout details were encrypted with, and each running
 * node with the fingerprint of its JWT secret, refreshed while it runs. Fingerprints only: an HMAC of
 * a fixed label under the secret, which tells two secrets apart and gives nothing of either away.
 */
export function secretFingerprintTables(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('secret_fingerprints')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('fingerprint', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('server_nodes')
        .addColumn('node_id', 'text', (col) => col.primaryKey())
        .addColumn('jwt_fingerprint', 'text', (col) => col.notNull())
        .addColumn('started_at', 'text', (col) => col.notNull())
        .addColumn('seen_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('server_nodes_seen_at').on('server_nodes').column('seen_at').execute();
    },

    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('server_nodes').execute();
      await db.schema.dropTable('secret_fingerprints').execute();
    },
  };
}
