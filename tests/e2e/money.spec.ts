import type { Browser, Page } from '@playwright/test';
import { e2e } from './env';
import { dateIn, logInFromFooter, orderPages } from './order-pages';
import { expect, test } from './test';

// Money and trust in Chromium against the real server (issue 11): a failed payment is paid again from
// "Pay now"; the result page believes the server, not the address; the admin reveals a payout's
// destination, marks it paid, and the artist's bell says so.

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
/** The demo's completed order is artist2's (GCash 09171234567): their payout waits to be paid. */
const PAYEE = { name: 'Ben Cruz', email: 'artist2@labsongs.test', password: 'Artist123!', account: '09171234567' };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl });
  return context.newPage();
}

test('a failed payment is paid again from “Pay now”, and the order is paid', async ({ page }) => {
  const o = orderPages(page);
  await logInFromFooter(page);
  await o.fillOccasion();
  await o.fillSong(1, dateIn(20));
  await o.writeStory();
  await o.saveAndContinue();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/checkout$/);
  const reference = ((await page.getByTestId('order-reference').textContent()) ?? '').trim();
  await page.getByText('Test payment (sandbox)').click();
  await page.getByRole('button', { name: /^Pay / }).click();

  // On the provider's page the payment fails: the result page reads the server and offers to pay again.
  await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/failed/);
  await expect(page.getByRole('heading', { name: 'Your payment did not go through' })).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();

  await expect(page).toHaveURL(/\/pay\/\d+$/);
  await expect(page.getByText(`Order ${reference}`)).toBeVisible();
  await page.getByText('Test payment (sandbox)').click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: /^Pay ₱/ }).click();

  await expect(page).toHaveURL(/\/checkout\/success/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your payment went through' })).toBeVisible();
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Waiting for an artist to accept');
  await expect(page.getByRole('link', { name: 'Pay now' })).toHaveCount(0);

  // The order history and the payment history agree: one failed attempt, one paid.
  await page.goto('/customer/account/payment-history');
  const rows = page.getByRole('row').filter({ hasText: reference });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Paid' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Failed' })).toHaveCount(1);
});

test('an unpaid order shows “Pay now” in the order history', async ({ page }) => {
  const o = orderPages(page);
  await logInFromFooter(page);
  await o.fillOccasion();
  await o.fillSong(1, dateIn(21));
  await o.writeStory();
  await o.saveAndContinue();
  await page.getByRole('button', { name: 'Place order' }).click();
  const reference = ((await page.getByTestId('order-reference').textContent()) ?? '').trim();
  await page.goto(`/customer/account/order-history?transaction=${reference}`);
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(/\/pay\/\d+$/);
  await expect(page.getByRole('radio').first()).toBeChecked();
});

test('the result page with a made-up reference does not claim success', async ({ page }) => {
  await logInFromFooter(page);
  await page.goto('/checkout/success?ref=ANYTHING');
  await expect(page.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible();
  await expect(page.getByText('Your payment went through')).toHaveCount(0);
  // Another customer's (or no) order in the address is no better.
  await page.goto('/checkout/success?order=999999&ref=DP-123');
  await expect(page.getByRole('heading', { name: 'We could not find this payment' })).toBeVisible();
  await expect(page.getByText('went through')).toHaveCount(0);
});

test('the admin reveals a payout, marks it paid, and the artist’s bell shows it', async ({ page, browser }) => {
  const artistPage = await newPage(browser);
  await artistPage.goto('/artist/login');
  await artistPage.getByLabel('Email', { exact: true }).fill(PAYEE.email);
  await artistPage.getByLabel('Password', { exact: true }).fill(PAYEE.password);
  await artistPage.getByRole('button', { name: 'Login to your artist account' }).click();
  await expect(artistPage).toHaveURL(/\/artist\/dashboard/);
  const bell = artistPage.getByRole('button', { name: /^Notifications/ }).first();
  const unreadBefore = (await bell.getAttribute('aria-label')) ?? '';

  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: /Login/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('link', { name: 'Payouts' }).click();
  const row = page.getByTestId('payout-row').filter({ hasText: PAYEE.email });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText(PAYEE.account);

  await row.getByRole('button', { name: /Show the full account/ }).click();
  await expect(row.getByTestId('payout-account-number')).toHaveText(PAYEE.account);
  await expect(row.getByTestId('payout-reveals')).toContainText('You,');

  await row.getByRole('button', { name: /^Mark paid/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark payout as paid' });
  await dialog.getByLabel('Transfer reference (optional)').fill('GC-2026-0001');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('payout-row').filter({ hasText: PAYEE.email })).toHaveCount(0);

  // The artist hears about it live in the bell.
  await expect(bell).not.toHaveAttribute('aria-label', unreadBefore);
  await bell.click();
  await expect(artistPage.getByRole('dialog').getByText('Your earning was sent').first()).toBeVisible();

  // The reveal stays on the payout for the record.
  await page.goto('/admin/payouts?status=paid');
  await expect(
    page.getByTestId('payout-row').filter({ hasText: PAYEE.email }).getByTestId('payout-reveals'),
  ).toBeVisible();
});
