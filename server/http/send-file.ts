import { Readable } from 'node:stream';
import { artistMessages } from '../../contracts/artist';
import { serverMessages } from '../../contracts/server-messages';
import type { AppContext } from '../context';
import { isCancelledRead, type Storage, type StorageKind, StoredFileMissing } from '../services/storage';
import { fail } from './envelope';

export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range` header against a file of `size` bytes (RFC 9110 §14): a byte range, or
 * 'unsatisfiable' (→ 416), or null to send the whole file. Only one range is served: a multi-range,
 * malformed or non-byte request is ignored as the RFC allows, and the whole file goes out with 200.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^\s*bytes\s*=\s*(\d{0,15})\s*-\s*(\d{0,15})\s*$/i.exec(header);
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // bytes=-N: the last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // A last position before the first is a malformed range: ignored, not refused.
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

export interface SendFileOptions {
  kind: StorageKind;
  name: string;
  size: number;
  mime: string;
  /** A strong validator: stored files never change under a name, so the name (or source) is one. */
  etag: string;
  cacheControl: string;
  /** Set to offer the file as a download under this name (default: shown inline). */
  downloadName?: string;
}

/**
 * `attachment` with the name twice (RFC 6266): an ASCII `filename` for old clients and the exact
 * UTF-8 `filename*`, so "Zoë – Birthday (Labsongs).wav" is saved as it reads. Quotes and backslashes
 * never reach the quoted form.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Streams a stored file with Range support: 200 whole, 206 one range, 416 unsatisfiable, 404 when the
 * object is gone although its row or size was found (a deletion on another node meanwhile). Not
 * serveStatic (server/http/static.ts): stored files come through the Storage interface (a folder or a
 * bucket), with If-Range and a download name, where serveStatic reads one local folder.
 */
export async function sendStoredFile(c: AppContext, storage: Storage, options: SendFileOptions): Promise<Response> {
  const etag = `"${options.etag}"`;
  const common: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    'Content-Type': options.mime,
    'Cache-Control': options.cacheControl,
    ETag: etag,
    'Content-Disposition': options.downloadName ? attachmentDisposition(options.downloadName) : 'inline',
  };
  // If-Range with another validator means "the file changed since": send all of it.
  const ifRange = c.req.header('if-range');
  const range = ifRange === undefined || ifRange === etag ? parseRange(c.req.header('range'), options.size) : null;

  if (range === 'unsatisfiable') {
    c.header('Content-Range', `bytes */${options.size}`);
    c.header('Accept-Ranges', 'bytes');
    return fail(c, 416, artistMessages.rangeNotSatisfiable);
  }
  const status = range ? 206 : 200;
  const length = range ? range.end - range.start + 1 : options.size;
  const headers: Record<string, string> = { ...common, 'Content-Length': String(length) };
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${options.size}`;
  // HEAD: the headers only; opening the file would leave a stream nobody reads.
  if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, headers);
  let stream: Readable;
  try {
    stream = await storage.read(options.kind, options.name, range ?? undefined);
  } catch (error) {
    if (error instanceof StoredFileMissing) return fail(c, 404, serverMessages.notFound);
    throw error;
  }
  // A read that breaks mid-body (disk error, bucket connection reset) ends this response, never the process.
  stream.on('error', (error) => {
    if (!isCancelledRead(error)) c.var.logger.warn('reading a stored file failed', { error, name: options.name });
  });
  return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, status, headers);
}
