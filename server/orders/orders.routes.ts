import { Hono } from 'hono';
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
import { getOrder, listOrders, listPayments } from './order.handlers';
import {
  commitTempOrder,
  createTempOrder,
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

  routes.post('/temp-order', customer, validateJson(occasionSchema), (c) => createTempOrder(c, c.req.valid('json')));
  routes.post('/temp-order/upload', customer, (c) => uploadClip(c));
  routes.get(draft, customer, (c) => getTempOrder(c, idOf(c.req.param('id'))));
  routes.patch(`${draft}/occasion`, customer, validateJson(occasionSchema), (c) =>
    saveOccasion(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.patch(`${draft}/song`, customer, validateJson(songSchema), (c) =>
    saveSong(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.patch(`${draft}/story`, customer, validateJson(storySchema), (c) =>
    saveStory(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(`${draft}/commit`, customer, (c) => commitTempOrder(c, idOf(c.req.param('id'))));

  routes.get('/orders', customer, validateQuery(orderListQuerySchema), (c) => listOrders(c, c.req.valid('query')));
  routes.get('/orders/:id{[0-9]{1,9}}', customer, (c) => getOrder(c, idOf(c.req.param('id'))));
  routes.get('/payments', customer, validateQuery(paymentListQuerySchema), (c) =>
    listPayments(c, c.req.valid('query')),
  );

  return routes;
}
