// The listeners of bench/sse.ts, in a process of their own so that the server's memory and event loop
// are measured without them. Driven over IPC: `open` connects every client, `finish` waits for the
// expected number of notifications and answers what each client received and when, `close` ends.
import http from 'node:http';
import { sharedNow } from './stats';

export interface ClientAccount {
  userId: number;
  token: string;
}

export type ToClients =
  | { type: 'open'; api: string; accounts: ClientAccount[]; concurrency: number }
  | { type: 'finish'; expected: number; timeoutMs: number }
  | { type: 'close' };

/** [notification sequence number, receiving user id, epoch ms of receipt]. */
export type Receipt = [number, number, number];

export type FromClients =
  | { type: 'connected'; connected: number; failures: string[]; seconds: number }
  | { type: 'report'; receipts: Receipt[]; rssMb: number };

/** The sequence number the load generator wrote into each notification body ("… #123"). */
export const sequenceOf = (body: string): number => Number(/#(\d+)$/.exec(body)?.[1] ?? Number.NaN);

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
const receipts: Receipt[] = [];
/** Distinct notifications received: a duplicate must not stand in for one still missing. */
const distinct = new Set<number>();
const open: http.ClientRequest[] = [];
let onReceipt: (() => void) | undefined;

/** One EventSource-like reader: resolves on the first event (the stream's opening unread count). */
function listen(url: string, userId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { Accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          if (event === 'notification' && data) {
            const push = JSON.parse(data) as { notification: { body: string } };
            const seq = sequenceOf(push.notification.body);
            receipts.push([seq, userId, sharedNow()]);
            distinct.add(seq);
            onReceipt?.();
          }
          if (event) resolve();
        }
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    open.push(req);
  });
}

async function connect(account: ClientAccount, api: string): Promise<void> {
  const res = await fetch(`${api}/user/notifications/stream-token`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, Accept: 'application/json' },
  });
  if (!res.ok) throw new Error(`stream-token answered ${res.status}`);
  const { data } = (await res.json()) as { data: { token: string } };
  await listen(`${api}/user/notifications/stream?token=${encodeURIComponent(data.token)}`, account.userId);
}

const send = (message: FromClients) => process.send?.(message);

process.on('message', async (message: ToClients) => {
  if (message.type === 'open') {
    const started = performance.now();
    const failures: string[] = [];
    let connected = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: message.concurrency }, async () => {
        while (next < message.accounts.length) {
          const account = message.accounts[next++] as ClientAccount;
          await connect(account, message.api).then(
            () => connected++,
            (error: unknown) => failures.push(error instanceof Error ? error.message : String(error)),
          );
        }
      }),
    );
    send({ type: 'connected', connected, failures, seconds: (performance.now() - started) / 1000 });
  } else if (message.type === 'finish') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, message.timeoutMs);
      const check = () => {
        if (distinct.size < message.expected) return;
        clearTimeout(timer);
        resolve();
      };
      onReceipt = check;
      check();
    });
    // A moment more, so that a duplicate arriving just behind the last one is counted too.
    await new Promise((resolve) => setTimeout(resolve, 500));
    send({ type: 'report', receipts, rssMb: process.memoryUsage().rss / 1024 / 1024 });
  } else {
    for (const req of open) req.destroy();
    process.disconnect();
  }
});
