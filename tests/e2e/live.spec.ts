import type { Browser, Page } from '@playwright/test';
import { artistMessages } from '../../contracts/artist';
import { tour } from '../../contracts/constants';
import { e2e } from './env';
import { applyAsArtist, artistLogin, site, temporaryPasswordFor, uniqueEmail } from './pages';
import { expect, test } from './test';

// Every open screen follows what happens elsewhere, without a reload (issue 10): the customer's order
// page when the artist accepts, the artist's menu and switch when the admin approves, and a second tab
// when the first one signs out.

const ARTIST = { email: 'artist1@labsongs.test', password: 'Artist123!' };
const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: e2e.baseUrl })).newPage();
}

/** Marks the document: the mark is gone after any reload, so the journey can prove there was none. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { liveMark: boolean }).liveMark = true;
  });
}
async function expectNoReload(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark)).toBe(true);
}

async function customerLogIn(page: Page) {
  const s = site(page);
  await page.goto('/');
  await s.openLogin();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
}

async function adminLogIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: /Login/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('the customer\'s open order page leaves "waiting" when the artist accepts, with no reload', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const customer = await newPage(browser);
  await customerLogIn(customer);
  // The demo order offered to Ana Reyes and Liza Sings.
  await customer.goto('/customer/account/order-history');
  const waiting = customer
    .getByRole('article')
    .filter({ has: customer.getByTestId('order-status').getByText('Waiting for an artist to accept') })
    .filter({ hasText: 'Ana Reyes' })
    // The demo's, not an order another journey places for Ana alone meanwhile.
    .filter({ hasText: 'Liza Sings' })
    .first();
  const reference = (await waiting.getByText(/^OR\d+$/).textContent()) ?? '';
  expect(reference).toMatch(/^OR\d+$/);
  await waiting.getByRole('link', { name: 'View order' }).click();
  await expect(customer).toHaveURL(/\/customer\/account\/orders\/\d+$/);
  await expect(customer.getByRole('heading', { name: 'Order History', level: 2 })).toHaveCount(0);
  // The visible one: while the route changes, React may keep the list's cards in the page, hidden
  // (display: none), each with its own status.
  const status = customer.getByTestId('order-status').filter({ visible: true });
  await expect(status).toHaveText('Waiting for an artist to accept');
  await expect(customer.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await markDocument(customer);

  const artist = await newPage(browser);
  await artistLogin(artist, ARTIST.email, ARTIST.password);
  await expect(artist).toHaveURL(/\/artist\/dashboard/);
  await artist.goto('/artist/song-orders');
  const card = artist.getByRole('article').filter({ hasText: reference });
  await card.getByRole('button', { name: 'Accept' }).click();
  await artist.getByRole('alertdialog').getByRole('button', { name: 'Accept order' }).click();
  await expect(card).toHaveCount(0);

  // Within seconds, on the page the customer already had open.
  await expect(status).not.toHaveText('Waiting for an artist to accept', { timeout: 8_000 });
  await expect(customer.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expectNoReload(customer);

  // Order history says the same.
  await customer.getByRole('link', { name: /Back to/ }).click();
  const card2 = customer.getByRole('article').filter({ hasText: reference });
  await expect(card2.getByTestId('order-status')).toHaveText('The artist is working on your song');
});

/** A new artist who applied and finished the four parts of the application form: waiting for review. */
async function finishedApplicant(page: Page): Promise<{ stageName: string }> {
  const email = uniqueEmail('live-artist');
  const stageName = `Lia ${Date.now().toString(36)}`;
  await applyAsArtist(page.request, {
    email,
    firstName: 'Lia',
    lastName: 'Tan',
    stageName,
    pitch: 'I sing soft acoustic covers and write songs for weddings in Davao.',
  });
  const temporary = await temporaryPasswordFor(email);
  await artistLogin(page, email, temporary);
  await expect(page).toHaveURL(/\/artist\/application-form$/);

  const personal = page.getByRole('form', { name: 'Personal information' });
  await personal.getByLabel('City or province').fill('Davao City');
  await personal.getByLabel('Date of birth').fill('1995-03-02');
  await personal.getByRole('button', { name: 'Save personal information' }).click();

  const info = page.getByRole('form', { name: 'Artist information' });
  await expect(info).toBeVisible();
  await info.getByLabel('Bio').fill('Acoustic singer from Davao. Warm covers and original wedding songs with guitar.');
  await info.getByLabel('Acoustic').check();
  await info.getByRole('combobox', { name: 'Vocal type' }).click();
  await page.getByRole('option', { name: 'Female vocals' }).click();
  await info.getByRole('button', { name: 'Save artist information' }).click();

  const payout = page.getByRole('form', { name: 'Payout details' });
  await expect(payout).toBeVisible();
  await payout.getByLabel('Bank or e-wallet').fill('BPI');
  await payout.getByLabel('Account name').fill('Lia Tan');
  await payout.getByLabel('Account number').fill('0098 7654 3210');
  await payout.getByRole('button', { name: 'Save payout details' }).click();

  const password = page.getByRole('form', { name: 'Password' });
  await expect(password).toBeVisible();
  await password.getByLabel('Temporary password (from our email)').fill(temporary);
  await password.getByLabel('New password', { exact: true }).fill('LiaSings2026');
  await password.getByLabel('Confirm new password').fill('LiaSings2026');
  await password.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByTestId('application-submitted')).toContainText('with our team for review');
  return { stageName };
}

