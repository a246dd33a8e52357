import { Hono } from 'hono';
import { catalogQuerySchema } from '../../contracts/artist';
import type { AppEnv } from '../context';
import { validateQuery } from '../http/validate-query';
import { getArtist, listArtists, options } from './catalog.handlers';

/** The public catalogue in the user area (`/api/v1/user`): no login needed. */
export function createCatalogRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/options', (c) => options(c));
  routes.get('/artists', validateQuery(catalogQuerySchema), (c) => listArtists(c, c.req.valid('query')));
  routes.get('/artists/:id', (c) => getArtist(c, c.req.param('id')));
  return routes;
}
