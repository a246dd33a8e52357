import { sandboxBanner } from '../../contracts/sandbox';
import { untilHydrated } from './pages';
import { expect, test } from './test';

test('navigation scrolls to the top, and going back restores the saved position', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto('/terms');
  await expect(page).toHaveTitle(/Terms of Use/);
  // The app's own navigation (a page scrolled before the app started: the test below).
  await untilHydrated(page);
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
  const saved = await page.evaluate(() => window.scrollY);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page).toHaveTitle(/Privacy Policy/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(saved - 50);
});

test('the footer scroll-to-top button returns to the top', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto('/privacy-policy');
  await untilHydrated(page);
  await page.getByRole('button', { name: 'Scroll to top' }).scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('button', { name: 'Scroll to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a prerendered page scrolled before the app starts stays where the visitor scrolled', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 600 });
  // Hold the app's entry script until the visitor has scrolled the prerendered page.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/terms', { waitUntil: 'domcontentloaded' });
  await expect(page).toHaveTitle(/Terms of Use/);
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
  const scrolled = await page.evaluate(() => window.scrollY);

  release();
  await untilHydrated(page);
  // The router's first render used to scroll a freshly started page to the top.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

  // Navigation still starts the next page at the top.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle(/Privacy Policy/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('a page scrolled before the app started still comes back to where the visitor was', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 600 });
  // The scripts arrive late, as on a slow phone: the visitor scrolls the prerendered HTML first.
  let release: () => void = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/terms', { waitUntil: 'domcontentloaded' });
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
  release();
  await untilHydrated(page);
  const saved = await page.evaluate(() => window.scrollY);
  expect(saved).toBeGreaterThan(1500);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveTitle(/Privacy Policy/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(saved - 50);
});

test('the sandbox banner says payments are simulated on the first paint, on / and in the admin console', async ({
  page,
}) => {
  const banner = page.getByRole('complementary', { name: sandboxBanner.label });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // Before any script runs: the prerendered page alone, as its first paint shows it.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(sandboxBanner.text);
    await page.unroute('**/assets/*.js');
    await page.goto('/');
    await untilHydrated(page);
    await expect(banner).toBeVisible();
    const box = await banner.boundingBox();
    expect(box?.y).toBe(0);
    // No horizontal scroll: the banner wraps within the narrowest phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill('admin@labsongs.test');
  await page.getByLabel('Password', { exact: true }).fill('Admin123!');
  await page.getByRole('button', { name: 'Login to the admin console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(sandboxBanner.text);
});
