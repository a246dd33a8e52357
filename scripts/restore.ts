// `npm run restore -- <dir> [--force]`: brings a backup made by `npm run backup` back into the configured
// database and storage. Every checksum is verified and every refusal is made before anything changes.
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { type Config, type Env, loadConfig } from '../server/config';
import { latestMigrationName } from '../server/db/migrations';
import { fingerprintOf } from '../server/services/secrets-check';
import type { Storage } from '../server/services/storage';
import { createStorageFor } from '../server/services/storage-for';
import {
  BackupError,
  backupPathOf,
  databasePathOf,
  type Manifest,
  type ManifestFile,
  readManifest,
  runAsCommand,
  secretPathOf,
  secretsSetByVariable,
  verifyFile,
} from './backup-manifest';
import { inspectPostgres, restorePostgres } from './backup-postgres';

const USAGE = 'Usage: npm run restore -- <backup folder> [--force]   (--force: replace a database that is not empty)';

const databaseName = { sqlite: 'SQLite (DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' } as const;

async function runRestore(args: string[], env: Env, out: (line: string) => void): Promise<void> {
  const force = args.includes('--force');
  const positional = args.filter((arg) => arg !== '--force');
  if (positional.length !== 1 || positional[0]?.startsWith('-')) throw new BackupError(USAGE);
  const config = loadConfig(env);
  const dir = path.resolve(positional[0] as string);
  const manifest = await readManifest(dir);

  if (manifest.database.kind !== config.database.kind) {
    throw new BackupError(
      `The backup holds a ${databaseName[manifest.database.kind]} database and the configuration names ` +
        `${databaseName[config.database.kind]}: restore into the same kind of database`,
    );
  }
  if (manifest.database.migration > latestMigrationName) {
    throw new BackupError(
      `The backup comes from a newer Labsongs (migration ${manifest.database.migration}; this one knows up to ` +
        `${latestMigrationName}): restore it with that version`,
    );
  }

  const databaseFile = databasePathOf(dir, manifest.database.kind);
  await verifyFile(databaseFile, manifest.database);
  for (const file of manifest.files) await verifyFile(backupPathOf(dir, file.kind, file.name), file);
  for (const secret of manifest.secrets) await verifyFile(secretPathOf(dir, secret.name), secret);

  const secretsToWrite = await planSecrets(config, manifest, dir, force);
  await checkTargetDatabase(config, force);
  const storage = createStorageFor(config.storage);
  const { missing, replaced } = await planFiles(storage, manifest.files, force);

  // Files first: a failure there leaves the database untouched, and a second run skips what is stored.
  for (const file of replaced) await storage.remove(file.kind, file.name);
  for (const file of [...replaced, ...missing]) {
    await storage.write(file.kind, file.name, createReadStream(backupPathOf(dir, file.kind, file.name)));
  }
  for (const [name, bytes] of secretsToWrite) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(path.join(config.dataDir, name), bytes, { mode: 0o600 });
  }
  if (config.database.kind === 'sqlite') {
    await replaceSqlite(databaseFile, config.database.file);
  } else {
    await restorePostgres(config.database.url, databaseFile);
    await forgetRunningNodesPostgres(config.database.url);
  }

  out(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.database.migration}) into ` +
      `${databaseName[config.database.kind]} and the ${storage.label}: ${missing.length + replaced.length} files ` +
      `written, ${manifest.files.length - missing.length - replaced.length} already there.`,
  );
  out('Start the server: it runs any migration newer than the backup.');
}

/** The generated secrets to put back in the data dir; refuses when the payout key would not open the data. */
async function planSecrets(
  config: Config,
  manifest: Manifest,
  dir: string,
  force: boolean,
): Promise<Map<string, Buffer>> {
  const plan = new Map<string, Buffer>();
  const fromBackup = new Map(manifest.secrets.map((secret) => [secret.name, secret]));
  const refuse = (message: string) => {
    if (!force) throw new BackupError(`${message} (--force restores anyway)`);
  };
  if (config.payoutKey) {
    // Payout details are encrypted with the key: a different one makes every stored account number unreadable.
    if (fingerprintOf(Buffer.from(config.payoutKey, 'hex'), 'payout-key') !== manifest.payoutKeyFingerprint) {
      refuse('PAYOUT_KEY is not the key the backup was made with: its payout details could not be read');
    }
  } else if (!fromBackup.has('payout-key')) {
    refuse('The backup was made with PAYOUT_KEY set: set the same PAYOUT_KEY before restoring');
  }
  const setByVariable = secretsSetByVariable(config);
  for (const secret of manifest.secrets) {
    if (setByVariable[secret.name]) continue;
    const bytes = await readFile(secretPathOf(dir, secret.name));
    const target = path.join(config.dataDir, secret.name);
    if (existsSync(target) && !(await readFile(target)).equals(bytes)) {
      refuse(`${target} differs from the backup's ${secret.name}`);
    }
    plan.set(secret.name, bytes);
  }
  return plan;
}

