import { site, uniqueEmail } from './pages';
import { expect, test } from './test';

// A name with no place to break (100 characters, the most sign-up takes) must wrap on a phone, not
// widen what shows it. The greeting toast did: it kept its 24rem width on a 375 px screen and its text
// ran off the left edge.
const longName = `Maximiliana${'a'.repeat(89)}`;

test('a 100-character name stays inside a phone screen, in the greeting and on the account pages', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('long-name');
  const registered = await request.post('/api/v1/user/auth/register', {
    data: {
      first_name: longName,
      middle_name: '',
      last_name: longName,
      email,
      password: 'Customer123!',
      password_confirmation: 'Customer123!',
      contact_number: '9171234567',
      country: 'PH',
      dial_code: '+63',
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);

  await page.goto('/');
  await site(page).openLogin();
  await site(page).logIn(email, 'Customer123!');
  await page.setViewportSize({ width: 375, height: 800 });

  const toast = page.getByRole('region', { name: /notifications/i }).locator('[data-scope="toast"][data-part="root"]');
  await expect(toast.first()).toBeVisible();
  await expect(toast.first()).toContainText(longName.slice(0, 20));
  // Let the resize settle, then the whole toast must lie within the screen.
  await expect
    .poll(async () => {
      const box = await toast.first().boundingBox();
      return box ? box.x >= 0 && box.x + box.width <= 375 : false;
    })
    .toBe(true);

  for (const path of ['/customer/account', '/customer/orders', '/order/occasion']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
});
