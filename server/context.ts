import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { AppDatabase } from './db/database';
import type { DB, UserRow } from './db/schema';
import type { Readiness } from './http/health.routes';
import type { MediaSigner } from './media/signed-url';
import type { NotificationHub } from './notifications/hub';
import type { Clock } from './services/clock';
import type { Logger } from './services/logger';
import type { Mailer } from './services/mail';
import type { Metrics } from './services/metrics';
import type { PasswordHasher } from './services/passwords';
import type { PayoutCipher } from './services/payout-cipher';
import type { RateLimiter } from './services/rate-limit';
import type { Storage } from './services/storage';
import type { AccessClaims, TokenService } from './services/tokens';

/** What the process hands to createApp; tests build their own. */
export interface AppDeps {
  config: Config;
  database: AppDatabase;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** Resolved JWT secret (services/jwt-secret.ts). */
  jwtSecret: string;
  /** Resolved 32-byte payout encryption key (services/payout-key.ts). */
  payoutKey: Buffer;
  /** Uploaded files; defaults to local disk under `${dataDir}/uploads`. */
  storage?: Storage;
  /** The built SPA (vite's dist/); null or a missing folder serves no static files. */
  staticRoot?: string | null;
  /** Folder with the `<code>.svg` country flags; defaults to flag-icons' 4x3 set. */
  flagsDir?: string;
  /** Wakes notification streams; defaults to this process only (server.ts passes the PostgreSQL one). */
  hub?: NotificationHub;
  /** Flipped by the shutdown (server.ts): /api/health/ready answers 503 from then on. */
  readiness?: Readiness;
}

export interface AuthState {
  user: UserRow;
  claims: AccessClaims;
}

/** Per-request context variables: every dependency a handler may use, never a module singleton. */
export interface AppVariables {
  config: Config;
  database: AppDatabase;
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  passwords: PasswordHasher;
  tokens: TokenService;
  rateLimiter: RateLimiter;
  storage: Storage;
  /** Signs and checks the short-lived `/media/audio/…` URLs. */
  media: MediaSigner;
  /** Seals payout account numbers at rest. */
  payouts: PayoutCipher;
  /** Publish the recipients of committed notifications here; streams subscribe to it. */
  hub: NotificationHub;
  /** This app's Prometheus registry and the counters handlers increment. */
  metrics: Metrics;
  /** Set by requireAuth only. */
  auth: AuthState | undefined;
}

export interface AppEnv {
  Variables: AppVariables;
}

// biome-ignore lint/suspicious/noExplicitAny: handlers accept a context whatever route and validated input it came with.
export type AppContext = Context<AppEnv, any, any>;
