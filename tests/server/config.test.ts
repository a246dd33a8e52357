import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  DRAGONPAY_TEST_API_URL,
  type Env,
  loadConfig,
  parseStorageUrl,
  parseTrustProxy,
} from '../../server/config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      production: false,
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      database: { kind: 'sqlite', file: path.resolve('./data/labsongs.sqlite') },
      storage: { kind: 'local', root: path.resolve('./data/uploads') },
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
      trustProxy: { kind: 'none' },
      metricsToken: undefined,
      logLevel: 'info',
      minLeadDays: 3,
      platformFeePercent: 20,
      payments: { provider: 'sandbox' },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/labsongs-data',
      DATABASE_URL: 'postgres://u:p@db:5432/labsongs',
      PUBLIC_URL: 'https://labsongs.example/',
      SEED_DEMO: 'false',
      STORAGE_URL: 's3://labsongs-media/prod?endpoint=https://minio.example:9000&region=ap-southeast-1',
      METRICS_TOKEN: 'm'.repeat(24),
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Songs <songs@example.com>',
      SUPPORT_EMAIL: 'help@songs.example.com',
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
      RATE_LIMIT_SUPPORT_PER_CLIENT: '7',
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
      production: true,
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/tmp/labsongs-data',
      database: { kind: 'postgres', url: 'postgres://u:p@db:5432/labsongs' },
      storage: {
        kind: 's3',
        bucket: 'labsongs-media',
        prefix: 'prod',
        endpoint: 'https://minio.example:9000',
        region: 'ap-southeast-1',
        forcePathStyle: true,
      },
      publicUrl: 'https://labsongs.example',
      seedDemo: false,
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Songs <songs@example.com>',
      supportEmail: 'help@songs.example.com',
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
        supportPerClient: 7,
      },
      trustProxy: { kind: 'hops', hops: 1 },
      metricsToken: 'm'.repeat(24),
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
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['STORAGE_URL', 'https://bucket.example'],
    ['STORAGE_URL', 's3://UPPER'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'long enough but with spaces'],
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

describe('STORAGE_URL', () => {
  it.each([
    [
      's3://labsongs',
      { bucket: 'labsongs', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false },
    ],
    [
      's3://labsongs/media/v1/?endpoint=http://127.0.0.1:9000/&region=auto',
      {
        bucket: 'labsongs',
        prefix: 'media/v1',
        endpoint: 'http://127.0.0.1:9000',
        region: 'auto',
        forcePathStyle: true,
      },
    ],
    [
      's3://my.bucket-1?prefix=/uploads/&path_style=false&endpoint=https://r2.example',
      {
        bucket: 'my.bucket-1',
        prefix: 'uploads',
        endpoint: 'https://r2.example',
        region: 'us-east-1',
        forcePathStyle: false,
      },
    ],
    [
      's3://labsongs?path_style=true',
      { bucket: 'labsongs', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: true },
    ],
  ])('reads %s', (raw, expected) => {
    expect(parseStorageUrl(raw)).toEqual({ kind: 's3', ...expected });
    expect(loadConfig({ STORAGE_URL: raw }).storage).toEqual({ kind: 's3', ...expected });
  });

  it.each([
    'labsongs',
    'http://labsongs.example/bucket',
    's3://',
    's3://ab',
    's3://Bad_Bucket',
    's3://-leading',
    's3://labsongs?endpoint=ftp://files.example',
    's3://labsongs?endpoint=minio:9000',
    's3://labsongs/a%20b',
    's3://labsongs?prefix=../../etc',
  ])('refuses %s, naming the variable', (raw) => {
    expect(parseStorageUrl(raw)).toBeNull();
    expect(() => loadConfig({ STORAGE_URL: raw })).toThrow(/STORAGE_URL/);
  });

  it('keeps files in the data dir when unset', () => {
    expect(loadConfig({ DATA_DIR: '/srv/labsongs' }).storage).toEqual({ kind: 'local', root: '/srv/labsongs/uploads' });
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    ['false', { kind: 'none' }],
    ['0', { kind: 'none' }],
    ['no', { kind: 'none' }],
    ['true', { kind: 'hops', hops: 1 }],
    ['1', { kind: 'hops', hops: 1 }],
    ['2', { kind: 'hops', hops: 2 }],
    ['10', { kind: 'hops', hops: 10 }],
    ['10.0.0.5', { kind: 'addresses', addresses: ['10.0.0.5'] }],
    ['10.0.0.0/8, 192.168.1.1', { kind: 'addresses', addresses: ['10.0.0.0/8', '192.168.1.1'] }],
    ['::1,fd00::/8', { kind: 'addresses', addresses: ['::1', 'fd00::/8'] }],
  ])('reads %s', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each([
    'maybe',
    '11',
    '-1',
    '2.5',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.1/8/8',
    '10.0.0.256',
    'nginx',
    '10.0.0.1,',
    '10.0.0.1;10.0.0.2',
  ])('refuses %s, naming the variable', (raw) => {
    expect(parseTrustProxy(raw)).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY/);
  });
});

