import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { REQUEST_ID_HEADER, requestId } from '../../server/http/request-id';
import { createLogger, redactedKeys, withLogFields } from '../../server/services/logger';
import { createHarness, databases, type Harness } from './harness';

const capture = (level: Parameters<typeof createLogger>[0] = 'debug') => {
  const lines: string[] = [];
  return {
    lines,
    logger: createLogger(level, (line) => lines.push(line)),
    entries: () => lines.map((l) => JSON.parse(l)),
  };
};

describe('logger', () => {
  it('writes one JSON line per event with time, level, message and the fields, from the level up', () => {
    const { lines, logger, entries } = capture('info');
    logger.debug('hidden');
    logger.info('order moved', { order_id: 7, from: 'offered' });
    logger.warn('slow', { ms: 12.5 });
    logger.error('broken');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain('\n');
    const [info, warn, error] = entries();
    expect(info).toEqual({
      time: expect.any(String),
      level: 'info',
      message: 'order moved',
      order_id: 7,
      from: 'offered',
    });
    expect(new Date(info.time).toISOString()).toBe(info.time);
    expect(warn).toMatchObject({ level: 'warn', message: 'slow', ms: 12.5 });
    expect(error).toMatchObject({ level: 'error', message: 'broken' });
  });

  it('writes nothing when silent', () => {
    const { lines, logger } = capture('silent');
    logger.error('boom');
    expect(lines).toEqual([]);
  });

  const secrets = {
    password: 'Secret123',
    password_hash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
    token: 'eyJhbGciOi.payload.sig',
    authorization: 'Bearer abc.def.ghi',
    cookie: 'session=s3cr3t',
    gift_token: 'Gf7kQ2xLmN9pR4sT6vW8yZ1a',
    account_number: '001234567890',
    sig: 'c2lnbmF0dXJl',
  };

  it.each(Object.entries(secrets))('never writes a %s, at the top or nested one or two levels deep', (key, value) => {
    const { lines, logger, entries } = capture();
    logger.info('top', { [key]: value });
    logger.info('one down', { request: { [key]: value, kept: 'visible' } });
    logger.info('two down', { call: { headers: { [key]: value } } });
    logger.info('in a list', { rows: [{ [key]: value }] });
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).not.toContain(value);
    const [top, one, two, list] = entries();
    expect(top[key]).toBe('[redacted]');
    expect(one.request).toEqual({ [key]: '[redacted]', kept: 'visible' });
    expect(two.call.headers[key]).toBe('[redacted]');
    expect(list.rows[0][key]).toBe('[redacted]');
  });

  it('redacts every listed secret field name at the top level', () => {
    const { lines, logger, entries } = capture();
    logger.warn('everything', Object.fromEntries(redactedKeys.map((key) => [key, `value-of-${key}`])));
    expect(lines[0]).not.toMatch(/value-of-/);
    const entry = entries()[0];
    for (const key of redactedKeys) expect(entry[key]).toBe('[redacted]');
  });

  it('serialises an error as its name, message and stack, without the properties it carries', () => {
    const { logger, entries } = capture();
    const error = Object.assign(new TypeError('bad thing'), { code: 'E_BAD', detail: 'row (password)=(hunter2)' });
    logger.error('failed', { error });
    const { error: written } = entries()[0];
    expect(written).toEqual({
      name: 'TypeError',
      message: 'bad thing',
      stack: expect.stringContaining('TypeError: bad thing'),
      code: 'E_BAD',
    });
    expect(JSON.stringify(written)).not.toContain('hunter2');
  });

  it('adds the scope fields to every line written inside it, through awaits and timers, and nowhere else', async () => {
    const { logger, entries } = capture();
    await withLogFields({ request_id: 'req-1' }, async () => {
      logger.info('first');
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.info('after a timer');
    });
    logger.info('outside');
    const [first, later, outside] = entries();
    expect(first.request_id).toBe('req-1');
    expect(later.request_id).toBe('req-1');
    expect(outside).not.toHaveProperty('request_id');
  });
});

