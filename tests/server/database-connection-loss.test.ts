import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';

// A PostgreSQL restart or failover ends the pool's idle connections under it. The node must log it and
// carry on with a new connection, not end the process on the pool's unhandled 'error' event.
describe.runIf(process.env.TEST_DATABASE_URL)('an idle PostgreSQL connection that is ended under the pool', () => {
  it('is reported, and the next query runs on a new connection', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const reported: Error[] = [];
    const database = openDatabase(
      { kind: 'postgres', url },
      { maxConnections: 1, onIdleConnectionError: (error) => reported.push(error) },
    );
    const killer = openDatabase({ kind: 'postgres', url }, { maxConnections: 1 });
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const pid = before.rows[0]?.pid;
      expect(pid).toEqual(expect.any(Number));
      await sql`select pg_terminate_backend(${pid})`.execute(killer.db);
      await expect.poll(() => reported.length, { timeout: 5000 }).toBeGreaterThan(0);
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(after.rows[0]?.pid).not.toBe(pid);
    } finally {
      await killer.destroy();
      await database.destroy();
    }
  });
});
