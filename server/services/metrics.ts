import type { Kysely } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DB } from '../db/schema';
import type { NotificationHub } from '../notifications/hub';
import { openStreamCount } from '../notifications/stream-sessions';
import type { Clock } from './clock';

/** How a verified (or refused) payment callback ended, as counted by `labsongs_payment_callbacks_total`. */
export type PaymentCallbackOutcome = 'moved' | 'unchanged' | 'refused' | 'unavailable' | 'error';

/** The calls of the Storage interface, as labelled by `labsongs_storage_errors_total`. */
export type StorageOperation = 'write' | 'size' | 'read' | 'remove' | 'list' | 'check' | 'abort_uploads';

export interface Metrics {
  readonly registry: Registry;
  /** Seconds from a request's arrival to its response headers, by method, route pattern and status. */
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly paymentCallbacks: Counter<'provider' | 'outcome'>;
  readonly storageErrors: Counter<'operation'>;
}

export interface MetricsDeps {
  db: Kysely<DB>;
  hub: NotificationHub;
  clock: Clock;
  /**
   * Process metrics (event-loop lag, memory, CPU, GC). Only when /metrics is served: each set starts
   * its own event-loop monitor, and tests build many apps in one process.
   */
  processMetrics: boolean;
}

/** A scrape-time query slower than this reports "unknown" rather than holding the scrape. */
const SCRAPE_QUERY_MS = 2_000;
const HOUR_MS = 60 * 60_000;

/**
 * One registry per app (never prom-client's global one: tests build several apps in one process).
 * Gauges that describe the database are read by indexed queries when scraped; when the database does
 * not answer they read NaN and `labsongs_database_up` reads 0, and the rest of the scrape still works.
 */
export function createMetrics(deps: MetricsDeps): Metrics {
  const { db, hub, clock } = deps;
  const registry = new Registry();
  if (deps.processMetrics) collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response headers, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const paymentCallbacks = new Counter({
    name: 'labsongs_payment_callbacks_total',
    help: 'Payment callbacks by provider and outcome (moved, unchanged, refused, unavailable, error).',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const storageErrors = new Counter({
    name: 'labsongs_storage_errors_total',
    help: 'Storage calls that failed, and read streams that broke, by operation.',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'labsongs_sse_streams_open',
    help: 'Notification streams open on this node.',
    registers: [registry],
    collect() {
      this.set(openStreamCount(hub));
    },
  });

  // One read per scrape sets all four gauges: the registry collects them at once, and they share it.
  let reading: Promise<void> | undefined;
  const readDatabase = () => {
    reading ??= (async () => {
      try {
        const [outbox, offers] = await withTimeout(
          Promise.all([readOutbox(db), countOffersExpiring(db, new Date(clock.now().getTime() + HOUR_MS))]),
          SCRAPE_QUERY_MS,
        );
        const now = clock.now().getTime();
        outboxDepth.set(outbox.depth);
        outboxOldest.set(outbox.oldest ? Math.max(0, (now - Date.parse(outbox.oldest)) / 1000) : 0);
        offersExpiring.set(offers);
        databaseUp.set(1);
      } catch {
        for (const gauge of [outboxDepth, outboxOldest, offersExpiring]) gauge.set(Number.NaN);
        databaseUp.set(0);
      }
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };
  const databaseUp = new Gauge({
    name: 'labsongs_database_up',
    help: '1 when the scrape-time queries answered, 0 when the database did not.',
    registers: [registry],
    collect: readDatabase,
  });
  const outboxDepth = new Gauge({
    name: 'labsongs_mail_outbox_depth',
    help: 'Mails waiting to be sent (pending or being sent; digest items are counted in their digest).',
    registers: [registry],
    collect: readDatabase,
  });
  const outboxOldest = new Gauge({
    name: 'labsongs_mail_outbox_oldest_age_seconds',
    help: 'Age of the oldest mail waiting to be sent; 0 when none waits.',
    registers: [registry],
    collect: readDatabase,
  });
  const offersExpiring = new Gauge({
    name: 'labsongs_offers_expiring_soon',
    help: 'Open offers whose answer time runs out within the hour (or ran out and awaits the sweep).',
    registers: [registry],
    collect: readDatabase,
  });

  return { registry, requestDuration, paymentCallbacks, storageErrors };
}

/** Served by the index on (status, digest, next_attempt_at, id): only the waiting part of the table is read. */
async function readOutbox(db: Kysely<DB>): Promise<{ depth: number; oldest: string | null }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number | string>().as('depth'), eb.fn.min('created_at').as('oldest')])
    .where('status', 'in', ['pending', 'sending'])
    .where('digest', '=', 0)
    .executeTakeFirst();
  return { depth: Number(row?.depth ?? 0), oldest: row?.oldest ? String(row.oldest) : null };
}

/** Served by the index on (offer_status, expires_at), as the offer sweep's own query. */
async function countOffersExpiring(db: Kysely<DB>, before: Date): Promise<number> {
  const row = await db
    .selectFrom('order_artists')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('offer_status', '=', 'pending')
    .where('expires_at', '<=', before.toISOString())
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
