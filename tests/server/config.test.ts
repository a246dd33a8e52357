import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      database: { kind: 'sqlite', file: path.resolve('./data/labsongs.sqlite') },
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      smtpUrl: undefined,
      mailFrom: 'Labsongs <no-reply@labsongs.local>',
      jwtSecret: undefined,
      payoutKey: undefined,
      maxUploadBytes: 25 * 1024 * 1024,
      mediaUrlTtlSeconds: 3600,
      accessTokenTtlSeconds: 900,
      refreshWindowSeconds: 86_400,
      rememberRefreshWindowSeconds: 2_592_000,
      scryptCost: 17,
      rateLimits: {
        loginPerAccount: 5,
        loginPerClient: 30,
        forgotPerAccount: 3,
        forgotPerClient: 10,
        registerPerClient: 10,
        applyPerClient: 5,
        postbackPerClient: 120,
      },
      trustProxy: false,
      logLevel: 'info',
      minLeadDays: 3,
      platformFeePercent: 20,
      payments: { provider: 'sandbox' },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/labsongs-data',
      DATABASE_URL: 'postgres://u:p@db:5432/labsongs',
      PUBLIC_URL: 'https://labsongs.example/',
      SEED_DEMO: 'false',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Songs <songs@example.com>',
      JWT_SECRET: 'x'.repeat(40),
      ACCESS_TOKEN_TTL_SECONDS: '60',
      REFRESH_WINDOW_SECONDS: '600',
      REMEMBER_REFRESH_WINDOW_SECONDS: '6000',
      SCRYPT_COST: '14',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1',
      RATE_LIMIT_LOGIN_PER_CLIENT: '2',
      RATE_LIMIT_FORGOT_PER_ACCOUNT: '3',
      RATE_LIMIT_FORGOT_PER_CLIENT: '4',
      RATE_LIMIT_REGISTER_PER_CLIENT: '5',
      RATE_LIMIT_APPLY_PER_CLIENT: '6',
      PAYOUT_KEY: 'AB'.repeat(32),
      MAX_UPLOAD_MB: '2',
      MEDIA_URL_TTL_SECONDS: '600',
      TRUST_PROXY: 'yes',
      LOG_LEVEL: 'WARN',
      MIN_LEAD_DAYS: '5',
      PLATFORM_FEE_PERCENT: '15',
      OFFER_TTL_HOURS: '12',
      REVISION_LIMIT: '3',
      OFFER_SWEEP_SECONDS: '30',
      MAIL_POLL_SECONDS: '3',
      MAIL_DIGEST_MINUTES: '10',
      PAYMENT_PROVIDER: 'dragonpay',
      DRAGONPAY_MERCHANT_ID: 'LABSONGS',
      DRAGONPAY_PASSWORD: 'secret-key',
      DRAGONPAY_API_URL: 'https://gw.dragonpay.example/api/collect/v2',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/labsongs-data',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/labsongs' },
      publicUrl: 'https://labsongs.example',
      seedDemo: false,
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Songs <songs@example.com>',
      jwtSecret: 'x'.repeat(40),
      payoutKey: 'ab'.repeat(32),
      maxUploadBytes: 2 * 1024 * 1024,
      mediaUrlTtlSeconds: 600,
      accessTokenTtlSeconds: 60,
      refreshWindowSeconds: 600,
      rememberRefreshWindowSeconds: 6000,
      scryptCost: 14,
      rateLimits: {
        loginPerAccount: 1,
        loginPerClient: 2,
        forgotPerAccount: 3,
        forgotPerClient: 4,
        registerPerClient: 5,
        applyPerClient: 6,
        postbackPerClient: 120,
      },
      trustProxy: true,
      logLevel: 'warn',
      minLeadDays: 5,
      platformFeePercent: 15,
      offerTtlMs: 12 * 3_600_000,
      revisionLimit: 3,
      offerSweepMs: 30_000,
      mailPollMs: 3000,
      mailDigestMs: 600_000,
      payments: {
        provider: 'dragonpay',
        dragonpay: {
          merchantId: 'LABSONGS',
          password: 'secret-key',
          apiUrl: 'https://gw.dragonpay.example/api/collect/v2',
        },
      },
    });
  });

  it('derives PUBLIC_URL from PORT and treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '4000', PUBLIC_URL: '' }).publicUrl).toBe('http://localhost:4000');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['DATABASE_URL', 'mysql://db/labsongs'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['SEED_DEMO', 'maybe'],
    ['SMTP_URL', 'http://mail'],
    ['JWT_SECRET', 'short'],
    ['SCRYPT_COST', '30'],
    ['ACCESS_TOKEN_TTL_SECONDS', '-5'],
    ['RATE_LIMIT_LOGIN_PER_ACCOUNT', '0'],
    ['TRUST_PROXY', '2'],
    ['LOG_LEVEL', 'verbose'],
    ['PAYOUT_KEY', 'abc'],
    ['PAYOUT_KEY', 'g'.repeat(64)],
    ['MAX_UPLOAD_MB', '0'],
    ['MEDIA_URL_TTL_SECONDS', '10'],
    ['RATE_LIMIT_APPLY_PER_CLIENT', 'x'],
  ])('rejects %s=%s with a message naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
    expect((error as ConfigError).variables).toEqual([name]);
  });

  it('rejects a bad PORT with a message naming PORT (and does not echo secrets)', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ JWT_SECRET: 'tiny-secret' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ JWT_SECRET: 'tiny-secret' })).not.toThrow(/tiny-secret/);
    expect(() => loadConfig({ PAYOUT_KEY: 'deadbeef' })).not.toThrow(/deadbeef/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(/PORT.*LOG_LEVEL|LOG_LEVEL.*PORT/);
  });
});