test("the approved artist's open page gets the full menu and the online switch, with no reload", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const artist = await newPage(browser);
  const { stageName } = await finishedApplicant(artist);
  await artist.goto('/artist/profile');
  const sidebar = artist.getByTestId('artist-sidebar').getByRole('navigation', { name: 'Artist' });
  await expect(sidebar.getByRole('link')).toHaveText(['My Profile']);
  await expect(artist.locator('[data-tour="online-switch"]')).toHaveCount(0);
  await markDocument(artist);

  const admin = await newPage(browser);
  await adminLogIn(admin);
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Applications' }).click();
  await admin
    .getByRole('row', { name: new RegExp(stageName) })
    .getByRole('link')
    .click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin
    .getByRole('alertdialog', { name: 'Approve application' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(site(admin).toast(artistMessages.applicationApproved)).toBeVisible();

  // The bell hears it, the session loads the artist again, and the gate opens the rest.
  await expect(sidebar.getByRole('link')).toHaveCount(9, { timeout: 8_000 });
  await expect(artist.locator('[data-tour="online-switch"]').first()).toBeVisible();
  await expectNoReload(artist);
  // A newly approved artist meets the tour at the switch (docs/product.md §4), still without a reload.
  const tourText = artist.getByText(tour.stepText);
  await expect(tourText).toBeVisible({ timeout: 5_000 });
  await artist.getByRole('button', { name: 'Finish' }).click();
  await expect(tourText).toHaveCount(0);
  // The pages the gate kept closed open now.
  await sidebar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(artist).toHaveURL(/\/artist\/dashboard$/);
});

test('signing out in one tab signs out the other', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: e2e.baseUrl });
  const first = await context.newPage();
  await customerLogIn(first);
  const second = await context.newPage();
  await second.goto('/customer/account');
  await expect(second.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  await markDocument(second);

  await site(first).signOut();
  await expect(first.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();

  // The other tab shows the signed-out header, and its account page (for signed-in customers) is left.
  await expect(second.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(second.getByRole('button', { name: /Account menu for/ })).toHaveCount(0);
  await expect(second).toHaveURL(`${e2e.baseUrl}/`);
  await expectNoReload(second);

  // Signing in again in the second tab reaches the first.
  await site(second).openLogin();
  await site(second).logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  await expect(first.getByRole('button', { name: /Account menu for/ })).toBeVisible();
});
