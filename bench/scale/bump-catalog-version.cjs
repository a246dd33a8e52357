// Required by autocannon's load thread (bench/scale/measure.ts), so it is plain CommonJS: before each
// request of a cache-miss endpoint, a new catalogue version (what migration 0007's triggers do on any
// write the catalogue shows), so the cached answer is stale and built again. It is written on the load
// thread's own connection, as a write on another node would be, and costs the server's thread nothing.
'use strict';

const target = JSON.parse(process.env.BENCH_CATALOG_TARGET || 'null');
if (!target) throw new Error('BENCH_CATALOG_TARGET is not set');
const BUMP = 'update catalog_version set version = version + 1 where id = 1';

let bump;
if (target.kind === 'sqlite') {
  const SQLite = require('better-sqlite3');
  const db = new SQLite(target.file);
  db.pragma('busy_timeout = 5000');
  const statement = db.prepare(BUMP);
  // Synchronous: the new version is committed before the request leaves.
  bump = () => statement.run();
} else {
  const pg = require('pg');
  const pool = new pg.Pool({ connectionString: target.url, max: 2, options: `-c search_path=${target.schema}` });
  pool.on('error', () => undefined);
  // Not awaited (a request cannot wait here): most requests still find the version changed under them.
  bump = () => void pool.query(BUMP).catch(() => undefined);
}

module.exports = (request) => {
  bump();
  return request;
};
