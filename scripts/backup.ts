// `npm run backup -- <dir>`: a consistent copy of the database, the uploaded files and the generated
// secrets into an empty folder, with a manifest of checksums that `npm run restore` verifies.
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import { type Config, type Env, loadConfig } from '../server/config';
import { fingerprintOf } from '../server/services/secrets-check';
import { StoredFileMissing, storageKinds } from '../server/services/storage';
import { createStorageFor } from '../server/services/storage-for';
import {
  BackupError,
  backupPathOf,
  databasePathOf,
  digestOfFile,
  MANIFEST_FILE,
  MANIFEST_FORMAT,
  MANIFEST_VERSION,
  type Manifest,
  type ManifestFile,
  runAsCommand,
  secretFiles,
  secretPathOf,
  secretsSetByVariable,
} from './backup-manifest';
import { dumpPostgres, inspectPostgres } from './backup-postgres';

const USAGE = 'Usage: npm run backup -- <folder>   (a new or empty folder; it receives the database and every upload)';

async function runBackup(args: string[], env: Env, out: (line: string) => void): Promise<void> {
  if (args.length !== 1 || args[0]?.startsWith('-')) throw new BackupError(USAGE);
  const config = loadConfig(env);
  const dir = path.resolve(args[0] as string);
  const created = await prepareEmptyFolder(dir);
  try {
    const database = await copyDatabase(config, dir);
    const payoutKeyFingerprint = await payoutKeyFingerprintOf(config);
    const secrets = await copySecrets(config, dir);
    const storage = createStorageFor(config.storage);
    const files: ManifestFile[] = [];
    for (const kind of storageKinds) {
      for await (const object of storage.list(kind)) {
        const file = backupPathOf(dir, kind, object.name);
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
        let body: Awaited<ReturnType<typeof storage.read>>;
        try {
          body = await storage.read(kind, object.name);
        } catch (error) {
          // Deleted between the listing and the read (a clip sweep, a replaced photo): not part of this copy.
          if (error instanceof StoredFileMissing) continue;
          throw error;
        }
        const hash = createHash('sha256');
        let size = 0;
        await pipeline(
          body,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              hash.update(chunk);
              size += chunk.length;
              yield chunk;
            }
          },
          createWriteStream(file, { flags: 'wx', mode: 0o600 }),
        );
        files.push({ kind, name: object.name, size, sha256: hash.digest('hex') });
      }
    }
    const bytes = files.reduce((sum, f) => sum + f.size, 0);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      createdAt: new Date().toISOString(),
      database,
      payoutKeyFingerprint,
      storage: { label: storage.label, count: files.length, bytes },
      files,
      secrets,
    };
    // Written last: a folder with a manifest holds a whole backup.
    await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
    out(
      `Backed up the ${database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (migration ${database.migration}, ` +
        `${megabytes(database.size)}) and ${files.length} files (${megabytes(bytes)}) from the ${storage.label} into ${dir}`,
    );
    if (secrets.length > 0) {
      out(
        `It includes ${secrets.map((s) => s.name).join(' and ')} from ${config.dataDir}: keep it as private as the server.`,
      );
    }
  } catch (error) {
    // The folder was empty or new: everything in it is this unfinished backup's.
    if (created) await rm(dir, { recursive: true, force: true });
    else for (const entry of await readdir(dir)) await rm(path.join(dir, entry), { recursive: true, force: true });
    throw error;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Creates `dir`, or checks that it is an empty folder; answers whether it was created. */
async function prepareEmptyFolder(dir: string): Promise<boolean> {
  let entries: string[];
  try {
    if (!(await stat(dir)).isDirectory()) throw new BackupError(`${dir} is not a folder`);
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    // Owner-only: a backup holds every account's personal data.
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return true;
  }
  if (entries.length > 0) {
    throw new BackupError(`${dir} is not empty: give a new or empty folder (a backup never overwrites another)`);
  }
  return false;
}

async function copyDatabase(config: Config, dir: string): Promise<Manifest['database']> {
  const kind = config.database.kind;
  const target = databasePathOf(dir, kind);
  let migration: string | null;
  if (config.database.kind === 'sqlite') {
    migration = await copySqlite(config.database.file, target);
  } else {
    migration = (await inspectPostgres(config.database.url)).migration;
    if (migration === null) throw new BackupError('The PostgreSQL database has no Labsongs tables: nothing to back up');
    await dumpPostgres(config.database.url, target);
  }
  await chmod(target, 0o600);
  return { kind, migration, ...(await digestOfFile(target)) };
}

/**
 * SQLite's online backup API copies a consistent snapshot while the server keeps writing (WAL); the copy
 * is then switched out of WAL so that it is one self-contained file. Answers its newest migration.
 */
async function copySqlite(source: string, target: string): Promise<string> {
  let database: SQLite.Database;
  try {
    database = new SQLite(source, { fileMustExist: true });
  } catch {
    throw new BackupError(`There is no SQLite database at ${source} (DATA_DIR): nothing to back up`);
  }
  try {
    database.pragma('busy_timeout = 5000');
    await database.backup(target);
  } finally {
    database.close();
  }
  const copy = new SQLite(target);
  try {
    copy.pragma('journal_mode = DELETE');
    const hasMigrations = copy
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    const row = hasMigrations
      ? (copy.prepare('select max(name) as name from kysely_migration').get() as { name: string | null })
      : undefined;
    if (!row?.name) throw new BackupError(`${source} has no Labsongs tables: nothing to back up`);
    return row.name;
  } finally {
    copy.close();
  }
}

/** The payout key's fingerprint, so that a restore can tell whether it has the key the data needs. */
async function payoutKeyFingerprintOf(config: Config): Promise<string> {
  if (config.payoutKey) return fingerprintOf(Buffer.from(config.payoutKey, 'hex'), 'payout-key');
  const file = path.join(config.dataDir, 'payout-key');
  try {
    return fingerprintOf(Buffer.from((await readFile(file, 'utf8')).trim().toLowerCase(), 'hex'), 'payout-key');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(`Neither PAYOUT_KEY nor ${file} is there: run this where the server runs`);
    }
    throw error;
  }
}

/** The generated secrets a restore needs (payout details are unreadable without their key); none set by variables. */
async function copySecrets(config: Config, dir: string): Promise<Manifest['secrets']> {
  const setByVariable = secretsSetByVariable(config);
  const copied: Manifest['secrets'] = [];
  for (const name of secretFiles) {
    const source = path.join(config.dataDir, name);
    if (setByVariable[name] || !existsSync(source)) continue;
    const target = secretPathOf(dir, name);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await copyFile(source, target);
    await chmod(target, 0o600);
    copied.push({ name, ...(await digestOfFile(target)) });
  }
  return copied;
}

runAsCommand(import.meta.url, (args) => runBackup(args, process.env, (line) => console.log(line)));
