import type { Browser, Page } from '@playwright/test';
import { e2e } from './env';
import { dateIn, logInFromFooter, orderPages } from './order-pages';
import { artistLogin } from './pages';
import { expect, test } from './test';

// Prices that mean what they say, in Chromium against the real server: the customer chooses Ana Reyes
// (₱2,500) and Migs (₱1,800), reads the rule before paying, pays ₱2,500; Migs's offer shows his own
// earning; he accepts, and the customer's order page shows the ₱700 difference owed back.

const MIGS = { name: 'Migs', email: 'artist2@labsongs.test', password: 'Artist123!' };
const RULE =
  'You pay ₱2,500 now, the highest rate of the artists you chose. If an artist with a lower rate takes your order, the difference is refunded to you.';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl });
  return context.newPage();
}

test('the cheaper of two artists accepts and the customer sees the difference owed back', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const o = orderPages(page);
  await logInFromFooter(page);
  await o.fillOccasion();
  await o.fillSong(['Ana Reyes', MIGS.name], dateIn(22));
  await o.writeStory();
  await o.saveAndContinue();

  // The review says the rule before the order is placed; checkout says it again before paying.
  await expect(page.getByTestId('order-price')).toHaveText('₱2,500');
  await expect(page.getByTestId('charge-rule')).toHaveText(RULE);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/checkout$/);
  await expect(page.getByTestId('charge-rule')).toHaveText(RULE);
  const reference = ((await page.getByTestId('order-reference').textContent()) ?? '').trim();
  expect(reference).toMatch(/^OR\d+$/);
  await page.getByText('Test payment (sandbox)').click();
  await page.getByRole('button', { name: 'Pay ₱2,500' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Waiting for an artist to accept');
  const customerOrder = page.url();

  // Migs's offer shows what he earns on his own rate (₱1,800 less 20%), and he accepts.
  const artistPage = await newPage(browser);
  await artistLogin(artistPage, MIGS.email, MIGS.password);
  await expect(artistPage).toHaveURL(/\/artist\/dashboard/);
  await artistPage.goto('/artist/song-orders');
  const card = artistPage.getByRole('article').filter({ hasText: reference });
  await expect(card.getByTestId('price')).toContainText('₱1,800.00');
  await expect(card.getByTestId('earning')).toContainText('₱1,440.00');
  await card.getByRole('button', { name: 'Accept' }).click();
  await artistPage
    .getByRole('alertdialog')
    .getByRole('button', { name: /Accept/ })
    .click();
  await expect(artistPage.getByText('You took this order. It is now in Ongoing.')).toBeVisible();

  // The customer's order page shows the difference owed back, and the payment history the same.
  await page.goto(customerOrder);
  const note = page.getByTestId('refund-note');
  await expect(note).toContainText('Refund of ₱700.00 owed to you');
  await expect(note).toContainText('The artist who took your order charges less than you paid');
  await page.goto('/customer/account/payment-history');
  await expect(page.getByRole('row').filter({ hasText: reference })).toContainText('₱700.00');
});
