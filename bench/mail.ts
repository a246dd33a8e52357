import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { enqueueMail } from '../server/mail/queue';
import { callJson, createBenchCustomers, startBenchServer } from './bench-server';
import { percentile, round } from './stats';

// Mail (issue 14): a request that queues a mail costs the same whether the SMTP server is up or dead,
// and how fast one worker empties the outbox.

export interface MailRequestBench {
  transport: string;
  requests: number;
  p50: number;
  p99: number;
  /** Rows waiting for a retry when the run ended (the dead server's mail is delayed, not lost). */
  waiting: number;
  sent: number;
}

export interface MailBench {
  requests: MailRequestBench[];
  worker: { mails: number; seconds: number; perSecond: number };
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const limits = {
  RATE_LIMIT_FORGOT_PER_ACCOUNT: '100000',
  RATE_LIMIT_FORGOT_PER_CLIENT: '100000',
  MAIL_POLL_SECONDS: '1',
};

async function forgotPasswordRun(transport: string, env: Record<string, string>, requests: number) {
  const server = await startBenchServer('sqlite', { env: { ...limits, ...env } });
  try {
    // The worker runs as in production, retrying the dead server while the requests go on.
    server.deps.mailer.start();
    const [customer] = await createBenchCustomers(server, 1);
    const { email } = await server.deps.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', customer?.id as number)
      .executeTakeFirstOrThrow();
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      // callJson throws on anything but a 2xx answer.
      await callJson(`${server.url}/api/v1/user/password/forgot`, { method: 'POST', body: { email } });
      times.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const rows = await server.deps.database.db.selectFrom('mail_outbox').select('status').execute();
    return {
      transport,
      requests,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      waiting: rows.filter((r) => r.status === 'pending' || r.status === 'sending').length,
      sent: rows.filter((r) => r.status === 'sent').length,
    } satisfies MailRequestBench;
  } finally {
    await server.close();
  }
}

async function workerRun(mails: number) {
  const server = await startBenchServer('sqlite');
  try {
    const [customer] = await createBenchCustomers(server, 1);
    const { db } = server.deps.database;
    const at = new Date();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < mails; i++) {
        await enqueueMail(
          trx,
          { userId: customer?.id as number },
          {
            kind: 'song_ready',
            data: {
              order: {
                order_id: i,
                reference: `OR${1_000_000 + i}`,
                occasion: 'birthday',
                recipient: 'Ana',
                price_centavos: 250_000,
              },
            },
            key: `bench:${i}`,
            at,
          },
        );
      }
    });
    const started = performance.now();
    await server.deps.mailer.flush();
    const seconds = (performance.now() - started) / 1000;
    return { mails, seconds: round(seconds), perSecond: round(mails / seconds, 0) };
  } finally {
    await server.close();
  }
}

export async function benchMail(): Promise<MailBench> {
  const requests = Number(process.env.BENCH_MAIL_REQUESTS ?? 300);
  return {
    requests: [
      await forgotPasswordRun('outbox folder', {}, requests),
      await forgotPasswordRun(
        'SMTP at a closed port',
        { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
        requests,
      ),
    ],
    worker: await workerRun(Number(process.env.BENCH_MAILS ?? 1000)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(await benchMail(), null, 2));
}
