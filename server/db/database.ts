import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { DB } from './schema';
import {
  AUTOCHECKPOINT_PAGES,
  FALLBACK_AUTOCHECKPOINT_PAGES,
  JOURNAL_SIZE_LIMIT_BYTES,
  startCheckpointer,
} from './sqlite-checkpointer';

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
  /**
   * PostgreSQL only: told when an idle pooled connection fails (the server restarted, a failover, an
   * operator ended it). The pool drops that connection and opens another when needed; without a
   * listener its 'error' event would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * SQLite only: checkpoint the write-ahead log from a worker thread (db/sqlite-checkpointer.ts) rather
   * than inside the server's commits. The server turns it on; tools and tests need not.
   */
  checkpointInWorker?: boolean;
  /** Told when the checkpointer fails (logged by the server); the server's commits checkpoint from then on. */
  onCheckpointError?: (message: string) => void;
}

export function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): AppDatabase {
  return target.kind === 'sqlite' ? openSqlite(target.file, options) : openPostgres(target.url, options);
}

function openSqlite(file: string, options: OpenOptions): AppDatabase {
  mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  // A second process (CLI, another server) may hold the write lock for a moment: wait, do not fail.
  database.pragma('busy_timeout = 5000');
  // NORMAL is durable across application crashes in WAL mode and much faster than FULL.
  database.pragma('synchronous = NORMAL');
  database.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
  const checkpointer =
    options.checkpointInWorker && file !== ':memory:'
      ? startCheckpointer(file, (message) => {
          // The log must not grow unchecked: the server's commits checkpoint again, as SQLite does by default.
          if (database.open) database.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
          options.onCheckpointError?.(message);
        })
      : undefined;
  if (checkpointer) database.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  const destroy = async () => {
    await checkpointer?.stop();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', schema: undefined, destroy };
}

/** How many prepared statements one SQLite connection keeps (the app has a few hundred distinct ones). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query afresh; compiling the SQL is a large part of a small query's cost (an
 * order list runs about ten). The same text gets the same prepared statement back. Safe because Kysely
 * runs a statement to completion (`all`/`run`) before the next call, and nothing here streams
 * (`iterate`) a query; SQLite itself re-prepares a cached statement after a schema change.
 */
function withStatementCache(database: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (!statement) {
      // Lists of ids give many texts (`in (?, ?, …)`): start over rather than grow without end.
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
      statement = database.prepare(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
  return new Proxy(database, {
    get(target, key, receiver) {
      if (key === 'prepare') return prepare;
      const value = Reflect.get(target, key, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function openPostgres(url: string, options: OpenOptions): AppDatabase {
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    ...(options.schema ? { options: `-c search_path=${schema}` } : {}),
  });
  pool.on('error', (error) => options.onIdleConnectionError?.(error));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', schema, destroy: () => db.destroy() };
}

/** True when the error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
