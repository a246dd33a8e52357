import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordQueries } from '../../bench/scale/query-recorder';
import { DIGEST_LINES_PER_KIND } from '../../server/mail/admin-digest';
import { createMailWorker } from '../../server/mail/mail-worker';
import { createUnsubscribeSigner } from '../../server/mail/unsubscribe-token';
import { BATCH_ROWS } from '../../server/services/batches';
import { createHarness, databases, type Harness } from './harness';

// A pass of the mail worker takes mail that is due and mail whose sender's lease ran out (a node that
// died mid-send), and leaves mail not yet due and mail another sender is still sending.

// A mail worker on this harness whose transport keeps what it is given.
interface SentMail {
  to: string;
  subject: string;
  text: string;
}
function workerKeeping(h: Harness, sent: SentMail[], db = h.database.db) {
  return createMailWorker({
    db,
    clock: h.clock,
    logger: h.deps.logger,
    transport: {
      deliver: async (mail: SentMail) => {
        sent.push(mail);
      },
      close: () => {},
    },
    publicUrl: h.config.publicUrl,
    unsubscribe: createUnsubscribeSigner('x'.repeat(32), h.config.publicUrl),
    digestMs: h.config.mailDigestMs,
    pollMs: h.config.mailPollMs,
  });
}

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
    const sent: SentMail[] = [];
    await workerKeeping(h, sent).runOnce();
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
    expect(sent.map((mail) => mail.to).sort()).toEqual(
      statuses
        .filter((s) => s.status === 'sent')
        .map((s) => s.to_address)
        .sort(),
    );
  });
});

describe.each(databases)("an admin's digest after a long pause (%s)", (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  it('gathers a backlog a batch at a time into one mail that lists the oldest lines and counts the rest', async () => {
    const { db } = h.database;
    const admin = await h.createAccount({ type: 'admin', email: 'backlog-admin@example.test', password: 'Admin123!' });
    const at = new Date(h.clock.now().getTime() - 60_000).toISOString();
    // 1,234 orders waiting for an artist and 3 applications, as a two-year backlog's sweeps leave them.
    const items = [
      ...Array.from({ length: 1_234 }, (_, i) => ({ kind: 'admin_order_needs_artist', data: { line: `LS-${i}` } })),
      ...Array.from({ length: 3 }, (_, i) => ({
        kind: 'admin_application_received',
        data: { artist_id: i + 1, name: `Applicant ${i}` },
      })),
    ];
    for (let i = 0; i < items.length; i += 400)
      await db
        .insertInto('mail_outbox')
        .values(
          items.slice(i, i + 400).map((item, j) => ({
            kind: item.kind,
            user_id: admin.id,
            to_address: admin.email,
            dedupe_key: `backlog:${i + j}`,
            payload: JSON.stringify({ first_name: 'Ada', data: item.data }),
            digest: 1 as const,
            next_attempt_at: at,
            created_at: at,
          })),
        )
        .execute();

    const recorder = recordQueries(db);
    const sent: SentMail[] = [];
    await workerKeeping(h, sent, recorder.db).runOnce();

    const mine = sent.filter((mail) => mail.to.includes(admin.email));
    expect(mine).toHaveLength(1);
    const [mail] = mine as [(typeof mine)[number]];
    expect(mail.subject).toBe('Labsongs: 1,234 orders without an artist, 3 new applications');
    expect(mail.text).toContain('LS-0');
    expect(mail.text).toContain(`LS-${DIGEST_LINES_PER_KIND - 1}`);
    expect(mail.text.match(/LS-\d+/g)).toHaveLength(DIGEST_LINES_PER_KIND);
    expect(mail.text).toContain(`and ${(1_234 - DIGEST_LINES_PER_KIND).toLocaleString('en')} more`);
    expect(mail.text).toContain('Applicant 2');

    // Every item is in that digest, and no statement marked more than a batch.
    const digest = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('user_id', '=', admin.id)
      .where('kind', '=', 'admin_digest')
      .executeTakeFirstOrThrow();
    const left = await db
      .selectFrom('mail_outbox')
      .select(['status', 'digest_id'])
      .where('dedupe_key', 'like', 'backlog:%')
      .execute();
    expect(left).toHaveLength(items.length);
    expect(left.every((row) => row.status === 'digested' && row.digest_id === digest.id)).toBe(true);
    const marks = recorder.queries.filter((q) => /^update "mail_outbox" set "status" = /.test(q.sql));
    expect(marks.length).toBeGreaterThanOrEqual(Math.ceil(items.length / BATCH_ROWS));
    for (const mark of marks) expect(mark.parameters.length).toBeLessThanOrEqual(BATCH_ROWS + 2);
  });
});
