import { artistMessages } from '../../contracts/artist';
import { tour } from '../../contracts/constants';
import { applyAsArtist, artistLogin, site, temporaryPasswordFor, uniqueEmail } from './pages';
import { expect, test } from './test';

const admin = { email: 'admin@labsongs.test', password: 'Admin123!' };

test('an artist applies, finishes the four parts, is approved, takes the tour, goes online and offline in the catalogue', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('artist');
  const stageName = `Bea ${Date.now().toString(36)}`;
  const artistPage = await (await browser.newContext()).newPage();
  await applyAsArtist(artistPage.request, {
    email,
    firstName: 'Bea',
    lastName: 'Lim',
    stageName,
    pitch: 'I write acoustic love songs and perform at cafes in Cebu.',
  });
  const temporary = await temporaryPasswordFor(email);

  // Logging in with the temporary password lands on the application form (docs/product.md §4 gating).
  await artistLogin(artistPage, email, temporary);
  await expect(artistPage).toHaveURL(/\/artist\/application-form$/);
  await expect(artistPage.getByTestId('application-progress')).toContainText('0 of 4');
  // Any other artist page sends an unfinished artist back to the form.
  await artistPage.goto('/artist/dashboard');
  await expect(artistPage).toHaveURL(/\/artist\/application-form$/);

  // 1. Personal information (the contact number comes from the application).
  const personal = artistPage.getByRole('form', { name: 'Personal information' });
  await expect(personal.getByLabel('Contact number', { exact: true })).toHaveValue('917 1234 567');
  await personal.getByLabel('City or province').fill('Cebu City');
  await personal.getByLabel('Date of birth').fill('2010-01-01');
  await personal.getByRole('button', { name: 'Save personal information' }).click();
  await expect(personal.getByText(artistMessages.tooYoung)).toBeVisible();
  await personal.getByLabel('Date of birth').fill('1996-04-12');
  await personal.getByRole('button', { name: 'Save personal information' }).click();

  // 2. Artist information (the application's sample counts as a sample song).
  const info = artistPage.getByRole('form', { name: 'Artist information' });
  await expect(info).toBeVisible();
  await info
    .getByLabel('Bio')
    .fill('Acoustic singer-songwriter from Cebu. I write warm, honest love songs with guitar and voice.');
  await info.getByLabel('Acoustic').check();
  await info.getByRole('combobox', { name: 'Vocal type' }).click();
  await artistPage.getByRole('option', { name: 'Female vocals' }).click();
  await info.getByRole('button', { name: 'Save artist information' }).click();

  // 3. Payout details: saved, then only shown masked.
  const payout = artistPage.getByRole('form', { name: 'Payout details' });
  await expect(payout).toBeVisible();
  await payout.getByLabel('Bank or e-wallet').fill('BDO');
  await payout.getByLabel('Account name').fill('Bea Lim');
  await payout.getByLabel('Account number').fill('0012 3456 7890');
  await payout.getByRole('button', { name: 'Save payout details' }).click();

  // 4. Password: replace the temporary one.
  const password = artistPage.getByRole('form', { name: 'Password' });
  await expect(password).toBeVisible();
  await password.getByLabel('Temporary password (from our email)').fill(temporary);
  await password.getByLabel('New password', { exact: true }).fill('BeaSings2026');
  await password.getByLabel('Confirm new password').fill('BeaSings2026');
  await password.getByRole('button', { name: 'Set my password' }).click();
  await expect(artistPage.getByTestId('application-submitted')).toContainText('with our team for review');
  await expect(artistPage.getByTestId('application-progress')).toContainText('4 of 4');

  // Finished but not approved: only Profile in the menu, no switch; other pages go to Profile.
  await artistPage.goto('/artist/dashboard');
  await expect(artistPage).toHaveURL(/\/artist\/profile$/);
  const sidebar = artistPage.getByTestId('artist-sidebar').getByRole('navigation', { name: 'Artist' });
  await expect(sidebar.getByRole('link')).toHaveText(['My Profile']);
  await expect(artistPage.locator('[data-tour="online-switch"]')).toHaveCount(0);

  // The admin approves the application.
  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/admin/login');
  await adminPage.getByLabel('Email', { exact: true }).fill(admin.email);
  await adminPage.getByLabel('Password', { exact: true }).fill(admin.password);
  await adminPage.getByRole('button', { name: /Login/ }).click();
  // A login lands on the operations home; the applications wait in their queue.
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.goto('/admin/applications');
  await adminPage
    .getByRole('row', { name: new RegExp(stageName) })
    .getByRole('link')
    .click();
  await adminPage.getByRole('button', { name: 'Approve' }).click();
  const confirm = adminPage.getByRole('alertdialog');
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: /Approve/ }).click();
  await expect(adminPage.getByText(/approved/i).first()).toBeVisible();

  // The artist signs in again with the new password: full menu, and after 1 s the tour at the switch.
  // The open app would write its session back (the approval refreshes it live), so it is left first:
  // the storage is cleared on a same-origin page that runs no app.
  await artistPage.goto('/api/ping');
  await artistPage.context().clearCookies();
  await artistPage.evaluate(() => localStorage.clear());
  await artistLogin(artistPage, email, 'BeaSings2026');
  await expect(artistPage).toHaveURL(/\/artist\/dashboard$/);
  await expect(sidebar.getByRole('link')).toHaveCount(9);
  const tourText = artistPage.getByText(tour.stepText);
  await expect(tourText).toBeVisible({ timeout: 5_000 });
  await artistPage.getByRole('button', { name: 'Finish' }).click();
  await expect(tourText).toHaveCount(0);

  // Going online shows the product's modal, and the artist appears on /artists.
  const onlineSwitch = artistPage.locator('[data-tour="online-switch"]').first();
  await onlineSwitch.click();
  await expect(artistPage.getByRole('dialog', { name: 'You are online' })).toContainText(artistMessages.wentOnline);
  await artistPage.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/artists?q=${encodeURIComponent(stageName)}`);
  await expect(visitor.getByRole('heading', { name: stageName })).toBeVisible();

  // Offline again: the modal says so, and the artist is gone from the catalogue.
  await onlineSwitch.click();
  await expect(artistPage.getByRole('dialog', { name: 'You are offline' })).toContainText(artistMessages.wentOffline);
  await visitor.reload();
  await expect(visitor.getByText('No artists match these filters right now.')).toBeVisible();
  await expect(visitor.getByRole('heading', { name: stageName })).toHaveCount(0);
});

test('below 768 px the artist sidebar is a slide-in drawer', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await artistLogin(page, 'artist5@labsongs.test', 'Artist123!');
  await expect(page).toHaveURL(/\/artist\/dashboard$/);
  await expect(page.getByTestId('artist-sidebar')).toBeHidden();
  // The top bar with the page title is hidden on small screens.
  await expect(page.getByTestId('artist-page-title')).toBeHidden();
  await page.getByRole('button', { name: 'Open artist menu' }).click();
  const drawer = page.getByTestId('artist-drawer');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/artist\/profile$/);
  await expect(drawer).toBeHidden();
});

test("the catalogue searches, filters and shows an artist's profile; an unknown artist is a clear page", async ({
  page,
}) => {
  const s = site(page);
  await page.goto('/artists');
  await expect(page.getByRole('heading', { level: 3 })).not.toHaveCount(0);
  await page.getByLabel('Search by name').fill('Ana');
  await expect(page).toHaveURL(/q=Ana/);
  await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Ana Reyes']);
  await page.getByRole('link', { name: 'Ana Reyes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Reyes' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Samples' })).toBeVisible();
  // Ordering with this artist when logged out starts the brief at once (issue 27: the login waits for review).
  await page.getByRole('button', { name: 'Order with this artist' }).click();
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(s.dialog('Account Login')).toHaveCount(0);
  await page.goto('/artist/nosuchartist');
  await expect(page.getByRole('heading', { name: 'This artist is not available' })).toBeVisible();
});
