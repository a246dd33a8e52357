import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../contracts/server-messages';
import { contentSecurityPolicy } from '../../server/http/security-headers';
import { createHarness, databases, type Harness, isFailureEnvelope, registration } from './harness';

describe.each(databases)('HTTP envelope and errors (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('answers malformed JSON with 400 malformedJson', async () => {
    const answer = await h.call('POST', '/api/v1/user/auth/login', '{"email": "a@b.c",');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: serverMessages.malformedJson });
  });

  it('answers an empty JSON body with 400', async () => {
    const answer = await h.call('POST', '/api/v1/user/auth/login', '');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: serverMessages.malformedJson });
  });

  it('answers a body without a JSON Content-Type with 415', async () => {
    const wrongType = await h.call(
      'POST',
      '/api/v1/user/auth/login',
      JSON.stringify({ email: 'a@b.c', password: 'x' }),
      {
        headers: { 'Content-Type': 'text/plain' },
      },
    );
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toEqual({ message: serverMessages.unsupportedMediaType });

    const form = await h.call('POST', '/api/v1/user/auth/register', 'email=a%40b.c', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);

    // fetch labels a string body text/plain; a byte body goes without any Content-Type.
    const textPlain = await h.request('/api/v1/user/auth/login', { method: 'POST', body: '{}' });
    const bare = await h.request('/api/v1/user/auth/login', { method: 'POST', body: new Uint8Array([123, 125]) });
    expect(bare.headers.get('content-type')).toMatch(/json/);
    expect(textPlain.status).toBe(415);
    expect(bare.status).toBe(415);
    expect(await bare.json()).toEqual({ message: serverMessages.unsupportedMediaType });
  });

  it('accepts a JSON Content-Type with a charset', async () => {
    const answer = await h.call('POST', '/api/v1/user/auth/register', registration(), {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(answer.status).toBe(201);
  });

  it('answers a body over 64 KB with 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(70 * 1024) });
    const declared = await h.call('POST', '/api/v1/user/auth/login', big, {
      headers: { 'Content-Length': String(Buffer.byteLength(big)) },
    });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ message: serverMessages.payloadTooLarge });

    const streamed = await h.request('/api/v1/user/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ message: serverMessages.payloadTooLarge });
  });

  it('accepts a body just under 64 KB (and validates it)', async () => {
    const body = JSON.stringify({ email: 'a@b.c', password: 'x', filler: 'y'.repeat(60 * 1024) });
    const answer = await h.call('POST', '/api/v1/user/auth/login', body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.filler).toEqual(['This field is not accepted']);
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/v1/user/nope', '/api/v1/customer/auth/login', '/api']) {
      const answer = await h.call('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toEqual({ message: serverMessages.routeNotFound });
      expect(answer.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
    const wrongMethod = await h.call('DELETE', '/api/v1/user/auth/login');
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body).toEqual({ message: serverMessages.routeNotFound });
  });

  it('only the user area has /auth/register', async () => {
    for (const area of ['artist', 'admin']) {
      const answer = await h.call('POST', `/api/v1/${area}/auth/register`, registration());
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ message: serverMessages.routeNotFound });
    }
  });

  it('never answers 500 or leaks a stack trace on hostile input', async () => {
    const bodies: unknown[] = [
      null,
      [],
      42,
      'text',
      true,
      { email: null, password: null },
      { email: 42, password: ['a'], remember: 'yes' },
      { email: { $gt: '' }, password: { length: 1 } },
      { __proto__: { admin: true }, email: 'a@b.c', password: 'x' },
      { constructor: { prototype: {} } },
      { email: 'a@b.c\u0000', password: '\u{1F600}'.repeat(40) },
      { email: `${'a'.repeat(300)}@b.c`, password: 'x' },
      { token: 'x'.repeat(5000), email: 'a@b.c', password: 'Secret123', password_confirmation: 'Secret123' },
      // Raw JSON: a literal "__proto__" key is an own property after JSON.parse.
      '{"__proto__": {"polluted": true}, "email": "a@example.com", "password": "x"}',
      '{"email": "a@example.com", "password": "Secret123", "hasOwnProperty": 1, "toString": 2}',
    ];
    const routes: [string, string][] = [
      ['POST', '/api/v1/user/auth/login'],
      ['POST', '/api/v1/artist/auth/login'],
      ['POST', '/api/v1/admin/auth/login'],
      ['POST', '/api/v1/user/auth/register'],
      ['POST', '/api/v1/user/password/forgot'],
      ['PATCH', '/api/v1/user/password/reset'],
      ['PATCH', '/api/v1/artist/password/reset'],
    ];
    for (const [method, path] of routes) {
      for (const body of bodies) {
        const answer = await h.call(
          method,
          path,
          typeof body === 'string' && body.startsWith('{') ? body : JSON.stringify(body),
        );
        expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(isFailureEnvelope(answer.body), answer.text).toBe(true);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const headerTricks = [
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearer a.b.c',
      `Bearer ${'a'.repeat(5000)}`,
      'Bearer ../../etc',
    ];
    for (const value of headerTricks) {
      const answer = await h.call('GET', '/api/v1/user/auth/me', undefined, { headers: { Authorization: value } });
      expect(answer.status, value).toBe(401);
      expect(isFailureEnvelope(answer.body)).toBe(true);
    }
  });

  it('answers a failure it did not foresee with a bare 500 serverError and no stack', async () => {
    const broken = await createHarness(kind);
    try {
      await broken.database.destroy();
      const answer = await broken.call('POST', '/api/v1/user/auth/login', {
        email: 'a@example.com',
        password: 'whatever1',
      });
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({ message: serverMessages.serverError });
      expect(answer.text).not.toMatch(/destroyed|Error|at /);
      expect(answer.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    } finally {
      await broken.close();
    }
  });

  it('puts the security headers and no-store on every API answer, errors included', async () => {
    const answers = [
      await h.call('GET', '/api/health'),
      await h.call('GET', '/api/nope'),
      await h.call('POST', '/api/v1/user/auth/login', '{'),
      await h.call('GET', '/api/v1/user/auth/me'),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
      expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(answer.headers.get('permissions-policy')).toContain('microphone=(self)');
      expect(answer.headers.get('permissions-policy')).toContain('camera=()');
      expect(answer.headers.get('permissions-policy')).toContain('geolocation=()');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });
});
