// `npm run bench`: the figures the issues ask for, measured here rather than asserted in tests.
import { spawnSync } from 'node:child_process';
import { benchAudioSeek } from './audio-seek';
import { bundleReport } from './bundle-size';
import { benchOrders } from './orders';
import { benchServerAuth } from './server-auth';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

function section(title: string) {
  console.log(`\n## ${title}\n`);
}

section('Bundle size (gzip, level 9)');
const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
if (build.status !== 0) process.exit(build.status ?? 1);
const bundle = await bundleReport();
console.log(`first load (entry JS + CSS): ${kb(bundle.entry.gzipTotal)}`);
console.log('| chunk | raw | gzip |\n|---|---:|---:|');
for (const c of bundle.chunks) console.log(`| ${c.file} | ${kb(c.bytes)} | ${kb(c.gzipBytes)} |`);

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

section('Audio seek: time to first byte (50 MB file, loopback, median of 20)');
const seek = await benchAudioSeek();
console.log(
  `file ${(seek.fileBytes / 1024 / 1024).toFixed(0)} MB, ${seek.runs} runs; seek answered ${seek.seekAnswer.status} ${seek.seekAnswer.contentRange}`,
);
console.log('| measure | median ms |\n|---|---:|');
console.log(`| first byte of a Range request into the middle | ${seek.seekFirstByteMs.toFixed(2)} |`);
console.log(`| first byte of the whole file | ${seek.wholeFirstByteMs.toFixed(2)} |`);
console.log(`| reading the whole file (a seek without Range) | ${seek.wholeReadMs.toFixed(2)} |`);

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
