import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AccountType } from '../contracts/account';
import { serverMessages } from '../contracts/server-messages';
import { createAdminRoutes } from './admin/admin.routes';
import { createArtistRoutes } from './artists/artists.routes';
import { createAuthRoutes } from './auth/auth.routes';
import { createCatalogRoutes } from './catalog/catalog.routes';
import type { AppDeps, AppEnv } from './context';
import { compressApi } from './http/compression';
import { fail } from './http/envelope';
import { createErrorHandler, notFound } from './http/errors';
import { createFlagRoutes, defaultFlagsDir } from './http/flags';
import { createHealthRoutes, createReadiness } from './http/health.routes';
import { createMetricsRoutes, observeRequests } from './http/metrics.routes';
import { isMultipart } from './http/multipart';
import { requestId } from './http/request-id';
import { requestLog } from './http/request-log';
import { noStore, withSecurityHeaders } from './http/security-headers';
import { createStaticRoutes, hasStaticRoot } from './http/static';
import {
  createAdminOrderRoutes,
  createArtistOrderRoutes,
  createCustomerLifecycleRoutes,
} from './lifecycle/lifecycle.routes';
import { createArtistLyricsRoutes, createCustomerLyricsRoutes } from './lyrics/lyrics.routes';
import { createMailPreferenceRoutes } from './mail/preferences';
import { createUnsubscribeRoutes } from './mail/unsubscribe.routes';
import { createUnsubscribeSigner } from './mail/unsubscribe-token';
import { createMediaRoutes } from './media/media.routes';
import { createMediaSigner } from './media/signed-url';
import { createOrderMessageRoutes } from './messages/messages.routes';
import { createThreadReportRoutes } from './messages/report.routes';
import { createLocalHub } from './notifications/hub';
import { createNotificationRoutes } from './notifications/notifications.routes';
import { createStreamTokens } from './notifications/stream-token';
import { createOpenApiRoutes } from './openapi/openapi.routes';
import { createOrderRoutes } from './orders/orders.routes';
import { createPaymentProvider } from './payments/payment-provider';
import { createCheckoutRoutes, createPaymentRoutes } from './payments/payments.routes';
import { createTipRoutes } from './payments/tips.routes';
import { createArtistReviewRoutes } from './reviews/reviews.routes';
import { createMetrics } from './services/metrics';
import { createPasswordHasher } from './services/passwords';
import { createPayoutCipher } from './services/payout-cipher';
import { createRateLimiter } from './services/rate-limit';
import { createStorageFor } from './services/storage-for';
import { withStorageMetrics } from './services/storage-metrics';
import { createTokenService } from './services/tokens';
import { createAdminSupportRoutes, createSupportRoutes } from './support/support.routes';
import { createAvatarRoutes } from './users/avatar.routes';
import { createCustomerProfileRoutes } from './users/customer-profile.routes';

const MAX_JSON_BODY_BYTES = 64 * 1024;

const areas: AccountType[] = ['user', 'artist', 'admin'];
/** The areas whose accounts have a profile photo (`/profile/avatar`). */
const avatarAreas: AccountType[] = ['user', 'artist'];

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
  const storage = deps.storage ?? createStorageFor(config.storage);
  const media = createMediaSigner({ jwtSecret: deps.jwtSecret, clock, ttlSeconds: config.mediaUrlTtlSeconds });
  const payouts = createPayoutCipher(deps.payoutKey);
  const paymentProvider = createPaymentProvider({ config, jwtSecret: deps.jwtSecret, clock, logger });
  const hub = deps.hub ?? createLocalHub();
  const metrics = createMetrics({ db: database.db, hub, clock, processMetrics: config.metricsToken !== undefined });
  // Failed storage calls are counted (labsongs_storage_errors_total) whichever handler meets them.
  const countedStorage = withStorageMetrics(storage, metrics);
  const readiness = deps.readiness ?? createReadiness();
  const streamTokens = createStreamTokens({ jwtSecret: deps.jwtSecret, clock });

  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(logger));
  app.notFound(notFound);

  app.use('*', requestId());
  app.use('*', observeRequests(metrics));
  app.use('*', withSecurityHeaders(config.publicUrl));
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
    c.set('storage', countedStorage);
    c.set('metrics', metrics);
    c.set('media', media);
    c.set('payouts', payouts);
    c.set('hub', hub);
    c.set('auth', undefined);
    await next();
  });
  app.use('/api/*', noStore);
  app.use('/api/*', compressApi);
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: (c) => fail(c, 413, serverMessages.payloadTooLarge),
  });
  // Uploads are streamed to disk with their own caps (http/multipart.ts); this limit would buffer them.
  // A multipart body sent to a JSON route is refused with 415 before it is read.
  app.use('/api/*', (c, next) => (isMultipart(c.req.header('content-type')) ? next() : jsonBodyLimit(c, next)));

  app.route('/', createHealthRoutes(readiness));
  app.route('/', createMetricsRoutes(metrics, config.metricsToken));
  for (const area of areas) app.route(`/api/v1/${area}`, createAuthRoutes(area));
  app.route('/api/v1/user', createCatalogRoutes());
  app.route('/api/v1/artist', createArtistRoutes());
  app.route('/api/v1/admin', createAdminRoutes());
  for (const area of areas) app.route(`/api/v1/${area}`, createNotificationRoutes(area, streamTokens));
  for (const area of avatarAreas) app.route(`/api/v1/${area}`, createAvatarRoutes(area));
  app.route('/api/v1/user', createCustomerProfileRoutes());
  app.route('/api/v1/user', createOrderRoutes());
  app.route('/api/v1/user', createCheckoutRoutes(paymentProvider));
  app.route('/api/v1/user', createTipRoutes(paymentProvider));
  app.route('/api/v1/user', createCustomerLifecycleRoutes());
  app.route('/api/v1/artist', createArtistOrderRoutes());
  app.route('/api/v1/artist', createArtistReviewRoutes());
  app.route('/api/v1/admin', createAdminOrderRoutes());
  app.route('/api/v1/user', createSupportRoutes());
  app.route('/api/v1/admin', createAdminSupportRoutes());
  for (const area of areas) app.route(`/api/v1/${area}`, createOrderMessageRoutes(area));
  app.route('/api/v1/user', createCustomerLyricsRoutes());
  app.route('/api/v1/artist', createArtistLyricsRoutes());
  app.route('/api/v1/user', createThreadReportRoutes('user'));
  app.route('/api/v1/artist', createThreadReportRoutes('artist'));
  app.route('/api/v1/user', createMailPreferenceRoutes('user'));
  app.route('/api/v1/artist', createMailPreferenceRoutes('artist'));
  app.route('/', createUnsubscribeRoutes(createUnsubscribeSigner(deps.jwtSecret, config.publicUrl)));
  app.route('/', createPaymentRoutes(paymentProvider));
  app.route('/', createMediaRoutes());
  app.route('/', createFlagRoutes(deps.flagsDir ?? defaultFlagsDir()));
  app.route('/', createOpenApiRoutes(app));
  if (hasStaticRoot(deps.staticRoot)) app.route('/', createStaticRoutes({ root: deps.staticRoot }));

  return app;
}
