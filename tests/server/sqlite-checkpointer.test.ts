import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../../server/db/database';
import {
  AUTOCHECKPOINT_PAGES,
  FALLBACK_AUTOCHECKPOINT_PAGES,
  JOURNAL_SIZE_LIMIT_BYTES,
} from '../../server/db/sqlite-checkpointer';

// The server's SQLite log is copied into the database file by a worker thread (db/sqlite-checkpointer.ts),
// not inside the commit that fills it: the server's commits only append to the log.

const ROWS = 2_000;
const ROW_BYTES = 4_000;

describe('SQLite checkpoints from a worker thread', () => {
  let dir: string;
  let database: AppDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  const open = async (checkpointInWorker: boolean) => {
    dir = await mkdtemp(path.join(tmpdir(), 'labsongs-checkpoint-'));
    const file = path.join(dir, 'app.db');
    database = openDatabase({ kind: 'sqlite', file }, { checkpointInWorker });
    const { db } = database;
    await sql`create table filler (id integer primary key, body text not null)`.execute(db);
    return { db, file };
  };

  /** About eight megabytes in commits of ten rows: two thousand log pages, twice SQLite's own threshold. */
  const fill = async (db: AppDatabase['db']) => {
    for (let i = 0; i < ROWS; i += 10) {
      await db.transaction().execute(async (trx) => {
        for (let j = i; j < i + 10; j++)
          await sql`insert into filler (id, body) values (${j}, ${'x'.repeat(ROW_BYTES)})`.execute(trx);
      });
    }
  };

  it('leaves the checkpoint to the worker: the commits grow the log, the worker copies it within seconds', async () => {
    const { db, file } = await open(true);
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]?.wal_autocheckpoint).toBe(FALLBACK_AUTOCHECKPOINT_PAGES);
    await fill(db);
    const deadline = Date.now() + 5_000;
    let size = (await stat(file)).size;
    while (size < ROWS * ROW_BYTES && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      size = (await stat(file)).size;
    }
    expect(size).toBeGreaterThanOrEqual(ROWS * ROW_BYTES);
  });

  it('closing waits for the worker, even in a process with nothing else to do', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'labsongs-checkpoint-'));
    const script = path.join(import.meta.dirname, 'support', 'open-and-close-sqlite.ts');
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      script,
      path.join(dir, 'app.db'),
    ]);
    expect(stdout).toBe('closed');
  });

  it('without the worker (tools, tests), SQLite checkpoints inside the commits as before', async () => {
    const { db } = await open(false);
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]?.wal_autocheckpoint).toBe(AUTOCHECKPOINT_PAGES);
  });

  it('cuts the log file back after a burst, with or without the worker', async () => {
    for (const inWorker of [true, false]) {
      const { db } = await open(inWorker);
      const { rows } = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(db);
      expect(rows[0]?.journal_size_limit).toBe(JOURNAL_SIZE_LIMIT_BYTES);
      await database?.destroy();
      database = undefined;
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('when the worker fails, says so and lets the commits checkpoint again', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'labsongs-checkpoint-'));
    const failures: string[] = [];
    database = openDatabase(
      { kind: 'sqlite', file: path.join(dir, 'app.db') },
      { checkpointInWorker: true, onCheckpointError: (message) => failures.push(message) },
    );
    // Gone before the worker's thread has started: it cannot open the file.
    rmSync(dir, { recursive: true, force: true });
    await expect.poll(() => failures.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
    expect(rows[0]?.wal_autocheckpoint).toBe(AUTOCHECKPOINT_PAGES);
  });
});
