import type { Page } from '@playwright/test';
import { e2e } from './env';
import { site, untilHydrated } from './pages';
import { expect, test } from './test';

// A link to a page of someone's own area, opened signed out (from a mail, a bookmark, another device):
// the person is asked to log in where they belong and, after it, lands on the page they asked for.

async function orderOfDemoCustomer(page: Page): Promise<{ id: number; reference: string }> {
  const login = await page.request.post('/api/v1/user/auth/login', {
    data: { email: 'customer@labsongs.test', password: 'Customer123!' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const list = await page.request.get('/api/v1/user/orders', { headers: { Authorization: `Bearer ${token}` } });
  expect(list.status(), await list.text()).toBe(200);
  const { orders } = ((await list.json()) as { data: { orders: { id: number; reference: string }[] } }).data;
  const order = orders[0];
  if (!order) throw new Error('the demo customer has no order');
  return order;
}

test("a signed-out link to a customer's order asks to log in, then opens that order", async ({ page }) => {
  const order = await orderOfDemoCustomer(page);
  await page.goto(`/customer/account/orders/${order.id}`);
  const s = site(page);
  await untilHydrated(page);
  // Not a silent trip home: the login modal says what to do, over the home page.
  await expect(s.dialog('Account Login')).toBeVisible();
  await expect(page).toHaveURL(`${e2e.baseUrl}/`);
  await expect(s.dialog('Account Login').getByLabel('Email', { exact: true })).toBeVisible();
  await s.logIn('customer@labsongs.test', 'Customer123!');
  await expect(page).toHaveURL(`${e2e.baseUrl}/customer/account/orders/${order.id}`);
  await expect(page.getByText(order.reference).first()).toBeVisible();
  await expect(s.toast('Welcome back, Maria')).toBeVisible();
  await expect(s.dialog('Account Login')).toHaveCount(0);
});

test("on a phone, a signed-out link to the customer's order history keeps its search through the login", async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await page.goto('/customer/account/order-history?transaction=OR0000');
  const s = site(page);
  await expect(s.dialog('Account Login')).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/deep-link-login-375.png' });
  await s.logIn('customer@labsongs.test', 'Customer123!');
  await expect(page).toHaveURL(`${e2e.baseUrl}/customer/account/order-history?transaction=OR0000`);
  // Nothing runs off the side of the phone's screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a signed-out link to an artist's page goes to the artist login, then opens that page", async ({ page }) => {
  await page.goto('/artist/earnings');
  await expect(page).toHaveURL(`${e2e.baseUrl}/artist/login?redirect=%2Fartist%2Fearnings`);
  await page.getByLabel('Email', { exact: true }).fill('artist1@labsongs.test');
  await page.getByLabel('Password', { exact: true }).fill('Artist123!');
  await page.getByRole('button', { name: 'Login to your artist account' }).click();
  await expect(page).toHaveURL(`${e2e.baseUrl}/artist/earnings`);
  await expect(page.getByRole('heading', { name: /Earnings/ }).first()).toBeVisible();
  // The online switch in the top bar: a switch that says what the account's status is.
  await expect(page.getByRole('switch', { name: /Online|Offline/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/artist-earnings-switch.png' });
});
