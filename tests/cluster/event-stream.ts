import { randomUUID } from 'node:crypto';
import { type ClientRequest, request } from 'node:http';

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: string;
}

export interface EventStreamClient {
  /** Every event received, in order, across reconnections. */
  readonly events: StreamEvent[];
  /** The X-Request-Id of each connection made, the first one included. */
  readonly connections: string[];
  close(): void;
}

/**
 * What a browser's EventSource does, over node:http: parses `id:`, `event:`, `data:` and `retry:`,
 * and after a dropped connection (or a refused one) waits `retry` ms and reconnects with
 * `Last-Event-ID`. `pathOfNextConnection` is asked for each connection's path, as the app asks for
 * a fresh stream token before it reconnects.
 */
export function openEventStream(options: {
  origin: string;
  pathOfNextConnection: () => Promise<string>;
  /** Used until the server sends `retry:`. */
  retryMs?: number;
}): EventStreamClient {
  const origin = new URL(options.origin);
  const events: StreamEvent[] = [];
  const connections: string[] = [];
  let lastEventId: string | undefined;
  let retryMs = options.retryMs ?? 1_000;
  let closed = false;
  let current: ClientRequest | undefined;
  let timer: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    current = undefined;
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(reconnectLater);
    }, retryMs);
  };

  const dispatch = (block: string[]) => {
    let event = 'message';
    const data: string[] = [];
    let id: string | undefined;
    for (const line of block) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (id !== undefined) lastEventId = id;
    if (data.length > 0) events.push({ id, event, data: data.join('\n') });
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const pathname = await options.pathOfNextConnection();
    const requestId = randomUUID();
    connections.push(requestId);
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      'Cache-Control': 'no-cache',
      'X-Request-Id': requestId,
    };
    if (lastEventId !== undefined) headers['Last-Event-ID'] = lastEventId;
    // A dropped connection reports itself several ways (end, error, aborted): it reconnects once.
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      reconnectLater();
    };
    const req = request({ host: origin.hostname, port: origin.port, path: pathname, headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', drop);
        return;
      }
      res.setEncoding('utf8');
      let pending = '';
      let block: string[] = [];
      res.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split(/\r\n|\r|\n/);
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '') {
            dispatch(block);
            block = [];
          } else block.push(line);
        }
      });
      res.on('end', drop);
      res.on('error', drop);
      res.on('aborted', drop);
    });
    current = req;
    req.on('error', drop);
    req.end();
  }

  connect().catch(reconnectLater);
  return {
    events,
    connections,
    close() {
      closed = true;
      clearTimeout(timer);
      current?.destroy();
    },
  };
}
