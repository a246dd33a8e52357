// `npx tsx bench/web.ts`: what a phone meets, measured on `npm run serve` of the built app (build first).
// The machine is shared, so absolute numbers drift: every figure that matters is a ratio or a
// comparison taken in the same run (a route ÷ /api/ping, rounds interleaved), repeated, with its spread.
// BENCH_BEFORE_DIR=<another checkout, built> measures that tree beside this one, round by round.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { autocannon } from './autocannon';

export interface ServedTree {
  label: string;
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `npm run serve` of a built checkout (its own dist/), seeded demo data in a temp DATA_DIR. */
async function serveTree(dir: string, label: string, env: Record<string, string> = {}): Promise<ServedTree> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), `labsongs-web-${label}-`));
  const child: ChildProcess = spawn(path.join(dir, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      SCRYPT_COST: '14',
      LOG_LEVEL: 'silent',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/ping`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    label,
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function customerToken(url: string): Promise<string> {
  const { demoLogins } = await import('../server/db/seed');
  const customer = demoLogins.find((login) => login.area === 'user');
  if (!customer) throw new Error('no demo customer');
  const res = await fetch(`${url}/api/v1/user/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  if (!res.ok) throw new Error(`demo login answered ${res.status}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function load(url: string, seconds: number, connections: number, headers?: Record<string, string>) {
  const r = await autocannon({ url, connections, duration: seconds, ...(headers ? { headers } : {}) });
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    failures: r.non2xx + r.errors + r.timeouts,
  } satisfies Load;
}

export interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

/**
 * Lighthouse's default mobile preset (simulated throttling) in Debian's Chromium. A run whose browser
 * fails to start or to load the page (it happens, rarely, on a loaded machine) is tried once more.
 */
async function lighthouse(url: string): Promise<LighthouseRun> {
  try {
    return await lighthouseOnce(url);
  } catch (error) {
    console.log(`(${(error as Error).message}; trying ${url} once more)`);
    return lighthouseOnce(url);
  }
}

async function lighthouseOnce(url: string): Promise<LighthouseRun> {
  const bin = path.resolve('node_modules/.bin/lighthouse');
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      bin,
      [
        url,
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
        '--only-categories=performance',
        '--output=json',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
    );
    let text = '';
    let errors = '';
    child.stdout.on('data', (d) => {
      text += d;
    });
    child.stderr.on('data', (d) => {
      errors += d;
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`lighthouse exited ${code}: ${errors.trim().split('\n').at(-1)}`)),
    );
  });
  const report = JSON.parse(out) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number }>;
  };
  const n = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: Math.round(n('first-contentful-paint')),
    lcpMs: Math.round(n('largest-contentful-paint')),
    tbtMs: Math.round(n('total-blocking-time')),
    cls: Number(n('cumulative-layout-shift').toFixed(3)),
    bytes: n('total-byte-weight'),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** What a first visit to / downloads in JavaScript until the page is live (`html[data-hydrated]`), as sent. */
async function jsUntilLive(url: string): Promise<{ bytes: number; scripts: number }> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.goto(url);
    await page.waitForSelector('html[data-hydrated]');
    return await page.evaluate(() => {
      const scripts = performance
        .getEntriesByType('resource')
        .filter((e): e is PerformanceResourceTiming => e.name.endsWith('.js'));
      return { bytes: scripts.reduce((n, e) => n + e.encodedBodySize, 0), scripts: scripts.length };
    });
  } finally {
    await browser.close();
  }
}

const spread = (xs: number[], digits = 0) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return `${mid.toFixed(digits)} (${(sorted[0] ?? 0).toFixed(digits)}–${(sorted.at(-1) ?? 0).toFixed(digits)})`;
};

export interface WebBenchOptions {
  trees: { dir: string; label: string }[];
  rounds: number;
  seconds: number;
  connections: number;
  lighthouseRuns: number;
  pages: string[];
}

interface TreeSummary {
  tree: string;
  catalogueRatio: number;
  ordersP99: number;
}

/** Prints the API ratios and the Lighthouse table for each tree, interleaved round by round, then the table. */
export async function benchWeb(options: WebBenchOptions): Promise<void> {
  const served: ServedTree[] = [];
  const summary: TreeSummary[] = [];
  const lighthouseOf = new Map<string, LighthouseRun[]>();
  try {
    for (const tree of options.trees) served.push(await serveTree(tree.dir, tree.label));
    const tokens = await Promise.all(served.map((s) => customerToken(s.url)));
    const ratio = new Map<string, number[]>();
    const ordersRatio = new Map<string, number[]>();
    const orders = new Map<string, Load[]>();
    const add = <T>(m: Map<string, T[]>, k: string, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
    for (let round = 0; round < options.rounds; round++) {
      for (const [i, s] of served.entries()) {
        const ping = await load(`${s.url}/api/ping`, options.seconds, options.connections);
        const artists = await load(`${s.url}/api/v1/user/artists`, options.seconds, options.connections);
        add(ratio, s.label, artists.rps / ping.rps);
        console.log(
          `round ${round + 1} ${s.label}: ping ${ping.rps} req/s, artists ${artists.rps} req/s (p99 ${artists.p99} ms, failures ${artists.failures + ping.failures})`,
        );
        // The orders list is compared with /api/ping at its own concurrency (10 connections).
        const ping10 = await load(`${s.url}/api/ping`, options.seconds, 10);
        const o = await load(`${s.url}/api/v1/user/orders`, options.seconds, 10, {
          Authorization: `Bearer ${tokens[i]}`,
        });
        add(orders, s.label, o);
        add(ordersRatio, s.label, o.rps / ping10.rps);
        console.log(
          `round ${round + 1} ${s.label}: ping ${ping10.rps} req/s, orders ${o.rps} req/s, p99 ${o.p99} ms (ping p99 ${ping10.p99} ms), failures ${o.failures + ping10.failures}`,
        );
      }
    }
    console.log(
      `\n| tree | artists ÷ ping (${options.connections} conn) | orders ÷ ping (10 conn) | orders req/s | orders p99 ms |\n|---|---:|---:|---:|---:|`,
    );
    for (const s of served) {
      const o = orders.get(s.label) ?? [];
      console.log(
        `| ${s.label} | ${spread(ratio.get(s.label) ?? [], 2)} | ${spread(ordersRatio.get(s.label) ?? [], 2)} | ${spread(o.map((x) => x.rps))} | ${spread(o.map((x) => x.p99))} |`,
      );
      summary.push({
        tree: s.label,
        catalogueRatio: median(ratio.get(s.label) ?? []),
        ordersP99: median(o.map((x) => x.p99)),
      });
    }
    console.log(`(median (min–max) of ${options.rounds} rounds, ${options.seconds} s each)`);

    if (options.lighthouseRuns > 0) {
      const runs = new Map<string, LighthouseRun[]>();
      for (let r = 0; r < options.lighthouseRuns; r++)
        for (const page of options.pages)
          for (const s of served) add(runs, `${s.label} ${page}`, await lighthouse(`${s.url}${page}`));
      for (const [key, rs] of runs) lighthouseOf.set(key, rs);
      console.log(
        '\n| tree | page | score | FCP ms | LCP ms | TBT ms | CLS | transfer KiB |\n|---|---|---:|---:|---:|---:|---:|---:|',
      );
      for (const page of options.pages)
        for (const s of served) {
          const rs = runs.get(`${s.label} ${page}`) ?? [];
          console.log(
            `| ${s.label} | ${page} | ${spread(rs.map((x) => x.score))} | ${spread(rs.map((x) => x.fcpMs))} | ${spread(rs.map((x) => x.lcpMs))} | ${spread(rs.map((x) => x.tbtMs))} | ${spread(
              rs.map((x) => x.cls),
              3,
            )} | ${spread(rs.map((x) => x.bytes / 1024))} |`,
          );
        }
      console.log(`(Lighthouse 13 mobile preset, median (min–max) of ${options.lighthouseRuns} runs)`);
    }

    // The table ("Fast on a phone"), every figure from this run.
    const { firstLoadOf } = (await import(pathToFileURL(path.resolve('scripts/check-budgets.mjs')).href)) as {
      firstLoadOf(
        dist: string,
      ): { files: string[]; gzipBytes: number; gzip9Bytes?: number; brotliBytes?: number } | null;
    };
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const rows: [string, string, (s: ServedTree, i: number) => Promise<string> | string][] = [
      [
        'Lighthouse mobile performance: /, /artists, /about',
        '≥ 98 each',
        (s) =>
          options.pages.map((p) => median((lighthouseOf.get(`${s.label} ${p}`) ?? []).map((r) => r.score))).join(', '),
      ],
      [
        'FCP / LCP on / (Lighthouse, median)',
        '≤ 1.5 s / ≤ 2.0 s',
        (s) => {
          const rs = lighthouseOf.get(`${s.label} /`) ?? [];
          return `${(median(rs.map((r) => r.fcpMs)) / 1000).toFixed(2)} s / ${(median(rs.map((r) => r.lcpMs)) / 1000).toFixed(2)} s`;
        },
      ],
      [
        'first-load JS of / (zlib gzip 9; as this server sends it, brotli and gzip, in brackets: scripts/check-budgets.mjs)',
        '≤ 135 KB',
        (s) => {
          const first = firstLoadOf(path.join(options.trees.find((t) => t.label === s.label)?.dir ?? '.', 'dist'));
          if (!first) return 'not built';
          const gzip9 = first.gzip9Bytes ?? first.gzipBytes;
          const brotli = first.brotliBytes === undefined ? '' : `brotli ${kib(first.brotliBytes)}, `;
          return `${kib(gzip9)} [${brotli}gzip ${kib(first.gzipBytes)}] (${first.files.length} files)`;
        },
      ],
      [
        'JS a first visit to / downloads until live (as sent: brotli)',
        '',
        async (s) => {
          const js = await jsUntilLive(`${s.url}/`);
          return `${kib(js.bytes)} (${js.scripts} files)`;
        },
      ],
      [
        'GET /api/v1/user/artists ÷ GET /api/ping (50 conn)',
        '≥ 0.5',
        (s) => (summary.find((x) => x.tree === s.label)?.catalogueRatio ?? Number.NaN).toFixed(2),
      ],
      [
        'GET /api/v1/user/orders p99 (demo customer, 10 conn)',
        '≤ 25 ms',
        (s) => `${summary.find((x) => x.tree === s.label)?.ordersP99 ?? Number.NaN} ms`,
      ],
    ];
    console.log(
      `\n| what | goal | ${served.map((s) => s.label).join(' | ')} |\n|---|---|${served.map(() => '---:').join('|')}|`,
    );
    for (const [what, goal, value] of rows) {
      const values: string[] = [];
      for (const [i, s] of served.entries()) values.push(await value(s, i));
      console.log(`| ${what} | ${goal} | ${values.join(' | ')} |`);
    }
    console.log(
      `(medians of this run; ${cpus().length} cores, load average at the end ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')})`,
    );
  } finally {
    for (const s of served) await s.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const before = process.env.BENCH_BEFORE_DIR;
  await benchWeb({
    trees: [...(before ? [{ dir: path.resolve(before), label: 'before' }] : []), { dir: process.cwd(), label: 'this' }],
    rounds: Number(process.env.BENCH_ROUNDS ?? 3),
    seconds: Number(process.env.BENCH_SECONDS ?? 5),
    connections: 50,
    lighthouseRuns: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
    pages: ['/', '/artists', '/about'],
  });
}
