import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AccountType } from '../contracts/auth';
import { serverMessages } from '../contracts/messages';
import { createAuthRoutes } from './auth/auth.routes';
import type { AppDeps, AppEnv } from './context';
import { fail } from './http/envelope';
import { createErrorHandler, notFound } from './http/errors';
import { createFlagRoutes, defaultFlagsDir } from './http/flags';
import { createHealthRoutes } from './http/health.routes';
import { requestLog } from './http/request-log';
import { noStore, withSecurityHeaders } from './http/security-headers';
import { createStaticRoutes, hasStaticRoot } from './http/static';
import { createPasswordHasher } from './services/passwords';
import { createRateLimiter } from './services/rate-limit';
import { createTokenService } from './services/tokens';

export const MAX_JSON_BODY_BYTES = 64 * 1024;

const areas: AccountType[] = ['user', 'artist', 'admin'];

/** Builds the whole HTTP application without listening: main.ts serves it, tests call app.request(). */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, database, clock, mailer, logger } = deps;
  const passwords = createPasswordHasher(config.scryptCost);
  const tokens = createTokenService({
    db: database.db,
    clock,
    secret: deps.jwtSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshWindowSeconds: config.refreshWindowSeconds,
    rememberRefreshWindowSeconds: config.rememberRefreshWindowSeconds,
  });
  const rateLimiter = createRateLimiter(database.db, clock);

  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(logger));
  app.notFound(notFound);

  app.use('*', withSecurityHeaders);
  app.use('*', requestLog(logger));
  app.use('*', async (c, next) => {
    c.set('config', config);
    c.set('database', database);
    c.set('db', database.db);
    c.set('clock', clock);
    c.set('mailer', mailer);
    c.set('logger', logger);
    c.set('passwords', passwords);
    c.set('tokens', tokens);
    c.set('rateLimiter', rateLimiter);
    c.set('auth', undefined);
    await next();
  });
  app.use('/api/*', noStore);
  app.use(
    '/api/*',
    bodyLimit({ maxSize: MAX_JSON_BODY_BYTES, onError: (c) => fail(c, 413, serverMessages.payloadTooLarge) }),
  );

  app.route('/', createHealthRoutes());
  for (const area of areas) app.route(`/api/v1/${area}`, createAuthRoutes(area));
  app.route('/', createFlagRoutes(deps.flagsDir ?? defaultFlagsDir()));
  if (hasStaticRoot(deps.staticRoot)) app.route('/', createStaticRoutes({ root: deps.staticRoot }));

  return app;
}
