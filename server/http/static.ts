import { createReadStream, existsSync, type Stats, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { sandboxPageAttribute, sandboxPageAttributeValue } from '../../contracts/sandbox';
import type { AppContext, AppEnv } from '../context';
import { acceptedEncodings } from './compression';

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

// The build writes `<file>.br` and `<file>.gz` beside every text file (scripts/prerender.ts): these
// types are worth compressing; images, audio and fonts in woff2 already are.
const COMPRESSIBLE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export function hasStaticRoot(root: string | null | undefined): root is string {
  return Boolean(root) && existsSync(path.join(root as string, 'index.html')) && statSync(root as string).isDirectory();
}

const statOf = (file: string): Stats | undefined => {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
};

/** A safe path inside root for a URL path, or null for anything that could climb out of it. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || /(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/.test(decoded)) return null;
  const file = path.join(root, decoded);
  return file.startsWith(root + path.sep) ? file : null;
}

/** A 304 with the answer's validators when If-None-Match names its ETag; undefined otherwise. */
function notModified(c: AppContext, headers: Record<string, string>): Response | undefined {
  const ifNoneMatch = c.req.header('if-none-match');
  if (!ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === headers.ETag)) return undefined;
  const { 'Content-Type': _type, ...validators } = headers;
  return new Response(null, { status: 304, headers: validators });
}

/**
 * One built file, the best encoding the client accepts (brotli, then gzip, then as is): every
 * compressible answer says `Vary: Accept-Encoding` so a shared cache keeps the variants apart, and each
 * variant has its own strong ETag (a 304 for a matching If-None-Match).
 */
function sendBuilt(c: AppContext, file: string, stats: Stats, cacheControl: string): Response {
  const mime = getMimeType(file) ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'Content-Type': mime, 'Cache-Control': cacheControl };
  let chosen = { file, stats, encoding: '' };
  if (COMPRESSIBLE.test(mime)) {
    headers.Vary = 'Accept-Encoding';
    const accepted = acceptedEncodings(c.req.header('accept-encoding'));
    for (const variant of VARIANTS) {
      if (!accepted.has(variant.encoding)) continue;
      const variantStats = statOf(file + variant.suffix);
      if (variantStats) {
        chosen = { file: file + variant.suffix, stats: variantStats, encoding: variant.encoding };
        headers['Content-Encoding'] = variant.encoding;
        break;
      }
    }
  }
  headers.ETag = `"${chosen.stats.size.toString(36)}-${Math.trunc(chosen.stats.mtimeMs).toString(36)}${chosen.encoding ? `-${chosen.encoding}` : ''}"`;
  headers['Last-Modified'] = chosen.stats.mtime.toUTCString();
  const unchanged = notModified(c, headers);
  if (unchanged) return unchanged;
  headers['Content-Length'] = String(chosen.stats.size);
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(chosen.file)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

interface MarkedPage {
  mtimeMs: number;
  size: number;
  bodies: Record<'' | 'br' | 'gzip', Buffer>;
}

/**
 * The built pages with `<html data-payments="sandbox">`, for while the sandbox provider is active: the
 * banner's CSS (src/components/layout/sandbox-banner.tsx) then shows it from the first paint, with no
 * script (the CSP stays as strict) and no shift. Marked and compressed once per built file and kept:
 * a handful of pages of some kilobytes.
 */
const markedPages = new Map<string, MarkedPage>();

async function markedPage(file: string, stats: Stats): Promise<MarkedPage> {
  const cached = markedPages.get(file);
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached;
  const html = (await readFile(file, 'utf8')).replace(
    /<html\b/i,
    (tag) => `${tag} ${sandboxPageAttribute}="${sandboxPageAttributeValue}"`,
  );
  const plain = Buffer.from(html);
  const [br, gzipped] = await Promise.all([
    brotli(plain, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
    }),
    gz(plain, { level: 9 }),
  ]);
  const page = { mtimeMs: stats.mtimeMs, size: stats.size, bodies: { '': plain, br, gzip: gzipped } };
  markedPages.set(file, page);
  return page;
}

/** A built HTML page as sendBuilt sends it, marked for the sandbox when the sandbox provider is active. */
async function sendPage(c: AppContext, file: string, stats: Stats): Promise<Response> {
  if (c.var.config.payments.provider !== 'sandbox') return sendBuilt(c, file, stats, REVALIDATE);
  const page = await markedPage(file, stats);
  const accepted = acceptedEncodings(c.req.header('accept-encoding'));
  const encoding = (['br', 'gzip'] as const).find((name) => accepted.has(name)) ?? '';
  const body = page.bodies[encoding];
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': REVALIDATE,
    Vary: 'Accept-Encoding',
    // Its own validator: a page cached before the sandbox was switched on (or off) is fetched again.
    ETag: `"${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}-sandbox${encoding ? `-${encoding}` : ''}"`,
    'Last-Modified': stats.mtime.toUTCString(),
  };
  if (encoding) headers['Content-Encoding'] = encoding;
  const unchanged = notModified(c, headers);
  if (unchanged) return unchanged;
  headers['Content-Length'] = String(body.length);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
}

/** Serves the built SPA: its files, and index.html for any other page a browser asks for (client-side routes). */
export function createStaticRoutes(options: StaticOptions): Hono<AppEnv> {
  const root = path.resolve(options.root);
  const excluded = options.excludePrefixes ?? ['/api/'];
  const isExcluded = (p: string) => p === '/api' || excluded.some((prefix) => p.startsWith(prefix));
  const routes = new Hono<AppEnv>();
  const indexFile = path.join(root, 'index.html');
  // A byte range of a built file (rare: a download manager) is sent uncompressed, as the file is.
  const ranged = serveStatic<AppEnv>({ root });

  routes.on(['GET', 'HEAD'], '*', async (c, next) => {
    const p = c.req.path;
    if (isExcluded(p)) return next();
    const file = p === '/' ? null : fileFor(root, p);
    const stats = file ? statOf(file) : undefined;
    if (file && stats && !file.endsWith('.br') && !file.endsWith('.gz')) {
      const cacheControl = p.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
      if (c.req.header('range')) {
        const res = await ranged(c, next);
        if (res instanceof Response) res.headers.set('Cache-Control', cacheControl);
        return res;
      }
      if (file.endsWith('.html')) return sendPage(c, file, stats);
      return sendBuilt(c, file, stats, cacheControl);
    }
    const acceptsHtml = (c.req.header('accept') ?? '').includes('text/html');
    if (!acceptsHtml && p !== '/') return next();
    // A public page rendered at build time paints before the script runs; any other page gets the shell.
    const page = fileFor(path.join(root, PRERENDER_DIR), `${p === '/' ? '/index' : p.replace(/\/$/, '')}.html`);
    const pageStats = page ? statOf(page) : undefined;
    if (page && pageStats) return sendPage(c, page, pageStats);
    return sendPage(c, indexFile, statOf(indexFile) as Stats);
  });

  return routes;
}
