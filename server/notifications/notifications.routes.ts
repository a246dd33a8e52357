import { Hono } from 'hono';
import type { AccountType } from '../../contracts/account';
import { markNotificationSchema, notificationsQuerySchema } from '../../contracts/notifications';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import { notificationStream } from './notification-stream';
import { getNotification, issueStreamToken, listNotifications, patchNotification } from './notifications.handlers';
import type { StreamTokens } from './stream-token';

/**
 * In-app notifications of one area (`/api/v1/<area>/notifications`, docs/architecture.md §3): that area's token on
 * every call but the stream, which carries its own short-lived token in the URL. Ids are digits
 * (anything else is not a route: 404).
 */
export function createNotificationRoutes(area: AccountType, streamTokens: StreamTokens): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth(area);
  const one = '/notifications/:id{[0-9]{1,9}}';
  const idOf = (raw: string) => Number(raw);

  routes.get('/notifications', signedIn, validateQuery(notificationsQuerySchema), (c) =>
    listNotifications(c, c.req.valid('query')),
  );
  routes.post('/notifications/stream-token', signedIn, (c) => issueStreamToken(c, streamTokens));
  routes.get('/notifications/stream', (c) => notificationStream(c, area, streamTokens));
  routes.get(one, signedIn, (c) => getNotification(c, idOf(c.req.param('id'))));
  routes.patch(one, signedIn, validateJson(markNotificationSchema), (c) =>
    patchNotification(c, idOf(c.req.param('id')), c.req.valid('json')),
  );

  return routes;
}
