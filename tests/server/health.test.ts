import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '../../contracts/server-messages';
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
});
