import type { MiddlewareHandler } from 'hono';
import type { AccountType } from '../../contracts/account';
import { serverMessages } from '../../contracts/server-messages';
import type { AppContext, AppEnv, AuthState } from '../context';
import type { UserRow } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AccessClaims } from '../services/tokens';
import { findUserById, findUserUnlessRevoked } from '../users/users.repository';

export const unauthenticated = () => new ApiError(401, serverMessages.unauthenticated);

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(c: AppContext): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/** The account behind valid claims, if it may still act: exists, same type, not deactivated or suspended, password not reset since. */
export async function activeAccountFor(c: AppContext, claims: AccessClaims, area: AccountType): Promise<UserRow> {
  if (claims.typ !== area) throw unauthenticated();
  return activeOrRefused(claims, area, await findUserById(c.var.db, Number(claims.sub)));
}

function activeOrRefused(claims: AccessClaims, area: AccountType, user: UserRow | undefined): UserRow {
  if (
    !user ||
    user.type !== area ||
    user.deactivated_at !== null ||
    // Suspending also bumps token_version; checked here too so no path depends on that alone.
    user.suspended_at !== null ||
    user.token_version !== claims.ver
  ) {
    throw unauthenticated();
  }
  return user;
}

/** Lets the request through only with a valid, unrevoked token of this area's account type. */
export function requireAuth(area: AccountType): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    const claims = token ? await c.var.tokens.decodeAccess(token) : null;
    if (!claims || claims.typ !== area) throw unauthenticated();
    // The revocation check and the account in one statement: every signed-in request pays for it.
    const user = activeOrRefused(claims, area, await findUserUnlessRevoked(c.var.db, Number(claims.sub), claims.jti));
    c.set('auth', { user, claims });
    await next();
  };
}

/** The signed-in account of a route behind requireAuth. */
export function currentAuth(c: AppContext): AuthState {
  const auth = c.var.auth;
  if (!auth) throw new Error('currentAuth used on a route without requireAuth');
  return auth;
}
