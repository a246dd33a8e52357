import type { Kysely } from 'kysely';
import { mailCategoryLabels } from '../../contracts/mail';
import type { DB, MailOutboxRow } from '../db/schema';
import { BATCH_ROWS } from '../services/batches';
import type { Clock } from '../services/clock';
import type { Logger } from '../services/logger';
import { DIGEST_LINES_PER_KIND } from './admin-digest';
import { renderMail } from './layout';
import { secretKinds, templateOf } from './templates';
import type { MailTransport } from './transport';
import type { UnsubscribeSigner } from './unsubscribe-token';

// Sends what the outbox holds. Any number of workers (one per server process) may run against one
// database: each row is taken with a conditional update (pending → sending, with a lease), so only
// one worker sends it; a worker that dies mid-send leaves a lease that runs out and the row is taken
// again. A failed attempt goes back to pending with a growing delay, so a dead SMTP server delays
// mail but loses none, and no request ever waits for it.

const BATCH = 20;
const LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
/** About two days of hourly tries; the row then stays `failed` in the table for someone to look at. */
export const MAX_ATTEMPTS = 60;

/** The delay before attempt n+1: 30 s, 1 min, 2 min… capped at an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

export interface MailWorkerOptions {
  db: Kysely<DB>;
  clock: Clock;
  logger: Logger;
  transport: MailTransport;
  publicUrl: string;
  unsubscribe: UnsubscribeSigner;
  /** Shortest time between two digests to one admin. */
  digestMs: number;
  pollMs: number;
}

export interface MailWorker {
  /** One pass: gathers due digests and sends what is due now. Answers how many rows it handled. */
  runOnce(): Promise<number>;
  /** Passes until nothing is due now (tests, shutdown). Mail waiting for a retry stays queued. */
  flush(): Promise<void>;
  /** Polls every pollMs until close(). */
  start(): void;
  close(): Promise<void>;
}

