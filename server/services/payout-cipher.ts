import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface PayoutCipher {
  /** base64 of iv (12 bytes) ‖ auth tag (16 bytes) ‖ ciphertext; a fresh iv every time. */
  encrypt(plain: string): string;
  /** Throws when the value was altered or sealed with another key. */
  decrypt(sealed: string): string;
}

/** AES-256-GCM for account numbers at rest (docs/architecture.md §5): authenticated, so a tampered row fails to open. */
export function createPayoutCipher(key: Buffer): PayoutCipher {
  if (key.length !== 32) throw new Error('The payout key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
    },
    decrypt(sealed) {
      const bytes = Buffer.from(sealed, 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed payout value is too short');
      const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
