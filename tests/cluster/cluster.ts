import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

import { startS3rver } from '../server/storage-fixtures';
import { createThrowawayDatabase } from '../server/support/postgres-database';

// Two app nodes as separate processes on one PostgreSQL database and one bucket, Debian's nginx in
// front: the deployment of deploy/, on loopback, for the cluster test and the cluster bench.

const NGINX_BIN = '/usr/sbin/nginx';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const nginxConfig = path.join(repoRoot, 'deploy/nginx/nginx.conf');

const BUCKET = 'labsongs';
export type NodeName = 'a' | 'b';

/** Why the cluster cannot run here, or null when it can. */
export function clusterUnavailable(databaseUrl: string | undefined): string | null {
  if (!databaseUrl) return 'TEST_DATABASE_URL is not set: the nodes need a shared PostgreSQL server';
  if (!existsSync(NGINX_BIN)) return `${NGINX_BIN} is missing (apt-get install nginx)`;
  return null;
}

/** A free loopback port (the kernel's choice, released for the child to take). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `url` answers 200; rejects when `exited` reports the process gone or time runs out. */
async function waitForOk(url: string, exited: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const gone = exited();
    if (gone) throw new Error(gone);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** A child process whose output is kept for failure messages. */
interface Child {
  process: ChildProcess;
  output: string[];
  exitedWith: string | null;
}

function startChild(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stdout?: number },
): Child {
  const spawned = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
  });
  const child: Child = { process: spawned, output: [], exitedWith: null };
  for (const stream of [spawned.stdout, spawned.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      child.output.push(...lines);
    });
  }
  spawned.once('exit', (code, signal) => {
    child.exitedWith = `exited with ${signal ?? code}`;
  });
  return child;
}

