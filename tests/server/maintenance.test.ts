import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../server/services/maintenance';
import { createHarness, databases, type Harness, uniqueEmail } from './harness';

describe.each(databases)('pruning expired rows (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(() => h.close());

  it('deletes revocations past their refresh window, old counters and old reset links, and keeps live ones', async () => {
    const { db } = h.database;
    const now = h.clock.now().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    const user = await h.createAccount({ type: 'user', email: uniqueEmail('prune'), password: 'Prune1234' });

    await db
      .insertInto('revoked_tokens')
      .values([
        { jti: 'expired-jti-000000000', expires_at: at(-1000) },
        { jti: 'live-jti-000000000000', expires_at: at(60_000) },
      ])
      .execute();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'old', window_start: at(-2 * 86_400_000), count: 3 },
        { key: 'recent', window_start: at(-60_000), count: 1 },
      ])
      .execute();
    await db
      .insertInto('password_resets')
      .values([
        {
          user_id: user.id,
          token_hash: 'a'.repeat(64),
          expires_at: at(-2 * 86_400_000),
          used_at: null,
          created_at: at(-3 * 86_400_000),
        },
        { user_id: user.id, token_hash: 'b'.repeat(64), expires_at: at(3_600_000), used_at: null, created_at: at(0) },
      ])
      .execute();

    await pruneExpired(db, h.clock);

    expect((await db.selectFrom('revoked_tokens').select('jti').execute()).map((r) => r.jti)).toEqual([
      'live-jti-000000000000',
    ]);
    expect((await db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key)).toEqual(['recent']);
    expect((await db.selectFrom('password_resets').select('token_hash').execute()).map((r) => r.token_hash)).toEqual([
      'b'.repeat(64),
    ]);
  });
});
