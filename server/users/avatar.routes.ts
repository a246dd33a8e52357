import { Hono } from 'hono';
import type { AccountType } from '../../contracts/account';
import { authUserSchema } from '../../contracts/api/account';
import { successSchema } from '../../contracts/api/envelope';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { operation } from '../openapi/operation';
import { removeAvatar, uploadAvatar } from './avatar.handlers';

/**
 * `/profile/avatar` of one area (`/api/v1/user`, `/api/v1/artist`): the same handlers for every
 * account type, behind that area's token. Authentication runs before the body is read.
 */
export function createAvatarRoutes(area: AccountType): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(area);
  routes.post(
    '/profile/avatar',
    operation({
      summary: 'Upload a profile photo (multipart)',
      tags: 'Profile photo',
      auth: true,
      answers: { 200: successSchema(authUserSchema) },
      fails: [400, 413, 415, 422],
    }),
    signedIn,
    (c) => uploadAvatar(c),
  );
  routes.delete(
    '/profile/avatar',
    operation({
      summary: 'Remove the profile photo',
      tags: 'Profile photo',
      auth: true,
      answers: { 200: successSchema(authUserSchema) },
    }),
    signedIn,
    (c) => removeAvatar(c),
  );
  return routes;
}
