import { Hono } from 'hono';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import { isMigrated } from '../db/migrate';
import { fail, ok } from './envelope';

export function createHealthRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  // No database work: the baseline for load tests (bench/server-auth.ts).
  routes.get('/api/ping', (c) => ok(c, 'pong'));
  // `status` at the top for load balancers and uptime checks, `data` for the envelope.
  routes.get('/api/health', async (c) =>
    (await isMigrated(c.var.database))
      ? c.json({ status: 'ok', data: { status: 'ok' } })
      : fail(c, 503, serverMessages.serviceUnavailable),
  );
  return routes;
}
