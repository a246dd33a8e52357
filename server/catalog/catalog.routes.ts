import { Hono } from 'hono';
import { artistCatalogPageAnswer, artistPublicProfileAnswer, userOptionsAnswer } from '../../contracts/api/artist';
import { reviewsPageAnswer } from '../../contracts/api/reviews';
import { catalogQuerySchema } from '../../contracts/artist';
import { reviewsQuerySchema } from '../../contracts/reviews';
import type { AppContext, AppEnv } from '../context';
import { validateQuery } from '../http/validate-query';
import { operation } from '../openapi/operation';
import { deliverySettingsOf, promiseEpoch } from '../orders/delivery';
import { getArtist, getArtistReviews, listArtists, options } from './catalog.handlers';
import { createCatalogCache } from './catalog-cache';

/** Catalogue answers are reused for at most 30 s, and never past a quarter of a signed song URL's life. */
const CATALOG_MAX_AGE_MS = 30_000;

const promiseEpochOf = (c: AppContext) => promiseEpoch(c.var.clock.now(), deliverySettingsOf(c.var.config));

/** The public catalogue in the user area (`/api/v1/user`): no login needed. */
export function createCatalogRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const cache = createCatalogCache({
    maxAgeMs: (c) => Math.min(CATALOG_MAX_AGE_MS, c.var.config.mediaUrlTtlSeconds * 250),
  });
  routes.get(
    '/options',
    operation({
      summary: "The catalogue's filter options (genres, vocal types, occasions...)",
      tags: 'Catalogue',
      answers: { 200: userOptionsAnswer },
    }),
    (c) => options(c),
  );
  routes.get(
    '/artists',
    operation({
      summary: 'Browse approved artists (cursor paging, filters, search, sort)',
      tags: 'Catalogue',
      answers: { 200: artistCatalogPageAnswer, 304: 'empty' },
    }),
    validateQuery(catalogQuerySchema),
    (c) => {
      const query = c.req.valid('query');
      // Every validated parameter is part of the key, so a new filter can never share another query's answer;
      // so is the promises' day, as the cards' arrival dates and "can deliver by" move with the clock.
      const key = JSON.stringify([
        'list',
        promiseEpochOf(c),
        ...Object.entries(query).sort(([a], [b]) => a.localeCompare(b)),
      ]);
      return cache.answer(c, key, () => listArtists(c, query));
    },
  );
  routes.get(
    '/artists/:id',
    operation({
      summary: "One artist's public profile",
      tags: 'Catalogue',
      answers: { 200: artistPublicProfileAnswer, 304: 'empty' },
      fails: [404],
    }),
    (c) => {
      const id = c.req.param('id');
      return cache.answer(c, JSON.stringify(['artist', id, promiseEpochOf(c)]), () => getArtist(c, id));
    },
  );
  routes.get(
    '/artists/:id/reviews',
    operation({
      summary: "An artist's reviews, newest first (after the profile's first ones)",
      tags: 'Catalogue',
      answers: { 200: reviewsPageAnswer, 304: 'empty' },
      fails: [404, 422],
    }),
    validateQuery(reviewsQuerySchema),
    (c) => {
      const id = c.req.param('id');
      const query = c.req.valid('query');
      return cache.answer(c, JSON.stringify(['reviews', id, query.cursor, query.limit]), () =>
        getArtistReviews(c, id, query),
      );
    },
  );
  return routes;
}
