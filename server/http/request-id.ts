import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { withLogFields } from '../services/logger';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a balancer or client may hand us as an id: a short token, nothing that could forge a log field. */
const saneRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `X-Request-Id` when it is a sane token, else a fresh UUID. */
function requestIdOf(header: string | undefined): string {
  return header !== undefined && saneRequestId.test(header) ? header : randomUUID();
}

/**
 * Gives every request an id (the proxy's, so one id follows a request across nginx and the node, or
 * a new one), answers it in `X-Request-Id`, and puts it as `request_id` on every line logged while the
 * request runs, by any service that logs through the shared logger.
 */
export function requestId(): MiddlewareHandler {
  return async (c, next) => {
    const id = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    c.header(REQUEST_ID_HEADER, id);
    await withLogFields({ request_id: id }, next);
    // A handler that built its own Response (a file, a stream) replaced the header set above.
    if (!c.res.headers.has(REQUEST_ID_HEADER)) {
      try {
        c.res.headers.set(REQUEST_ID_HEADER, id);
      } catch {
        // Immutable headers (Response.redirect): the line in the log still carries the id.
      }
    }
  };
}
