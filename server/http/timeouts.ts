import type { IncomingMessage, Server } from 'node:http';

/** A client has this long to send its request line and headers (slow-header attacks). */
const HEADERS_TIMEOUT_MS = 15_000;
/** A JSON (or form) body must arrive whole this soon after the headers. */
const BODY_TIMEOUT_MS = 30_000;
/** An upload may take as long as it needs while bytes keep coming; this long without a byte ends it. */
const UPLOAD_IDLE_MS = 60_000;
/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than most clients
 * and proxies keep a socket for reuse (60 s is common), so a reused socket meets the server closing it
 * and the request fails with a reset: the server must outlast the client.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** The outer bound of any request, uploads included (Node's own requestTimeout). */
const REQUEST_TIMEOUT_MS = 30 * 60_000;

const isUpload = (req: IncomingMessage) =>
  (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/**
 * Server-wide limits: headers within HEADERS_TIMEOUT_MS; a non-upload body whole within
 * BODY_TIMEOUT_MS; an upload ends only after UPLOAD_IDLE_MS without progress (or REQUEST_TIMEOUT_MS).
 * Long-lived answers (notification streams) are not bodies being received and are not affected.
 */
export function applyServerTimeouts(
  server: Server,
  limits: { headersMs: number; bodyMs: number; uploadIdleMs: number; requestMs: number } = {
    headersMs: HEADERS_TIMEOUT_MS,
    bodyMs: BODY_TIMEOUT_MS,
    uploadIdleMs: UPLOAD_IDLE_MS,
    requestMs: REQUEST_TIMEOUT_MS,
  },
): void {
  const { bodyMs, uploadIdleMs } = limits;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = limits.headersMs;
  server.requestTimeout = limits.requestMs;
  server.on('request', (req: IncomingMessage) => {
    if (req.complete) return;
    if (isUpload(req)) {
      // Progress-based: the socket's idle timer restarts with every chunk. (A 'data' listener here
      // would start the stream flowing before the app reads it, and lose the first chunks.)
      const socket = req.socket;
      socket.setTimeout(uploadIdleMs, () => req.destroy());
      const done = () => socket.setTimeout(0);
      req.once('end', done);
      req.once('close', done);
      return;
    }
    const limit = setTimeout(() => {
      if (!req.complete) req.destroy();
    }, bodyMs);
    req.once('end', () => clearTimeout(limit));
    req.once('close', () => clearTimeout(limit));
  });
}
