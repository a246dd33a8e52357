import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from '../context';

export interface StaticOptions {
  /** The built SPA (vite's dist/ folder). */
  root: string;
  /** Paths never answered with the SPA (the API keeps its JSON 404). */
  excludePrefixes?: string[];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the hashed bundles: the browser must check it again on every visit.
const REVALIDATE = 'no-cache';

export function hasStaticRoot(root: string | null | undefined): root is string {
  return Boolean(root) && existsSync(path.join(root as string, 'index.html')) && statSync(root as string).isDirectory();
}

/** Serves the built SPA: its files, and index.html for any other page a browser asks for (client-side routes). */
export function createStaticRoutes(options: StaticOptions): Hono<AppEnv> {
  const root = path.resolve(options.root);
  const excluded = options.excludePrefixes ?? ['/api/'];
  const isExcluded = (p: string) => p === '/api' || excluded.some((prefix) => p.startsWith(prefix));
  const routes = new Hono<AppEnv>();

  const files = serveStatic<AppEnv>({ root });
  const spaIndex = serveStatic<AppEnv>({ root, path: 'index.html' });

  // serveStatic answers with a Response when it found the file and passes on (undefined) when not.
  routes.use('*', async (c, next) => {
    if (isExcluded(c.req.path)) return next();
    const res = await files(c, next);
    if (res instanceof Response)
      res.headers.set('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    return res;
  });
  routes.get('*', async (c, next) => {
    const acceptsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (isExcluded(c.req.path) || !acceptsHtml) return next();
    const res = await spaIndex(c, next);
    if (res instanceof Response) res.headers.set('Cache-Control', REVALIDATE);
    return res;
  });

  return routes;
}
