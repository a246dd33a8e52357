// The app's HTTP client (src/api/client.ts) makes its ky instance on the first call, so the first page
// does not download ky. These tests hold it to what its callers rely on: ky's answers and errors.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/api/client';
import { toApiError } from '../../src/api/errors';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
}

function answering(status: number, body: unknown): Seen[] {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    seen.push({
      method: input.method,
      url: input.url,
      headers: input.headers,
      body: input.method === 'GET' ? null : await input.text(),
    });
    return body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the HTTP client', () => {
  it('sends each call with the base, the token and the product headers, and reads its JSON', async () => {
    const seen = answering(200, { success: true, data: { id: 7 } });
    const http = createClient('/api/v1/user/', { getToken: () => 'token-1', onUnauthorized: () => {} });

    const answer = await http.post('orders', { json: { artist_id: 3 } }).json<{ data: { id: number } }>();

    expect(answer.data.id).toBe(7);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('POST');
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/api/v1/user/orders');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(seen[0]?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ artist_id: 3 });
  });

  it('answers the Response itself when awaited, and an empty body as ky does', async () => {
    answering(204, undefined);
    const http = createClient('/api/v1/user/', { getToken: () => null, onUnauthorized: () => {} });

    const response = await http.delete('orders/1');
    expect(response.status).toBe(204);
    expect(await http.delete('orders/1').json()).toBe('');
  });

  it('rejects a refused call with the server message and field errors, and reports a 401', async () => {
    answering(422, { message: 'Please fix the highlighted fields.', errors: { email: ['Email is required.'] } });
    const onUnauthorized = vi.fn();
    const http = createClient('/api/v1/user/', { getToken: () => null, onUnauthorized });

    const failure = await http
      .post('register', { json: {} })
      .json()
      .catch((error: unknown) => error);
    expect(await toApiError(failure)).toEqual({
      status: 422,
      message: 'Please fix the highlighted fields.',
      errors: { email: ['Email is required.'] },
    });
    expect(onUnauthorized).not.toHaveBeenCalled();

    answering(401, { message: 'Unauthenticated.' });
    const unauthorized = await http
      .get('me')
      .json()
      .catch((error: unknown) => error);
    expect(await toApiError(unauthorized)).toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reports a failure once, to the caller that reads the JSON', async () => {
    answering(500, { message: 'Server error.' });
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const http = createClient('/api/v1/user/', { getToken: () => null, onUnauthorized: () => {} });
      await expect(http.get('orders').json()).rejects.toMatchObject({ name: 'HTTPError' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
