import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTooLargeFor } from '../../contracts/artist';
import { loadConfig } from '../../server/config';
import { type RunningServer, startServer } from '../../server/server';
import { wavBytes } from './artist-fixtures';

// The process path over a real socket: @hono/node-server streaming uploads in and audio out.
describe('uploads and media over a real socket (sqlite)', () => {
  let dataDir: string;
  let server: RunningServer;
  const env = () => ({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    SCRYPT_COST: '14',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'true',
    MAX_UPLOAD_MB: '1',
  });
  const songsDir = () => path.join(dataDir, 'uploads', 'songs');

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-socket-'));
    server = await startServer(loadConfig(env()), { port: 0, staticRoot: null });
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const artistToken = async () => {
    const res = await fetch(`${server.url}/api/v1/artist/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'newartist@labsongs.test', password: 'Artist123!' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { token: string } }).data.token;
  };

  it('generates the payout key once (0600) and keeps it across restarts, so sealed numbers stay readable', async () => {
    const file = path.join(dataDir, 'payout-key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const key = await readFile(file, 'utf8');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await server.close();
    server = await startServer(loadConfig(env()), { port: 0, staticRoot: null });
    expect(await readFile(file, 'utf8')).toBe(key);
  });

  it('serves the seeded catalogue samples with Range over HTTP', async () => {
    const page = (await (await fetch(`${server.url}/api/v1/user/artists`)).json()) as {
      data: { artists: { sample: { url: string } }[] };
    };
    expect(page.data.artists).toHaveLength(4);
    const url = `${server.url}${page.data.artists[0]?.sample.url}`;
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    const bytes = Buffer.from(await whole.arrayBuffer());
    const part = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(1000, 2000));
    const tail = await fetch(url, { headers: { Range: 'bytes=-100' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 100));
    expect((await fetch(url, { headers: { Range: `bytes=${bytes.length}-` } })).status).toBe(416);
  });

  it('streams an upload to disk and answers 201', async () => {
    const token = await artistToken();
    const form = new FormData();
    form.append('title', 'Over the wire');
    form.append('file', new Blob([new Uint8Array(wavBytes(2))]), 'wire.wav');
    const res = await fetch(`${server.url}/api/v1/artist/profile/upload/song`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const song = ((await res.json()) as { data: { url: string; size: number } }).data;
    expect(song.size).toBe(wavBytes(2).length);
    expect((await fetch(`${server.url}${song.url}`)).status).toBe(200);
  });

  it('cuts off an upload past MAX_UPLOAD_MB with 413 while the client is still sending, and keeps no part of it', async () => {
    const token = await artistToken();
    const before = (await readdir(songsDir())).sort();
    const boundary = 'socketboundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = httpRequest(
        `${server.url}/api/v1/artist/profile/upload/song`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        },
        (res) => {
          // Stop sending once the answer is in: the server stopped reading.
          answered = true;
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
        },
      );
      // Writing into a connection the server has given up on may fail once it answered: that is expected.
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      req.write(head);
      req.write(wavBytes(0.1));
      // Keep sending 64 KB chunks, up to 8 MB, until the server answers; it must answer long before.
      const chunk = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (!answered && sent < 8 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });

    expect(answer.status, answer.body).toBe(413);
    expect(answer.sent).toBeLessThan(8 * 1024 * 1024);
    expect(JSON.parse(answer.body)).toEqual({
      message: fileTooLargeFor(1024 * 1024),
      errors: { file: [fileTooLargeFor(1024 * 1024)] },
    });
    // Give the server a moment to finish cleaning up, then check nothing new stayed on disk.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await readdir(songsDir())).sort()).toEqual(before);
  });
});
