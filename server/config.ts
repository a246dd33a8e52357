import { isIP } from 'node:net';
import path from 'node:path';
import * as v from 'valibot';

const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface RateLimitConfig {
  loginPerAccount: number;
  loginPerClient: number;
  forgotPerAccount: number;
  forgotPerClient: number;
  registerPerClient: number;
  applyPerClient: number;
  /** Payment provider callbacks per client address per minute (RATE_LIMIT_POSTBACK_PER_CLIENT). */
  postbackPerClient: number;
  /** Support requests (contact page, "Report a problem") per client address per hour. */
  supportPerClient: number;
}

/** DragonPay Payment Switch v2 (collect API) credentials, from DRAGONPAY_*. */
export interface DragonPayConfig {
  merchantId: string;
  /** The merchant password (API key): Basic auth on the collect API and the key of the SHA-1 digest. */
  password: string;
  /** The collect API base without a trailing slash, e.g. https://test.dragonpay.ph/api/collect/v2. */
  apiUrl: string;
}

const paymentProviders = ['sandbox', 'dragonpay'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

/** Which provider takes payments (PAYMENT_PROVIDER); DragonPay needs its credentials. */
export type PaymentsConfig = { provider: 'sandbox' } | { provider: 'dragonpay'; dragonpay: DragonPayConfig };

/**
 * Which proxies' `X-Forwarded-For` entries are believed (TRUST_PROXY): none, the last `hops` entries
 * (each proxy in front of the app appends the address it saw), or any proxy whose address is listed.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

/** Where uploaded files live (STORAGE_URL): the data dir's `uploads/` folder, or an S3-compatible bucket. */
export type StorageTarget =
  | { kind: 'local'; root: string }
  | {
      kind: 's3';
      bucket: string;
      /** Keys are stored under this prefix (`?prefix=`), without a leading or trailing slash; '' for none. */
      prefix: string;
      /** Unset: AWS itself. MinIO, R2, s3rver…: their URL, with path-style addressing. */
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
    };

export const DRAGONPAY_TEST_API_URL = 'https://test.dragonpay.ph/api/collect/v2';

export interface Config {
  /** NODE_ENV=production: secrets, an https PUBLIC_URL and a named payment provider are required. */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseTarget;
  storage: StorageTarget;
  publicUrl: string;
  seedDemo: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where people write to the team (SUPPORT_EMAIL): shown on the pages and in mails; required in production. */
  supportEmail: string;
  /** Unset: a generated secret is kept in `${dataDir}/jwt-secret` (see services/jwt-secret.ts). */
  jwtSecret: string | undefined;
  /** 64 hex characters (AES-256); unset: generated once into `${dataDir}/payout-key` (services/payout-key.ts). */
  payoutKey: string | undefined;
  /** Largest accepted upload file, in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** How long a signed media URL stays valid. */
  mediaUrlTtlSeconds: number;
  accessTokenTtlSeconds: number;
  refreshWindowSeconds: number;
  rememberRefreshWindowSeconds: number;
  scryptCost: number;
  rateLimits: RateLimitConfig;
  trustProxy: TrustProxy;
  /** Bearer token that guards GET /metrics; unset, /metrics is not served. */
  metricsToken: string | undefined;
  logLevel: LogLevel;
  payments: PaymentsConfig;
  /** Days from today to the earliest needed-by date of an order (MIN_LEAD_DAYS). */
  minLeadDays: number;
  /** The platform's share of an order's price, in percent (PLATFORM_FEE_PERCENT). */
  platformFeePercent: number;
  /** How long an artist has to answer an offer (OFFER_TTL_HOURS). */
  offerTtlMs: number;
  /** How many times a customer may send a delivered song back (REVISION_LIMIT). */
  revisionLimit: number;
  /** How often the scheduler looks for expired offers (OFFER_SWEEP_SECONDS). */
  offerSweepMs: number;
  /** How often the mail worker looks for mail to send (MAIL_POLL_SECONDS). */
  mailPollMs: number;
  /** The shortest time between two digests to one admin (MAIL_DIGEST_MINUTES). */
  mailDigestMs: number;
}

export type Env = Record<string, string | undefined>;

/** Thrown by loadConfig; the message names every variable that is wrong. */
export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const wholeNumber = (fallback: number, min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    v.trim(),
    v.regex(/^\d{1,10}$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
};

const truthy = ['true', '1', 'yes', 'on'];
const falsy = ['false', '0', 'no', 'off'];
const flag = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.picklist([...truthy, ...falsy], 'must be true or false'),
  v.transform((s) => truthy.includes(s)),
);

const httpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('must be an absolute http(s) URL'),
  v.regex(/^https?:\/\//i, 'must be an absolute http(s) URL'),
  v.transform((s) => s.replace(/\/+$/, '')),
);

const trustProxySchema = v.pipe(
  v.optional(v.string(), 'false'),
  v.trim(),
  v.check(
    (s) => parseTrustProxy(s) !== null,
    'must be false, true, a number of proxy hops (0 to 10), or a comma-separated list of proxy addresses or CIDR ranges',
  ),
  v.transform((s) => parseTrustProxy(s) as TrustProxy),
);

/** `false`/`true` (one proxy), a hop count, or proxy addresses and CIDR ranges; null when it is none of them. */
export function parseTrustProxy(raw: string): TrustProxy | null {
  const value = raw.trim().toLowerCase();
  if (falsy.includes(value)) return { kind: 'none' };
  if (truthy.includes(value)) return { kind: 'hops', hops: 1 };
  if (/^\d{1,2}$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) return null;
    return hops === 0 ? { kind: 'none' } : { kind: 'hops', hops };
  }
  const addresses = value.split(',').map((part) => part.trim());
  if (addresses.length === 0 || !addresses.every(isAddressOrRange)) return null;
  return { kind: 'addresses', addresses };
}