const settingsPath = { user: '/customer/account/settings', artist: '/artist/account-settings' } as const;

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, clock, logger, transport } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  // Set by close(): the batch in progress finishes, no further pass begins.
  let closed = false;

  /** Takes one row for this worker, or answers undefined when another worker took it first. */
  async function claim(id: number, nowIso: string): Promise<MailOutboxRow | undefined> {
    return db
      .updateTable('mail_outbox')
      .set((eb) => ({
        status: 'sending',
        lease_until: new Date(clock.now().getTime() + LEASE_MS).toISOString(),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where('digest', '=', 0)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', nowIso)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async function isOptedOut(userId: number, category: string) {
    const row = await db
      .selectFrom('mail_opt_outs')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('category', '=', category)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function finish(row: MailOutboxRow, status: 'sent' | 'skipped' | 'failed', error?: string) {
    await db
      .updateTable('mail_outbox')
      .set({
        status,
        lease_until: null,
        sent_at: status === 'sent' ? clock.now().toISOString() : null,
        last_error: error ?? null,
        ...(secretKinds.has(row.kind) ? { payload: '{}' } : {}),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .execute();
  }

  async function send(row: MailOutboxRow): Promise<void> {
    const template = templateOf(row.kind);
    if (!template) return finish(row, 'failed', `unknown mail kind ${row.kind}`);
    const { first_name: firstName, data } = JSON.parse(row.payload) as { first_name: string; data: unknown };
    const optional = template.category !== null && row.user_id !== null;
    if (optional && (await isOptedOut(row.user_id as number, template.category as string))) {
      return finish(row, 'skipped');
    }
    const content = template.render(data as never, { publicUrl: options.publicUrl, firstName });
    const unsubscribeUrl = optional
      ? options.unsubscribe.url(row.user_id as number, template.category as NonNullable<typeof template.category>)
      : undefined;
    const rendered = renderMail(
      content,
      unsubscribeUrl && template.category
        ? {
            unsubscribeUrl,
            categoryLabel: mailCategoryLabels[template.category].label,
            ...(template.area === 'user' || template.area === 'artist'
              ? { settingsUrl: `${options.publicUrl}${settingsPath[template.area]}` }
              : {}),
          }
        : {},
    );
    try {
      await transport.deliver({
        to: row.to_address,
        ...rendered,
        headers: {
          // Lets a receiving server drop a copy of a mail it already has (a retry after a lost answer).
          'X-Labsongs-Mail-Id': row.dedupe_key,
          ...(unsubscribeUrl
            ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : {}),
        },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (row.attempts >= MAX_ATTEMPTS) {
        logger.error('mail given up', { id: row.id, kind: row.kind, attempts: row.attempts, error: message });
        return finish(row, 'failed', message);
      }
      const retryAt = new Date(clock.now().getTime() + retryDelayMs(row.attempts)).toISOString();
      logger.warn('mail delivery failed, will retry', { id: row.id, kind: row.kind, retryAt, error: message });
      await db
        .updateTable('mail_outbox')
        .set({ status: 'pending', lease_until: null, next_attempt_at: retryAt, last_error: message })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .execute();
      return;
    }
    await finish(row, 'sent');
  }

  /**
   * Gathers each admin's waiting digest items into one digest mail, at most one per admin every
   * digestMs. The digest row's key names the admin and the time window, so two workers gathering at
   * once insert it once: the one whose insert lands moves the items into it, the other does nothing.
   */
  async function collectDigests(): Promise<number> {
    const now = clock.now();
    const waiting = await db
      .selectFrom('mail_outbox')
      .select('user_id')
      .distinct()
      .where('status', '=', 'pending')
      .where('digest', '=', 1)
      .execute();
    let made = 0;
    for (const { user_id: userId } of waiting) {
      if (userId === null) continue;
      // The newest digest is the one with the largest id: one step down index mail_outbox_user_kind,
      // however many digests the admin has had.
      const last = await db
        .selectFrom('mail_outbox')
        .select('created_at as at')
        .where('user_id', '=', userId)
        .where('kind', '=', 'admin_digest')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const since = new Date(now.getTime() - options.digestMs).toISOString();
      if (last?.at && String(last.at) > since) continue;
      const window = Math.floor(now.getTime() / options.digestMs);
      const iso = now.toISOString();
      made += await db.transaction().execute(async (trx) => {
        const digest = await trx
          .insertInto('mail_outbox')
          .values({
            kind: 'admin_digest',
            user_id: userId,
            to_address: '',
            dedupe_key: `admin_digest:${userId}:${window}`,
            next_attempt_at: iso,
            created_at: iso,
          })
          .onConflict((oc) => oc.column('dedupe_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!digest) return 0;
        // A backlog (thousands of items after a long pause) is marked BATCH_ROWS at a time, so no
        // statement holds the database for long; the mail lists the oldest lines of each kind and counts the rest.
        const items: { id: number; kind: string; payload: string; to_address: string }[] = [];
        for (;;) {
          const ids = await trx
            .selectFrom('mail_outbox')
            .select('id')
            .where('status', '=', 'pending')
            .where('digest', '=', 1)
            .where('user_id', '=', userId)
            .limit(BATCH_ROWS)
            .execute();
          if (ids.length === 0) break;
          items.push(
            ...(await trx
              .updateTable('mail_outbox')
              .set({ status: 'digested', digest_id: digest.id })
              .where(
                'id',
                'in',
                ids.map((row) => row.id),
              )
              .returning(['id', 'kind', 'payload', 'to_address'])
              .execute()),
          );
          if (ids.length < BATCH_ROWS) break;
        }
        items.sort((a, b) => a.id - b.id);
        const first = items[0];
        if (!first) {
          await trx.deleteFrom('mail_outbox').where('id', '=', digest.id).execute();
          return 0;
        }
        const firstName = (JSON.parse(first.payload) as { first_name: string }).first_name;
        const listed: { kind: string; data: unknown }[] = [];
        const shown = new Map<string, number>();
        const more: Record<string, number> = {};
        for (const item of items) {
          const lines = shown.get(item.kind) ?? 0;
          if (lines < DIGEST_LINES_PER_KIND) {
            listed.push({ kind: item.kind, data: JSON.parse(item.payload).data });
            shown.set(item.kind, lines + 1);
          } else more[item.kind] = (more[item.kind] ?? 0) + 1;
        }
        await trx
          .updateTable('mail_outbox')
          .set({
            to_address: first.to_address,
            payload: JSON.stringify({ first_name: firstName, data: { items: listed, more } }),
          })
          .where('id', '=', digest.id)
          .execute();
        return 1;
      });
    }
    return made;
  }

  async function pass(): Promise<number> {
    let handled = await collectDigests();
    const nowIso = clock.now().toISOString();
    // Mail due now and mail whose sender's lease ran out, each read through mail_outbox_due (status first).
    // As one statement with OR, PostgreSQL may walk every mail ever sent in id order to find them.
    const dueOf = (status: 'pending' | 'sending', at: 'next_attempt_at' | 'lease_until') =>
      db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', status)
        .where('digest', '=', 0)
        .where(at, '<=', nowIso)
        .orderBy('id')
        .limit(BATCH)
        .execute();
    const [pending, leaseExpired] = await Promise.all([
      dueOf('pending', 'next_attempt_at'),
      dueOf('sending', 'lease_until'),
    ]);
    const due = [...pending, ...leaseExpired].sort((a, b) => a.id - b.id).slice(0, BATCH);
    for (const { id } of due) {
      const row = await claim(id, nowIso);
      if (!row) continue;
      handled++;
      try {
        await send(row);
      } catch (error) {
        // A broken row (bad payload) must not stop the others; it is kept for someone to look at.
        logger.error('mail could not be prepared', { id: row.id, kind: row.kind, error });
        await finish(row, 'failed', error instanceof Error ? error.message : String(error));
      }
    }
    return handled;
  }

  /** One pass at a time in this process; a caller arriving meanwhile waits for it and passes again. */
  async function runOnce(): Promise<number> {
    while (running) await running.catch(() => 0);
    running = pass();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  async function drain() {
    while (!closed && (await runOnce()) > 0) {}
  }

  return {
    runOnce,
    flush: drain,
    start() {
      if (timer) return;
      let draining = false;
      timer = setInterval(() => {
        if (draining) return;
        draining = true;
        // Pass after pass until nothing is due, so a burst is not sent one batch per tick.
        drain()
          .catch((error: unknown) => logger.warn('mail worker pass failed', { error }))
          .finally(() => {
            draining = false;
          });
      }, options.pollMs);
      timer.unref();
    },
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      while (running) await running.catch(() => 0);
      transport.close();
    },
  };
}
