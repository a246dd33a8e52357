import type { Page } from '@playwright/test';
import { clientMessages } from '../../contracts/messages';
import { e2e } from './env';
import { fillGifter, logInFromFooter, orderPages } from './order-pages';
import { site, untilHydrated } from './pages';
import { expect, test } from './test';

/** Records the scripts the page requests: `loaded('player-logic')` lists that chunk's requests. */
function watchScripts(page: Page) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return (chunk: string) => scripts.filter((path) => new RegExp(`/${chunk}-[^/]+\\.js$`).test(path));
}

const publicPages = [
  { path: '/', heading: 'A song written for the one you love' },
  { path: '/about', heading: null },
  { path: '/artists', heading: 'Our artists' },
  { path: '/privacy-policy', heading: null },
  { path: '/terms', heading: null },
  { path: '/404', heading: null },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test('the public pages arrive as HTML, compressed, with their title, and fit a phone', async ({ page }) => {
    for (const p of publicPages) {
      const answer = await page.goto(p.path);
      expect(answer?.status(), p.path).toBe(200);
      expect(answer?.headers()['content-encoding'], p.path).toBe('br');
      await expect(page.getByRole('banner'), p.path).toBeVisible();
      await expect(page.getByRole('contentinfo'), p.path).toBeVisible();
      await expect(page.locator('#main h1').first(), p.path).toBeVisible();
      if (p.heading) await expect(page.getByRole('heading', { level: 1 }), p.path).toHaveText(p.heading);
      expect(await page.title(), p.path).toMatch(/Labsongs$/);
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(sideways, p.path).toBe(false);
      // Nothing but the HTML before the first paint: the app's scripts are listed, not named in <head>
      // (server/http/page-boot.ts adds them after the first frame).
      expect(await page.locator('head script, head link[rel="modulepreload"]').count(), p.path).toBe(0);
      await expect(page.locator('script#app-scripts'), p.path).toHaveCount(1);
    }
  });
});

test('the public pages hydrate without a mismatch and keep their title', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  for (const p of publicPages) {
    await page.goto(p.path);
    const title = await page.title();
    // Live: a button works (the mobile menu at this width is hidden; the footer's is not).
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Order Song' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.title(), p.path).toBe(title);
  }
  expect(problems).toEqual([]);
});