function isAddressOrRange(text: string): boolean {
  const [address = '', bits, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** `s3://bucket[/prefix]?endpoint=…&region=…`; null when the text is not such a URL. */
export function parseStorageUrl(raw: string): Extract<StorageTarget, { kind: 's3' }> | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 's3:' || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(url.hostname)) return null;
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/i.test(endpoint)) return null;
  const segments = [url.pathname, url.searchParams.get('prefix') ?? ''].join('/').split('/').filter(Boolean);
  // `.` and `..` mean nothing to S3 but climb out of the folder of a file-backed server (s3rver, some MinIO setups).
  if (segments.some((segment) => segment === '.' || segment === '..')) return null;
  const prefix = segments.join('/');
  if (!/^[A-Za-z0-9._\-/]*$/.test(prefix)) return null;
  const pathStyle = url.searchParams.get('path_style');
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix,
    endpoint: endpoint?.replace(/\/+$/, ''),
    region: url.searchParams.get('region') || 'us-east-1',
    // Path-style for any endpoint of our own (MinIO and s3rver need it); AWS itself uses virtual hosts.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : truthy.includes(pathStyle.toLowerCase()),
  };
}

const envSchema = v.object({
  NODE_ENV: v.optional(v.string()),
  PORT: wholeNumber(3000, 1, 65535),
  HOST: v.pipe(v.optional(v.string(), '0.0.0.0'), v.trim(), v.nonEmpty('must not be empty')),
  DATA_DIR: v.pipe(v.optional(v.string(), './data'), v.trim(), v.nonEmpty('must not be empty')),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^postgres(ql)?:\/\/\S+$/i, 'must be a postgres:// URL (or unset for SQLite)'),
    ),
  ),
  PUBLIC_URL: v.optional(httpUrl),
  SEED_DEMO: v.optional(flag),
  STORAGE_URL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) => parseStorageUrl(s) !== null,
        'must be an s3://bucket URL, e.g. s3://labsongs?endpoint=https://minio:9000&region=us-east-1',
      ),
    ),
  ),
  // Sent as `Authorization: Bearer <token>`: a space could never arrive whole.
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.regex(/^\S{16,}$/, 'must be at least 16 characters, without spaces'))),
  SMTP_URL: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^smtps?:\/\/\S+$/i, 'must be an smtp:// or smtps:// URL')),
  ),
  MAIL_FROM: v.pipe(
    v.optional(v.string(), 'Labsongs <no-reply@labsongs.local>'),
    v.trim(),
    v.nonEmpty('must not be empty'),
  ),
  // A real, monitored mailbox: people are told to write to it.
  SUPPORT_EMAIL: v.pipe(
    v.optional(v.string(), 'support@labsongs.local'),
    v.trim(),
    v.email('must be an email address, e.g. help@labsongs.ph'),
    v.maxLength(254, 'must be an email address, e.g. help@labsongs.ph'),
  ),
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  PAYOUT_KEY: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters')),
  ),
  MAX_UPLOAD_MB: wholeNumber(25, 1, 1024),
  MEDIA_URL_TTL_SECONDS: wholeNumber(3600, 60, 86_400),
  ACCESS_TOKEN_TTL_SECONDS: wholeNumber(900, 10, 86_400),
  REFRESH_WINDOW_SECONDS: wholeNumber(86_400, 60, 31_536_000),
  REMEMBER_REFRESH_WINDOW_SECONDS: wholeNumber(2_592_000, 60, 31_536_000),
  // Below 2^10 scrypt is too cheap to protect anything; above 2^20 one hash needs over 1 GB.
  SCRYPT_COST: wholeNumber(17, 10, 20),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: wholeNumber(5, 1, 100_000),
  RATE_LIMIT_LOGIN_PER_CLIENT: wholeNumber(30, 1, 100_000),
  RATE_LIMIT_FORGOT_PER_ACCOUNT: wholeNumber(3, 1, 100_000),
  RATE_LIMIT_FORGOT_PER_CLIENT: wholeNumber(10, 1, 100_000),
  RATE_LIMIT_REGISTER_PER_CLIENT: wholeNumber(10, 1, 100_000),
  RATE_LIMIT_APPLY_PER_CLIENT: wholeNumber(5, 1, 100_000),
  RATE_LIMIT_POSTBACK_PER_CLIENT: wholeNumber(120, 1, 100_000),
  RATE_LIMIT_SUPPORT_PER_CLIENT: wholeNumber(10, 1, 100_000),
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: v.pipe(
    v.optional(v.string(), 'info'),
    v.trim(),
    v.toLowerCase(),
    v.picklist(logLevels, `must be one of ${logLevels.join(', ')}`),
  ),
  MIN_LEAD_DAYS: wholeNumber(3, 0, 365),
  PLATFORM_FEE_PERCENT: wholeNumber(20, 0, 100),
  OFFER_TTL_HOURS: wholeNumber(24, 1, 24 * 30),
  REVISION_LIMIT: wholeNumber(2, 0, 10),
  OFFER_SWEEP_SECONDS: wholeNumber(60, 1, 3600),
  MAIL_POLL_SECONDS: wholeNumber(2, 1, 600),
  MAIL_DIGEST_MINUTES: wholeNumber(5, 1, 24 * 60),
  PAYMENT_PROVIDER: v.pipe(
    v.optional(v.string(), 'sandbox'),
    v.trim(),
    v.toLowerCase(),
    v.picklist(paymentProviders, `must be one of ${paymentProviders.join(', ')}`),
  ),
  DRAGONPAY_MERCHANT_ID: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -')),
  ),
  // Not trimmed: a password may legitimately contain any character.
  DRAGONPAY_PASSWORD: v.optional(v.pipe(v.string(), v.maxLength(200, 'must be at most 200 characters'))),
  DRAGONPAY_API_URL: v.optional(httpUrl, DRAGONPAY_TEST_API_URL),
});

