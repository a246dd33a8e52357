import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { alertOverdueOrders } from './admin/overdue-alerts';
import { createApp } from './app';
import type { Config } from './config';
import type { AppDeps } from './context';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './db/seed';
import { seedDemoOrders } from './db/seed-orders';
import { createReadiness } from './http/health.routes';
import { applyServerTimeouts } from './http/timeouts';
import { cancelIdleOrders } from './lifecycle/idle-orders';
import { expireOffers } from './lifecycle/offer-sweep';
import { lifecycleSettingsOf } from './lifecycle/settings';
import { mailUnreadMessages } from './messages/message-alerts';
import { createLocalHub } from './notifications/hub';
import { startPgHub } from './notifications/pg-hub';
import { closeStreamsForShutdown, openStreamCount } from './notifications/stream-sessions';
import { sweepTempUploads } from './orders/temp-upload-sweep';
import { createBackgroundWork } from './services/background-work';
import { type Clock, systemClock } from './services/clock';
import { resolveJwtSecret } from './services/jwt-secret';
import { createLogger, type Logger } from './services/logger';
import { createMailer } from './services/mail';
import { pruneExpired } from './services/maintenance';
import { sweepOrphanFilesOnLease } from './services/orphan-sweep';
import { createPasswordHasher } from './services/passwords';
import { createPayoutCipher } from './services/payout-cipher';
import { resolvePayoutKey } from './services/payout-key';
import { createRateLimiter } from './services/rate-limit';
import { checkSharedSecrets, type NodeRegistration } from './services/secrets-check';
import { createStorageFor } from './services/storage-for';

/** The SPA that `vite build` writes, next to server/. */
const defaultStaticRoot = fileURLToPath(new URL('../dist', import.meta.url));

const PRUNE_EVERY_MS = 10 * 60_000;
/** Requests in flight get this long to finish on SIGTERM (under Docker's 10 s before SIGKILL). */
export const SHUTDOWN_GRACE_MS = 8_000;

export interface StartOptions {
  /** Overrides config.port; 0 picks a free port (benchmarks, tests). */
  port?: number;
  staticRoot?: string | null;
  logger?: Logger;
  clock?: Clock;
}

export interface RunningServer {
  /** Loopback URL of the listening server, e.g. http://127.0.0.1:3000. */
  url: string;
  port: number;
  seeded: boolean;
  deps: AppDeps;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds when asked, and serves the app until close(). */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  const payoutKey = await resolvePayoutKey(config.payoutKey, config.dataDir);
  const storage = createStorageFor(config.storage);
  const database = openDatabase(config.database, {
    onIdleConnectionError: (error) =>
      logger.warn('an idle database connection failed; the pool opens another', { error }),
    checkpointInWorker: true,
    onCheckpointError: (message) => logger.warn('checkpointing the SQLite log failed', { error: message }),
  });
  let node: NodeRegistration;
  try {
    await migrateToLatest(database);
    // Before anything is seeded or served: a node whose secrets differ from the others' refuses to start.
    node = await checkSharedSecrets({ db: database.db, jwtSecret, payoutKey, clock });
  } catch (error) {
    await database.destroy();
    throw error;
  }
  const seeded = config.seedDemo
    ? await seedDemoData({
        db: database.db,
        passwords: createPasswordHasher(config.scryptCost),
        storage,
        payouts: createPayoutCipher(payoutKey),
        now: clock.now(),
      })
    : false;
  if (seeded) {
    await seedDemoOrders({
      db: database.db,
      storage,
      now: clock.now(),
      settings: lifecycleSettingsOf(config),
      platformFeePercent: config.platformFeePercent,
    });
  }
  const mailer = createMailer({
    db: database.db,
    clock,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
    publicUrl: config.publicUrl,
    jwtSecret,
    digestMs: config.mailDigestMs,
    pollMs: config.mailPollMs,
  });
  // Sends the outbox in the background (server/mail/mail-worker.ts; safe with several processes).
  mailer.start();
  const staticRoot = options.staticRoot === undefined ? defaultStaticRoot : options.staticRoot;
  // Several processes may share a PostgreSQL database: their streams hear each other through LISTEN/NOTIFY.
  const hub =
    config.database.kind === 'postgres'
      ? await startPgHub({ url: config.database.url, schema: database.schema ?? 'public', db: database.db, logger })
      : createLocalHub();
  // Flipped first by close(): the balancer stops sending this node new work.
  const readiness = createReadiness();
  const deps: AppDeps = {
    config,
    database,
    clock,
    mailer,
    logger,
    jwtSecret,
    payoutKey,
    storage,
    staticRoot,
    hub,
    readiness,
  };
  const app = createApp(deps);

