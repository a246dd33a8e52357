import { Hono } from 'hono';
import type { AccountType } from '../../contracts/account';
import {
  notificationPushSchema,
  notificationSchema,
  notificationsPageSchema,
  readAllAnswerSchema,
  streamTokenSchema,
} from '../../contracts/api/account-extras';
import { successSchema } from '../../contracts/api/envelope';
import { markAllReadSchema, markNotificationSchema, notificationsQuerySchema } from '../../contracts/notifications';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import { operation } from '../openapi/operation';
import { notificationStream } from './notification-stream';
import {
  getNotification,
  issueStreamToken,
  listNotifications,
  patchNotification,
  readAllNotifications,
} from './notifications.handlers';
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

  routes.get(
    '/notifications',
    operation({
      summary: 'Notifications, newest first (cursor paging)',
      tags: 'Notifications',
      auth: true,
      answers: { 200: successSchema(notificationsPageSchema) },
    }),
    signedIn,
    validateQuery(notificationsQuerySchema),
    (c) => listNotifications(c, c.req.valid('query')),
  );
  routes.post(
    '/notifications/stream-token',
    operation({
      summary: 'A short-lived token for the live stream URL',
      tags: 'Notifications',
      auth: true,
      answers: { 200: successSchema(streamTokenSchema) },
    }),
    signedIn,
    (c) => issueStreamToken(c, streamTokens),
  );
  routes.post(
    '/notifications/read-all',
    operation({
      summary: 'Mark every notification up to the newest seen as read',
      tags: 'Notifications',
      auth: true,
      answers: { 200: successSchema(readAllAnswerSchema) },
    }),
    signedIn,
    validateJson(markAllReadSchema),
    (c) => readAllNotifications(c, c.req.valid('json')),
  );
  routes.get(
    '/notifications/stream',
    operation({
      summary: 'The live stream (server-sent events); token in the query',
      tags: 'Notifications',
      answers: { 200: { media: 'text/event-stream' } },
      fails: [401, 422],
    }),
    (c) => notificationStream(c, area, streamTokens),
  );
  routes.get(
    one,
    operation({
      summary: 'One notification',
      tags: 'Notifications',
      auth: true,
      answers: { 200: successSchema(notificationSchema) },
      fails: [404],
    }),
    signedIn,
    (c) => getNotification(c, idOf(c.req.param('id'))),
  );
  routes.patch(
    one,
    operation({
      summary: 'Mark a notification read or unread',
      tags: 'Notifications',
      auth: true,
      answers: { 200: successSchema(notificationPushSchema) },
      fails: [404],
    }),
    signedIn,
    validateJson(markNotificationSchema),
    (c) => patchNotification(c, idOf(c.req.param('id')), c.req.valid('json')),
  );

  return routes;
}
