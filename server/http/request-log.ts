import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../services/logger';

/** The label of a request no route took (answered by the not-found handler). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route pattern that answered (`/api/v1/user/orders/:id`), never the raw path: a bounded set of
 * labels for logs and metrics. Parameter patterns (`:id{[0-9]+}`) are shortened to `:id`. Read it
 * after `await next()`.
 */
export function routeOf(c: Context): string {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (!route) return UNMATCHED_ROUTE;
  // The chain ran out at a `use()` middleware (method ALL) and nothing answered but the 404 handler.
  if (route.method === 'ALL' && c.res.status === 404 && route.path.endsWith('*')) return UNMATCHED_ROUTE;
  return withoutParamPatterns(route.path);
}

/** `/order/:id{[0-9]{1,9}}/checkout` → `/order/:id/checkout` (the braces may nest). */
function withoutParamPatterns(path: string): string {
  let out = '';
  let depth = 0;
  for (const char of path) {
    if (char === '{') depth++;
    else if (char === '}') depth--;
    else if (depth === 0) out += char;
  }
  return out;
}

/** A gift link's token is the key to its song: the path is logged with that segment replaced. */
const giftToken = /^(\/gift\/|\/api\/v1\/user\/gifts\/)[^/]+/;
const loggablePath = (path: string) => path.replace(giftToken, '$1:token');

/**
 * One line per request: method, path (no query string: it may carry a reset token; no gift token), route,
 * status, duration.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      path: loggablePath(c.req.path),
      route: routeOf(c),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}
