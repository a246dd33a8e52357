import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../context';
import { renderDocsPage } from './docs-page';
import { openApiDocument } from './document';
import { operation } from './operation';

/** Public and the same for everyone until the next deploy: caches may keep it a few minutes. */
const cacheable = 'public, max-age=300';

/** `GET /api/openapi.json` (the OpenAPI 3.1 document of `app`) and `GET /api/docs` (the same, readable). */
export function createOpenApiRoutes(app: Hono<AppEnv>): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(
    '/api/openapi.json',
    operation({
      summary: 'This API as an OpenAPI 3.1 document',
      tags: 'Reference',
      answers: { 200: v.looseObject({ openapi: v.string(), info: v.looseObject({}), paths: v.looseObject({}) }) },
    }),
    async (c) => {
      c.header('Cache-Control', cacheable);
      return c.json(await openApiDocument(app));
    },
  );
  routes.get(
    '/api/docs',
    operation({
      summary: 'This API as a readable page',
      tags: 'Reference',
      answers: { 200: { media: 'text/html' } },
    }),
    async (c) => {
      c.header('Cache-Control', cacheable);
      return c.html(renderDocsPage(await openApiDocument(app)));
    },
  );
  return routes;
}