describe('production mode (NODE_ENV=production)', () => {
  const secrets: Env = {
    NODE_ENV: 'production',
    JWT_SECRET: 'j'.repeat(48),
    PAYOUT_KEY: 'cd'.repeat(32),
    PUBLIC_URL: 'https://songs.example',
    PAYMENT_PROVIDER: 'dragonpay',
    SUPPORT_EMAIL: 'help@songs.example',
    DRAGONPAY_MERCHANT_ID: 'LABSONGS',
    DRAGONPAY_PASSWORD: 'merchant-password',
    DRAGONPAY_API_URL: 'https://gw.dragonpay.example/api/collect/v2',
  };
  const errorOf = (env: Env): ConfigError => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('loadConfig accepted the environment');
  };

  it('names every missing variable in one message', () => {
    const error = errorOf({ NODE_ENV: 'production' });
    expect(error.variables.sort()).toEqual([
      'JWT_SECRET',
      'PAYMENT_PROVIDER',
      'PAYOUT_KEY',
      'PUBLIC_URL',
      'SUPPORT_EMAIL',
    ]);
    for (const name of error.variables) expect(error.message).toMatch(new RegExp(`${name} is required`));
  });

  it('names the missing ones among bad ones, without echoing secrets', () => {
    const error = errorOf({ NODE_ENV: 'production', JWT_SECRET: 'too-short-secret', PORT: 'x' });
    expect(error.variables.sort()).toEqual([
      'JWT_SECRET',
      'PAYMENT_PROVIDER',
      'PAYOUT_KEY',
      'PORT',
      'PUBLIC_URL',
      'SUPPORT_EMAIL',
    ]);
    expect(error.message).not.toContain('too-short-secret');
  });

  it.each(['JWT_SECRET', 'PAYOUT_KEY', 'PUBLIC_URL', 'PAYMENT_PROVIDER', 'SUPPORT_EMAIL'])(
    'refuses to start without %s',
    (name) => {
      const error = errorOf({ ...secrets, [name]: undefined });
      expect(error.variables).toEqual([name]);
    },
  );

  it('counts an empty variable as missing', () => {
    expect(errorOf({ ...secrets, JWT_SECRET: '' }).variables).toEqual(['JWT_SECRET']);
  });

  it('wants an https PUBLIC_URL', () => {
    const error = errorOf({ ...secrets, PUBLIC_URL: 'http://songs.example' });
    expect(error.variables).toEqual(['PUBLIC_URL']);
    expect(error.message).toContain('https');
  });

  it('wants the named provider’s credentials too, in the same message', () => {
    const error = errorOf({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'dragonpay' });
    expect(error.variables.sort()).toEqual([
      'DRAGONPAY_API_URL',
      'DRAGONPAY_MERCHANT_ID',
      'DRAGONPAY_PASSWORD',
      'JWT_SECRET',
      'PAYOUT_KEY',
      'PUBLIC_URL',
      'SUPPORT_EMAIL',
    ]);
  });

  it('wants DragonPay’s gateway named, never its test gateway by default', () => {
    expect(errorOf({ ...secrets, DRAGONPAY_API_URL: undefined }).variables).toEqual(['DRAGONPAY_API_URL']);
    // Outside production the test gateway stays the default.
    const { NODE_ENV: _mode, DRAGONPAY_API_URL: _url, ...development } = secrets;
    expect(loadConfig(development).payments).toMatchObject({ dragonpay: { apiUrl: DRAGONPAY_TEST_API_URL } });
  });

  it('starts with them, without demo data unless SEED_DEMO=true', () => {
    const config = loadConfig(secrets);
    expect(config).toMatchObject({ production: true, seedDemo: false, publicUrl: 'https://songs.example' });
    expect(config.payments.provider).toBe('dragonpay');
    expect(loadConfig({ ...secrets, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...secrets, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('runs the sandbox only when it is named', () => {
    const { DRAGONPAY_MERCHANT_ID: _id, DRAGONPAY_PASSWORD: _password, DRAGONPAY_API_URL: _url, ...rest } = secrets;
    expect(loadConfig({ ...rest, PAYMENT_PROVIDER: 'sandbox' }).payments).toEqual({ provider: 'sandbox' });
    expect(errorOf({ ...rest, PAYMENT_PROVIDER: undefined }).variables).toEqual(['PAYMENT_PROVIDER']);
  });

  it('reads NODE_ENV in any case; any other value is development, with its defaults', () => {
    expect(loadConfig({ ...secrets, NODE_ENV: ' Production ' }).production).toBe(true);
    for (const value of ['development', 'test', 'prod']) {
      const config = loadConfig({ NODE_ENV: value });
      expect(config).toMatchObject({ production: false, seedDemo: true, payments: { provider: 'sandbox' } });
    }
  });

  it('keeps demo data on in development unless SEED_DEMO=false', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false);
  });
});
