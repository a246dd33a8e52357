import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../contracts/server-messages';
import { createApp } from '../../server/app';
import { createReadiness, readinessProblems } from '../../server/http/health.routes';
import type { Storage } from '../../server/services/storage';
import { createHarness, databases, type Harness } from './harness';

describe.each(databases)('health (%s)', (kind) => {
  let h: Harness;
  let unmigrated: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
    unmigrated = await createHarness(kind, { migrate: false });
  });
  afterAll(async () => {
    await h.close();
    await unmigrated.close();
  });

  it('answers 200 {status: "ok"} when the database answers and is migrated', async () => {
    const answer = await h.call('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', data: { status: 'ok' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 in the failure envelope when migrations have not run', async () => {
    const answer = await unmigrated.call('GET', '/api/health');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: serverMessages.serviceUnavailable });
  });

  it('answers /api/ping without the database', async () => {
    const answer = await unmigrated.call('GET', '/api/ping');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: 'pong' });
  });

  it('answers /api/health/live with 200 without touching the database', async () => {
    const answer = await unmigrated.call('GET', '/api/health/live');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', data: { status: 'ok' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers /api/health/ready with 200 when the database is migrated and the storage answers', async () => {
    const answer = await h.call('GET', '/api/health/ready');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok', data: { status: 'ok', database: 'ok', storage: 'ok' } });
  });

  it('answers /api/health/ready with 503 naming the database when it is not migrated', async () => {
    const answer = await unmigrated.call('GET', '/api/health/ready');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      message: serverMessages.serviceUnavailable,
      errors: { database: [readinessProblems.databaseUnreachable] },
    });
  });

  it('answers /api/health/ready with 503 naming the storage when its check fails', async () => {
    const broken: Storage = { ...h.storage, check: () => Promise.reject(new Error('bucket unreachable')) };
    const app = createApp({ ...h.deps, storage: broken });
    const res = await app.request('/api/health/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      message: serverMessages.serviceUnavailable,
      errors: { storage: [readinessProblems.storageUnreachable] },
    });
  });

  it('answers /api/health/ready with 503 once the node drains, while live and /api/health still answer', async () => {
    const readiness = createReadiness();
    const app = createApp({ ...h.deps, readiness });
    expect((await app.request('/api/health/ready')).status).toBe(200);
    readiness.drain();
    const res = await app.request('/api/health/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      message: serverMessages.serviceUnavailable,
      errors: { server: [readinessProblems.shuttingDown] },
    });
    expect((await app.request('/api/health/live')).status).toBe(200);
    expect((await app.request('/api/health')).status).toBe(200);
  });

  it('answers an unknown method on the health routes without a 500', async () => {
    const answer = await h.call('POST', '/api/health/ready', { anything: true });
    expect(answer.status).toBeLessThan(500);
    expect(answer.status).not.toBe(200);
  });
});
