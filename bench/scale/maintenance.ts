import type { Kysely } from 'kysely';
import { alertOverdueOrders } from '../../server/admin/overdue-alerts';
import type { DB } from '../../server/db/schema';
import { cancelIdleOrders } from '../../server/lifecycle/idle-orders';
import { expireOffers } from '../../server/lifecycle/offer-sweep';
import { createMailWorker } from '../../server/mail/mail-worker';
import { createUnsubscribeSigner } from '../../server/mail/unsubscribe-token';
import { mailUnreadMessages } from '../../server/messages/message-alerts';
import { sweepTempUploads } from '../../server/orders/temp-upload-sweep';
import { systemClock } from '../../server/services/clock';
import { silentLogger } from '../../server/services/logger';
import { pruneExpired } from '../../server/services/maintenance';
import { createMetrics } from '../../server/services/metrics';
import type { BenchServer } from '../bench-server';
import { recordQueries } from './query-recorder';

// Every periodic job once, on the scale data set (bench/scale/maintenance-rows.ts gives each one more
// than a batch to do), each statement timed: the first run after a long pause is the worst case.

export interface JobTiming {
  job: string;
  /** The job's slowest statement. */
  ms: number;
  sql: string;
  statements: number;
  /** The whole job, pauses between batches included. */
  totalMs: number;
}

function jobsOf(server: BenchServer): Record<string, (db: Kysely<DB>) => Promise<unknown>> {
  const { deps } = server;
  const storage = deps.storage;
  if (!storage) throw new Error('the bench server has no storage');
  return {
    pruneExpired: (db) => pruneExpired(db, systemClock),
    'offer sweep': (db) => expireOffers({ db, hub: deps.hub, clock: systemClock }),
    'idle order cancelling': (db) => cancelIdleOrders({ db, hub: deps.hub, clock: systemClock }),
    'unread message mail': (db) => mailUnreadMessages({ db, clock: systemClock }),
    'overdue alerts': (db) => alertOverdueOrders({ db, hub: deps.hub, clock: systemClock }),
    'temporary upload sweep': (db) => sweepTempUploads(db, storage, systemClock),
    // A pass of the mail worker, delivering nowhere: what it reads and claims is what is measured.
    'mail worker': (db) =>
      createMailWorker({
        db,
        clock: systemClock,
        logger: silentLogger,
        transport: { deliver: async () => {}, close: () => {} },
        publicUrl: deps.config.publicUrl,
        unsubscribe: createUnsubscribeSigner(deps.jwtSecret, deps.config.publicUrl),
        digestMs: deps.config.mailDigestMs,
        pollMs: deps.config.mailPollMs,
      }).runOnce(),
    'metrics scrape': (db) =>
      createMetrics({ db, hub: deps.hub, clock: systemClock, processMetrics: false }).registry.metrics(),
  };
}

/** Runs each periodic job once and answers each one's slowest statement, slowest job first. */
async function timeJobs(server: BenchServer): Promise<JobTiming[]> {
  const timings: JobTiming[] = [];
  for (const [job, run] of Object.entries(jobsOf(server))) {
    const recorder = recordQueries(server.deps.database.db);
    const started = performance.now();
    await run(recorder.db);
    const totalMs = performance.now() - started;
    const slowest = recorder.queries.reduce((a, b) => (b.ms > a.ms ? b : a), { ms: 0, sql: '', parameters: [] });
    timings.push({ job, ms: slowest.ms, sql: slowest.sql, statements: recorder.queries.length, totalMs });
  }
  return timings.sort((a, b) => b.ms - a.ms);
}

/** The periodic jobs' slowest statement (the bench's summary line), each job's line on stderr. */
export async function timeMaintenance(server: BenchServer): Promise<{ ms: number; sql: string; statements: number }> {
  const timings = await timeJobs(server);
  for (const t of timings) {
    process.stderr.write(
      `  ${server.kind} ${t.job}: slowest statement ${t.ms.toFixed(1)} ms of ${t.statements} (${t.totalMs.toFixed(0)} ms in all): ${t.sql.slice(0, 120)}\n`,
    );
  }
  const slowest = timings[0] ?? { job: 'none', ms: 0, sql: '', statements: 0 };
  return {
    ms: slowest.ms,
    sql: `${slowest.job}: ${slowest.sql}`,
    statements: timings.reduce((sum, t) => sum + t.statements, 0),
  };
}
