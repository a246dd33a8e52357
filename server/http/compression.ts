import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/**
 * Below this a JSON answer goes out as it is: the headers already outweigh what compression saves, and
 * most answers (ping, a status change, an error) are that small.
 */
export const JSON_COMPRESSION_THRESHOLD = 1024;

/** The content codings an Accept-Encoding header allows (a `;q=0` refuses one; `*` allows br and gzip). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (Number.isNaN(weight) || weight <= 0) refused.add(name);
    else accepted.add(name);
  }
  if (accepted.has('*')) for (const name of ['br', 'gzip']) if (!refused.has(name)) accepted.add(name);
  for (const name of refused) accepted.delete(name);
  return accepted;
}

/**
 * Compresses JSON answers above the threshold, brotli when the client takes it (a low quality: this runs
 * on every request, and level 4 is as fast as gzip while smaller), else gzip. Only `application/json`:
 * the notification stream (text/event-stream) must flush event by event, and audio is already
 * compressed and answered by byte ranges.
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (c.req.method === 'HEAD' || !res.body || res.headers.has('Content-Encoding')) return;
  if (!(res.headers.get('Content-Type') ?? '').startsWith('application/json')) return;
  const accepted = acceptedEncodings(c.req.header('accept-encoding'));
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  // Nothing to do for a client that takes no compression, or an answer known to be small: no copy.
  const declared = Number(res.headers.get('Content-Length') ?? Number.NaN);
  if (!encoding || declared < JSON_COMPRESSION_THRESHOLD) {
    res.headers.append('Vary', 'Accept-Encoding');
    return;
  }
  const body = Buffer.from(await res.arrayBuffer());
  // Hono copies the old answer's headers onto a new one; these are set on it afterwards.
  const replace = (content: Buffer) => {
    c.res = new Response(new Uint8Array(content), { status: res.status, headers: res.headers });
    c.res.headers.append('Vary', 'Accept-Encoding');
    c.res.headers.delete('Content-Length');
  };
  if (body.length < JSON_COMPRESSION_THRESHOLD) {
    replace(body);
    return;
  }
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : gzipSync(body, { level: 6 });
  replace(compressed);
  c.res.headers.set('Content-Encoding', encoding);
};
