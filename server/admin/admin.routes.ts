import { Hono } from 'hono';
import { holderDecisionSchema } from '../../contracts/account-care';
import {
  adminArtistAnswer,
  adminArtistPageAnswer,
  applicationDetailAnswer,
  applicationPageAnswer,
  artistPayoutsPaidAnswer,
  holderDecisionAnswer,
  operationsChartsAnswer,
  operationsCountsAnswer,
  paymentExceptionAnswer,
  paymentExceptionPageAnswer,
} from '../../contracts/api/admin';
import { applicationListQuerySchema, rejectSchema } from '../../contracts/artist';
import { markPaidSchema } from '../../contracts/lifecycle';
import { adminArtistsQuerySchema, artistStatusChangeSchema, stageNameDecisionSchema } from '../../contracts/operations';
import { chartsQuerySchema, type ExportKind, exportQuerySchema } from '../../contracts/operations-home';
import { paymentExceptionsQuerySchema, resolvePaymentExceptionSchema } from '../../contracts/payment-exceptions';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import { operation } from '../openapi/operation';
import { listPaymentExceptions, resolvePaymentExceptionHandler } from '../payments/exceptions.handlers';
import {
  approveApplication,
  getApplication,
  listApplicationsHandler,
  rejectApplication,
} from './applications.handlers';
import { listArtists, reactivateArtist, suspendArtist } from './artists.handlers';
import { exportCsv } from './exports.handlers';
import { getCharts, getOperations, markArtistPayoutsPaid } from './operations.handlers';
import { decideHolder } from './payout-accounts.handlers';
import { decideStageName } from './stage-name-review';