/** Variables that only some settings need: `name → message` for each one missing. */
function missingDependentVariables(present: Env): Map<string, string> {
  const missing = new Map<string, string>();
  if (isProduction(present)) {
    for (const name of ['JWT_SECRET', 'PAYOUT_KEY', 'PUBLIC_URL', 'PAYMENT_PROVIDER', 'SUPPORT_EMAIL']) {
      if (present[name] === undefined) missing.set(name, 'is required when NODE_ENV is production');
    }
    if (present.PUBLIC_URL !== undefined && !/^https:\/\//i.test(present.PUBLIC_URL.trim())) {
      missing.set('PUBLIC_URL', 'must be an https:// URL when NODE_ENV is production');
    }
  }
  if ((present.PAYMENT_PROVIDER ?? '').trim().toLowerCase() === 'dragonpay') {
    for (const name of ['DRAGONPAY_MERCHANT_ID', 'DRAGONPAY_PASSWORD']) {
      if (present[name] === undefined) missing.set(name, 'is required when PAYMENT_PROVIDER is dragonpay');
    }
    // The default gateway is DragonPay's test one: production names its gateway rather than fall into it.
    if (isProduction(present) && present.DRAGONPAY_API_URL === undefined) {
      missing.set('DRAGONPAY_API_URL', 'is required when NODE_ENV is production and PAYMENT_PROVIDER is dragonpay');
    }
  }
  return missing;
}

