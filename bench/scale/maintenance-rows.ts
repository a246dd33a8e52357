import { type Kysely, sql } from 'kysely';
import type { DB } from '../../server/db/schema';
import { STREAM_ROW_STALE_MS } from '../../server/notifications/stream-sessions';
import { UNVERIFIED_CALLBACK_DAYS } from '../../server/payments/payments.repository';
import { BATCH_ROWS } from '../../server/services/batches';
import type { BulkWriter, Row } from './bulk-writer';
import type { ScaleSize } from './options';
import type { Random } from './random';

// What the periodic jobs chew on at scale, as two years of traffic would leave it: expired token
// revocations, stale rate-limit windows, used reset links, the stream rows of nodes that died,
// unattached story clips, and the mail already sent (every order's mails, every admin digest). Each
// kind has more expired rows than one maintenance batch, and live rows the jobs must keep.

const DAY_MS = 86_400_000;
const FLUSH_ROWS = 20_000;

/** Tables written here, all with ids the databases assign (PostgreSQL's sequences stay in step). */
export const maintenanceTables = ['password_resets', 'notification_streams', 'temp_uploads', 'mail_outbox'];

/** How many rows of each kind: expired ones in proportion to the orders, live ones a fixed few. */
function maintenanceCounts(size: ScaleSize) {
  return {
    revokedExpired: size.orders / 10,
    rateLimitsStale: size.orders / 10,
    resetsOld: size.orders / 50,
    streamsStale: size.orders / 25,
    uploadsOld: 600,
    mailSent: size.orders,
    digestItems: size.orders / 2,
    digests: size.orders / 20,
    live: 200,
  };
}

export async function addMaintenanceRows(
  writer: BulkWriter,
  size: ScaleSize,
  input: { random: Random; now: number; customerIds: readonly number[]; adminId: number },
): Promise<void> {
  const { random, now, customerIds, adminId } = input;
  const counts = maintenanceCounts(size);
  const iso = (ms: number) => new Date(ms).toISOString();
  /** A moment in the two years before `now`, at least `minAgeMs` ago. */
  const past = (minAgeMs: number) => now - minAgeMs - random.int(700 * DAY_MS);
  const customer = () => random.pick(customerIds) as number;
  const write = async (table: string, columns: readonly string[], count: number, row: (i: number) => Row) => {
    let batch: Row[] = [];
    for (let i = 0; i < count; i++) {
      batch.push(row(i));
      if (batch.length >= FLUSH_ROWS) {
        await writer.insert(table, columns, batch);
        batch = [];
      }
    }
    if (batch.length > 0) await writer.insert(table, columns, batch);
  };

  await write('revoked_tokens', ['jti', 'expires_at'], counts.revokedExpired + counts.live, (i) => [
    `scale-jti-${i}`,
    iso(i < counts.revokedExpired ? past(DAY_MS) : now + DAY_MS + random.int(30 * DAY_MS)),
  ]);
  await write('rate_limits', ['key', 'window_start', 'count'], counts.rateLimitsStale + counts.live, (i) => [
    `scale-rate-${i}`,
    iso(i < counts.rateLimitsStale ? past(2 * DAY_MS) : now - random.int(3_600_000)),
    1 + random.int(5),
  ]);
  await write(
    'password_resets',
    ['user_id', 'token_hash', 'expires_at', 'used_at', 'created_at'],
    counts.resetsOld + counts.live,
    (i) => {
      const created = i < counts.resetsOld ? past(2 * DAY_MS) : now - random.int(1_800_000);
      return [customer(), `scale-reset-${i}`, iso(created + 3_600_000), null, iso(created)];
    },
  );
  await write('notification_streams', ['user_id', 'opened_at', 'seen_at'], counts.streamsStale + counts.live, (i) => {
    // A live stream refreshes its row every 15 s, which a written row cannot: the live ones are dated an
    // hour ahead so that they are still live when the run checks and prunes, minutes after the write.
    const seen = i < counts.streamsStale ? past(DAY_MS) : now + 3_600_000 - random.int(15_000);
    return [customer(), iso(seen - random.int(3_600_000)), iso(seen)];
  });
  await write(
    'temp_uploads',
    ['temp_location', 'user_id', 'file_key', 'mime', 'size', 'attached_order_id', 'created_at'],
    counts.uploadsOld + counts.live,
    (i) => [
      `tmp_scale${i}`,
      customer(),
      // A name the storage accepts (services/storage.ts storedNamePattern); no file behind it.
      `scaleclip${String(i).padStart(15, '0')}.m4a`,
      'audio/mp4',
      1000,
      null,
      iso(i < counts.uploadsOld ? past(2 * DAY_MS) : now - random.int(3_600_000)),
    ],
  );
  // Sent mail piles up for good: the worker's and the metrics' queries must not walk it.
  const mailColumns = [
    'kind',
    'user_id',
    'to_address',
    'dedupe_key',
    'payload',
    'status',
    'digest',
    'attempts',
    'next_attempt_at',
    'created_at',
    'sent_at',
  ] as const;
  const sent = (kind: string, userId: number, key: string, digest: 0 | 1, status: string, at: number): Row => [
    kind,
    userId,
    `scale-${userId}@example.test`,
    key,
    '{}',
    status,
    digest,
    1,
    iso(at),
    iso(at),
    status === 'sent' ? iso(at) : null,
  ];
  await write('mail_outbox', mailColumns, counts.mailSent, (i) =>
    sent('order_update', customer(), `scale-mail:${i}`, 0, 'sent', past(DAY_MS)),
  );
  // An admin's digests and the items gathered into them, oldest first, as the worker leaves them.
  const spread = (i: number, n: number) => now - DAY_MS - Math.floor(((n - i) * 700 * DAY_MS) / n);
  await write('mail_outbox', mailColumns, counts.digestItems, (i) =>
    sent('recording_uploaded', adminId, `scale-item:${i}`, 1, 'digested', spread(i, counts.digestItems)),
  );
  await write('mail_outbox', mailColumns, counts.digests, (i) =>
    sent('admin_digest', adminId, `scale-digest:${i}`, 0, 'sent', spread(i, counts.digests)),
  );
}

