import { e2e } from './env';
import { normalisePath, wasScanned } from './every-page';
import { expect, test } from './test';

// The fixture in tests/e2e/test.ts scans every page a journey visits, after the journey. These journeys
// visit addresses no other journey does (each answers the real 404 page) and the next one checks that
// each was scanned in this run: loaded, changed by the history API, in a second tab, in a browser the
// journey opened itself. A page with a serious violation fails its journey.
test.describe.configure({ mode: 'serial' });

const loaded = '/axe-every-page/loaded';
const pushed = '/axe-every-page/pushed';
const secondTab = '/axe-every-page/second-tab';
const ownBrowser = '/axe-every-page/own-browser';
const violating = '/axe-every-page/violating';

test('the pages a journey visits are recorded, in every tab and browser it opens', async ({ page, browser }) => {
  await page.goto(loaded);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The app's own links change the address with the history API, as this does (the app then shows its
  // 404 page, at /404).
  await page.evaluate((path) => history.pushState({}, '', path), pushed);
  await expect(page).toHaveURL(/\/404$/);

  const tab = await page.context().newPage();
  await tab.goto(secondTab);
  const other = await (await browser.newContext({ baseURL: e2e.baseUrl })).newPage();
  await other.goto(ownBrowser);
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a visited page with a serious violation fails the journey', async ({ page }) => {
  test.fail(true, 'the scan after the journey finds a button without a name');
  // In every document of this journey, also the one the scan reopens: a button no one can name (critical).
  await page.addInitScript(() =>
    addEventListener('DOMContentLoaded', () => document.body.append(document.createElement('button'))),
  );
  await page.goto(violating);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('each page visited above was scanned once in this run', () => {
  for (const path of [loaded, pushed, secondTab, ownBrowser, violating])
    expect(wasScanned(`guest ${path}`), `guest ${path}`).toBe(true);
});

test('addresses are grouped by page: ids, numbers, tokens and references read as :id', () => {
  expect(normalisePath('/customer/account/orders/42')).toBe('/customer/account/orders/:id');
  expect(normalisePath('/admin/applications/7/')).toBe('/admin/applications/:id');
  expect(normalisePath('/artist/q3Zt0d-9Lk2PwXyAbC_1')).toBe('/artist/:id');
  expect(normalisePath('/gift/3f2c1a9e-0b7d-4c11-9e3a-5d6f7a8b9c0d')).toBe('/gift/:id');
  expect(normalisePath('/pay/LS-20250117')).toBe('/pay/:id');
  // Route words stay, however long.
  expect(normalisePath('/artist/application-form')).toBe('/artist/application-form');
  expect(normalisePath('/customer/account/payment-history')).toBe('/customer/account/payment-history');
  expect(normalisePath('/checkout/success')).toBe('/checkout/success');
  expect(normalisePath('/404')).toBe('/404');
  expect(normalisePath('/')).toBe('/');
});
