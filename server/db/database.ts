import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface AppDatabase {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL schema the tables live in (also where Kysely keeps its migration table). */
  schema: string | undefined;
  destroy(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: use this schema instead of `public` (tests give each file its own). */
  schema?: string;
  /** PostgreSQL pool size. */
  maxConnections?: number;
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): AppDatabase {
  return target.kind === 'sqlite' ? openSqlite(target.file) : openPostgres(target.url, options);
}

function openSqlite(file: string): AppDatabase {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // A second process (CLI, another server) may hold the write lock for a moment: wait, do not fail.
  database.pragma('busy_timeout = 5000');
  // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
  database.pragma('synchronous = NORMAL');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
  return { db, dialect: 'sqlite', schema: undefined, destroy: () => db.destroy() };
}

function openPostgres(url: string, options: OpenOptions): AppDatabase {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    ...(options.schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema, destroy: () => db.destroy() };
}

/** True when the error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
