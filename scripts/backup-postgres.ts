import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { BackupError } from './backup-manifest';

type PgTool = 'pg_dump' | 'pg_restore';

const DEBIAN_PG_ROOT = '/usr/lib/postgresql';

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The tool on PATH, else the newest under /usr/lib/postgresql/<major>/bin (Debian installs the server's
 * tools there without putting them on PATH). pg_dump refuses servers newer than itself, so newest wins.
 */
async function findPgTool(tool: PgTool): Promise<string> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (await isExecutable(path.join(dir, tool))) return path.join(dir, tool);
  }
  const majors = await readdir(DEBIAN_PG_ROOT).catch(() => [] as string[]);
  for (const major of majors.filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a))) {
    const file = path.join(DEBIAN_PG_ROOT, major, 'bin', tool);
    if (await isExecutable(file)) return file;
  }
  throw new BackupError(
    `${tool} was not found on PATH or under ${DEBIAN_PG_ROOT}/*/bin: install the PostgreSQL client tools ` +
      '(Debian: apt-get install postgresql-client) of the same major version as the server, or newer',
  );
}

/**
 * libpq reads the URL itself; the password goes in PGPASSWORD instead, so it never shows in the process
 * list. (libpq accepts libpq's query parameters only, e.g. `sslmode`, not node-postgres' `ssl=true`.)
 */
function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { dbname: parsed.toString(), env };
}

async function runPgTool(tool: PgTool, args: string[], url: string): Promise<void> {
  const binary = await findPgTool(tool);
  const { dbname, env } = libpqConnection(url);
  // --no-password: fail at once instead of waiting for a password on a terminal nobody watches.
  const child = spawn(binary, [...args, '--no-password', `--dbname=${dbname}`], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < 8000) stderr += text;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new BackupError(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
}

/** `pg_dump --format=custom` of the whole database: compressed, and pg_restore can clean and reorder it. */
export const dumpPostgres = (url: string, file: string) =>
  runPgTool('pg_dump', ['--format=custom', `--file=${file}`], url);

/**
 * Replaces what the dump contains, in one transaction (a failure changes nothing). Owners and grants
 * name roles of the old server that a new one may not have: objects belong to the connecting role.
 */
export const restorePostgres = (url: string, file: string) =>
  runPgTool(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file],
    url,
  );

export interface PostgresState {
  /** Tables in any schema but the system's. */
  tables: number;
  /** The newest migration run (null before the first start). */
  migration: string | null;
  /** Other sessions connected to the same database: a running server keeps one listening. */
  otherSessions: number;
}

export async function inspectPostgres(url: string): Promise<PostgresState> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the PostgreSQL database (DATABASE_URL): ${(error as Error).message}`);
  }
  try {
    const tables = await client.query<{ count: string }>(
      `select count(*) as count from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'`,
    );
    const hasMigrations =
      await client.query(`select 1 from information_schema.tables where table_name = 'kysely_migration'
        and table_schema = current_schema()`);
    const migration =
      hasMigrations.rowCount === 1
        ? ((await client.query<{ name: string }>('select max(name) as name from kysely_migration')).rows[0]?.name ??
          null)
        : null;
    const sessions = await client.query<{ count: string }>(
      'select count(*) as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return {
      tables: Number(tables.rows[0]?.count ?? 0),
      migration,
      otherSessions: Number(sessions.rows[0]?.count ?? 0),
    };
  } finally {
    await client.end();
  }
}
