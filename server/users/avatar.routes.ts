import { Hono } from 'hono';
import type { AccountType } from '../../contracts/account';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { removeAvatar, uploadAvatar } from './avatar.handlers';

/**
 * `/profile/avatar` of one area (`/api/v1/user`, `/api/v1/artist`): the same handlers for every
 * account type, behind that area's token. Authentication runs before the body is read.
 */
export function createAvatarRoutes(area: AccountType): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(area);
  routes.post('/profile/avatar', signedIn, (c) => uploadAvatar(c));
  routes.delete('/profile/avatar', signedIn, (c) => removeAvatar(c));
  return routes;
}
