import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { compress } from 'hono/compress';

/**
 * Below this an API answer goes out as it is: the headers already outweigh what compression saves, and
 * most answers (ping, a status change, an error) are that small. hono/compress's own default.
 */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * hono/compress leaves an answer under its threshold alone only when the answer declares its length,
 * and c.json() declares none: this declares it for JSON (a string in memory already), so the small
 * answers skip the compressor.
 */
const declareJsonLength: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  const isJson = (res.headers.get('Content-Type') ?? '').startsWith('application/json');
  if (!res.body || !isJson || res.headers.has('Content-Length')) return;
  const body = await res.arrayBuffer();
  c.res = new Response(body, res);
  c.res.headers.set('Content-Length', String(body.byteLength));
};

/**
 * The API's answers, gzipped by hono/compress as they stream out (zlib works off the event loop) when
 * the client takes gzip. Brotli is not offered: Node 20's CompressionStream has none, and these answers
 * are a few kilobytes (the built files have their brotli copies, server/http/static.ts). Left alone: the
 * live event stream (text/event-stream is outside the library's compressible types, and each event must
 * flush at once), audio and images (already compressed), byte ranges (206), and anything under the
 * threshold.
 */
export const compressApi: MiddlewareHandler = every(
  compress({ encoding: 'gzip', threshold: COMPRESSION_THRESHOLD }),
  declareJsonLength,
);
