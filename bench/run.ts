// `npm run bench`: performance and size figures, measured here rather than asserted in tests.
import { spawnSync } from 'node:child_process';
import { benchAudioSeek } from './audio-seek';
import { postgresUrl } from './bench-server';
import { bundleReport } from './bundle-size';
import { benchCluster, clusterReport } from './cluster';
import { benchLifecycle, type LifecycleBench } from './lifecycle';
import { benchMail } from './mail';
import { benchNotifications } from './notifications';
import { benchOrders } from './orders';
import { benchServerAuth } from './server-auth';
import { benchSse } from './sse';
import { benchWeb } from './web';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function section(title: string) {
  console.log(`\n## ${title}\n`);
}

/** The figures of running as a service: one node vs two behind nginx, and audio seeks from the bucket. */
async function serviceSections(): Promise<void> {
  section('One node vs two nodes behind nginx: catalogue and order history (autocannon, PostgreSQL)');
  console.log(clusterReport(await benchCluster({ seconds: Number(process.env.BENCH_SECONDS ?? 5), connections: 50 })));

  section('Audio seek: time to first byte, local disk vs bucket (50 MB file, loopback, median of 20)');
  const seek = await benchAudioSeek();
  console.log(
    `file ${(seek.fileBytes / 1024 / 1024).toFixed(0)} MB, ${seek.runs} runs; seeks answered ${Object.values(
      seek.seekAnswers,
    )
      .map((a) => `${a.status} ${a.contentRange}`)
      .join(', ')}; the bucket is s3rver on loopback`,
  );
  console.log('| way | seek first byte ms | whole file first byte ms | whole file read ms |\n|---|---:|---:|---:|');
  const wayNames = {
    local: 'node streams from local disk',
    bucket: 'node streams from the bucket (Range)',
    presigned: 'node redirects to a presigned bucket URL',
  } as const;
  for (const [way, f] of Object.entries(seek.ways)) {
    console.log(
      `| ${wayNames[way as keyof typeof wayNames]} | ${f.seekFirstByteMs.toFixed(2)} | ${f.wholeFirstByteMs.toFixed(2)} | ${f.wholeReadMs.toFixed(2)} |`,
    );
  }
}

// BENCH_ONLY=service: those two sections alone, without the build (a few minutes).
if (process.env.BENCH_ONLY === 'service') {
  await serviceSections();
  process.exit(0);
}

section('Bundle size (gzip, level 9)');
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);
const bundle = await bundleReport();
console.log(`first load (entry JS + CSS): ${kb(bundle.entry.gzipTotal)}`);
console.log('| chunk | raw | gzip |\n|---|---:|---:|');
for (const c of bundle.chunks) console.log(`| ${c.file} | ${kb(c.bytes)} | ${kb(c.gzipBytes)} |`);

