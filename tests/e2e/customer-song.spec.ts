import { e2e } from './env';
import { site, untilHydrated } from './pages';
import { expect, test } from './test';

// The customer keeps their song: a download on the order page, saved under who and what it is for.

test('a customer downloads their own song from the order page under a proper name', async ({ page }) => {
  const s = site(page);
  await page.goto('/');
  await s.openLogin();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

  // The seeded completed order (server/db/seed-orders.ts): a thank-you song for Coach Ramon.
  await page.goto('/customer/account/order-history');
  await untilHydrated(page);
  await page
    .getByRole('article', { name: 'Thank you song for Coach Ramon' })
    .getByRole('link', { name: 'View order' })
    .click();
  await expect(page).toHaveURL(/\/customer\/account\/orders\/\d+$/);
  const link = page.getByRole('link', { name: 'Download the song' });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('Coach Ramon – Thank you (Labsongs).wav');
  const path = await download.path();
  expect(path).toBeTruthy();
});
