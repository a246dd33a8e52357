import { randomUUID } from 'node:crypto';
import { type IncomingHttpHeaders, request } from 'node:http';
import type { Cluster, NodeName } from './cluster';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The parsed JSON body, or undefined when it is not JSON. */
  json: any;
  /** The X-Request-Id this request carried (nginx logs it with the node that answered). */
  requestId: string;
  /** The node that answered, from nginx's access log. */
  node: NodeName | undefined;
}

export interface SendOptions {
  token?: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** Sent as application/x-www-form-urlencoded (the sandbox pay page's buttons). */
  urlencoded?: Record<string, string>;
  headers?: Record<string, string>;
  /** The client socket's own address: any of 127.0.0.0/8, so that nginx sees different visitors. */
  from?: string;
}

async function bodyOf(options: SendOptions): Promise<{ bytes?: Buffer; type?: string }> {
  if (options.json !== undefined) return { bytes: Buffer.from(JSON.stringify(options.json)), type: 'application/json' };
  if (options.urlencoded) {
    return {
      bytes: Buffer.from(new URLSearchParams(options.urlencoded).toString()),
      type: 'application/x-www-form-urlencoded',
    };
  }
  if (options.form) {
    // The platform's own multipart encoder (boundary included in the type).
    const encoded = new Request('http://encoder.invalid/', { method: 'POST', body: options.form });
    return {
      bytes: Buffer.from(await encoded.arrayBuffer()),
      type: encoded.headers.get('content-type') ?? undefined,
    };
  }
  return {};
}

/** Requests through nginx, each with its own X-Request-Id so that the answering node can be named. */
export function clusterClient(cluster: Cluster) {
  const base = new URL(cluster.url);

  async function send(method: string, pathname: string, options: SendOptions = {}): Promise<Answer> {
    const { bytes, type } = await bodyOf(options);
    const requestId = randomUUID();
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Request-Id': requestId,
      ...options.headers,
    };
    if (type) headers['Content-Type'] = type;
    if (bytes) headers['Content-Length'] = String(bytes.length);
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const { status, responseHeaders, body } = await new Promise<{
      status: number;
      responseHeaders: IncomingHttpHeaders;
      body: Buffer;
    }>((resolve, reject) => {
      const req = request(
        {
          host: base.hostname,
          port: base.port,
          method,
          path: pathname,
          headers,
          localAddress: options.from ?? '127.0.0.1',
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, responseHeaders: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(bytes);
    });
    let json: any;
    if ((responseHeaders['content-type'] ?? '').includes('json')) json = JSON.parse(body.toString('utf8'));
    return { status, headers: responseHeaders, body, json, requestId, node: await cluster.nodeOf(requestId) };
  }

  return {
    send,
    get: (pathname: string, options?: SendOptions) => send('GET', pathname, options),
    post: (pathname: string, options?: SendOptions) => send('POST', pathname, options),
    /** Logs in through nginx; answers the token and the user (throws with the answer when it is not 200). */
    async login(area: 'user' | 'artist' | 'admin', email: string, password: string) {
      const answer = await send('POST', `/api/v1/${area}/auth/login`, { json: { email, password } });
      if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${answer.body.toString()}`);
      return answer.json.data as { token: string; user: { id: number; user_id: string } };
    },
  };
}

export type ClusterClient = ReturnType<typeof clusterClient>;

/** A path and query of an absolute or relative URL the API answered (media URLs carry the public origin). */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://relative.invalid');
  return `${parsed.pathname}${parsed.search}`;
}
