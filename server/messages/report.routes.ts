import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { supportReceiptAnswer } from '../../contracts/api/support';
import { threadReportSchema } from '../../contracts/thread-report';
import { requireApprovedArtist } from '../artists/require-approved-artist';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { operation } from '../openapi/operation';
import { reportThread } from './report.handlers';

// "Report" on an order's thread, for its customer (/api/v1/user) and its artist (/api/v1/artist); the
// team reads every thread already, so the admin area has none.

const approvedArtist: MiddlewareHandler<AppEnv> = (c, next) =>
  requireAuth('artist')(c, () => requireApprovedArtist(c, next) as Promise<void>);

export function createThreadReportRoutes(area: 'user' | 'artist'): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/orders/:id{[0-9]{1,9}}/messages/report',
    operation({
      summary: "Report the order's conversation to the team, with a reason (one open report per person and order)",
      tags: area === 'user' ? 'Order messages: customer' : 'Order messages: artist',
      auth: true,
      answers: { 201: supportReceiptAnswer },
      fails: [...(area === 'artist' ? [403] : []), 404, 409, 422, 429],
    }),
    area === 'user' ? requireAuth('user') : approvedArtist,
    validateJson(threadReportSchema),
    (c) => reportThread(c, area, Number(c.req.param('id')), c.req.valid('json')),
  );
  return routes;
}
