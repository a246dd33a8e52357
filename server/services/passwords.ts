import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

export interface PasswordHasher {
  /** `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>`: the parameters travel with the hash. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Costs what a real verify costs, so an unknown email answers as slowly as a wrong password. */
  verifyDummy(password: string): Promise<void>;
}

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  // Node refuses more than 32 MB by default; scrypt needs 128·N·r bytes, leave headroom.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    // NFKC so the same password typed on two keyboards (composed vs decomposed accents) matches.
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = parts.slice(1, 4).map((n) => (/^\d{1,2}$/.test(n ?? '') ? Number(n) : Number.NaN)) as [
    number,
    number,
    number,
  ];
  // Bounds stop a tampered row from asking for gigabytes of memory.
  if (!(logN >= 1 && logN <= 22 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length === 0) return undefined;
  return { logN, r, p, salt, key };
}

export function createPasswordHasher(logN: number): PasswordHasher {
  let dummy: Promise<string> | undefined;

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(password, salt, logN, BLOCK_SIZE, PARALLELISM);
    return ['scrypt', logN, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async function verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p);
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  }

  async function verifyDummy(password: string): Promise<void> {
    dummy ??= hash(randomBytes(24).toString('base64'));
    await verify(password, await dummy);
  }

  return { hash, verify, verifyDummy };
}
