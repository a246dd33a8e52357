import { Hono } from 'hono';
import {
  adminOrderAnswer,
  adminOrderPageAnswer,
  adminPayoutAnswer,
  adminPayoutPageAnswer,
  adminRefundAnswer,
  adminRefundPageAnswer,
  revealedPayoutAnswer,
} from '../../contracts/api/admin';
import {
  artistOrderAnswer,
  artistOrdersPageAnswer,
  earningLinesPageAnswer,
  earningsAnswer,
  payoutsPageAnswer,
  recordingUploadAnswer,
} from '../../contracts/api/artist';
import { messageOnlySchema } from '../../contracts/api/envelope';
import { giftLinkAnswer, giftPageAnswer, orderDetailAnswer } from '../../contracts/api/orders';
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
import { operation } from '../openapi/operation';
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
  routes.post(
    `${order}/accept`,
    operation({
      summary: 'Accept the delivered song',
      tags: 'Order lifecycle: customer',
      auth: true,
      answers: { 200: orderDetailAnswer },
      fails: [404, 409],
    }),
    signedIn,
    (c) => customer.acceptOrder(c, idOf(c.req.param('id'))),
  );
  routes.post(
    `${order}/reject`,
    operation({
      summary: 'Reject the delivered song (asks for a revision)',
      tags: 'Order lifecycle: customer',
      auth: true,
      answers: { 200: orderDetailAnswer },
      fails: [404, 409],
    }),
    signedIn,
    validateJson(rejectSchema),
    (c) => customer.rejectOrder(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${order}/rate`,
    operation({
      summary: 'Rate a completed order',
      tags: 'Order lifecycle: customer',
      auth: true,
      answers: { 200: orderDetailAnswer },
      fails: [404, 409],
    }),
    signedIn,
    validateJson(rateSchema),
    (c) => customer.rate(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${order}/cancel`,
    operation({
      summary: 'Cancel an order',
      tags: 'Order lifecycle: customer',
      auth: true,
      answers: { 200: orderDetailAnswer },
      fails: [404, 409],
    }),
    signedIn,
    validateJson(cancelSchema),
    (c) => customer.cancel(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${order}/rebook`,
    operation({
      summary: 'Book the same song with another artist',
      tags: 'Order lifecycle: customer',
      auth: true,
      answers: { 200: orderDetailAnswer },
      fails: [404, 409],
    }),
    signedIn,
    validateJson(rebookSchema),
    (c) => customer.rebook(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${order}/gift`,
    operation({
      summary: 'Share the song as a gift link',
      tags: 'Order lifecycle: customer',
      auth: true,
      answers: { 200: giftLinkAnswer },
      fails: [404, 409],
    }),
    signedIn,
    validateJson(giftSchema),
    (c) => customer.shareGift(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.get(
    '/gifts/:token',
    operation({
      summary: 'The public gift page data',
      tags: 'Order lifecycle: customer',
      answers: { 200: giftPageAnswer },
      fails: [404],
    }),
    (c) => customer.getGift(c, c.req.param('token')),
  );
  routes.post(
    '/gifts/:token/thanks',
    operation({
      summary: 'Send thanks from the gift page',
      tags: 'Order lifecycle: customer',
      answers: { 201: messageOnlySchema },
      fails: [404, 409, 429],
    }),
    validateJson(thanksSchema),
    (c) => customer.sendThanks(c, c.req.param('token'), c.req.valid('json')),
  );
  return routes;
}

/** `/api/v1/artist`: approved artists only (403 otherwise). */
export function createArtistOrderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const approved = [requireAuth('artist'), requireApprovedArtist] as const;
  routes.get(
    '/orders',
    operation({
      summary: "The artist's orders (cursor paging)",
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: artistOrdersPageAnswer },
      fails: [403],
    }),
    ...approved,
    validateQuery(artistOrdersQuerySchema),
    (c) => artist.listOrders(c, c.req.valid('query')),
  );
  routes.get(
    order,
    operation({
      summary: "One of the artist's orders",
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: artistOrderAnswer },
      fails: [403, 404],
    }),
    ...approved,
    (c) => artist.getOrder(c, idOf(c.req.param('id'))),
  );
  routes.post(
    `${order}/accept`,
    operation({
      summary: 'Accept an order',
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: artistOrderAnswer },
      fails: [403, 404, 409],
    }),
    ...approved,
    (c) => artist.accept(c, idOf(c.req.param('id'))),
  );
  routes.post(
    `${order}/decline`,
    operation({
      summary: 'Decline an order',
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: messageOnlySchema },
      fails: [403, 404, 409],
    }),
    ...approved,
    validateJson(declineSchema),
    (c) => artist.decline(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${order}/recording`,
    operation({
      summary: 'Submit the recording of an order',
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: artistOrderAnswer },
      fails: [403, 404, 409],
    }),
    ...approved,
    validateJson(recordingSchema),
    (c) => artist.submit(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    '/order/song/upload',
    operation({
      summary: 'Upload a recording (multipart)',
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 201: recordingUploadAnswer },
      fails: [400, 403, 413, 415, 422],
    }),
    ...approved,
    (c) => artist.uploadRecording(c),
  );
  routes.get(
    '/order/song/upload',
    operation({
      summary: 'Play back an uploaded recording',
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: { media: 'audio/*' }, 206: { media: 'audio/*' } },
      fails: [400, 403, 404, 416],
    }),
    ...approved,
    async (c) => {
      const source = c.req.query('source') ?? '';
      // An opaque key: a path in it is a 400, never a file read.
      if (!/^tmp_[A-Za-z0-9_-]{8,64}$/.test(source)) return fail(c, 400, serverMessages.badRequest);
      return artist.downloadRecording(c, source);
    },
  );
  routes.get(
    '/earnings',
    operation({
      summary: "The artist's earnings summary",
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: earningsAnswer },
      fails: [403],
    }),
    ...approved,
    (c) => artist.earnings(c),
  );
  routes.get(
    '/earnings/lines',
    operation({
      summary: "The artist's earning lines (cursor paging)",
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: earningLinesPageAnswer },
      fails: [403],
    }),
    ...approved,
    validateQuery(earningLinesQuerySchema),
    (c) => artist.earningLines(c, c.req.valid('query')),
  );
  routes.get(
    '/payouts',
    operation({
      summary: "The artist's payouts (cursor paging)",
      tags: 'Order lifecycle: artist',
      auth: true,
      answers: { 200: payoutsPageAnswer },
      fails: [403],
    }),
    ...approved,
    validateQuery(artistPayoutsQuerySchema),
    (c) => artist.payouts(c, c.req.valid('query')),
  );
  return routes;
}

/** `/api/v1/admin`: validation, the order overview, cancellations and payouts. */
export function createAdminOrderRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const signedIn = requireAuth('admin');
  routes.get(
    '/orders',
    operation({
      summary: 'All orders (filters, cursor paging)',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminOrderPageAnswer },
      fails: [403],
    }),
    signedIn,
    validateQuery(adminOrdersQuerySchema),
    (c) => admin.listOrders(c, c.req.valid('query')),
  );
  routes.get(
    order,
    operation({
      summary: 'One order with its history and money',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminOrderAnswer },
      fails: [403, 404],
    }),
    signedIn,
    (c) => admin.getOrder(c, idOf(c.req.param('id'))),
  );
  routes.post(
    `${order}/validate`,
    operation({
      summary: 'Approve a submitted recording',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminOrderAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    (c) => admin.validate(c, idOf(c.req.param('id'))),
  );
  routes.post(
    `${order}/request-revision`,
    operation({
      summary: 'Ask the artist for a revision',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminOrderAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    validateJson(revisionNotesSchema),
    (c) => admin.askRevision(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${order}/cancel`,
    operation({
      summary: 'Cancel an order (refund as the rules say)',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminOrderAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    validateJson(cancelSchema),
    (c) => admin.cancel(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    `${order}/reassign`,
    operation({
      summary: 'Reassign an order to another artist',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminOrderAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    validateJson(reassignSchema),
    (c) => admin.reassign(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.get(
    '/payouts',
    operation({
      summary: 'Payouts (filters, cursor paging)',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminPayoutPageAnswer },
      fails: [403],
    }),
    signedIn,
    validateQuery(payoutsQuerySchema),
    (c) => admin.listPayouts(c, c.req.valid('query')),
  );
  routes.post(
    '/payouts/:id{[0-9]{1,9}}/mark-paid',
    operation({
      summary: 'Mark a payout paid',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminPayoutAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    validateJson(markPaidSchema),
    (c) => admin.markPaid(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    '/payouts/:id{[0-9]{1,9}}/reveal',
    operation({
      summary: "Reveal a payout's account details (logged)",
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: revealedPayoutAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    (c) => admin.revealPayout(c, idOf(c.req.param('id'))),
  );
  routes.get(
    '/refunds',
    operation({
      summary: 'Refunds (filters, cursor paging)',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminRefundPageAnswer },
      fails: [403],
    }),
    signedIn,
    validateQuery(refundsQuerySchema),
    (c) => admin.listRefunds(c, c.req.valid('query')),
  );
  routes.post(
    '/refunds/:id{[0-9]{1,9}}/mark-sent',
    operation({
      summary: 'Mark a refund sent',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminRefundAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    validateJson(markRefundSentSchema),
    (c) => admin.markRefundSent(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    '/refunds/:id{[0-9]{1,9}}/mark-failed',
    operation({
      summary: 'Mark a refund failed',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminRefundAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    validateJson(markRefundFailedSchema),
    (c) => admin.markRefundFailed(c, idOf(c.req.param('id')), c.req.valid('json')),
  );
  routes.post(
    '/refunds/:id{[0-9]{1,9}}/retry',
    operation({
      summary: 'Retry a failed refund',
      tags: 'Order lifecycle: admin',
      auth: true,
      answers: { 200: adminRefundAnswer },
      fails: [403, 404, 409],
    }),
    signedIn,
    (c) => admin.retryRefund(c, idOf(c.req.param('id'))),
  );
  return routes;
}