test('a signed-in visitor sees their account in the header of a prerendered page after it hydrates', async ({
  page,
}) => {
  const s = site(page);
  await page.goto('/about');
  await s.openLogin();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu for / })).toBeVisible();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/about');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Login' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("a guest's visit never downloads the account's bell, switch and tour; the first sign-in does", async ({
  page,
}) => {
  const loaded = watchScripts(page);
  const accountCode = () => loaded('account-children');
  const s = site(page);
  for (const path of ['/', '/artists', '/about']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(accountCode()).toEqual([]);
  await s.openLogin();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  // The bell comes with that code, signed in as the customer.
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible();
  expect(accountCode()).toHaveLength(1);
});

test('a visit that opens no account modal never downloads the forms; the first modal does, once, for every form', async ({
  page,
}) => {
  const loaded = watchScripts(page);
  const formsCode = () => loaded('auth-forms');
  const s = site(page);
  for (const path of ['/', '/artists', '/about']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(formsCode()).toEqual([]);
  await s.openSignUp();
  await expect(s.dialog('Account Sign Up').getByLabel('First name')).toBeVisible();
  // The login modal, and the artist's login page, use the forms already loaded.
  await s.dialog('Account Sign Up').getByRole('button', { name: 'Log in' }).click();
  await expect(s.dialog('Account Login').getByLabel('Email', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Artist Login' }).click();
  await expect(page.getByRole('button', { name: 'Login to your artist account' })).toBeVisible();
  expect(formsCode()).toHaveLength(1);
});

test("a social sign-up's return opens Sign Up filled in; only such a return downloads its decoding", async ({
  page,
}) => {
  const loaded = watchScripts(page);
  const decoding = () => loaded('social-register');
  await page.goto('/about');
  await untilHydrated(page);
  await page.waitForLoadState('networkidle');
  expect(decoding()).toEqual([]);
  // docs/product.md §4: the provider sends the visitor back with the account's names as base64url JSON.
  const register = Buffer.from(
    JSON.stringify({ first_name: 'Lea', last_name: 'Tan', email: 'lea@example.test' }),
  ).toString('base64url');
  await page.goto(`/about?register=${register}`);
  const dialog = site(page).dialog('Account Sign Up');
  await expect(dialog.getByLabel('First name')).toHaveValue('Lea');
  await expect(dialog.getByLabel('Last name')).toHaveValue('Tan');
  await expect(dialog.getByLabel('Email', { exact: true })).toHaveValue('lea@example.test');
  // The address no longer carries the names: a reload does not open the modal again.
  await expect(page).toHaveURL(/\/about$/);
  expect(decoding()).toHaveLength(1);
});

test("a social sign-up's return whose decoding does not arrive still opens Sign Up, empty", async ({ page }) => {
  await page.route(/\/social-register-[^/]+\.js$/, (route) => route.abort());
  const register = Buffer.from(
    JSON.stringify({ first_name: 'Lea', last_name: 'Tan', email: 'lea@example.test' }),
  ).toString('base64url');
  await page.goto(`/about?register=${register}`);
  const dialog = site(page).dialog('Account Sign Up');
  await expect(dialog.getByLabel('First name')).toBeVisible();
  await expect(dialog.getByLabel('First name')).toHaveValue('');
});

test("the first modal shows its frame at once while the modals' code is on its way", async ({ page }) => {
  const s = site(page);
  const dialogsCode = /\/auth-implementations-[^/]+\.js$/;
  let release: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(dialogsCode, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/');
  await untilHydrated(page);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  // The click answers at once: a busy frame where the modal will be.
  const frame = page.getByRole('dialog', { name: 'Loading' });
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(s.dialog('Account Login').getByLabel('Email', { exact: true })).toBeVisible();
  await expect(frame).toHaveCount(0);
});

test("the forms' code not arriving: the modal says so, and Try again loads them", async ({ page }) => {
  const s = site(page);
  const formsCode = /\/auth-forms-[^/]+\.js$/;
  await page.route(formsCode, (route) => route.abort());
  await page.goto('/');
  await untilHydrated(page);
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = s.dialog('Account Login');
  await expect(dialog.getByRole('alert')).toHaveText(clientMessages.partNotLoaded);
  await page.unroute(formsCode);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  await expect(page).toHaveURL(/\/order\/occasion$/);
});

test("the modals' code not arriving: the artist login page says so, and Try again loads it", async ({ page }) => {
  const dialogsCode = /\/auth-implementations-[^/]+\.js$/;
  await page.route(dialogsCode, (route) => route.abort());
  await page.goto('/artist/login');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(clientMessages.partNotLoaded);
  await page.unroute(dialogsCode);
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByLabel('Email', { exact: true }).fill(e2e.demo.artist.email);
  await page.getByLabel('Password', { exact: true }).fill(e2e.demo.artist.password);
  await page.getByRole('button', { name: 'Login to your artist account' }).click();
  await expect(page).toHaveURL(/\/artist\//);
  await expect(page).not.toHaveURL(/\/artist\/login/);
});

test('browsing never downloads the order draft; "Order with this artist" does, once, and the song step has the artist', async ({
  page,
}) => {
  const loaded = watchScripts(page);
  const draftCode = () => loaded('order-draft');
  const s = site(page);
  for (const path of ['/', '/about', '/artists']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  await page.getByRole('link', { name: 'Ana Reyes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Reyes' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(draftCode()).toEqual([]);
  // issue 27 (a first visit without walls): a guest is no longer asked to log in here; they go straight
  // to the first step, and the draft keeps the artist for the song step.
  await page.getByRole('button', { name: 'Order with this artist' }).click();
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(s.dialog('Account Login')).toHaveCount(0);
  await fillGifter(page, {
    firstName: e2e.demo.customer.firstName,
    lastName: 'Santos',
    email: e2e.demo.customer.email,
  });
  const o = orderPages(page);
  await o.fillOccasion();
  const ana = page
    .getByRole('list', { name: 'Artists' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Ana Reyes', exact: true }) });
  await expect(ana.getByRole('checkbox')).toBeChecked();
  await expect(page.getByText('Chosen (1 of 3)')).toBeVisible();
  expect(draftCode()).toHaveLength(1);
});

test('a visit that plays nothing never downloads the player; the first play does, once, and plays', async ({
  page,
}) => {
  const loaded = watchScripts(page);
  const playerCode = () => loaded('player-logic');
  for (const path of ['/', '/about', '/artists']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(playerCode()).toEqual([]);
  const play = page.getByRole('button', { name: /^Play sample by / }).first();
  const name = ((await play.getAttribute('aria-label')) ?? (await play.textContent()) ?? '').replace(
    /^Play sample by /,
    '',
  );
  await play.click();
  const bar = page.getByRole('region', { name: 'Audio player' });
  await expect(bar).toBeVisible();
  await expect(bar.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Pause sample by ${name}` })).toBeVisible();
  // A second play goes to the running player.
  await page.getByRole('button', { name: `Pause sample by ${name}` }).click();
  await expect(page.getByRole('button', { name: `Play sample by ${name}` })).toBeVisible();
  expect(playerCode()).toHaveLength(1);
});

test("the draft's code not arriving: the step says so inside the page, and Try again loads it", async ({ page }) => {
  const draftCode = /\/order-draft-[^/]+\.js$/;
  await page.route(draftCode, (route) => route.abort());
  await logInFromFooter(page);
  await expect(page.getByRole('heading', { name: 'We could not load this page' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(clientMessages.partNotLoaded);
  // The header and footer stay: the visitor is not left on a blank page.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.unroute(draftCode);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByLabel("Recipient's first name")).toBeVisible();
  await expect(page.getByLabel('Your first name')).toHaveValue(e2e.demo.customer.firstName);
});
