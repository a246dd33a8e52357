import SQLite from 'better-sqlite3';
import pg from 'pg';

// Bulk inserts straight into the migrated schema, bypassing the app: prepared single-row statements in
// big transactions on SQLite (the fastest way through better-sqlite3), one json_populate_recordset
// statement per batch on PostgreSQL (one parameter, so no 65,535-parameter limit and no per-row trip).

export type Row = readonly unknown[];

export interface BulkWriter {
  insert(table: string, columns: readonly string[], rows: readonly Row[]): Promise<void>;
  /** Largest id of a table (0 when empty), so generated ids follow the demo's. */
  maxId(table: string): Promise<number>;
  /** After explicit ids in `tables`: move PostgreSQL's sequences past them, vacuum them and refresh the planner's statistics. */
  finish(tables: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export function sqliteWriter(file: string): BulkWriter {
  const database = new SQLite(file);
  database.pragma('busy_timeout = 5000');
  // Rows are written parents first, but checking every reference would double the time.
  database.pragma('foreign_keys = OFF');
  const statements = new Map<string, SQLite.Statement>();
  return {
    async insert(table, columns, rows) {
      const key = `${table}(${columns.join(',')})`;
      let statement = statements.get(key);
      if (!statement) {
        statement = database.prepare(
          `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
        );
        statements.set(key, statement);
      }
      const run = statement;
      database.transaction(() => {
        for (const row of rows) run.run(row as unknown[]);
      })();
    },
    async maxId(table) {
      return (database.prepare(`select coalesce(max(id), 0) as id from ${table}`).get() as { id: number }).id;
    },
    async finish() {},
    async close() {
      database.close();
    },
  };
}

/** Tables written without an id column, analysed with the others. */
const ANALYZED_WITHOUT_IDS = [
  'artist_profiles',
  'order_artists',
  'notification_counters',
  'order_message_reads',
  'order_message_alerts',
];

export async function postgresWriter(url: string, schema: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  return {
    async insert(table, columns, rows) {
      const objects = rows.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i]])));
      const list = columns.join(', ');
      await client.query(
        `insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, $1)`,
        [JSON.stringify(objects)],
      );
    },
    async maxId(table) {
      const result = await client.query(`select coalesce(max(id), 0) as id from ${table}`);
      return Number(result.rows[0].id);
    },
    async finish(tables) {
      for (const table of tables) {
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
      }
      // Autovacuum would have vacuumed and analysed these tables in production, where rows arrive over
      // two years, not in one load: do not measure the gap (a first read setting every row's hint bits,
      // no statistics).
      await client.query(`vacuum analyze ${[...tables, ...ANALYZED_WITHOUT_IDS].join(', ')}`);
    },
    async close() {
      await client.end();
    },
  };
}
