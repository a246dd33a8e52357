// `npm run bench:scale`: every list, search, dashboard, earnings and queue endpoint at demo size and at
// the scale data set, as a ratio to GET /api/ping of the same server, with p99 and the longest
// event-loop stall; the maintenance job's slowest statement; the query plans into docs/scale-plans.md.
// Sizes: `--full` (10,000 artists, 100,000 customers, 1,000,000 orders, 5,000,000 notifications) or
// --artists/--customers/--orders/--notifications N; default a twentieth. BENCH_SECONDS per endpoint (default 3),
// BENCH_CONNECTIONS at once (default 10).
// `--only a,b` measures only the endpoints whose names contain one of the words, `--db sqlite|postgres` one
// database (their plans are then printed, not written to docs/).
import { writeFile } from 'node:fs/promises';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { type BenchDatabase, benchDatabases, startBenchServer } from './bench-server';
import { postgresWriter, sqliteWriter } from './scale/bulk-writer';
import { checkScaleData } from './scale/check';
import { addDemoOrders } from './scale/demo-orders';
import { demoReaders, endpointsFor } from './scale/endpoints';
import { generateScaleData } from './scale/generate';
import { timeMaintenance } from './scale/maintenance';
import { type LoadSettings, type Measurement, measure } from './scale/measure';
import { sizeFromArgs } from './scale/options';
import { type EndpointPlans, explainEndpoints, renderPlans } from './scale/plans';

type DataSet = 'demo' | 'scale';

interface Run {
  ping: Measurement;
  endpoints: Measurement[];
  maxStallMs: number;
  /** The longest garbage-collection pause of the server's thread over the run: a stall the data does not cause. */
  maxGcMs: number;
  /** Where the longest stalls fell: under an endpoint's load, under the ping before it, in the periodic jobs. */
  stalls: { endpoints: number; pings: number; jobs: number };
  maintenance: { ms: number; sql: string };
  generateSeconds?: number;
}

const args = process.argv.slice(2);
const size = sizeFromArgs(args);
const onlyAt = args.indexOf('--only');
const only = onlyAt === -1 ? null : (args[onlyAt + 1] ?? '').split(',').filter(Boolean);
const chosen = (name: string) => only === null || only.some((word) => name.includes(word));
const dbAt = args.indexOf('--db');
const kinds = benchDatabases().filter((kind) => dbAt === -1 || kind === args[dbAt + 1]);
/** The plans go to docs/ only from a run of every endpoint on every database. */
const writesPlans = only === null && dbAt === -1;
const load: LoadSettings = {
  seconds: Number(process.env.BENCH_SECONDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
};
const pingEndpoint = { name: 'ping', path: '/api/ping' };
const progress = (message: string) => process.stderr.write(`  ${message}\n`);

async function runOn(kind: BenchDatabase, dataSet: DataSet, plans: Partial<Record<BenchDatabase, EndpointPlans[]>>) {
  const server = await startBenchServer(kind, { seed: true });
  try {
    await addDemoOrders(server);
    let generateSeconds: number | undefined;
    let subjects: Awaited<ReturnType<typeof generateScaleData>> | undefined;
    if (dataSet === 'scale') {
      const started = performance.now();
      const target = server.deps.config.database;
      const writer =
        target.kind === 'sqlite'
          ? sqliteWriter(target.file)
          : await postgresWriter(target.url, server.deps.database.schema as string);
      try {
        const readers = await demoReaders(server);
        subjects = await generateScaleData(writer, size, { adminId: readers.adminId, progress });
      } finally {
        await writer.close();
      }
      generateSeconds = (performance.now() - started) / 1000;
      await checkScaleData(server.deps.database.db, subjects);
      progress(`${kind}: scale data written in ${generateSeconds.toFixed(0)} s`);
    }
    const endpoints = (await endpointsFor(server, await demoReaders(server, subjects))).filter((e) => chosen(e.name));
    const whole = monitorEventLoopDelay({ resolution: 5 });
    whole.enable();
    let maxGcMs = 0;
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) maxGcMs = Math.max(maxGcMs, entry.duration);
    });
    gc.observe({ entryTypes: ['gc'] });
    // A first second of pings warms the JIT, so the baseline is not the cold start.
    await measure(server, pingEndpoint, { ...load, seconds: 1 });
    const ping = await measure(server, pingEndpoint, load);
    const measured: Measurement[] = [];
    let pingStall = ping.maxStallMs;
    for (const endpoint of endpoints) {
      progress(`${kind} ${dataSet}: ${endpoint.name}`);
      const before = await measure(server, pingEndpoint, { ...load, seconds: 1 });
      pingStall = Math.max(pingStall, before.maxStallMs);
      measured.push({ ...(await measure(server, endpoint, load)), pingPerSecond: before.requestsPerSecond });
    }
    const jobsLoop = monitorEventLoopDelay({ resolution: 5 });
    jobsLoop.enable();
    const maintenance = await timeMaintenance(server);
    jobsLoop.disable();
    whole.disable();
    gc.disconnect();
    const stalls = {
      endpoints: Math.max(0, ...measured.map((m) => m.maxStallMs)),
      pings: pingStall,
      jobs: jobsLoop.max / 1e6,
    };
    if (dataSet === 'scale') plans[kind] = await explainEndpoints(server, endpoints);
    return {
      ping,
      endpoints: measured,
      maxStallMs: whole.max / 1e6,
      maxGcMs,
      stalls,
      maintenance,
      generateSeconds,
    } satisfies Run;
  } finally {
    await server.close();
  }
}

