import { Migrator, sql } from 'kysely';
import type { AppDatabase } from './database';
import { latestMigrationName, migrationProvider } from './migrations';

function migratorFor(database: AppDatabase): Migrator {
  return new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    // Kysely looks for its table in every schema unless told which one; pin it to ours.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

/** Runs every pending migration; throws when one fails (nothing else should run on a half-migrated database). */
export async function migrateToLatest(database: AppDatabase): Promise<string[]> {
  const { error, results } = await migratorFor(database).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(
      `Database migration ${failed ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when the database answers and the newest migration this build knows has run. */
export async function isMigrated(database: AppDatabase): Promise<boolean> {
  try {
    const row = await sql<{
      name: string;
    }>`select name from kysely_migration where name = ${latestMigrationName}`.execute(database.db);
    return row.rows.length === 1;
  } catch {
    return false;
  }
}
