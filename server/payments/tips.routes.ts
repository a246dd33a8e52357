import { Hono } from 'hono';
import { orderTipsAnswer, tipCheckoutAnswer } from '../../contracts/api/tips';
import { tipSchema } from '../../contracts/tips';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { operation } from '../openapi/operation';
import type { PaymentProvider } from './provider';
import { listTips, startTip } from './tips';

/** GET and POST /api/v1/user/orders/{id}/tips (mounted under /api/v1/user). */
export function createTipRoutes(provider: PaymentProvider): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(
    '/orders/:id{[0-9]{1,9}}/tips',
    operation({
      summary: "An order's tips to its artist, and whether the customer can tip",
      tags: 'Payments',
      auth: true,
      answers: { 200: orderTipsAnswer },
      fails: [404],
    }),
    requireAuth('user'),
    (c) => listTips(c, Number(c.req.param('id'))),
  );
  routes.post(
    '/orders/:id{[0-9]{1,9}}/tips',
    operation({
      summary: 'Tip the artist of an accepted song: answers where to send the browser to pay',
      tags: 'Payments',
      auth: true,
      answers: { 201: tipCheckoutAnswer },
      fails: [404, 409, 422, 502],
    }),
    requireAuth('user'),
    validateJson(tipSchema),
    (c) => startTip(c, provider, Number(c.req.param('id')), c.req.valid('json')),
  );
  return routes;
}
