// The token-validity rule of docs/product.md §4: "A token is valid only if it is a well-formed three-part token
// whose expiry time has not passed." Decoding only (no signature check): the server verifies.
import { decodeJwt, decodeProtectedHeader } from 'jose';

const base64url = /^[A-Za-z0-9_-]+$/;

/** The token's `exp` in milliseconds, or null when the token is not a well-formed JWT with a numeric `exp`. */
export function tokenExpiresAt(token: unknown): number | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => base64url.test(part))) return null;
  try {
    decodeProtectedHeader(token);
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Well-formed: three base64url parts whose header and payload are JSON objects, with a numeric `exp`. */
export function isTokenWellFormed(token: unknown): token is string {
  return tokenExpiresAt(token) !== null;
}

/** Valid: well-formed and `exp` later than `nowMs`. */
export function isTokenValid(token: unknown, nowMs: number): token is string {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt > nowMs;
}

/** Well-formed but past its `exp`: a refresh may still renew it. */
export function isTokenExpired(token: unknown, nowMs: number): token is string {
  const expiresAt = tokenExpiresAt(token);
  return expiresAt !== null && expiresAt <= nowMs;
}
