import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { getMimeType } from 'hono/utils/mime';
import type { AppContext, AppEnv } from '../context';
import { frameFileOf, frameFor } from './page-frames';
import { isSandboxCopy, sandboxCopyOf } from './sandbox-pages';
import { isSpaRoute } from './spa-routes';

export interface StaticOptions {
  /** The built SPA (vite's dist/ folder). */
  root: string;
  /** Paths never answered with the SPA (the API keeps its JSON 404). */
  excludePrefixes?: string[];
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the hashed bundles: the browser must check it again on every visit.
const REVALIDATE = 'no-cache';

/** Where the build puts the public pages rendered to HTML (scripts/prerender.ts): `/about` → `_pages/about.html`. */
const PRERENDER_DIR = '_pages';
/** A prerendered page's name: plain path segments only, so no URL can name a file outside the folder. */
const PAGE_NAME = /^[a-z0-9-]+(?:\/[a-z0-9-]+)*$/;
/** The compressed copies the build writes beside its files (scripts/precompress.ts): sent for their file, never by name. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;
const ENCODING_OF: Record<string, string> = { '.br': 'br', '.gz': 'gzip', '.zst': 'zstd' };

export function hasStaticRoot(root: string | null | undefined): root is string {
  return Boolean(root) && existsSync(path.join(root as string, 'index.html')) && statSync(root as string).isDirectory();
}

/**
 * One built file by serveStatic, with the copy the client takes (`.br`, `.gz`) when the build wrote one:
 * the URL's path, or `page` when given. Undefined when there is no such file. Then what serveStatic
 * leaves to us: the cache policy; `Vary: Accept-Encoding` on every compressible type, also when sent as
 * is, so a shared cache keeps the variants apart; and a strong ETag per file sent, which etag() answers
 * 304 for (serveStatic sets only Last-Modified). Set on its answer: headers set in its onFound come too
 * late for the answer it already made, so onFound only tells which file went out (one serveStatic per
 * answer for that: it costs a closure and a stat of the root).
 */
async function sendBuilt(c: AppContext, root: string, cacheControl: string, page?: string) {
  let sent: string | undefined;
  const serve = serveStatic<AppEnv>({
    root,
    path: page,
    precompressed: true,
    onFound: (file) => {
      sent = file;
    },
  });
  const answer = await serve(c, async () => {});
  if (!answer || !sent) return undefined;
  answer.headers.set('Cache-Control', cacheControl);
  const encoding = ENCODING_OF[path.extname(sent)];
  const original = encoding ? sent.slice(0, -path.extname(sent).length) : sent;
  if (COMPRESSIBLE_CONTENT_TYPE_REGEX.test(getMimeType(original) ?? '')) answer.headers.set('Vary', 'Accept-Encoding');
  const stats = statSync(sent);
  const version = `${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}`;
  // A page's sandbox copy has a validator of its own: a page cached before the sandbox was switched on
  // (or off) is fetched again.
  answer.headers.set('ETag', `"${version}${isSandboxCopy(sent) ? '-sandbox' : ''}${encoding ? `-${encoding}` : ''}"`);
  return answer;
}

/**
 * Serves the built SPA: its files (with the brotli or gzip copy the build wrote, when the client takes
 * it), and for any page a browser asks for, the page prerendered for that route, or else its area's
 * frame (or the shell, index.html), which the SPA renders over on the client. A path that is none of the SPA's routes gets the
 * shell with 404 (the SPA shows its not-found page).
 */
export function createStaticRoutes(options: StaticOptions): Hono<AppEnv> {
  const root = path.resolve(options.root);
  const excluded = options.excludePrefixes ?? ['/api/'];
  const isExcluded = (p: string) => p === '/api' || excluded.some((prefix) => p.startsWith(prefix));
  const routes = new Hono<AppEnv>();

  /**
   * The page for a route: prerendered if the build rendered it, else its area's frame (layout and
   * skeleton, server/http/page-frames.ts), else the shell; the sandbox's marked copy while the sandbox
   * is active.
   */
  const pageFor = (c: AppContext, p: string, known: boolean): string | undefined => {
    const name = p === '/' ? 'index' : p.slice(1).replace(/\/$/, '');
    const frame = known ? frameFor(p) : undefined;
    const candidates = [
      ...(known && PAGE_NAME.test(name) ? [`${PRERENDER_DIR}/${name}.html`] : []),
      ...(frame ? [frameFileOf(frame)] : []),
      'index.html',
    ];
    const sandbox = c.var.config.payments.provider === 'sandbox';
    for (const page of candidates) {
      // A build from before the marked copies has none: its pages then go out unmarked.
      if (sandbox && existsSync(path.join(root, sandboxCopyOf(page)))) return sandboxCopyOf(page);
      if (existsSync(path.join(root, page))) return page;
    }
    return undefined;
  };

  routes.on(['GET', 'HEAD'], '*', etag(), async (c, next) => {
    const p = c.req.path;
    if (isExcluded(p)) return next();
    if (p !== '/' && !COMPRESSED_COPY.test(p)) {
      const file = await sendBuilt(c, root, p.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
      if (file) return file;
    }
    const acceptsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (!acceptsHtml && p !== '/') return next();
    const known = isSpaRoute(p);
    const page = pageFor(c, p, known);
    // A page is a file named here, never by the URL's path.
    const answer = page ? await sendBuilt(c, root, REVALIDATE, page) : undefined;
    if (!answer) return next();
    return known ? answer : new Response(answer.body, { status: 404, headers: answer.headers });
  });

  return routes;
}
