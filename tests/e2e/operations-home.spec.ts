import { readFile } from 'node:fs/promises';
import { expectNoSeriousViolations } from './axe';
import { expect, test } from './test';

// The operations home at /admin: an admin signs in and lands on it, sees what needs a person (the demo
// data has an application waiting for review) and the charts, follows a queue to where it is resolved,
// and downloads a CSV export.

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };

test('an admin lands on the operations home, follows a queue and downloads a CSV', async ({ page }) => {
  // /admin asks for a login first, then shows the home.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login to the admin console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Operations' }),
  ).toHaveAttribute('data-status', 'active');

  // The counts: the demo applicant waits for review.
  const applications = page.getByTestId('queue-applications_waiting');
  await expect(applications).toContainText('Applications waiting');
  expect(Number(await applications.locator('span').first().textContent())).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('queue-needs_artist')).toContainText('Orders without an artist');

  // The charts, with their figures as text; 90 days on request.
  await expect(page.getByTestId('chart-totals')).toContainText('Orders paid');
  await expect(page.getByRole('heading', { name: 'The last 30 days' })).toBeVisible();
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByRole('heading', { name: 'The last 90 days' })).toBeVisible();
  await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByText('Orders paid per day: the figures').click();
  await expect(page.getByRole('table').first().getByRole('row')).toHaveCount(91);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `/tmp/notes/operations-${width}.png`, fullPage: true });
    await expectNoSeriousViolations(page, `/admin at ${width} px`);
  }

  // A bad range shows under its field; a good one downloads the file.
  await page.getByLabel('From', { exact: true }).fill('2026-02-01');
  await page.getByLabel('To', { exact: true }).fill('2026-01-31');
  await page.getByRole('button', { name: 'Download orders CSV' }).click();
  await expect(page.getByText('The end date must be on or after the start date')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('');
  await page.getByLabel('From', { exact: true }).fill('');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download orders CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('labsongs-orders-start-now.csv');
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^reference,status,created_at,/);
  // The demo customer's five orders at least.
  expect(csv.split('\r\n').length).toBeGreaterThanOrEqual(7);

  // A queue leads to where it is resolved.
  await applications.getByRole('link').click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
});
