import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../server/context';
import { createErrorHandler } from '../../server/http/errors';
import { strictTransportSecurity } from '../../server/http/security-headers';
import { applyServerTimeouts } from '../../server/http/timeouts';
import type { Logger } from '../../server/services/logger';
import { createHarness, databases, type Harness } from './harness';

// Hardening found on the way (issue 11): aborted bodies, server timeouts, HSTS on an https address.

function recordingLogger() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const log = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push({ level, message, fields });
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  return { logger, lines };
}

describe('a request body the client aborts', () => {
  it('is a 400 and a warning, never an unhandled error with a stack', async () => {
    const { logger, lines } = recordingLogger();
    const app = new Hono<AppEnv>();
    app.onError(createErrorHandler(logger));
    app.post('/upload', async (c) => c.json({ size: (await c.req.text()).length }));
    const controller = new AbortController();
    const body = new ReadableStream({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('partial'));
        setTimeout(() => {
          controller.abort();
          stream.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
        }, 10);
      },
    });
    const res = await app.request('/upload', {
      method: 'POST',
      body,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs it for a streamed body
      duplex: 'half',
    });
    expect(res.status).toBe(400);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(lines).toEqual([
      {
        level: 'warn',
        message: 'request body aborted by the client',
        fields: { method: 'POST', path: '/upload', status: 400 },
      },
    ]);
  });

  it('a real fault is still an unhandled error', async () => {
    const { logger, lines } = recordingLogger();
    const app = new Hono<AppEnv>();
    app.onError(createErrorHandler(logger));
    app.get('/boom', () => {
      throw new Error('boom');
    });
    expect((await app.request('/boom')).status).toBe(500);
    expect(lines.map((l) => l.message)).toEqual(['unhandled error']);
  });
});

describe('server timeouts', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.end(`got ${Buffer.concat(chunks).length}`));
    });
    applyServerTimeouts(server, { headersMs: 300, bodyMs: 300, uploadIdleMs: 300, requestMs: 5000 });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends `head`, then `chunks` every `everyMs`; answers what came back and whether the socket closed. */
  function slowClient(head: string, chunks: string[], everyMs: number) {
    return new Promise<{ answer: string; closedBy: 'server' | 'end' }>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let i = 0;
      socket.on('data', (d) => {
        answer += d.toString();
      });
      // The server cutting the connection may reach us as a reset: that is the expected outcome.
      socket.on('error', () => {});
      socket.on('close', () => resolve({ answer, closedBy: i < chunks.length ? 'server' : 'end' }));
      socket.write(head);
      const timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        if (i < chunks.length) socket.write(chunks[i++] as string);
        else {
          clearInterval(timer);
          setTimeout(() => socket.end(), 200);
        }
      }, everyMs);
    });
  }

  it('a JSON body must arrive whole in time', async () => {
    const head = 'POST /x HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const result = await slowClient(
      head,
      Array.from({ length: 10 }, () => '{"a":1}   '),
      100,
    );
    expect(result.closedBy).toBe('server');
    expect(result.answer).not.toContain('got 100');
  });

  it('an upload that keeps making progress may take longer; one that stalls is cut', async () => {
    const head = (length: number) =>
      `POST /u HTTP/1.1\r\nHost: t\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`;
    const steady = await slowClient(
      head(60),
      Array.from({ length: 6 }, () => '0123456789'),
      100,
    );
    expect(steady.answer).toContain('got 60');
    const stalled = await slowClient(head(60), ['0123456789'], 1000);
    expect(stalled.answer).not.toContain('got 60');
  });
});

describe.each(databases)('HSTS (%s)', (kind) => {
  let https: Harness;
  let http: Harness;
  beforeAll(async () => {
    https = await createHarness(kind, { env: { PUBLIC_URL: 'https://labsongs.example' } });
    http = await createHarness(kind);
  });
  afterAll(async () => {
    await https.close();
    await http.close();
  });

  it('is sent when PUBLIC_URL is https, and not otherwise', async () => {
    expect((await https.request('/api/health')).headers.get('strict-transport-security')).toBe(strictTransportSecurity);
    expect((await https.request('/nope')).headers.get('strict-transport-security')).toBe(strictTransportSecurity);
    expect((await http.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });
});
