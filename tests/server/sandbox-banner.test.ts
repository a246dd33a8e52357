import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { contentSecurityPolicy } from '../../server/http/security-headers';
import { createHarness, databases, type Harness, realProvider } from './harness';

// While the sandbox provider is active, every page the server sends is marked
// `<html data-payments="sandbox">`, which shows the banner (src/components/layout/sandbox-banner.tsx)
// from the first paint; with a real provider the pages go out exactly as built. The build writes the
// marked copies (scripts/precompress.ts): these tests run that step on their own little build.

const INDEX =
  '<!doctype html><html lang="en"><head><title>Labsongs</title></head><body><div id="root"></div></body></html>';
const ABOUT = `<!doctype html><html lang="en"><head><title>About</title></head><body><div id="root"><main>${'About us. '.repeat(200)}</main></div></body></html>`;
const MARK = '<html data-payments="sandbox" lang="en">';

describe.each(databases)('the sandbox mark on every page (%s)', (kind) => {
  let dist: string;
  let sandbox: Harness;
  let real: Harness;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'labsongs-banner-'));
    await mkdir(path.join(dist, '_pages'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, '_pages', 'about.html'), ABOUT);
    await precompress(dist);
    // A precompressed variant standing for the build's: a real provider's answer uses it as is.
    await writeFile(path.join(dist, '_pages', 'about.html.br'), 'built-brotli');
    sandbox = await createHarness(kind, { staticRoot: dist });
    real = await createHarness(kind, { staticRoot: dist, env: realProvider });
  });
  afterAll(async () => {
    await sandbox.close();
    await real.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (h: Harness, pathname: string, headers: Record<string, string> = {}) =>
    h.request(pathname, { headers: { Accept: 'text/html', ...headers } });

  it('marks the shell and the prerendered pages, in every encoding, with the CSP unchanged', async () => {
    for (const pathname of ['/', '/customer/account', '/admin/orders']) {
      const res = await get(sandbox, pathname, { 'Accept-Encoding': 'identity' });
      expect(res.status, pathname).toBe(200);
      expect(await res.text(), pathname).toBe(INDEX.replace('<html lang="en">', MARK));
      expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const br = await get(sandbox, '/about', { 'Accept-Encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(br.headers.get('content-length')).toBe(String(brBody.length));
    expect(brotliDecompressSync(brBody).toString()).toBe(ABOUT.replace('<html lang="en">', MARK));
    const gzip = await get(sandbox, '/about', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain(MARK);
  });

  it('answers 304 for its own ETag, distinct from the unmarked page’s', async () => {
    const first = await get(sandbox, '/about', { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/-sandbox-br"$/);
    const again = await get(sandbox, '/about', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    const unmarked = await get(real, '/about', { 'Accept-Encoding': 'br' });
    expect(unmarked.headers.get('etag')).not.toBe(etag);
    expect((await get(real, '/about', { 'Accept-Encoding': 'br', 'If-None-Match': etag })).status).toBe(200);
  });

  it('leaves every page as built with a real provider', async () => {
    const shell = await get(real, '/', { 'Accept-Encoding': 'identity' });
    expect(await shell.text()).toBe(INDEX);
    const about = await get(real, '/about', { 'Accept-Encoding': 'br' });
    expect(about.headers.get('content-encoding')).toBe('br');
    expect(await about.text()).toBe('built-brotli');
  });
});
