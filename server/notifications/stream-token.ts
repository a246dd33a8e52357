import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import * as v from 'valibot';
import type { AccountType } from '../../contracts/account';
import type { UserRow } from '../db/schema';
import { type Clock, secondsOf } from '../services/clock';
import type { AccessClaims } from '../services/tokens';

/** EventSource cannot send an Authorization header, so the stream URL carries this short-lived token. */
export const STREAM_TOKEN_TTL_SECONDS = 60;

const ALGORITHM = 'HS256';
const PURPOSE = 'notification-stream';

const claimsSchema = v.object({
  sub: v.pipe(v.string(), v.regex(/^\d{1,15}$/)),
  typ: v.picklist(['user', 'artist', 'admin']),
  purpose: v.literal(PURPOSE),
  /** The account's token_version: a password reset also ends the streams it opened. */
  ver: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The session (stream-sessions.ts sessionKeyOf) that asked for it: its logout ends the token. */
  ses: v.pipe(v.string(), v.maxLength(40)),
  jti: v.string(),
  iat: v.pipe(v.number(), v.integer()),
  exp: v.pipe(v.number(), v.integer()),
});

/**
 * Signs and reads stream tokens: HS256 JWTs under a key derived from the JWT secret with its own label,
 * so a stream token can never pass as an access token (or the other way round) even though one secret
 * backs both. A URL ends up in more places than a header, hence the one-minute lifetime.
 */
export function createStreamTokens(options: { jwtSecret: string; clock: Clock }) {
  const key = createHmac('sha256', options.jwtSecret).update('labsongs/notification-stream/v1').digest();

  return {
    async issue(user: Pick<UserRow, 'id' | 'type' | 'token_version'>, session: string): Promise<string> {
      const iat = secondsOf(options.clock.now());
      return new SignJWT({ typ: user.type, purpose: PURPOSE, ver: user.token_version, ses: session })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(user.id))
        .setJti(randomBytes(12).toString('base64url'))
        .setIssuedAt(iat)
        .setExpirationTime(iat + STREAM_TOKEN_TTL_SECONDS)
        .sign(key);
    },

    /**
     * The claims of a valid, unexpired stream token of `area`, shaped for activeAccountFor (which reads
     * sub, typ and ver); null for anything else.
     */
    async verify(token: string | undefined, area: AccountType): Promise<(AccessClaims & { ses: string }) | null> {
      if (!token || token.length > 2048) return null;
      let payload: unknown;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], currentDate: options.clock.now() }));
      } catch {
        return null;
      }
      const parsed = v.safeParse(claimsSchema, payload);
      if (!parsed.success || parsed.output.typ !== area) return null;
      const { sub, typ, ver, jti, iat, exp, ses } = parsed.output;
      return { sub, typ, ver, jti, iat, exp, rex: exp, ses };
    },
  };
}

export type StreamTokens = ReturnType<typeof createStreamTokens>;
