import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import * as v from 'valibot';
import { type Config, ConfigError } from '../server/config';
import { type StorageKind, storageKinds, storedNamePattern } from '../server/services/storage';

/**
 * What `npm run backup` writes and `npm run restore` reads. The layout of a backup folder:
 *   manifest.json         this file, written last (a folder without it is an unfinished backup)
 *   database.sqlite       SQLite: a self-contained copy made with SQLite's online backup API
 *   database.pgdump       PostgreSQL: `pg_dump --format=custom` of the whole database
 *   files/<kind>/<name>   every stored upload, under the name the server gave it
 *   secrets/<name>        the data dir's generated jwt-secret and payout-key (when not set by variables)
 */
export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'labsongs-backup';
export const MANIFEST_VERSION = 1;

const databaseFileOf = { sqlite: 'database.sqlite', postgres: 'database.pgdump' } as const;

/** Files the server generates into the data dir when no variable sets them (services/jwt-secret.ts, payout-key.ts). */
export const secretFiles = ['jwt-secret', 'payout-key'] as const;
export type SecretFile = (typeof secretFiles)[number];

/** The secret files a variable replaces: the server neither reads nor writes those in the data dir. */
export const secretsSetByVariable = (config: Config): Record<SecretFile, boolean> => ({
  'jwt-secret': config.jwtSecret !== undefined,
  'payout-key': config.payoutKey !== undefined,
});

const sha256Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hexadecimal'));
const byteCount = v.pipe(v.number(), v.integer(), v.minValue(0));

const checkedFile = { size: byteCount, sha256: sha256Hex };

const manifestSchema = v.object({
  format: v.literal(MANIFEST_FORMAT),
  version: v.literal(MANIFEST_VERSION),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  database: v.object({
    kind: v.picklist(['sqlite', 'postgres']),
    /** The newest migration the copied database had run (server/db/migrations/index.ts). */
    migration: v.pipe(v.string(), v.regex(/^\d{4}-[a-z0-9-]+$/)),
    ...checkedFile,
  }),
  /** Names the payout key the payout details are encrypted with, giving nothing of it away (services/secrets-check.ts). */
  payoutKeyFingerprint: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
  storage: v.object({ label: v.string(), count: byteCount, bytes: byteCount }),
  // Names become paths inside the backup folder and keys in the storage: only names the server makes.
  files: v.array(
    v.object({ kind: v.picklist(storageKinds), name: v.pipe(v.string(), v.regex(storedNamePattern)), ...checkedFile }),
  ),
  secrets: v.array(v.object({ name: v.picklist(secretFiles), ...checkedFile })),
});

export type Manifest = v.InferOutput<typeof manifestSchema>;
export type ManifestFile = Manifest['files'][number];

/** Where a stored file sits inside a backup folder. */
export const backupPathOf = (dir: string, kind: StorageKind, name: string) => path.join(dir, 'files', kind, name);
export const secretPathOf = (dir: string, name: SecretFile) => path.join(dir, 'secrets', name);
export const databasePathOf = (dir: string, kind: Manifest['database']['kind']) => path.join(dir, databaseFileOf[kind]);

/** A failure the operator can act on: printed as one line, without a stack trace. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Reads and validates `dir/manifest.json`; every problem is a BackupError that says what is wrong. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // ENOTDIR: `dir` is a file (say the manifest itself), not the backup's folder.
    if (['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '')) {
      throw new BackupError(`${file} does not exist: ${dir} is not a backup, or the backup did not finish`);
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not valid JSON: the backup is damaged`);
  }
  const result = v.safeParse(manifestSchema, json);
  if (!result.success) {
    const issue = result.issues[0];
    const where = v.getDotPath(issue) ?? 'manifest';
    throw new BackupError(`${file} is not a valid backup manifest (${where}: ${issue.message})`);
  }
  return result.output;
}

/** SHA-256 and length of everything the stream yields. */
async function digestOf(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

export const digestOfFile = (file: string) => digestOf(createReadStream(file));

/** Throws a BackupError naming `file` unless it has the recorded size and checksum. */
export async function verifyFile(file: string, expected: { size: number; sha256: string }): Promise<void> {
  let actual: { sha256: string; size: number };
  try {
    actual = await digestOfFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BackupError(`${file} is missing from the backup`);
    throw error;
  }
  if (actual.size !== expected.size || actual.sha256 !== expected.sha256) {
    throw new BackupError(`${file} does not match its checksum in the manifest: the backup is damaged`);
  }
}

/**
 * Runs `run` with the command line when `moduleUrl` is the script node was started with; exits 0 when
 * it resolves, and 1 with the reason on one line when it throws (the stack too with LOG_LEVEL=debug).
 */
export function runAsCommand(moduleUrl: string, run: (args: string[]) => Promise<void>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run(process.argv.slice(2)).then(
    () => process.exit(0),
    (error: unknown) => {
      const expected = error instanceof BackupError || error instanceof ConfigError;
      const debug = process.env.LOG_LEVEL?.trim().toLowerCase() === 'debug';
      const { name, message, stack } =
        error instanceof Error ? error : { name: 'Error', message: String(error), stack: '' };
      console.error(expected ? message : debug && stack ? stack : `${name}: ${message}`);
      process.exit(1);
    },
  );
}