/** Refuses a database that holds anything, and (where it can tell) one a running server is using. */
async function checkTargetDatabase(config: Config, force: boolean): Promise<void> {
  if (config.database.kind === 'postgres') {
    const state = await inspectPostgres(config.database.url);
    if (state.otherSessions > 0 && !force) {
      throw new BackupError(
        `${state.otherSessions} other sessions are connected to the PostgreSQL database: stop every server node ` +
          'before restoring (--force restores anyway)',
      );
    }
    if (state.tables > 0 && !force) {
      throw new BackupError(
        `The PostgreSQL database is not empty (${state.tables} tables): restore into an empty database, or give ` +
          '--force to replace what the backup contains',
      );
    }
    return;
  }
  const file = config.database.file;
  if (!existsSync(file)) return;
  const tables = withExclusiveLock(file, (database) =>
    Number(
      (
        database
          .prepare(
            "select count(*) as count from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'",
          )
          .get() as { count: number }
      ).count,
    ),
  );
  if (tables > 0 && !force) {
    throw new BackupError(
      `The SQLite database ${file} is not empty (${tables} tables): restore into a new DATA_DIR, or give --force ` +
        'to replace it',
    );
  }
}

/**
 * A running server keeps the WAL index locked for as long as it has the file open, so an exclusive lock
 * taken without waiting proves that no server (and no other process) is using the database.
 */
function withExclusiveLock<T>(file: string, use: (database: SQLite.Database) => T): T {
  const database = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    try {
      database.exec('BEGIN EXCLUSIVE');
      database.exec('COMMIT');
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      throw new BackupError(`A server is using ${file}: stop it before restoring (the restore replaces the file)`);
    }
    return use(database);
  } finally {
    database.close();
  }
}

/**
 * Which files the storage lacks, and which it holds with other contents. A name is never reused, so one
 * of the same size is the same file (a second run after a failure skips it).
 */
async function planFiles(
  storage: Storage,
  files: ManifestFile[],
  force: boolean,
): Promise<{ missing: ManifestFile[]; replaced: ManifestFile[] }> {
  const missing: ManifestFile[] = [];
  const replaced: ManifestFile[] = [];
  for (const file of files) {
    const size = await storage.size(file.kind, file.name);
    if (size === null) missing.push(file);
    else if (size !== file.size) replaced.push(file);
  }
  if (replaced.length > 0 && !force) {
    const first = replaced[0] as ManifestFile;
    throw new BackupError(
      `The ${storage.label} holds ${replaced.length} files under the backup's names with other contents ` +
        `(e.g. ${first.kind}/${first.name}): give --force to replace them`,
    );
  }
  return { missing, replaced };
}

// The nodes that ran where the backup was made run nowhere here: their JWT fingerprints must not hold
// back the first start (services/secrets-check.ts).
const FORGET_RUNNING_NODES = 'delete from server_nodes';

async function forgetRunningNodesPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query<{ name: string | null }>("select to_regclass('server_nodes')::text as name");
    if (table.rows[0]?.name) await client.query(FORGET_RUNNING_NODES);
  } finally {
    await client.end();
  }
}

/** The copy goes in beside the old file and is renamed over it; a WAL left by the old file must not meet the new one. */
async function replaceSqlite(backupFile: string, file: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const incoming = `${file}.restoring`;
  await copyFile(backupFile, incoming);
  const copy = new SQLite(incoming);
  try {
    if (copy.prepare("select 1 from sqlite_master where name = 'server_nodes'").get()) copy.exec(FORGET_RUNNING_NODES);
  } finally {
    copy.close();
  }
  await rm(`${file}-wal`, { force: true });
  await rm(`${file}-shm`, { force: true });
  await rename(incoming, file);
}

runAsCommand(import.meta.url, (args) => runRestore(args, process.env, (line) => console.log(line)));
