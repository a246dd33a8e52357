import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../../contracts/countries';
import { serverMessages } from '../../contracts/server-messages';
import { contentSecurityPolicy, securityHeaders } from '../../server/http/security-headers';
import { createHarness, databases, type Harness, realProvider } from './harness';

const INDEX = '<!doctype html><html><head><title>Labsongs</title></head><body><div id="root"></div></body></html>';

describe.each(databases)('static SPA and flags (%s)', (kind) => {
  let h: Harness;
  let withoutSpa: Harness;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'labsongs-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(path.dirname(dist), 'outside-dist.txt'), 'secret');
    // A real provider: the built files go out as built (the sandbox's mark: sandbox-banner.test.ts).
    h = await createHarness(kind, { staticRoot: dist, env: realProvider });
    withoutSpa = await createHarness(kind);
  });
  afterAll(async () => {
    await h.close();
    await withoutSpa.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (pathname: string, accept = 'text/html,application/xhtml+xml') =>
    h.request(pathname, { headers: { Accept: accept } });

  const expectSecurityHeaders = (res: Response) => {
    for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers.get(name), name).toBe(value);
  };

  it('serves index.html at / with the security headers and revalidation', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(INDEX);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    expectSecurityHeaders(res);
  });

  it('serves hashed assets as immutable and other files with revalidation', async () => {
    const asset = await page('/assets/app-abc123.js', '*/*');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(asset);
    const icon = await page('/favicon.svg', 'image/*');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers every route of the SPA with index.html, dynamic segments and query included', async () => {
    for (const pathname of [
      '/artist/login',
      '/reset-password?token=abc&email=a%40b.c',
      '/artist/some-slug',
      '/customer/account/orders/123',
      '/admin/orders/42/',
      '/pay/ord_1',
      '/checkout/success',
      '/404',
    ]) {
      const res = await page(pathname);
      expect(res.status, pathname).toBe(200);
      expect(await res.text()).toBe(INDEX);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(res);
    }
  });

  it('answers a path that is no route with index.html and 404, so the SPA shows its not-found page', async () => {
    for (const pathname of ['/some/deep/path', '/artists/some-slug', '/customer/account/orders', '/orders/123']) {
      const res = await page(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers.get('content-type'), pathname).toMatch(/^text\/html/);
      expect(await res.text()).toBe(INDEX);
      expectSecurityHeaders(res);
    }
  });

  it('keeps a JSON 404 for /api paths and for missing files that are not pages', async () => {
    const api = await page('/api/nope');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: serverMessages.routeNotFound });
    expect(api.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(api);
    const missingAsset = await page('/assets/missing.js', '*/*');
    expect(missingAsset.status).toBe(404);
    expect(await missingAsset.json()).toEqual({ message: serverMessages.routeNotFound });
  });

  it('does not serve files outside the dist folder', async () => {
    for (const pathname of ['/../outside-dist.txt', '/%2e%2e/outside-dist.txt', '/assets/..%2f..%2foutside-dist.txt']) {
      const res = await page(pathname, '*/*');
      expect(await res.text(), pathname).not.toBe('secret');
    }
  });

  it('without a built SPA, pages are a JSON 404 and the API still works', async () => {
    const res = await withoutSpa.request('/some/deep/path', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(404);
    expectSecurityHeaders(res);
    expect((await withoutSpa.call('GET', '/api/health')).status).toBe(200);
  });

  it('serves every country flag of the country list as SVG, cached for a day', async () => {
    const ph = await withoutSpa.request('/flags/ph.svg');
    expect(ph.status).toBe(200);
    expect(ph.headers.get('content-type')).toBe('image/svg+xml');
    expect(ph.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await ph.text()).toMatch(/^<svg/);
    expectSecurityHeaders(ph);
    for (const country of countries) {
      const res = await withoutSpa.request(country.image);
      expect(res.status, country.image).toBe(200);
    }
  });

  it('answers 404 JSON for a code that is not in the country list', async () => {
    for (const pathname of [
      '/flags/xx.svg',
      '/flags/eu.svg',
      '/flags/phl.svg',
      '/flags/../package.json',
      '/flags/ph.png',
    ]) {
      const res = await withoutSpa.request(pathname);
      expect(res.status, pathname).toBe(404);
      expect(res.headers.get('content-type'), pathname).toMatch(/^application\/json/);
    }
  });
});
