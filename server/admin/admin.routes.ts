import { Hono } from 'hono';
import { holderDecisionSchema } from '../../contracts/account-care';
import { applicationListQuerySchema, rejectSchema } from '../../contracts/artist';
import { markPaidSchema } from '../../contracts/lifecycle';
import { adminArtistsQuerySchema, artistStatusChangeSchema, stageNameDecisionSchema } from '../../contracts/operations';
import { chartsQuerySchema, type ExportKind, exportQuerySchema } from '../../contracts/operations-home';
import { paymentExceptionsQuerySchema, resolvePaymentExceptionSchema } from '../../contracts/payment-exceptions';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
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

  routes.get('/applications', admin, validateQuery(applicationListQuerySchema), (c) =>
    listApplicationsHandler(c, c.req.valid('query')),
  );
  routes.get(byId, admin, (c) => getApplication(c, idOf(c.req.param('id'))));
  routes.post(`${byId}/approve`, admin, (c) => approveApplication(c, idOf(c.req.param('id'))));
  routes.post(`${byId}/reject`, admin, validateJson(rejectSchema), (c) =>
    rejectApplication(c, idOf(c.req.param('id')), c.req.valid('json')),
  );

  // The artists page: public ids (users.user_id, base64url).
  const artist = '/artists/:id{[A-Za-z0-9_-]{1,64}}';
  routes.get('/artists', admin, validateQuery(adminArtistsQuerySchema), (c) => listArtists(c, c.req.valid('query')));
  routes.post(`${artist}/suspend`, admin, validateJson(artistStatusChangeSchema), (c) =>
    suspendArtist(c, c.req.param('id'), c.req.valid('json')),
  );
  routes.post(`${artist}/reactivate`, admin, validateJson(artistStatusChangeSchema), (c) =>
    reactivateArtist(c, c.req.param('id'), c.req.valid('json')),
  );
  routes.post(`${artist}/payout-account/approve`, admin, validateJson(holderDecisionSchema), (c) =>
    decideHolder(c, c.req.param('id'), c.req.valid('json'), true),
  );
  routes.post(`${artist}/payout-account/reject`, admin, validateJson(holderDecisionSchema), (c) =>
    decideHolder(c, c.req.param('id'), c.req.valid('json'), false),
  );
  routes.post(`${artist}/stage-name/approve`, admin, validateJson(stageNameDecisionSchema), (c) =>
    decideStageName(c, c.req.param('id'), c.req.valid('json'), true),
  );
  routes.post(`${artist}/stage-name/reject`, admin, validateJson(stageNameDecisionSchema), (c) =>
    decideStageName(c, c.req.param('id'), c.req.valid('json'), false),
  );

  // Payments that need a decision (server/payments/exceptions.handlers.ts).
  routes.get('/payment-exceptions', admin, validateQuery(paymentExceptionsQuerySchema), (c) =>
    listPaymentExceptions(c, c.req.valid('query')),
  );
  routes.post('/payment-exceptions/:id{[0-9]{1,9}}/resolve', admin, validateJson(resolvePaymentExceptionSchema), (c) =>
    resolvePaymentExceptionHandler(c, idOf(c.req.param('id')), c.req.valid('json')),
  );

  // The operations home (server/admin/operations.handlers.ts): counts, charts, CSV exports, paying an artist's payouts.
  routes.get('/operations', admin, (c) => getOperations(c));
  routes.get('/operations/charts', admin, validateQuery(chartsQuerySchema), (c) => getCharts(c, c.req.valid('query')));
  routes.get(
    '/exports/:file{(?:orders|payments|refunds|payouts)\\.csv}',
    admin,
    validateQuery(exportQuerySchema),
    (c) => exportCsv(c, c.req.param('file').replace('.csv', '') as ExportKind, c.req.valid('query')),
  );
  routes.post(`${artist}/payouts/mark-paid`, admin, validateJson(markPaidSchema), (c) =>
    markArtistPayoutsPaid(c, c.req.param('id'), c.req.valid('json')),
  );

  return routes;
}
