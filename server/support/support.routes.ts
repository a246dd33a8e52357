import { Hono } from 'hono';
import {
  supportContactAnswer,
  supportReceiptAnswer,
  supportRequestAnswer,
  supportRequestsPageAnswer,
} from '../../contracts/api/support';
import { contactRequestSchema, orderProblemSchema, supportRequestsQuerySchema } from '../../contracts/support';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import { operation } from '../openapi/operation';
import {
  closeSupportRequest,
  createContactRequest,
  getSupportContact,
  listSupportRequests,
  reportOrderProblem,
} from './support.handlers';

const tags = 'Support';

/** `/api/v1/user`: where to write, the contact page's request (guest or customer), and "Report a problem". */
export function createSupportRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(
    '/support',
    operation({
      summary: 'Where people can write to the team (SUPPORT_EMAIL)',
      tags,
      answers: { 200: supportContactAnswer },
    }),
    (c) => getSupportContact(c),
  );
  routes.post(
    '/support-requests',
    operation({
      summary: 'Send a message from the contact page (a customer token, when sent, names the sender)',
      tags,
      answers: { 201: supportReceiptAnswer },
      fails: [401, 422, 429],
    }),
    validateJson(contactRequestSchema),
    (c) => createContactRequest(c, c.req.valid('json')),
  );
  routes.post(
    '/orders/:id{[0-9]{1,9}}/support-requests',
    operation({
      summary: "Report a problem with one of the customer's orders",
      tags,
      auth: true,
      answers: { 201: supportReceiptAnswer },
      fails: [404, 422, 429],
    }),
    requireAuth('user'),
    validateJson(orderProblemSchema),
    (c) => reportOrderProblem(c, Number(c.req.param('id')), c.req.valid('json')),
  );
  return routes;
}

/** `/api/v1/admin`: the open support requests, and closing one. */
export function createAdminSupportRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const admin = requireAuth('admin');
  routes.get(
    '/support-requests',
    operation({
      summary: 'Open support requests, oldest first (cursor paging)',
      tags,
      auth: true,
      answers: { 200: supportRequestsPageAnswer },
      fails: [403, 422],
    }),
    admin,
    validateQuery(supportRequestsQuerySchema),
    (c) => listSupportRequests(c, c.req.valid('query')),
  );
  routes.post(
    '/support-requests/:id{[0-9]{1,9}}/close',
    operation({
      summary: 'Close a support request',
      tags,
      auth: true,
      answers: { 200: supportRequestAnswer },
      fails: [403, 404, 409],
    }),
    admin,
    (c) => closeSupportRequest(c, Number(c.req.param('id'))),
  );
  return routes;
}