/** The admin console's review of artist applications (`/api/v1/admin`). */
export function createAdminRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const admin = requireAuth('admin');
  // Ids are users.id; anything but digits is not a route at all (404).
  const byId = '/applications/:id{[0-9]{1,9}}';
  const idOf = (raw: string) => Number(raw);

  routes.get(
    '/applications',
    operation({
      summary: 'Artist applications to review',
      tags: 'Admin: applications',
      auth: true,
      answers: { 200: applicationPageAnswer },
      fails: [403],
    }),
    admin,
    validateQuery(applicationListQuerySchema),
    (c) => listApplicationsHandler(c, c.req.valid('query')),
  );
  routes.get(
    byId,
    operation({
      summary: 'One artist application',
      tags: 'Admin: applications',
      auth: true,
      answers: { 200: applicationDetailAnswer },
      fails: [403, 404],
    }),
    admin,
    (c) => getApplication(c, idOf(c.req.param('id'))),
  );
  routes.post(
    `${byId}/approve`,
    operation({
      summary: 'Approve an artist application',
      tags: 'Admin: applications',
      auth: true,
      answers: { 200: applicationDetailAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    (c) => approveApplication(c, idOf(c.req.param('id'))),
  );
  routes.post(
    `${byId}/reject`,
    operation({
      summary: 'Reject an artist application',
      tags: 'Admin: applications',
      auth: true,
      answers: { 200: applicationDetailAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(rejectSchema),
    (c) => rejectApplication(c, idOf(c.req.param('id')), c.req.valid('json')),
  );

  // The artists page: public ids (users.user_id, base64url).
  const artist = '/artists/:id{[A-Za-z0-9_-]{1,64}}';
  routes.get(
    '/artists',
    operation({
      summary: 'Artists with their status, payout account and stage name review',
      tags: 'Admin: artists',
      auth: true,
      answers: { 200: adminArtistPageAnswer },
      fails: [403],
    }),
    admin,
    validateQuery(adminArtistsQuerySchema),
    (c) => listArtists(c, c.req.valid('query')),
  );
  routes.post(
    `${artist}/suspend`,
    operation({
      summary: 'Suspend an artist',
      tags: 'Admin: artists',
      auth: true,
      answers: { 200: adminArtistAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(artistStatusChangeSchema),
    (c) => suspendArtist(c, c.req.param('id'), c.req.valid('json')),
  );
  routes.post(
    `${artist}/reactivate`,
    operation({
      summary: 'Reactivate a suspended artist',
      tags: 'Admin: artists',
      auth: true,
      answers: { 200: adminArtistAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(artistStatusChangeSchema),
    (c) => reactivateArtist(c, c.req.param('id'), c.req.valid('json')),
  );
  routes.post(
    `${artist}/payout-account/approve`,
    operation({
      summary: "Approve an artist's payout account holder",
      tags: 'Admin: artists',
      auth: true,
      answers: { 200: holderDecisionAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(holderDecisionSchema),
    (c) => decideHolder(c, c.req.param('id'), c.req.valid('json'), true),
  );
  routes.post(
    `${artist}/payout-account/reject`,
    operation({
      summary: "Reject an artist's payout account holder",
      tags: 'Admin: artists',
      auth: true,
      answers: { 200: holderDecisionAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(holderDecisionSchema),
    (c) => decideHolder(c, c.req.param('id'), c.req.valid('json'), false),
  );
  routes.post(
    `${artist}/stage-name/approve`,
    operation({
      summary: "Approve an artist's new stage name",
      tags: 'Admin: artists',
      auth: true,
      answers: { 200: adminArtistAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(stageNameDecisionSchema),
    (c) => decideStageName(c, c.req.param('id'), c.req.valid('json'), true),
  );
  routes.post(
    `${artist}/stage-name/reject`,
    operation({
      summary: "Reject an artist's new stage name",
      tags: 'Admin: artists',
      auth: true,
      answers: { 200: adminArtistAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(stageNameDecisionSchema),
    (c) => decideStageName(c, c.req.param('id'), c.req.valid('json'), false),
  );

  // Payments that need a decision (server/payments/exceptions.handlers.ts).
  routes.get(
    '/payment-exceptions',
    operation({
      summary: 'Payments that need a decision',
      tags: 'Admin: payments',
      auth: true,
      answers: { 200: paymentExceptionPageAnswer },
      fails: [403],
    }),
    admin,
    validateQuery(paymentExceptionsQuerySchema),
    (c) => listPaymentExceptions(c, c.req.valid('query')),
  );
  routes.post(
    '/payment-exceptions/:id{[0-9]{1,9}}/resolve',
    operation({
      summary: 'Resolve a payment exception',
      tags: 'Admin: payments',
      auth: true,
      answers: { 200: paymentExceptionAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(resolvePaymentExceptionSchema),
    (c) => resolvePaymentExceptionHandler(c, idOf(c.req.param('id')), c.req.valid('json')),
  );

  // The operations home (server/admin/operations.handlers.ts): counts, charts, CSV exports, paying an artist's payouts.
  routes.get(
    '/operations',
    operation({
      summary: 'The operations home: counts and queues',
      tags: 'Admin: operations',
      auth: true,
      answers: { 200: operationsCountsAnswer },
      fails: [403],
    }),
    admin,
    (c) => getOperations(c),
  );
  routes.get(
    '/operations/charts',
    operation({
      summary: 'The operations charts',
      tags: 'Admin: operations',
      auth: true,
      answers: { 200: operationsChartsAnswer },
      fails: [403],
    }),
    admin,
    validateQuery(chartsQuerySchema),
    (c) => getCharts(c, c.req.valid('query')),
  );
  routes.get(
    '/exports/:file{(?:orders|payments|refunds|payouts)\\.csv}',
    operation({
      summary: 'Export orders, payments, refunds or payouts as CSV',
      tags: 'Admin: operations',
      auth: true,
      answers: {
        200: { media: 'text/csv', description: 'The rows as CSV (RFC 4180), a header line first, sent as a download' },
      },
      fails: [403],
    }),
    admin,
    validateQuery(exportQuerySchema),
    (c) => exportCsv(c, c.req.param('file').replace('.csv', '') as ExportKind, c.req.valid('query')),
  );
  routes.post(
    `${artist}/payouts/mark-paid`,
    operation({
      summary: "Mark an artist's due payouts paid",
      tags: 'Admin: payouts',
      auth: true,
      answers: { 200: artistPayoutsPaidAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    validateJson(markPaidSchema),
    (c) => markArtistPayoutsPaid(c, c.req.param('id'), c.req.valid('json')),
  );

  return routes;
}
