import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import { operation } from '../openapi/operation';
import type { Metrics } from '../services/metrics';
import { fail } from './envelope';
import { notFound } from './errors';
import { routeOf } from './request-log';

/** Times every request into `http_request_duration_seconds` under its route pattern (bounded labels). */
export function observeRequests(metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const stop = metrics.requestDuration.startTimer();
    await next();
    stop({ method: c.req.method, route: routeOf(c), status: String(c.res.status) });
  };
}

/** Constant-time comparison of two strings of any lengths (their digests have one length). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics (Prometheus text format), outside /api: only with `Authorization: Bearer <METRICS_TOKEN>`.
 * Without a configured token the address does not exist (404); a wrong or missing token is a 401.
 */
export function createMetricsRoutes(metrics: Metrics, token: string | undefined): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(
    '/metrics',
    operation({
      summary: 'Prometheus metrics (Bearer METRICS_TOKEN)',
      tags: 'Operations',
      answers: { 200: { media: 'text/plain' } },
      fails: [401, 404],
    }),
    async (c) => {
      if (token === undefined) return notFound(c);
      c.header('Cache-Control', 'no-store');
      const given = /^Bearer (\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
      if (given === undefined || !sameSecret(given, token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return fail(c, 401, serverMessages.unauthenticated);
      }
      return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
    },
  );
  return routes;
}
