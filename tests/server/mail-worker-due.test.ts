import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailWorker } from '../../server/mail/mail-worker';
import { createUnsubscribeSigner } from '../../server/mail/unsubscribe-token';
import { createHarness, databases, type Harness } from './harness';

// A pass of the mail worker takes mail that is due and mail whose sender's lease ran out (a node that
// died mid-send), and leaves mail not yet due and mail another sender is still sending.

describe.each(databases)('the mail worker picks what is due (%s)', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('sends due and lapsed mail, and leaves future and leased mail alone', async () => {
    const { db } = h.database;
    const at = (ms: number) => new Date(h.clock.now().getTime() + ms).toISOString();
    const row = (key: string, status: 'pending' | 'sending', nextAttemptMs: number, leaseMs: number | null) => ({
      kind: 'password_reset',
      to_address: `${key}@example.test`,
      dedupe_key: `due:${key}`,
      status,
      digest: 0 as const,
      next_attempt_at: at(nextAttemptMs),
      lease_until: leaseMs === null ? null : at(leaseMs),
      created_at: at(-600_000),
    });
    await db
      .insertInto('mail_outbox')
      .values([
        row('due', 'pending', -60_000, null),
        row('later', 'pending', 3_600_000, null),
        row('lapsed', 'sending', -600_000, -60_000),
        row('leased', 'sending', -600_000, 60_000),
      ])
      .execute();
    const delivered: string[] = [];
    await createMailWorker({
      db,
      clock: h.clock,
      logger: h.deps.logger,
      transport: {
        deliver: async (mail: { to: string }) => {
          delivered.push(mail.to);
        },
        close: () => {},
      },
      publicUrl: h.config.publicUrl,
      unsubscribe: createUnsubscribeSigner('x'.repeat(32), h.config.publicUrl),
      digestMs: h.config.mailDigestMs,
      pollMs: h.config.mailPollMs,
    }).runOnce();
    const statuses = await db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status'])
      .where('dedupe_key', 'like', 'due:%')
      .orderBy('to_address')
      .execute();
    const picked = (key: string) => statuses.find((s) => s.to_address === `${key}@example.test`)?.status;
    // Taken: sent, or failed for a reason the pass recorded; either way no longer waiting.
    expect(['sent', 'failed']).toContain(picked('due'));
    expect(['sent', 'failed']).toContain(picked('lapsed'));
    expect(picked('later')).toBe('pending');
    expect(picked('leased')).toBe('sending');
    expect(delivered.sort()).toEqual(
      statuses
        .filter((s) => s.status === 'sent')
        .map((s) => s.to_address)
        .sort(),
    );
  });
});
