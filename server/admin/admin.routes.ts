import { Hono } from 'hono';
import { applicationListQuerySchema, rejectSchema } from '../../contracts/artist';
import { requireAuth } from '../auth/require-auth';
import type { AppEnv } from '../context';
import { validateJson } from '../http/validate-json';
import { validateQuery } from '../http/validate-query';
import {
  approveApplication,
  getApplication,
  listApplicationsHandler,
  rejectApplication,
} from './applications.handlers';

/** The admin console's review of artist applications (`/api/v1/admin`). */
export function createAdminRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const admin = requireAuth('admin');
  // Ids are users.id; anything but digits is not a route at all (404).
  const byId = '/applications/:id{[0-9]{1,9}}';
  const idOf = (raw: string) => Number(raw);

  routes.get('/applications', admin, validateQuery(applicationListQuerySchema), (c) =>
    listApplicationsHandler(c, c.req.valid('query').status),
  );
  routes.get(byId, admin, (c) => getApplication(c, idOf(c.req.param('id'))));
  routes.post(`${byId}/approve`, admin, (c) => approveApplication(c, idOf(c.req.param('id'))));
  routes.post(`${byId}/reject`, admin, validateJson(rejectSchema), (c) =>
    rejectApplication(c, idOf(c.req.param('id')), c.req.valid('json')),
  );

  return routes;
}
