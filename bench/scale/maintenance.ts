import { systemClock } from '../../server/services/clock';
import { pruneExpired } from '../../server/services/maintenance';
import type { BenchServer } from '../bench-server';
import { recordQueries } from './query-recorder';

/** Runs the maintenance job once and returns its slowest statement. */
export async function timeMaintenance(server: BenchServer): Promise<{ ms: number; sql: string; statements: number }> {
  const recorder = recordQueries(server.deps.database.db);
  await pruneExpired(recorder.db, systemClock);
  const slowest = recorder.queries.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, sql: '', parameters: [] });
  return { ms: slowest.ms, sql: slowest.sql, statements: recorder.queries.length };
}