const isProduction = (present: Env) => (present.NODE_ENV ?? '').trim().toLowerCase() === 'production';

/** Reads and validates the environment once; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Env = process.env): Config {
  // An empty variable (`PORT= npm start`) means "use the default", as most tools read it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(envSchema, present);
  const dependent = missingDependentVariables(present);
  if (!result.success || dependent.size > 0) {
    const problems = new Map<string, string>();
    for (const issue of result.success ? [] : result.issues) {
      const name = String(issue.path?.[0]?.key ?? 'environment');
      if (!problems.has(name)) problems.set(name, issue.message);
    }
    for (const [name, message] of dependent) if (!problems.has(name)) problems.set(name, message);
    const lines = [...problems].map(([name, message]) => `${name} ${message}`);
    throw new ConfigError([...problems.keys()], `Invalid environment variable: ${lines.join('; ')}`);
  }
  const e = result.output;
  const dataDir = path.resolve(e.DATA_DIR);
  const production = isProduction(present);
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'labsongs.sqlite') },
    storage: e.STORAGE_URL
      ? (parseStorageUrl(e.STORAGE_URL) as StorageTarget)
      : { kind: 'local', root: path.join(dataDir, 'uploads') },
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    // Demo accounts have published passwords: a production database gets them only when asked by name.
    seedDemo: e.SEED_DEMO ?? !production,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    jwtSecret: e.JWT_SECRET,
    payoutKey: e.PAYOUT_KEY?.toLowerCase(),
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshWindowSeconds: e.REFRESH_WINDOW_SECONDS,
    rememberRefreshWindowSeconds: e.REMEMBER_REFRESH_WINDOW_SECONDS,
    scryptCost: e.SCRYPT_COST,
    rateLimits: {
      loginPerAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerClient: e.RATE_LIMIT_LOGIN_PER_CLIENT,
      forgotPerAccount: e.RATE_LIMIT_FORGOT_PER_ACCOUNT,
      forgotPerClient: e.RATE_LIMIT_FORGOT_PER_CLIENT,
      registerPerClient: e.RATE_LIMIT_REGISTER_PER_CLIENT,
      applyPerClient: e.RATE_LIMIT_APPLY_PER_CLIENT,
      postbackPerClient: e.RATE_LIMIT_POSTBACK_PER_CLIENT,
      supportPerClient: e.RATE_LIMIT_SUPPORT_PER_CLIENT,
    },
    trustProxy: e.TRUST_PROXY,
    metricsToken: e.METRICS_TOKEN,
    logLevel: e.LOG_LEVEL,
    minLeadDays: e.MIN_LEAD_DAYS,
    platformFeePercent: e.PLATFORM_FEE_PERCENT,
    offerTtlMs: e.OFFER_TTL_HOURS * 3_600_000,
    revisionLimit: e.REVISION_LIMIT,
    offerSweepMs: e.OFFER_SWEEP_SECONDS * 1000,
    mailPollMs: e.MAIL_POLL_SECONDS * 1000,
    mailDigestMs: e.MAIL_DIGEST_MINUTES * 60_000,
    payments:
      e.PAYMENT_PROVIDER === 'dragonpay'
        ? {
            provider: 'dragonpay',
            dragonpay: {
              merchantId: e.DRAGONPAY_MERCHANT_ID as string,
              password: e.DRAGONPAY_PASSWORD as string,
              apiUrl: e.DRAGONPAY_API_URL,
            },
          }
        : { provider: 'sandbox' },
  };
}
