import { randomInt } from 'node:crypto';

// Crockford's base32 alphabet: no I, L, O or U, so an id read aloud or retyped is not mistaken.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const randomText = (length: number): string =>
  Array.from({ length }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');

/** Our id for one payment attempt (payments.txnid): "LS" + 18 random characters (90 bits), unguessable. */
export const newTxnid = (): string => `LS${randomText(18)}`;

export const txnidPattern = /^LS[0-9A-Z]{18}$/;
/** The same, for Hono route parameters. */
export const txnidRoutePattern = 'LS[0-9A-Z]{18}';

/** The sandbox's own reference for a payment (its "RefNo"). */
export const newSandboxRefNo = (): string => `SB${randomText(8)}`;