/**
 * What is wrong with the rows above as written (bench/scale/check.ts): each job must have more than one
 * batch of expired rows and live rows to keep; the applications' queue time (users.app_submitted_at,
 * copied by triggers of migration 0015) must equal the profile's submission time.
 */
export async function maintenanceRowProblems(db: Kysely<DB>): Promise<string[]> {
  const now = Date.now();
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const problems: string[] = [];
  const counted = async (query: ReturnType<typeof sql<{ n: number | string }>>) =>
    Number((await query.execute(db)).rows[0]?.n);
  const kinds: [string, string, string, string][] = [
    ['revoked_tokens', 'expires_at', ago(0), 'expired token revocations'],
    ['rate_limits', 'window_start', ago(DAY_MS), 'stale rate-limit windows'],
    ['password_resets', 'expires_at', ago(DAY_MS), 'old reset links'],
    ['notification_streams', 'seen_at', ago(STREAM_ROW_STALE_MS), 'stale stream rows'],
    ['temp_uploads', 'created_at', ago(DAY_MS), 'unattached clips'],
  ];
  for (const [table, column, before, label] of kinds) {
    const old = await counted(sql`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} < ${before}`);
    const kept = await counted(
      sql`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} >= ${before}`,
    );
    if (old <= BATCH_ROWS || kept === 0) problems.push(`${label}: ${old} to prune, ${kept} to keep`);
  }
  const callbacks = await counted(
    sql`select count(*) as n from payment_callbacks where verified = 0 and created_at < ${ago(UNVERIFIED_CALLBACK_DAYS * DAY_MS)}`,
  );
  if (callbacks <= BATCH_ROWS) problems.push(`old unverified callbacks: ${callbacks}`);
  const sentMail = await counted(sql`select count(*) as n from mail_outbox where status in ('sent', 'digested')`);
  if (sentMail <= BATCH_ROWS) problems.push(`sent mail: ${sentMail}`);
  const queueTimes = await counted(
    sql`select count(*) as n from users u left join artist_profiles p on p.user_id = u.id
      where u.type = 'artist' and coalesce(u.app_submitted_at, '') <> coalesce(p.submitted_at, '')`,
  );
  if (queueTimes !== 0) problems.push(`applications whose queue time is not their submission time: ${queueTimes}`);
  return problems;
}