  // Shutdown waits for the runs below that are in progress before it closes the database.
  const background = createBackgroundWork();
  const prune = () =>
    background.run(() =>
      Promise.all([
        pruneExpired(database.db, clock).catch((error: unknown) =>
          logger.warn('pruning expired rows failed', { error }),
        ),
        // Story clips no committed order took, 24 h after upload (orders/temp-upload-sweep.ts).
        sweepTempUploads(database.db, storage, clock).catch((error: unknown) =>
          logger.warn('sweeping temporary uploads failed', { error }),
        ),
        // Work newly past its due date: the admins are told once per order (admin/overdue-alerts.ts).
        alertOverdueOrders({ db: database.db, hub, clock }).catch((error: unknown) =>
          logger.warn('alerting overdue orders failed', { error }),
        ),
      ]),
    );
  await prune();
  // Stored files no row names, 24 h on, and a bucket's abandoned multipart uploads (services/orphan-sweep.ts).
  // It lists the whole storage: one node of the cluster takes it per ORPHAN_SWEEP_EVERY_MS (a window of the
  // shared rate-limit table is the lease), and start-up does not wait for it.
  const orphanLease = createRateLimiter(database.db, clock);
  const sweepOrphans = () =>
    background.run(() =>
      sweepOrphanFilesOnLease(database.db, storage, clock, orphanLease).catch((error: unknown) =>
        logger.warn('sweeping orphaned files failed', { error }),
      ),
    );
  void sweepOrphans();
  const pruneTimer = setInterval(() => {
    void prune();
    void sweepOrphans();
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();
  // Offers unanswered past OFFER_TTL_HOURS (lifecycle/offer-sweep.ts), then orders left without an artist
  // for IDLE_NEEDS_ARTIST_DAYS (lifecycle/idle-orders.ts), then messages unread for UNREAD_MAIL_MINUTES
  // (messages/message-alerts.ts); all safe with several processes.
  let sweeping = false;
  const sweepOffers = async () => {
    if (sweeping) return;
    sweeping = true;
    await background
      .run(() =>
        expireOffers({ db: database.db, hub, clock, logger })
          .catch((error: unknown) => logger.warn('expiring offers failed', { error }))
          .then(() => cancelIdleOrders({ db: database.db, hub, clock }))
          .catch((error: unknown) => logger.warn('cancelling idle orders failed', { error }))
          .then(() => mailUnreadMessages({ db: database.db, clock }))
          .catch((error: unknown) => logger.warn('mailing unread messages failed', { error })),
      )
      .finally(() => {
        sweeping = false;
      });
  };
  await sweepOffers();
  const offerTimer = setInterval(sweepOffers, config.offerSweepMs);
  offerTimer.unref();

  const port = options.port ?? config.port;
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, hostname: config.host, port }, () => resolve(started as Server));
      applyServerTimeouts(started as Server);
      started.once('error', reject);
    });
  } catch (error) {
    // A taken port must not leave the database, mailer and timer holding the process open.
    clearInterval(pruneTimer);
    clearInterval(offerTimer);
    await mailer.close();
    await background.settled();
    await hub.close();
    await node.stop();
    await database.destroy();
    throw error;
  }
  const actualPort = (server.address() as AddressInfo).port;
  if (staticRoot && !existsSync(path.join(staticRoot, 'index.html'))) {
    logger.info('no built SPA found: serving the API only (run `npm run build` for the web app)', { staticRoot });
  }

  let closing: Promise<void> | undefined;
  /**
   * Graceful shutdown (SIGTERM): readiness answers 503 so the balancer drains this node; the listening
   * socket closes (new connections are refused); notification streams get a `retry:` hint and end, so
   * their browsers reconnect to a node that stays; requests in flight finish within SHUTDOWN_GRACE_MS
   * (then what is left is cut); the mail batch and the background jobs in progress finish; then the hub
   * and the database close.
   */
  const close = () => {
    closing ??= (async () => {
      const began = performance.now();
      readiness.drain();
      clearInterval(pruneTimer);
      clearInterval(offerTimer);
      logger.info('shutdown: not ready, refusing new connections');
      const requestsDone = new Promise<void>((resolve) => server.close(() => resolve()));
      // A kept-alive connection goes once its request is answered, not after the keep-alive timeout.
      server.on('request', (_request, response) => {
        if (!response.headersSent) response.setHeader('Connection', 'close');
      });
      const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
      const cut = setTimeout(() => {
        logger.warn('shutdown: grace period over, cutting the connections left', { grace_ms: SHUTDOWN_GRACE_MS });
        server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      logger.info('shutdown: ending notification streams', { streams: openStreamCount(hub) });
      // Bounded: a stream that does not end is cut with the other connections when the grace is over.
      await Promise.race([closeStreamsForShutdown(hub), requestsDone]);
      logger.info('shutdown: waiting for requests in flight');
      await requestsDone;
      clearInterval(idleSweep);
      clearTimeout(cut);
      logger.info('shutdown: finishing the mail batch in progress');
      await mailer.close();
      logger.info('shutdown: finishing the background jobs in progress');
      await background.settled();
      logger.info('shutdown: closing the notification hub and the database');
      await hub.close();
      await node.stop();
      await database.destroy();
      logger.info('shutdown: done', { ms: Math.round(performance.now() - began) });
    })();
    return closing;
  };

  return { url: `http://127.0.0.1:${actualPort}`, port: actualPort, seeded, deps, close };
}
