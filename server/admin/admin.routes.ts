import { Hono } from 'hono';
import { applicationListQuerySchema, rejectSchema } from '../../contracts/artist';
import { adminArtistsQuerySchema, artistStatusChangeSchema } from '../../contracts/operations';
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
import { listArtists, reactivateArtist, suspendArtist } from './artists.handlers';

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

  return routes;
}
