import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD, compressApi } from '../../server/http/compression';
import { createHarness, databases, type Harness, realProvider } from './harness';

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';
const HOME = '<!doctype html><html><body><div id="root"><h1>Songs made for someone</h1></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))})`;

const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe.each(databases)('compression (%s)', (kind) => {
  let h: Harness;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'labsongs-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await mkdir(path.join(dist, '_pages'));
    await writeFile(path.join(dist, 'index.html'), SHELL);
    await writeFile(path.join(dist, 'index.html.gz'), gzipSync(SHELL));
    await writeFile(path.join(dist, '_pages', 'index.html'), HOME);
    await writeFile(path.join(dist, '_pages', 'index.html.br'), brotliCompressSync(HOME));
    await writeFile(path.join(dist, '_pages', 'about.html'), '<p>About</p>');
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    await writeFile(path.join(dist, 'assets', 'photo.webp'), Buffer.from([1, 2, 3, 4]));
    await writeFile(path.join(dist, 'assets', 'photo.webp.gz'), gzipSync(Buffer.from([1, 2, 3, 4])));
    // A real provider: the built files go out as built (the sandbox's mark: sandbox-banner.test.ts).
    h = await createHarness(kind, { staticRoot: dist, env: realProvider });
  });
  afterAll(async () => {
    await h.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (pathname: string, headers: Record<string, string> = {}) => h.request(pathname, { headers });

  it('serves brotli when accepted, else gzip, else the file as built, always with Vary', async () => {
    const br = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(await bytesOf(br)).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await bytesOf(gz)).toString()).toBe(SCRIPT);

    const refused = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-length')).toBe(String(SCRIPT.length));
    expect(await plain.text()).toBe(SCRIPT);
  });

  it('answers 304 to a matching If-None-Match, each encoding with its own ETag', async () => {
    const br = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    const plain = await get('/assets/app-abc123.js');
    const tag = br.headers.get('etag') as string;
    expect(tag).toMatch(/^".+-br"$/);
    expect(plain.headers.get('etag')).not.toBe(tag);
    const again = await get('/assets/app-abc123.js', { 'Accept-Encoding': 'br', 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('vary')).toBe('Accept-Encoding');
    expect(again.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The brotli tag does not validate the uncompressed file.
    expect((await get('/assets/app-abc123.js', { 'If-None-Match': tag })).status).toBe(200);
  });

  it('never sends an already compressed type encoded again', async () => {
    const res = await get('/assets/photo.webp', { 'Accept-Encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect([...(await bytesOf(res))]).toEqual([1, 2, 3, 4]);
  });

  it('serves a prerendered page where one was built, else the shell, compressed by the same rules', async () => {
    const home = await get('/', { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' });
    expect(home.headers.get('content-encoding')).toBe('br');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytesOf(home)).toString()).toBe(HOME);
    expect(await (await get('/about', { Accept: 'text/html' })).text()).toBe('<p>About</p>');
    expect(await (await get('/about/', { Accept: 'text/html' })).text()).toBe('<p>About</p>');
    const shell = await get('/artist/dashboard', { Accept: 'text/html', 'Accept-Encoding': 'br, gzip' });
    expect(shell.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(shell)).toString()).toBe(SHELL);
    expect(await (await get('/../index.html', { Accept: 'text/html' })).text()).not.toBe('secret');
  });

  it('gzips JSON answers above the threshold and leaves small ones alone', async () => {
    const small = await get('/api/ping', { 'Accept-Encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    const text = await small.text();
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(text.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(JSON.parse(text)).toBeTruthy();

    // hono/compress offers gzip only (Node 20's CompressionStream has no brotli), to a client that takes both too.
    const big = await get('/api/v1/user/options', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('gzip');
    expect(big.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(big.headers.get('cache-control')).toBe('no-store');
    const decoded = gunzipSync(await bytesOf(big)).toString();
    expect(decoded.length).toBeGreaterThanOrEqual(COMPRESSION_THRESHOLD);
    const plain = await get('/api/v1/user/options');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(decoded)).toEqual(await plain.json());

    const brOnly = await get('/api/v1/user/options', { 'Accept-Encoding': 'br' });
    expect(brOnly.headers.get('content-encoding')).toBeNull();
    expect(await brOnly.json()).toEqual(JSON.parse(decoded));
  });
});

describe('compressApi', () => {
  const app = new Hono();
  app.use('*', compressApi);
  const big = 'y'.repeat(COMPRESSION_THRESHOLD * 2);
  app.get('/json', (c) => c.json({ big }));
  app.get('/error', (c) => c.json({ message: big }, 422));
  app.get('/stream', (c) => c.body(`data: ${big}\n\n`, 200, { 'Content-Type': 'text/event-stream' }));
  app.get('/audio', (c) =>
    c.body(Buffer.alloc(4096), 206, { 'Content-Type': 'audio/mpeg', 'Content-Range': 'bytes 0-4095/8192' }),
  );
  app.get('/photo', (c) => c.body(Buffer.alloc(4096), 200, { 'Content-Type': 'image/webp' }));
  const get = (p: string) => app.request(p, { headers: { 'Accept-Encoding': 'gzip, br' } });

  it('keeps the status of an answer it compresses', async () => {
    const res = await get('/error');
    expect(res.status).toBe(422);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bytesOf(res)).toString())).toEqual({ message: big });
    expect((await get('/json')).headers.get('content-encoding')).toBe('gzip');
  });

  it('never touches an event stream, audio or an image', async () => {
    const stream = await get('/stream');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(await stream.text()).toBe(`data: ${big}\n\n`);
    const audio = await get('/audio');
    expect(audio.status).toBe(206);
    expect(audio.headers.get('content-encoding')).toBeNull();
    expect((await bytesOf(audio)).length).toBe(4096);
    const photo = await get('/photo');
    expect(photo.headers.get('content-encoding')).toBeNull();
    expect((await bytesOf(photo)).length).toBe(4096);
  });
});
