import { availableParallelism } from 'node:os';
import { clusterUnavailable, startCluster } from '../tests/cluster/cluster';
import { autocannon } from './autocannon';
import { postgresUrl } from './bench-server';

export interface ClusterBenchRow {
  route: string;
  /** "node a directly", "node b directly" or "two nodes behind nginx". */
  target: string;
  requestsPerSecond: number;
  p99LatencyMs: number;
  /** Answers other than 2xx, plus socket errors and timeouts: should be 0. */
  failures: number;
}

export interface ClusterBench {
  connections: number;
  seconds: number;
  rows: ClusterBenchRow[];
}

/**
 * The cluster of tests/cluster (two node processes on one fresh PostgreSQL database, seeded demo data,
 * nginx round robin in front), loaded with autocannon: the catalogue and the demo customer's order
 * history on one node directly and on both through nginx, /api/ping on each as the baseline.
 * Answers why it could not run instead, when there is no PostgreSQL server or no nginx.
 */
export async function benchCluster(options: { seconds: number; connections: number }): Promise<ClusterBench | string> {
  const serverUrl = postgresUrl();
  const unavailable = clusterUnavailable(serverUrl);
  if (unavailable) return unavailable;
  // Files stay in each node's folder: these routes answer JSON and read no file.
  const cluster = await startCluster({ serverUrl: serverUrl as string, bucket: false, logLevel: 'warn' });
  try {
    const login = await fetch(`${cluster.url}/api/v1/user/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'customer@labsongs.test', password: 'Customer123!' }),
    });
    if (!login.ok) throw new Error(`demo login answered ${login.status}`);
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    const targets = [
      { target: 'node a directly', url: cluster.nodes.a.url },
      { target: 'node b directly', url: cluster.nodes.b.url },
      { target: 'two nodes behind nginx', url: cluster.url },
    ];
    const routes = [
      { route: '/api/ping', headers: undefined },
      { route: '/api/v1/user/artists', headers: undefined },
      { route: '/api/v1/user/orders', headers: { Authorization: `Bearer ${token}` } },
    ];
    const rows: ClusterBenchRow[] = [];
    for (const { route, headers } of routes) {
      for (const { target, url } of targets) {
        // Only the baseline is measured on node b as well: the other routes compare one node with two.
        if (target === 'node b directly' && route !== '/api/ping') continue;
        // A second of warm-up first (JIT, connection pools, the catalogue cache), not counted.
        await autocannon({ url: `${url}${route}`, connections: options.connections, duration: 1, headers });
        const result = await autocannon({
          url: `${url}${route}`,
          connections: options.connections,
          duration: options.seconds,
          headers,
        });
        rows.push({
          route,
          target,
          requestsPerSecond: Math.round(result.requests.average),
          p99LatencyMs: result.latency.p99,
          failures: result.non2xx + result.errors + result.timeouts,
        });
      }
    }
    return { connections: options.connections, seconds: options.seconds, rows };
  } finally {
    await cluster.close();
  }
}

/** The markdown that `npm run bench` prints for benchCluster's answer. */
export function clusterReport(bench: ClusterBench | string): string {
  if (typeof bench === 'string') return `Not measured: ${bench}.`;
  const lines = [
    `${bench.connections} connections, ${bench.seconds} s per row, autocannon in the bench process. Each node is its own process (as in the cluster test), both on one PostgreSQL database; nginx runs deploy/nginx/nginx.conf. Every process shares this machine's ${availableParallelism()} cores, so two nodes here cannot show two machines' capacity: the comparison shows what the balancer costs and whether a second node adds any.`,
    '',
    '| route | target | req/s | p99 ms | failures |',
    '|---|---|---:|---:|---:|',
  ];
  for (const r of bench.rows) {
    lines.push(`| ${r.route} | ${r.target} | ${r.requestsPerSecond} | ${r.p99LatencyMs} | ${r.failures} |`);
  }
  return lines.join('\n');
}
