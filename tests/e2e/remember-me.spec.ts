import type { Browser } from '@playwright/test';
import { e2e } from './env';
import { site } from './pages';
import { expect, test } from './test';

// "Remember me" (issue 27): unchecked, the sign-in lasts as long as the tab; checked, it outlives the
// browser. A closed browser is a new context given what the old one stored across restarts (cookies
// and localStorage; a tab's sessionStorage dies with the tab).

async function signInAndReopen(browser: Browser, remember: boolean) {
  const first = await browser.newContext({ baseURL: e2e.baseUrl });
  const page = await first.newPage();
  await page.goto('/');
  const s = site(page);
  await s.openLogin();
  const dialog = s.dialog('Account Login');
  // Unticked unless the customer ticks it.
  await expect(dialog.getByLabel('Remember me')).not.toBeChecked();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password, remember);
  const menu = page.getByRole('button', { name: /Account menu for/ });
  await expect(menu).toBeVisible();
  // A reload of the same tab keeps the sign-in either way.
  await page.reload();
  await expect(menu).toBeVisible();
  const stored = await first.storageState();
  await first.close();

  const reopened = await browser.newContext({ baseURL: e2e.baseUrl, storageState: stored });
  const later = await reopened.newPage();
  await later.goto('/');
  return { page: later, close: () => reopened.close() };
}

test('unchecked, closing the browser signs the customer out', async ({ browser }) => {
  const { page, close } = await signInAndReopen(browser, false);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu for/ })).toHaveCount(0);
  await close();
});

test('checked, the customer is still signed in after the browser closes', async ({ browser }) => {
  const { page, close } = await signInAndReopen(browser, true);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  await close();
});
