import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const HEX_KEY = /^[0-9a-f]{64}$/;

/**
 * The AES-256 key for payout details: PAYOUT_KEY, or 32 random bytes generated on first start into
 * `${dataDir}/payout-key` (64 hex characters, mode 0600), like the JWT secret. Losing it makes the
 * stored account numbers unreadable, so it is kept apart from the database and never rotated silently.
 */
export async function resolvePayoutKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured) return Buffer.from(configured, 'hex');
  const file = path.join(dataDir, 'payout-key');
  await mkdir(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together keep the first one's key.
    await writeFile(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const hex = (await readFile(file, 'utf8')).trim().toLowerCase();
  if (!HEX_KEY.test(hex)) throw new Error(`${file} does not hold 64 hexadecimal characters`);
  return Buffer.from(hex, 'hex');
}