// BENCH_ONLY=phone: the build, the bundle and the phone section alone (a few minutes instead of the whole bench).
if (process.env.BENCH_ONLY !== 'phone') {
  section('API throughput on loopback (autocannon, SQLite)');
  const api = await benchServerAuth({ durationSeconds: Number(process.env.BENCH_SECONDS ?? 5) });
  console.log(`${api.connections} connections, ${api.durationSeconds} s each`);
  console.log('| route | req/s | p99 ms | avg ms | failures |\n|---|---:|---:|---:|---:|');
  for (const r of [api.ping, api.me]) {
    console.log(
      `| ${r.path} | ${r.requestsPerSecond.toFixed(0)} | ${r.p99LatencyMs} | ${r.averageLatencyMs.toFixed(2)} | ${r.failures} |`,
    );
  }
  console.log(
    `\n/auth/me costs ${(api.ping.requestsPerSecond / api.me.requestsPerSecond).toFixed(1)}× a bare route (token verify + revocation check + user load).`,
  );

  await serviceSections();

  section('Orders: draft throughput and memory during a 200 MB upload (SQLite)');
  const orders = await benchOrders();
  console.log(
    `${orders.drafts} drafts, ${orders.concurrency} at a time: ${orders.draftsPerSecond} complete drafts/s (create → song → story → commit)`,
  );
  console.log('| step | p50 ms | p99 ms |\n|---|---:|---:|');
  for (const [step, t] of Object.entries(orders.steps)) console.log(`| ${step} | ${t.p50} | ${t.p99} |`);
  const u = orders.upload;
  console.log(
    `\n${u.megabytes} MB upload answered ${u.status} in ${u.seconds} s; process RSS ${u.rssBeforeMb} → peak ${u.rssPeakMb} MB (growth ${u.rssGrowthMb} MB, client and server in one process, so an upper bound)`,
  );

  const databasesNote = postgresUrl()
    ? ''
    : '\nPostgreSQL not measured: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a server to add it.';

  section('Order lifecycle: transitions per second (HTTP API)');
  const lifecycle = await benchLifecycle();
  const [firstLifecycle] = lifecycle;
  console.log(
    `${firstLifecycle?.orders} paid orders, ${firstLifecycle?.concurrency} at a time, each driven through the real HTTP API of a listening server: artist accepts → artist submits the recording → admin validates → customer accepts. Every call is one transaction (machine decision, order row locked, event row, notifications) followed by a hub publish; the answer is the full order view.${databasesNote}`,
  );
  console.log('\n| database | transitions | seconds | transitions/s |\n|---|---:|---:|---:|');
  for (const r of lifecycle)
    console.log(`| ${r.database} | ${r.transitions} | ${r.seconds} | ${r.transitionsPerSecond} |`);
  console.log(
    `\n| transition | ${lifecycle.map((r) => `${r.database} p50 ms | ${r.database} p99 ms`).join(' | ')} |\n|---|${lifecycle.map(() => '---:|---:').join('|')}|`,
  );
  for (const step of Object.keys(firstLifecycle?.steps ?? {}) as (keyof LifecycleBench['steps'])[]) {
    console.log(`| ${step} | ${lifecycle.map((r) => `${r.steps[step].p50} | ${r.steps[step].p99}`).join(' | ')} |`);
  }

  section('Notifications list: one user, 10 000 vs 1 000 000 rows in the table');
  const lists = await benchNotifications();
  console.log(
    `GET /api/v1/user/notifications?limit=10, ${lists[0]?.requests} sequential requests per figure after a warm-up; the deep page is opened by its cursor 90 % of the way down the user's notifications. At 1 000 000 rows nine in ten belong to the measured user (the rest to 99 others), so a page that scanned rather than seeking on (user_id, id) would show it. Rows generated by INSERT … SELECT in 100 000-row transactions, counters rebuilt after.${databasesNote}`,
  );
  console.log(
    '\n| database | rows in table | user’s rows | load s | first page p50 ms | first page p99 ms | deep page p50 ms | deep page p99 ms |\n|---|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of lists) {
    for (const size of [r.small, r.large]) {
      console.log(
        `| ${r.database} | ${size.tableRows} | ${size.userRows} | ${size.loadSeconds} | ${size.firstPage.p50} | ${size.firstPage.p99} | ${size.deepPage.p50} | ${size.deepPage.p99} |`,
      );
    }
  }
  console.log(
    '\n| database | first page p50 ratio | first page p99 ratio | deep page p50 ratio | deep page p99 ratio |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const r of lists) {
    console.log(
      `| ${r.database} | ${r.ratio.firstPage.p50} | ${r.ratio.firstPage.p99} | ${r.ratio.deepPage.p50} | ${r.ratio.deepPage.p99} |`,
    );
  }
  console.log(
    '\nRatio = 1 000 000-row figure over the 10 000-row one: near 1 means the page costs the same however big the table. p99 of sub-millisecond requests moves with GC pauses and whatever else the machine does; p50 is the steadier comparison.',
  );

  section('Notification stream: 500 SSE clients under load');
  const streams = await benchSse();
  const [firstStream] = streams;
  console.log(
    `${firstStream?.clients} customers, each with a stream token and an open GET …/notifications/stream, held by a separate client process; meanwhile a load generator in the server process writes notifications for them at ${firstStream?.targetPerSecond}/s for ${firstStream?.seconds} s (${firstStream?.perTransaction} per transaction through insertNotifications, then hub.publish, as a lifecycle transition does), round-robin over the users. Latency runs from the start of the inserting transaction to the client parsing the event. Lost = created but not received by its user within 20 s (longer than the stream's own 15 s poll). ${firstStream?.cores} CPU cores shared by the server, ${postgresUrl() ? 'the clients and PostgreSQL' : 'and the clients'}.${databasesNote}`,
  );
  console.log(
    '\n| database | connected | connect s | created/s | delivered | lost | duplicate | wrong user | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of streams) {
    console.log(
      `| ${r.database} | ${r.connected}/${r.clients} | ${r.connectSeconds} | ${r.createdPerSecond} | ${r.delivered}/${r.created} | ${r.lost} | ${r.duplicates} | ${r.misdelivered} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} |`,
    );
  }
  console.log(
    '\n| database | server RSS before | with clients connected | peak under load | client process RSS |\n|---|---:|---:|---:|---:|',
  );
  for (const r of streams) {
    console.log(
      `| ${r.database} | ${r.rss.beforeMb} MB | ${r.rss.connectedMb} MB | ${r.rss.peakMb} MB | ${r.clientProcessRssMb} MB |`,
    );
  }
  console.log(
    '\nServer RSS: a fresh process per database holding the server, its database driver and the load generator (the clients run in their own process).',
  );
  for (const r of streams) {
    if (r.connectFailures.length > 0)
      console.log(`${r.database}: connection failures: ${r.connectFailures.join('; ')}`);
  }

  section('Mail: requests that queue a mail, with the SMTP server up or dead (SQLite)');
  const mail = await benchMail();
  console.log(
    `${mail.requests[0]?.requests} sequential POST /api/v1/user/password/forgot for one account (each queues a reset mail in its transaction) against a listening server whose mail worker runs every second. With SMTP at a closed port every attempt fails and is retried later: the answer does not wait for it.`,
  );
  console.log(
    '\n| mail transport | p50 ms | p99 ms | sent by the end | waiting for a retry |\n|---|---:|---:|---:|---:|',
  );
  for (const r of mail.requests) console.log(`| ${r.transport} | ${r.p50} | ${r.p99} | ${r.sent} | ${r.waiting} |`);
  console.log(
    `\nOne worker empties ${mail.worker.mails} queued mails into the outbox folder in ${mail.worker.seconds} s (${mail.worker.perSecond} mails/s: render, nodemailer, one file each).`,
  );
}
section('A phone: API ratios and Lighthouse mobile (npm run serve of the build, SQLite)');
console.log(
  'Each route against /api/ping in the same round (the machine is shared: ratios, not absolute numbers, are comparable), 50 connections; the customer orders list and /api/ping again at 10 connections. Lighthouse 13 mobile preset (simulated slow 4G, 4× CPU) in Debian Chromium. Set BENCH_BEFORE_DIR to a built checkout to measure it beside this one.',
);
await benchWeb({
  trees: [
    ...(process.env.BENCH_BEFORE_DIR ? [{ dir: process.env.BENCH_BEFORE_DIR, label: 'before' }] : []),
    { dir: process.cwd(), label: 'this build' },
  ],
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  connections: 50,
  lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
  pages: ['/', '/artists', '/about'],
});
