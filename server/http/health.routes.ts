import { Hono } from 'hono';
import * as v from 'valibot';
import { successSchema } from '../../contracts/api/envelope';
import { serverMessages } from '../../contracts/server-messages';
import type { AppEnv } from '../context';
import { isMigrated } from '../db/migrate';
import { operation } from '../openapi/operation';
import { fail, ok } from './envelope';

/** Whether this node still takes new work; the shutdown flips it first, so the balancer drains the node. */
export interface Readiness {
  readonly draining: boolean;
  drain(): void;
}

export function createReadiness(): Readiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

/** A readiness check slower than this counts as failed: a balancer's probe would give up anyway. */
const READY_CHECK_MS = 3_000;

/** What /api/health/ready names when a part is not ready (for operators; `errors` of the envelope). */
export const readinessProblems = {
  shuttingDown: 'this node is shutting down',
  databaseUnreachable: 'the database does not answer or is not migrated',
  storageUnreachable: 'the file storage does not answer',
} as const;

/** Resolves to the failure (an error, or a timeout), or null when `check` passed in time. */
async function failureOf(check: () => Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<unknown>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`no answer within ${READY_CHECK_MS} ms`)), READY_CHECK_MS);
  });
  try {
    return await Promise.race([
      check().then(
        () => null,
        (error: unknown) => error,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const failureText = (failure: unknown) =>
  failure === null ? 'ok' : failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure);

/** `status` at the top for load balancers, the same in `data` for the envelope. */
const healthSchema = v.strictObject({
  status: v.literal('ok'),
  data: v.objectWithRest({ status: v.literal('ok') }, v.literal('ok')),
});

export function createHealthRoutes(readiness: Readiness): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  let wasReady = true;
  // No database work: the baseline for load tests (bench/server-auth.ts).
  routes.get(
    '/api/ping',
    operation({
      summary: 'Answers pong (no database work)',
      tags: 'Health',
      answers: { 200: successSchema(v.literal('pong')) },
    }),
    (c) => ok(c, 'pong'),
  );
  // `status` at the top for load balancers and uptime checks, `data` for the envelope.
  routes.get(
    '/api/health',
    operation({
      summary: 'The server and its database answer',
      tags: 'Health',
      answers: { 200: healthSchema },
      fails: [503],
    }),
    async (c) =>
      (await isMigrated(c.var.database))
        ? c.json({ status: 'ok', data: { status: 'ok' } })
        : fail(c, 503, serverMessages.serviceUnavailable),
  );
  // Liveness: the process answers. No I/O, so a slow database never gets a healthy process restarted.
  routes.get(
    '/api/health/live',
    operation({ summary: 'Liveness: the process answers', tags: 'Health', answers: { 200: healthSchema } }),
    (c) => c.json({ status: 'ok', data: { status: 'ok' } }),
  );
  // Readiness: send this node traffic? Not while it shuts down, nor without its database or storage.
  routes.get(
    '/api/health/ready',
    operation({
      summary: 'Readiness: database and storage reachable, not shutting down',
      tags: 'Health',
      answers: { 200: healthSchema },
      fails: [503],
    }),
    async (c) => {
      if (readiness.draining) {
        return fail(c, 503, serverMessages.serviceUnavailable, { server: [readinessProblems.shuttingDown] });
      }
      const { database, storage, logger } = c.var;
      const [databaseFailure, storageFailure] = await Promise.all([
        failureOf(async () => {
          if (!(await isMigrated(database))) throw new Error('not migrated');
        }),
        failureOf(() => storage.check()),
      ]);
      const ready = databaseFailure === null && storageFailure === null;
      // Once per change, not once per probe: a balancer asks every few seconds.
      if (ready !== wasReady) {
        wasReady = ready;
        if (ready) logger.info('ready');
        else
          logger.warn('not ready', {
            database: failureText(databaseFailure),
            storage: failureText(storageFailure),
            storage_at: storage.label,
          });
      }
      if (ready) return c.json({ status: 'ok', data: { status: 'ok', database: 'ok', storage: 'ok' } });
      return fail(c, 503, serverMessages.serviceUnavailable, {
        ...(databaseFailure === null ? {} : { database: [readinessProblems.databaseUnreachable] }),
        ...(storageFailure === null ? {} : { storage: [readinessProblems.storageUnreachable] }),
      });
    },
  );
  return routes;
}
