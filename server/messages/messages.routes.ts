import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { AccountType } from '../../contracts/account';
import {
  messageReadStateAnswer,
  messageUploadAnswer,
  orderMessageAnswer,
  orderMessagesPageAnswer,
} from '../../contracts/api/order-messages';
import { markReadSchema, messagesQuerySchema, sendMessageSchema } from '../../contracts/order-messages';
import { requireApprovedArtist } from '../artists/require-approved-artist';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import { operation } from '../openapi/operation';
import { downloadAttachment, listMessages, markRead, sendMessage, uploadAttachment } from './messages.handlers';

// An order's messages (docs/api.md "Order messages"), the same five calls in each area: the customer's
// (/api/v1/user), the artist's who took the order (/api/v1/artist) and the team's (/api/v1/admin).
const thread = '/orders/:id{[0-9]{1,9}}/messages';
const idOf = (raw: string) => Number(raw);
const attachmentMedia = ['audio/*', 'image/*', 'application/pdf'];

/** An approved artist's token: one middleware, so each route keeps its validated types. */
const approvedArtist: MiddlewareHandler<AppEnv> = (c, next) =>
  requireAuth('artist')(c, () => requireApprovedArtist(c, next) as Promise<void>);

const who: Record<AccountType, { tags: string; signedIn: MiddlewareHandler<AppEnv>; gate: number[] }> = {
  user: { tags: 'Order messages: customer', signedIn: requireAuth('user'), gate: [] },
  artist: { tags: 'Order messages: artist', signedIn: approvedArtist, gate: [403] },
  admin: { tags: 'Order messages: admin', signedIn: requireAuth('admin'), gate: [403] },
};

export function createOrderMessageRoutes(area: AccountType): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const { tags, signedIn, gate } = who[area];
  routes.get(
    thread,
    operation({
      summary: "An order's messages, newest page first (cursor paging)",
      tags,
      auth: true,
      answers: { 200: orderMessagesPageAnswer },
      fails: [...gate, 404, 409, 422],
    }),
    signedIn,
    validateQuery(messagesQuerySchema),
    (c) => listMessages(c, area, idOf(c.req.param('id')), c.req.valid('query')),
  );
  routes.post(
    thread,
    operation({
      summary: 'Send a message (the same client_id again answers the stored message)',
      tags,
      auth: true,
      answers: { 200: orderMessageAnswer, 201: orderMessageAnswer },
      fails: [...gate, 404, 409, 422, 429],
    }),
    signedIn,
    validateJson(sendMessageSchema),
    (c) => sendMessage(c, area, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${thread}/attachments`,
    operation({
      summary: 'Attach a file to send with a message (multipart `file`: a sound, a picture or a PDF)',
      tags,
      auth: true,
      answers: { 201: messageUploadAnswer },
      fails: [...gate, 400, 404, 409, 413, 415, 422, 429],
    }),
    signedIn,
    (c) => uploadAttachment(c, area, idOf(c.req.param('id'))),
  );
  routes.get(
    `${thread}/:message{[0-9]{1,9}}/attachment`,
    operation({
      summary: "A message's attachment (the signed link its answer carries; Range supported)",
      tags,
      answers: { 200: { media: attachmentMedia }, 206: { media: attachmentMedia } },
      fails: [404, 416],
    }),
    (c) => downloadAttachment(c, area, idOf(c.req.param('id')), idOf(c.req.param('message'))),
  );
  routes.post(
    `${thread}/read`,
    operation({
      summary: 'Mark the messages read up to one of them',
      tags,
      auth: true,
      answers: { 200: messageReadStateAnswer },
      fails: [...gate, 404, 409, 422],
    }),
    signedIn,
    validateJson(markReadSchema),
    (c) => markRead(c, area, idOf(c.req.param('id')), c.req.valid('json')),
  );
  return routes;
}