const fmtMs = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(ms < 10 ? 1 : 0)} ms`);
const ratio = (run: Run, m: Measurement) =>
  (m.pingPerSecond ?? run.ping.requestsPerSecond) / Math.max(m.requestsPerSecond, 0.01);
const cell = (run: Run, m: Measurement) =>
  `${ratio(run, m).toFixed(1)}× (${fmtMs(m.p99Ms)})${m.failures ? ` ⚠ ${m.failures} failed` : ''}`;

const describe = `Scale data set: ${size.artists} artists, ${size.customers} customers, ${size.orders} orders, ${size.notifications} notifications, over the demo seed.`;

function printTable(kind: BenchDatabase, demo: Run, scale: Run) {
  console.log(`\n### ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}\n`);
  console.log('| request | demo | scale | scale ÷ demo | demo stall | scale stall |\n|---|---:|---:|---:|---:|---:|');
  console.log(
    `| GET /api/ping (req/s) | ${demo.ping.requestsPerSecond.toFixed(0)} | ${scale.ping.requestsPerSecond.toFixed(0)} | | ${fmtMs(demo.ping.maxStallMs)} | ${fmtMs(scale.ping.maxStallMs)} |`,
  );
  for (const [i, d] of demo.endpoints.entries()) {
    const s = scale.endpoints[i] as Measurement;
    console.log(
      `| ${d.name} | ${cell(demo, d)} | ${cell(scale, s)} | ${(ratio(scale, s) / ratio(demo, d)).toFixed(1)} | ${fmtMs(d.maxStallMs)} | ${fmtMs(s.maxStallMs)} |`,
    );
  }
  const where = (run: Run) =>
    `under the endpoints ${fmtMs(run.stalls.endpoints)}, under the pings between them ${fmtMs(run.stalls.pings)}, in the periodic jobs ${fmtMs(run.stalls.jobs)}`;
  console.log(
    `\nLongest event-loop stall over the whole run: demo ${fmtMs(demo.maxStallMs)} (${where(demo)}), scale ${fmtMs(scale.maxStallMs)} (${where(scale)}). Longest garbage-collection pause: demo ${fmtMs(demo.maxGcMs)}, scale ${fmtMs(scale.maxGcMs)}.`,
  );
  console.log(
    `Periodic jobs (maintenance, sweeps, mail worker, metrics scrape), slowest statement: demo ${fmtMs(demo.maintenance.ms)}, scale ${fmtMs(scale.maintenance.ms)} (\`${scale.maintenance.sql.slice(0, 100)}\`).`,
  );
  console.log(`Scale data written in ${scale.generateSeconds?.toFixed(0)} s.`);
}

console.log(`\n## Flat as it grows: ratio to GET /api/ping of the same server (p99)\n\n${describe}`);
console.log(
  `autocannon, ${load.connections} connections, ${load.seconds} s per endpoint, each ratio against a 1 s ping run just before it. The server runs in this process; the load comes from a worker thread, which for the cache-miss endpoints also writes a new catalogue version before each request, on its own connection. Stall = longest event-loop delay of the server's thread while the endpoint was under load.`,
);
// Each database's table is printed as soon as it is measured: a full-size run takes over an hour, and a
// failure in the second database must not lose the first one's figures.
const plans: Partial<Record<BenchDatabase, EndpointPlans[]>> = {};
for (const kind of kinds) {
  const demo = await runOn(kind, 'demo', plans);
  const scale = await runOn(kind, 'scale', plans);
  printTable(kind, demo, scale);
}

if (writesPlans) {
  await writeFile(new URL('../docs/scale-plans.md', import.meta.url), renderPlans(plans, describe));
  console.log('\nQuery plans at scale: docs/scale-plans.md');
} else {
  console.log(`\n${renderPlans(plans, describe)}`);
}
