import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress';
import { frameFileOf } from '../../server/http/page-frames';
import { createHarness, databases, type Harness, realProvider } from './harness';

// Never a white page (issue 27): a page that is not prerendered is answered with its area's frame (the
// layout and a skeleton, rendered by the build), so a slow link paints it before any script. The
// prerendered pages, the 404 status of unknown paths and the sandbox's marked copies stay as they were.

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>Labsongs</title></head><body><div id="root">${body}</div></body></html>`;
const INDEX = page('');
const ABOUT = page('<main>About</main>');
const MAIN_FRAME = page('<aside data-frame="main"></aside><header>Labsongs</header>');
const ARTIST_FRAME = page('<aside data-frame="artist"></aside><div data-testid="artist-frame"></div>');
const ADMIN_FRAME = page('<aside data-frame="admin"></aside><header>Labsongs Admin</header>');
const BARE_FRAME = page('<aside data-frame="bare"></aside><main></main>');
const MARK = '<html data-payments="sandbox" lang="en">';

describe.each(databases)('the frame of a page that is not prerendered (%s)', (kind) => {
  let dist: string;
  let real: Harness;
  let sandbox: Harness;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'labsongs-frames-'));
    await mkdir(path.join(dist, '_pages'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), INDEX);
    await writeFile(path.join(dist, '_pages', 'about.html'), ABOUT);
    await writeFile(path.join(dist, frameFileOf('main')), MAIN_FRAME);
    await writeFile(path.join(dist, frameFileOf('artist')), ARTIST_FRAME);
    await writeFile(path.join(dist, frameFileOf('admin')), ADMIN_FRAME);
    await writeFile(path.join(dist, frameFileOf('bare')), BARE_FRAME);
    await precompress(dist);
    real = await createHarness(kind, { staticRoot: dist, env: realProvider });
    sandbox = await createHarness(kind, { staticRoot: dist });
  });
  afterAll(async () => {
    await real.close();
    await sandbox.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (h: Harness, pathname: string) =>
    h.request(pathname, { headers: { Accept: 'text/html', 'Accept-Encoding': 'identity' } });

  it('answers the customer pages and the other main-layout pages with the main frame', async () => {
    for (const pathname of [
      '/customer/account',
      '/customer/account/order-history',
      '/customer/account/payment-history',
      '/customer/account/settings/',
      '/customer/account/orders/42',
      '/order/occasion',
      '/pay/17',
      '/contact',
      '/artist/some-slug',
    ]) {
      const res = await get(real, pathname);
      expect(res.status, pathname).toBe(200);
      expect(await res.text(), pathname).toBe(MAIN_FRAME);
      expect(res.headers.get('cache-control'), pathname).toBe('no-cache');
    }
  });

  it("answers the artist area's pages with the artist frame", async () => {
    for (const pathname of [
      '/artist/dashboard',
      '/artist/song-orders',
      '/artist/earnings/',
      '/artist/account-settings',
    ]) {
      const res = await get(real, pathname);
      expect(res.status, pathname).toBe(200);
      expect(await res.text(), pathname).toBe(ARTIST_FRAME);
    }
  });

  it("answers the admin console's pages with the admin frame, and the sign-in pages with the bare one", async () => {
    for (const [pathname, frame] of [
      ['/admin', ADMIN_FRAME],
      ['/admin/orders/42', ADMIN_FRAME],
      ['/admin/refunds', ADMIN_FRAME],
      ['/admin/login', BARE_FRAME],
      ['/artist/login', BARE_FRAME],
      ['/artist/application-form', BARE_FRAME],
    ] as const) {
      const res = await get(real, pathname);
      expect(res.status, pathname).toBe(200);
      expect(await res.text(), pathname).toBe(frame);
    }
  });

  it('keeps the prerendered pages as they are', async () => {
    expect(await (await get(real, '/about')).text()).toBe(ABOUT);
  });

  it('answers a path that is no page with the shell and 404, never a frame', async () => {
    for (const pathname of ['/customer/account/orders', '/artist/dashboard/extra', '/some/deep/path']) {
      const res = await get(real, pathname);
      expect(res.status, pathname).toBe(404);
      expect(await res.text(), pathname).toBe(INDEX);
    }
  });

  it("sends the frame's sandbox copy while the sandbox provider is active", async () => {
    const main = await get(sandbox, '/customer/account/order-history');
    expect(main.status).toBe(200);
    expect(await main.text()).toBe(MAIN_FRAME.replace('<html lang="en">', MARK));
    const artist = await get(sandbox, '/artist/dashboard');
    expect(await artist.text()).toBe(ARTIST_FRAME.replace('<html lang="en">', MARK));
    const etag = artist.headers.get('etag') ?? '';
    expect(etag).toMatch(/-sandbox"$/);
  });
});