async function stopChild(child: Child, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
  if (child.exitedWith !== null || child.process.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  child.process.kill(signal);
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface ClusterNode {
  name: NodeName;
  port: number;
  /** The node itself, bypassing nginx. */
  url: string;
  dataDir: string;
  /** Every line the node printed. */
  output: string[];
  /** SIGKILL: the node dies mid-request, as a machine losing power would. */
  kill(): Promise<void>;
}

export interface Bucket {
  /** A client with the nodes' credentials. */
  client: S3Client;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
}

export interface Cluster {
  /** nginx, on loopback. */
  url: string;
  /** The database both nodes share (a fresh one, dropped by close()). */
  databaseUrl: string;
  nodes: Record<NodeName, ClusterNode>;
  bucket: Bucket | null;
  /** What the nodes were started with (JWT_SECRET, PAYOUT_KEY, STORAGE_URL…). */
  env: Record<string, string>;
  /** The node that answered the request nginx logged with this X-Request-Id (waits for the log line). */
  nodeOf(requestId: string): Promise<NodeName | undefined>;
  /** The node whose own log has a line with this request id (nginx passed the id on), if any yet. */
  loggedBy(requestId: string): NodeName | undefined;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL server URL (any database on it): the cluster creates its own database there. */
  serverUrl: string;
  /** Files in an s3rver bucket (the test) or each node's own folder (the bench reads JSON only). */
  bucket: boolean;
  logLevel?: string;
  /** More variables for both nodes. */
  env?: Record<string, string>;
}

/** The variables a node inherits from this process: enough to run, nothing of the test's own. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/**
 * Starts the database, the bucket, node a (which seeds the empty database), then node b, then nginx.
 * Everything started is stopped again if a later part fails.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'labsongs-cluster-'));
  const cleanups: (() => Promise<void>)[] = [async () => rm(workDir, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  try {
    const database = await createThrowawayDatabase(options.serverUrl, 'labsongs_cluster');
    cleanups.push(() => database.drop());

    const nginxPort = await freePort();
    const publicUrl = `http://127.0.0.1:${nginxPort}`;
    const env: Record<string, string> = {
      ...baseEnv(),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      PUBLIC_URL: publicUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PAYOUT_KEY: randomBytes(32).toString('hex'),
      // nginx is the one proxy in front of the nodes: its appended X-Forwarded-For entry is the client.
      TRUST_PROXY: '1',
      SEED_DEMO: 'true',
      SCRYPT_COST: '14',
      LOG_LEVEL: options.logLevel ?? 'info',
      ...options.env,
    };

    let bucket: Bucket | null = null;
    if (options.bucket) {
      const s3 = await startS3rver(BUCKET);
      cleanups.push(() => s3.close());
      const client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      cleanups.push(async () => client.destroy());
      Object.assign(env, {
        STORAGE_URL: s3.storageUrl(),
        AWS_ACCESS_KEY_ID: 'S3RVER',
        AWS_SECRET_ACCESS_KEY: 'S3RVER',
      });
      bucket = {
        client,
        async keys() {
          const keys: string[] = [];
          let token: string | undefined;
          do {
            const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }));
            for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
            token = page.NextContinuationToken;
          } while (token);
          return keys;
        },
      };
    }

    const children: Partial<Record<NodeName, Child>> = {};
    const nodes = {} as Record<NodeName, ClusterNode>;
    const launch = async (name: NodeName) => {
      const node = nodes[name];
      // One process (no npx or tsx wrapper in between), so that a SIGKILL kills the node itself.
      const child = startChild(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: repoRoot,
        env: { ...env, PORT: String(node.port), DATA_DIR: node.dataDir },
      });
      children[name] = child;
      node.output = child.output;
      cleanups.push(() => stopChild(child, 'SIGTERM'));
      try {
        await waitForOk(`${node.url}/api/ping`, () => child.exitedWith, 90_000);
      } catch (error) {
        throw new Error(`node ${name}: ${(error as Error).message}\n${child.output.slice(-40).join('\n')}`);
      }
    };
    for (const name of ['a', 'b'] as const) {
      const port = await freePort();
      const dataDir = path.join(workDir, `node-${name}`);
      await mkdir(dataDir);
      nodes[name] = {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        dataDir,
        output: [],
        async kill() {
          const child = children[name];
          if (child) await stopChild(child, 'SIGKILL');
        },
      };
    }
    // Node a alone first: it migrates and seeds the empty database; node b then finds it ready.
    await launch('a');
    await launch('b');

    const nginxDir = path.join(workDir, 'nginx');
    await mkdir(nginxDir);
    // Started as root (CI), nginx's workers run as nobody and must reach their temporary folders.
    await chmod(workDir, 0o755);
    await copyFile(nginxConfig, path.join(nginxDir, 'nginx.conf'));
    await writeFile(
      path.join(nginxDir, 'upstream.conf'),
      `${Object.values(nodes)
        .map((node) => `server 127.0.0.1:${node.port};`)
        .join('\n')}\n`,
    );
    await writeFile(path.join(nginxDir, 'listen.conf'), `listen 127.0.0.1:${nginxPort};\n`);
    // The access log goes to nginx's stdout (/dev/stdout in the config); a file here, because a socket
    // (what a piped stdout is) cannot be opened by path.
    const accessLog = path.join(nginxDir, 'access.log');
    const stdout = await open(accessLog, 'a');
    cleanups.push(() => stdout.close());
    const nginx = startChild(
      NGINX_BIN,
      ['-p', `${nginxDir}/`, '-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
      {
        cwd: nginxDir,
        env: baseEnv(),
        stdout: stdout.fd,
      },
    );
    cleanups.push(() => stopChild(nginx, 'SIGTERM'));
    const upstreams = new Map<string, string>();
    const readAccessLog = async () => {
      for (const line of (await readFile(accessLog, 'utf8')).split('\n')) {
        const id = /request_id=(\S+)/.exec(line)?.[1];
        // A request retried on the other node lists both: the last one answered.
        const upstream = /upstream=(.*?) upstream_status=/.exec(line)?.[1]?.split(',').pop()?.trim();
        if (id && upstream) upstreams.set(id, upstream);
      }
    };
    try {
      await waitForOk(`${publicUrl}/api/ping`, () => nginx.exitedWith, 20_000);
    } catch (error) {
      throw new Error(`nginx: ${(error as Error).message}\n${nginx.output.join('\n')}`);
    }

    const nodeByAddress = (address: string) =>
      Object.values(nodes).find((node) => address === `127.0.0.1:${node.port}`)?.name;
    return {
      url: publicUrl,
      databaseUrl: database.url,
      nodes,
      bucket,
      env,
      async nodeOf(requestId) {
        // nginx writes the line as the answer ends: it may trail the client's last byte a little.
        for (let waited = 0; !upstreams.has(requestId) && waited < 5_000; waited += 50) {
          await readAccessLog();
          if (!upstreams.has(requestId)) await sleep(50);
        }
        const upstream = upstreams.get(requestId);
        return upstream ? nodeByAddress(upstream) : undefined;
      },
      loggedBy(requestId) {
        return Object.values(nodes).find((node) => node.output.some((line) => line.includes(requestId)))?.name;
      },
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
