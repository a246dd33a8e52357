import { Hono } from 'hono';
import {
  adminOrdersQuerySchema,
  artistOrdersQuerySchema,
  artistPayoutsQuerySchema,
  cancelSchema,
  declineSchema,
  earningLinesQuerySchema,
  giftSchema,
  markPaidSchema,
  markRefundFailedSchema,
  markRefundSentSchema,
  payoutsQuerySchema,
  rateSchema,
  reassignSchema,
  rebookSchema,
  recordingSchema,
  refundsQuerySchema,
  rejectSchema,
  revisionNotesSchema,
  thanksSchema,
} from '../../contracts/lifecycle';
import { serverMessages } from '../../contracts/server-messages';
import { requireApprovedArtist } from '../artists/require-approved-artist';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { fail } from '../http/envelope';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import * as admin from './admin.handlers';
import * as artist from './artist.handlers';
import * as customer from './customer.handlers';

// The order lifecycle's calls (docs/api.md "Order lifecycle"). Authentication runs before the body is
// read; ids are digits (anything else is not a route: 404).
const order = '/orders/:id{[0-9]{1,9}}';
const idOf = (raw: string) => Number(raw);

/** `/api/v1/user`: the customer's actions and the public gift page. */
export function createCustomerLifecycleRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth('user');
  routes.post(`${order}/accept`, signedIn, (c) => customer.acceptOrder(c, idOf(c.req.param('id'))));
  routes.post(`${order}/reject`, signedIn, validateJson(rejectSchema), (c) =>
    customer.rejectOrder(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(`${order}/rate`, signedIn, validateJson(rateSchema), (c) =>
    customer.rate(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(`${order}/cancel`, signedIn, validateJson(cancelSchema), (c) =>
    customer.cancel(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(`${order}/rebook`, signedIn, validateJson(rebookSchema), (c) =>
    customer.rebook(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(`${order}/gift`, signedIn, validateJson(giftSchema), (c) =>
    customer.shareGift(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.get('/gifts/:token', (c) => customer.getGift(c, c.req.param('token')));
  routes.post('/gifts/:token/thanks', validateJson(thanksSchema), (c) =>
    customer.sendThanks(c, c.req.param('token'), c.req.valid('json')),
  );
  return routes;
}

/** `/api/v1/artist`: approved artists only (403 otherwise). */
export function createArtistOrderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const approved = [requireAuth('artist'), requireApprovedArtist] as const;
  routes.get('/orders', ...approved, validateQuery(artistOrdersQuerySchema), (c) =>
    artist.listOrders(c, c.req.valid('query')),
  );
  routes.get(order, ...approved, (c) => artist.getOrder(c, idOf(c.req.param('id'))));
  routes.post(`${order}/accept`, ...approved, (c) => artist.accept(c, idOf(c.req.param('id'))));
  routes.post(`${order}/decline`, ...approved, validateJson(declineSchema), (c) =>
    artist.decline(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(`${order}/recording`, ...approved, validateJson(recordingSchema), (c) =>
    artist.submit(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post('/order/song/upload', ...approved, (c) => artist.uploadRecording(c));
  routes.get('/order/song/upload', ...approved, async (c) => {
    const source = c.req.query('source') ?? '';
    // An opaque key: a path in it is a 400, never a file read.
    if (!/^tmp_[A-Za-z0-9_-]{8,64}$/.test(source)) return fail(c, 400, serverMessages.badRequest);
    return artist.downloadRecording(c, source);
  });
  routes.get('/earnings', ...approved, (c) => artist.earnings(c));
  routes.get('/earnings/lines', ...approved, validateQuery(earningLinesQuerySchema), (c) =>
    artist.earningLines(c, c.req.valid('query')),
  );
  routes.get('/payouts', ...approved, validateQuery(artistPayoutsQuerySchema), (c) =>
    artist.payouts(c, c.req.valid('query')),
  );
  return routes;
}

/** `/api/v1/admin`: validation, the order overview, cancellations and payouts. */
export function createAdminOrderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth('admin');
  routes.get('/orders', signedIn, validateQuery(adminOrdersQuerySchema), (c) =>
    admin.listOrders(c, c.req.valid('query')),
  );
  routes.get(order, signedIn, (c) => admin.getOrder(c, idOf(c.req.param('id'))));
  routes.post(`${order}/validate`, signedIn, (c) => admin.validate(c, idOf(c.req.param('id'))));
  routes.post(`${order}/request-revision`, signedIn, validateJson(revisionNotesSchema), (c) =>
    admin.askRevision(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(`${order}/cancel`, signedIn, validateJson(cancelSchema), (c) =>
    admin.cancel(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(`${order}/reassign`, signedIn, validateJson(reassignSchema), (c) =>
    admin.reassign(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.get('/payouts', signedIn, validateQuery(payoutsQuerySchema), (c) =>
    admin.listPayouts(c, c.req.valid('query')),
  );
  routes.post('/payouts/:id{[0-9]{1,9}}/mark-paid', signedIn, validateJson(markPaidSchema), (c) =>
    admin.markPaid(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post('/payouts/:id{[0-9]{1,9}}/reveal', signedIn, (c) => admin.revealPayout(c, idOf(c.req.param('id'))));
  routes.get('/refunds', signedIn, validateQuery(refundsQuerySchema), (c) =>
    admin.listRefunds(c, c.req.valid('query')),
  );
  routes.post('/refunds/:id{[0-9]{1,9}}/mark-sent', signedIn, validateJson(markRefundSentSchema), (c) =>
    admin.markRefundSent(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post('/refunds/:id{[0-9]{1,9}}/mark-failed', signedIn, validateJson(markRefundFailedSchema), (c) =>
    admin.markRefundFailed(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post('/refunds/:id{[0-9]{1,9}}/retry', signedIn, (c) => admin.retryRefund(c, idOf(c.req.param('id'))));
  return routes;
}