describe.each(databases)('request ids and the request line (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  const appWith = () => {
    const log = capture();
    return { ...log, app: createApp({ ...h.deps, logger: log.logger }) };
  };

  it('keeps a sane X-Request-Id, answers it, and puts it on the request line with the route pattern', async () => {
    const { app, entries } = appWith();
    const res = await app.request('/api/v1/user/artists/123456?secret=1', {
      headers: { [REQUEST_ID_HEADER]: 'edge-42:a.b_c' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe('edge-42:a.b_c');
    const line = entries().find((e) => e.message === 'request');
    expect(line).toMatchObject({
      request_id: 'edge-42:a.b_c',
      method: 'GET',
      path: '/api/v1/user/artists/123456',
      route: '/api/v1/user/artists/:id',
      status: 404,
    });
    expect(JSON.stringify(line)).not.toContain('secret=1');
  });

  it.each([
    ['with a space', 'a b'],
    ['with a quote', 'x"y'],
    ['too long', 'a'.repeat(129)],
    ['empty', ''],
  ])('replaces an id %s with a fresh one', async (_, given) => {
    const { app, entries } = appWith();
    const res = await app.request('/api/ping', { headers: { [REQUEST_ID_HEADER]: given } });
    const answered = res.headers.get(REQUEST_ID_HEADER);
    expect(answered).toMatch(/^[0-9a-f-]{36}$/);
    expect(entries().find((e) => e.message === 'request')?.request_id).toBe(answered);
  });

  it('answers the id on a Response a handler built itself, as the static files are', async () => {
    const app = new Hono().use('*', requestId());
    app.get('/file', () => new Response('bytes', { headers: { 'Content-Type': 'text/plain' } }));
    const res = await app.request('/file', { headers: { [REQUEST_ID_HEADER]: 'file-1' } });
    expect(res.headers.get(REQUEST_ID_HEADER)).toBe('file-1');
  });

  it.each([
    ['/gift/Gq3xTokenSecret', '/gift/:token'],
    ['/api/v1/user/gifts/Gq3xTokenSecret/thanks', '/api/v1/user/gifts/:token/thanks'],
  ])('logs %s without the gift link’s token', async (path, logged) => {
    const { app, entries } = appWith();
    await app.request(path);
    const line = entries().find((e) => e.message === 'request');
    expect(line?.path).toBe(logged);
    expect(JSON.stringify(line)).not.toContain('Gq3xTokenSecret');
  });

  it('gives each request its own id when none is sent', async () => {
    const { app } = appWith();
    const a = (await app.request('/api/ping')).headers.get(REQUEST_ID_HEADER);
    const b = (await app.request('/api/ping')).headers.get(REQUEST_ID_HEADER);
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('labels a request no route took as unmatched, never by its raw path', async () => {
    const { app, entries } = appWith();
    await app.request('/api/v1/nothing/here/42');
    expect(entries().find((e) => e.message === 'request')).toMatchObject({ route: 'unmatched', status: 404 });
  });

  it('carries the id on the lines services write while the request runs, and refuses bad input with 422', async () => {
    const { app, entries } = appWith();
    const refused = await app.request('/api/v1/payments/sandbox/postback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', [REQUEST_ID_HEADER]: 'cb-1' },
      body: new URLSearchParams({ txnid: 'nope', status: 'succeeded', signature: 'f'.repeat(64) }).toString(),
    });
    expect(refused.status).toBe(400);
    const service = entries().find((e) => e.message === 'payment callback refused');
    expect(service?.request_id).toBe('cb-1');
    expect(entries().find((e) => e.message === 'request')?.request_id).toBe('cb-1');

    const invalid = await app.request('/api/v1/user/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [REQUEST_ID_HEADER]: 'login-1' },
      body: JSON.stringify({ email: 'not an email', password: '' }),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get(REQUEST_ID_HEADER)).toBe('login-1');
    expect(((await invalid.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty('email');
  });
});
