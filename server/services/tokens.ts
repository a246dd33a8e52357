import { randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { AccountType } from '../../contracts/account';
import type { DB } from '../db/schema';
import { type Clock, isoAt, secondsOf } from './clock';

const ALGORITHM = 'HS256';

const claimsSchema = v.object({
  sub: v.pipe(v.string(), v.regex(/^\d{1,15}$/)),
  typ: v.picklist(['user', 'artist', 'admin']),
  jti: v.pipe(v.string(), v.minLength(16), v.maxLength(64)),
  iat: v.pipe(v.number(), v.integer()),
  exp: v.pipe(v.number(), v.integer()),
  /** Refresh-until: after this instant the session cannot be renewed and the person logs in again. */
  rex: v.pipe(v.number(), v.integer()),
  /** The account's token_version when the token was issued (a password reset bumps it). */
  ver: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type AccessClaims = v.InferOutput<typeof claimsSchema>;

export interface TokenSubject {
  id: number;
  type: AccountType;
  token_version: number;
}

export interface IssuedToken {
  token: string;
  claims: AccessClaims;
}

export interface TokenService {
  /** A fresh session: the refresh window is the long one when `remember` is true. */
  issue(subject: TokenSubject, remember: boolean): Promise<IssuedToken>;
  /** A valid, unexpired, unrevoked token's claims, or null. */
  verify(token: string): Promise<AccessClaims | null>;
  /**
   * A correctly signed, unexpired token's claims, or null, without the revocation check: for a caller
   * that checks revocation itself in the query it runs anyway (require-auth, with the account).
   */
  decodeAccess(token: string): Promise<AccessClaims | null>;
  /** The claims of a correctly signed token, expired or not, while now < rex; null otherwise. */
  readForRefresh(token: string): Promise<AccessClaims | null>;
  /** Revokes the old jti and issues a token with the same rex; null when the token was already revoked or no longer matches its account. */
  rotate(claims: AccessClaims, subject: TokenSubject): Promise<IssuedToken | null>;
  /** Revokes the jti until the token's refresh window ends; false when it was already revoked. */
  revoke(claims: AccessClaims): Promise<boolean>;
  /**
   * After the account's own password change bumped its token_version: revokes the old token and
   * issues one under the new version with the same rex, so this session goes on and every other ends.
   */
  continueSession(claims: AccessClaims, subject: TokenSubject): Promise<IssuedToken>;
}

export interface TokenServiceOptions {
  db: Kysely<DB>;
  clock: Clock;
  secret: string;
  accessTtlSeconds: number;
  refreshWindowSeconds: number;
  rememberRefreshWindowSeconds: number;
}

export function createTokenService(options: TokenServiceOptions): TokenService {
  const { db, clock } = options;
  const key = new TextEncoder().encode(options.secret);

  async function sign(subject: TokenSubject, rex: number): Promise<IssuedToken> {
    const iat = secondsOf(clock.now());
    // A session never outlives its refresh window, even by one access-token lifetime.
    const exp = Math.min(iat + options.accessTtlSeconds, rex);
    const claims: AccessClaims = {
      sub: String(subject.id),
      typ: subject.type,
      jti: randomBytes(16).toString('base64url'),
      iat,
      exp,
      rex,
      ver: subject.token_version,
    };
    const token = await new SignJWT({ typ: claims.typ, rex: claims.rex, ver: claims.ver })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(key);
    return { token, claims };
  }

  async function isRevoked(jti: string): Promise<boolean> {
    const row = await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst();
    return row !== undefined;
  }

  /** Signature and shape only; `allowExpired` keeps the claims of a token whose exp has passed. */
  async function decode(token: string, allowExpired: boolean): Promise<AccessClaims | null> {
    if (token.length > 2048) return null;
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: clock.now() }));
    } catch (error) {
      // jose checks the signature before the claims, so an expired token's payload is authentic.
      if (!(allowExpired && error instanceof joseErrors.JWTExpired)) return null;
      payload = error.payload;
    }
    const parsed = v.safeParse(claimsSchema, payload);
    return parsed.success ? parsed.output : null;
  }

  async function verify(token: string): Promise<AccessClaims | null> {
    const claims = await decode(token, false);
    if (!claims || (await isRevoked(claims.jti))) return null;
    return claims;
  }

  async function revoke(claims: AccessClaims): Promise<boolean> {
    const inserted = await db
      .insertInto('revoked_tokens')
      .values({ jti: claims.jti, expires_at: isoAt(new Date(claims.rex * 1000)) })
      .onConflict((oc) => oc.column('jti').doNothing())
      .returning('jti')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async function readForRefresh(token: string): Promise<AccessClaims | null> {
    const claims = await decode(token, true);
    if (!claims || secondsOf(clock.now()) >= claims.rex) return null;
    return claims;
  }

  async function rotate(claims: AccessClaims, subject: TokenSubject): Promise<IssuedToken | null> {
    const matches =
      claims.sub === String(subject.id) && claims.typ === subject.type && claims.ver === subject.token_version;
    if (!matches || secondsOf(clock.now()) >= claims.rex) return null;
    // Revoking first and only once makes two concurrent refreshes of one token yield one new token.
    if (!(await revoke(claims))) return null;
    return sign(subject, claims.rex);
  }

  return {
    issue: (subject, remember) =>
      sign(
        subject,
        secondsOf(clock.now()) + (remember ? options.rememberRefreshWindowSeconds : options.refreshWindowSeconds),
      ),
    verify,
    decodeAccess: (token) => decode(token, false),
    readForRefresh,
    rotate,
    revoke,
    async continueSession(claims, subject) {
      await revoke(claims);
      return sign(subject, claims.rex);
    },
  };
}
