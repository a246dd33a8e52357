import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run inside a pool's transaction). */
async function runStatement(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the server `serverUrl` points at, for a test that needs a whole database
 * (a server process migrating `public`, a restore, two nodes); `drop()` removes it, connections and all.
 */
export async function createThrowawayDatabase(serverUrl: string, prefix: string): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await runStatement(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runStatement(serverUrl, `drop database if exists ${name} with (force)`) };
}
