import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/http/security-headers';
import { createHarness, databases, type Harness } from './harness';
import { answerChecker } from './openapi-check';

const methods = ['get', 'put', 'post', 'delete', 'patch'];

describe.each(databases)('the OpenAPI document (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('GET /api/openapi.json answers an OpenAPI 3.1 document: info, paths, and responses on every operation', async () => {
    const answer = await h.call('GET', '/api/openapi.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toMatch(/public/);
    const document = answer.body;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Labsongs API', version: expect.any(String) });
    const operations = Object.entries(document.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(90);
    for (const { path, method, operation } of operations) {
      expect(methods, `${method} ${path}`).toContain(method);
      expect(operation.summary, `${method} ${path} has a summary`).toEqual(expect.any(String));
      expect(operation.tags?.length, `${method} ${path} has a tag`).toBeGreaterThan(0);
      expect(Object.keys(operation.responses).length, `${method} ${path} lists its answers`).toBeGreaterThan(1);
    }
  });

  it('carries request bodies and queries from the routes’ valibot schemas, and marks token-only calls', async () => {
    const { body: document } = await h.call('GET', '/api/openapi.json');
    const register = document.paths['/api/v1/user/auth/register'].post;
    const schema = register.requestBody.content['application/json'].schema;
    expect(schema.properties).toHaveProperty('email');
    expect(Object.keys(register.responses)).toEqual(expect.arrayContaining(['201', '400', '413', '415', '422']));
    const orders = document.paths['/api/v1/user/orders'].get;
    expect(orders.security).toEqual([{ bearer: [] }]);
    expect(orders.parameters.map((p: { name: string }) => p.name)).toContain('cursor');
    const order = document.paths['/api/v1/user/orders/{id}'].get;
    expect(order.parameters).toContainEqual(
      expect.objectContaining({ in: 'path', name: 'id', schema: { type: 'string', pattern: '^(?:[0-9]{1,9})$' } }),
    );
    expect(document.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('GET /api/docs renders the document as a page with no script, under the same security policy', async () => {
    const res = await h.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    const html = await res.text();
    expect(html).not.toMatch(/<script|https?:\/\/(?!labsongs)/i);
    expect(html).toContain('<code>/api/v1/user/auth/login</code>');
    expect(html).toContain('Log in with email and password');
    expect(html).toContain('Request body (application/json)');
  });

  it('catches an answer that does not match: wrong body, unlisted status, undocumented route', async () => {
    const { body: document } = await h.call('GET', '/api/openapi.json');
    const checker = answerChecker(document);
    const me = (body: unknown, status = 200) =>
      checker.problemWith({
        method: 'GET',
        url: '/api/v1/user/auth/me',
        status,
        contentType: 'application/json',
        body,
      });
    const user = (await h.call('POST', '/api/v1/user/auth/register', { bad: true })).body;
    expect(user).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    // A user object missing its email, and one with a field the document does not know.
    const good = {
      data: {
        id: 1,
        user_id: 'abc',
        type: 'user',
        full_name: 'A B',
        first_name: 'A',
        middle_name: null,
        last_name: 'B',
        email: 'a@example.test',
        avatar: null,
        contact_number: null,
        country: null,
        dial_code: null,
        app_status: null,
        application_progress: null,
        is_first_time_login: 0,
        is_online: 0,
        featured_song_path: null,
      },
    };
    expect(me(good)).toBeUndefined();
    const { email: _email, ...withoutEmail } = good.data;
    expect(me({ data: withoutEmail })).toMatch(/must have required property 'email'/);
    expect(me({ data: { ...good.data, password: 'x' } })).toMatch(/additional properties/);
    expect(me({ message: 42 }, 401)).toMatch(/body the document refuses/);
    expect(me({ message: 'gone' }, 410)).toMatch(/does not list/);
    expect(checker.problemWith({ method: 'GET', url: '/api/v1/user/nowhere', status: 200, contentType: null })).toMatch(
      /no operation/,
    );
    // Not a route: the app's own 404 is fine anywhere.
    const missing = await h.call('GET', '/api/v1/user/nowhere');
    expect(missing.status).toBe(404);
  });
});
