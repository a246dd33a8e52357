import type { Browser, Page } from '@playwright/test';
import { e2e } from './env';
import { dateIn, logInFromFooter, orderPages } from './order-pages';
import { expect, test } from './test';

// One refund truth in Chromium against the real server: the customer cancels a paid order and sees
// the refund owed on the order page and in the payment history; the admin marks it sent with its
// method and reference; the customer sees the same sent state, with the reference, on both pages.
// Screenshots of the customer's order page and the admin's refunds at phone and desktop widths.

const admin = { email: 'admin@labsongs.test', password: 'Admin123!' };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl });
  return context.newPage();
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/notes/refunds-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a cancelled paid order shows one refund state to the customer and the admin, owed then sent', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const o = orderPages(page);
  await logInFromFooter(page);
  await o.fillOccasion();
  await o.fillSong(['Ana Reyes'], dateIn(22));
  await o.writeStory();
  await o.saveAndContinue();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/checkout$/);
  const reference = ((await page.getByTestId('order-reference').textContent()) ?? '').trim();
  await page.getByText('Test payment (sandbox)').click();
  await page.getByRole('button', { name: /^Pay ₱/ }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success/);
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByTestId('order-status')).toHaveText('Waiting for an artist to accept');
  const orderUrl = page.url();

  // The customer cancels: the toast and the page say the same thing of the refund.
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog.getByTestId('cancel-refund-note')).toContainText('will be owed to you');
  await dialog.getByLabel('Why are you cancelling? (optional)').fill('Plans changed');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  const owedLine = /Refund of ₱[\d,]+\.\d\d owed to you/;
  await expect(page.getByText(/The order was cancelled\. Refund of ₱[\d,.]+ owed to you/)).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  const note = page.getByTestId('refund-note');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText(owedLine);
  await expect(page.getByText(/refunded on/)).toHaveCount(0);
  await page.goto('/customer/account/payment-history');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row.getByTestId('refund-note')).toContainText(owedLine);
  await expect(row.getByTestId('payment-status')).not.toContainText('Refunded');

  // The admin finds it owed and marks it sent with the method and the transfer's reference.
  const adminPage = await newPage(browser);
  await adminPage.goto('/admin/login');
  await adminPage.getByLabel('Email', { exact: true }).fill(admin.email);
  await adminPage.getByLabel('Password', { exact: true }).fill(admin.password);
  await adminPage.getByRole('button', { name: /Login/ }).click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.goto('/admin/refunds');
  const refundRow = adminPage.getByRole('row').filter({ hasText: reference });
  await expect(refundRow.getByTestId('refund-state')).toHaveText('Owed to the customer');
  await screenshots(adminPage, 'admin');
  await refundRow.getByRole('button', { name: /^Mark refund sent/ }).click();
  const sent = adminPage.getByRole('dialog', { name: 'Mark refund as sent' });
  await sent.getByRole('button', { name: 'Mark sent' }).click();
  await expect(sent.getByText('Enter the transfer reference')).toBeVisible();
  await sent.getByLabel(/Sent by/).fill('GCash');
  await sent.getByLabel(/Transfer reference/).fill('GC-E2E-4500');
  await sent.getByRole('button', { name: 'Mark sent' }).click();
  await expect(adminPage.getByText('Refund marked sent. The customer was told, with the reference.')).toBeVisible();
  await expect(adminPage.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  await adminPage.getByRole('tab', { name: 'Sent' }).click();
  await expect(adminPage.getByRole('row').filter({ hasText: reference }).getByTestId('refund-state')).toContainText(
    'by GCash, reference GC-E2E-4500',
  );

  // The customer sees the same sent state, with the reference, on both pages.
  const sentLine = /Refund of ₱[\d,]+\.\d\d sent on \w{3} \d{1,2}, \d{4} by GCash, reference GC-E2E-4500/;
  await page.goto(orderUrl);
  await expect(page.getByTestId('refund-note')).toContainText(sentLine);
  await screenshots(page, 'customer-order');
  await page.goto('/customer/account/payment-history');
  await expect(page.getByRole('row').filter({ hasText: reference }).getByTestId('refund-note')).toContainText(sentLine);
});
