import { Hono } from 'hono';
import { messageOnlySchema, placedAlreadySchema } from '../../contracts/api/envelope';
import {
  orderAnswer,
  orderDetailAnswer,
  orderHistoryPageAnswer,
  paymentHistoryPageAnswer,
  tempOrderAnswer,
  tempOrderClipAnswer,
  tempOrderCreatedAnswer,
} from '../../contracts/api/orders';
import {
  occasionSchema,
  orderListQuerySchema,
  paymentListQuerySchema,
  songSchema,
  storySchema,
} from '../../contracts/order';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import { operation } from '../openapi/operation';
import { getOrder, listOrders, listPayments } from './order.handlers';
import {
  commitTempOrder,
  createTempOrder,
  deleteTempOrder,
  getCurrentTempOrder,
  getTempOrder,
  saveOccasion,
  saveSong,
  saveStory,
  uploadClip,
} from './temp-order.handlers';

/**
 * The customer's drafts, orders and payments (`/api/v1/user`, docs/product.md §7, docs/architecture.md §3). Customer token
 * only, checked before the body is read; ids are digits (anything else is not a route: 404).
 */
export function createOrderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const customer = requireAuth('user');
  const draft = '/temp-order/:id{[0-9]{1,9}}';
  const idOf = (raw: string) => Number(raw);

  routes.post(
    '/temp-order',
    operation({
      summary: 'Start an order draft with its occasion',
      tags: 'Orders',
      auth: true,
      answers: { 201: tempOrderCreatedAnswer },
      fails: [403, 409],
    }),
    customer,
    validateJson(occasionSchema),
    (c) => createTempOrder(c, c.req.valid('json')),
  );
  routes.post(
    '/temp-order/upload',
    operation({
      summary: 'Upload a voice clip for a draft (multipart)',
      tags: 'Orders',
      auth: true,
      answers: { 409: placedAlreadySchema, 201: tempOrderClipAnswer },
      fails: [400, 404, 409, 413, 415, 422, 429],
    }),
    customer,
    (c) => uploadClip(c),
  );
  routes.get(
    '/temp-order/current',
    operation({
      summary: "The customer's newest open draft, to continue it on any device",
      tags: 'Orders',
      auth: true,
      answers: { 200: tempOrderAnswer },
      fails: [404],
    }),
    customer,
    (c) => getCurrentTempOrder(c),
  );
  routes.delete(
    draft,
    operation({
      summary: 'Delete an open draft (start over)',
      tags: 'Orders',
      auth: true,
      answers: { 409: placedAlreadySchema, 200: messageOnlySchema },
      fails: [404, 409],
    }),
    customer,
    (c) => deleteTempOrder(c, idOf(c.req.param('id'))),
  );
  routes.get(
    draft,
    operation({
      summary: 'One order draft',
      tags: 'Orders',
      auth: true,
      answers: { 200: tempOrderAnswer },
      fails: [404],
    }),
    customer,
    (c) => getTempOrder(c, idOf(c.req.param('id'))),
  );
  routes.patch(
    `${draft}/occasion`,
    operation({
      summary: "Save a draft's occasion",
      tags: 'Orders',
      auth: true,
      answers: { 409: placedAlreadySchema, 200: tempOrderAnswer },
      fails: [404, 409],
    }),
    customer,
    validateJson(occasionSchema),
    (c) => saveOccasion(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.patch(
    `${draft}/song`,
    operation({
      summary: "Save a draft's song choices",
      tags: 'Orders',
      auth: true,
      answers: { 409: placedAlreadySchema, 200: tempOrderAnswer },
      fails: [404, 409],
    }),
    customer,
    validateJson(songSchema),
    (c) => saveSong(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.patch(
    `${draft}/story`,
    operation({
      summary: "Save a draft's story",
      tags: 'Orders',
      auth: true,
      answers: { 409: placedAlreadySchema, 200: tempOrderAnswer },
      fails: [404, 409],
    }),
    customer,
    validateJson(storySchema),
    (c) => saveStory(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${draft}/commit`,
    operation({
      summary: 'Turn a complete draft into an order',
      tags: 'Orders',
      auth: true,
      answers: { 409: placedAlreadySchema, 201: orderAnswer },
      fails: [404, 409, 422],
    }),
    customer,
    (c) => commitTempOrder(c, idOf(c.req.param('id'))),
  );

  routes.get(
    '/orders',
    operation({
      summary: "The customer's orders (cursor paging)",
      tags: 'Orders',
      auth: true,
      answers: { 200: orderHistoryPageAnswer },
    }),
    customer,
    validateQuery(orderListQuerySchema),
    (c) => listOrders(c, c.req.valid('query')),
  );
  routes.get(
    '/orders/:id{[0-9]{1,9}}',
    operation({
      summary: "One of the customer's orders",
      tags: 'Orders',
      auth: true,
      answers: { 200: orderDetailAnswer },
      fails: [404],
    }),
    customer,
    (c) => getOrder(c, idOf(c.req.param('id'))),
  );
  routes.get(
    '/payments',
    operation({
      summary: "The customer's payments (cursor paging)",
      tags: 'Orders',
      auth: true,
      answers: { 200: paymentHistoryPageAnswer },
    }),
    customer,
    validateQuery(paymentListQuerySchema),
    (c) => listPayments(c, c.req.valid('query')),
  );

  return routes;
}
