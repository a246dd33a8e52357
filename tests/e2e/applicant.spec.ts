import type { Page } from '@playwright/test';
import { artistMessages } from '../../contracts/artist';
import { specMessages } from '../../contracts/messages';
import { applyAsArtist, artistLogin, temporaryPasswordFor, uniqueEmail } from './pages';
import { expect, test } from './test';

// An applicant is never stuck: the unfinished form has a way out and a logo that does not loop; a
// rejected applicant reads the admin's reason in the app (bell and profile) and resubmits from there.

const admin = { email: 'admin@labsongs.test', password: 'Admin123!' };
const shots = process.env.FLOWS_SCREENSHOTS ? '.tmp/flows-shots' : null;

/** The applicant of these journeys, applying through the API. */
const nina = (email: string, stageName: string) => ({
  email,
  firstName: 'Nina',
  lastName: 'Ramos',
  stageName,
  pitch: 'I sing soul and R&B covers and write my own songs in Davao.',
});

/** With FLOWS_SCREENSHOTS set, the screen at a phone's and a laptop's width, to look at. */
async function screenshot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an unfinished applicant can leave the form: the logo goes home without a loop, and Sign out is there', async ({
  page,
}) => {
  const email = uniqueEmail('leaver');
  await applyAsArtist(page.request, nina(email, `Nina ${Date.now().toString(36)}`));
  await artistLogin(page, email, await temporaryPasswordFor(email));
  await expect(page).toHaveURL(/\/artist\/application-form$/);

  // The password part says "Passwords do not match." as the confirmation is typed (docs/product.md §5).
  await page.getByRole('button', { name: 'Fill in password' }).click();
  const password = page.getByRole('form', { name: 'Password' });
  await password.getByLabel('New password', { exact: true }).fill('NinaSings2026');
  await password.getByLabel('Confirm new password').pressSequentially('NinaSings20');
  await expect(password.getByText(specMessages.passwordsDoNotMatch)).toBeVisible();
  await screenshot(page, 'application-form-mismatch');
  await password.getByLabel('Confirm new password').pressSequentially('26');
  await expect(password.getByText(specMessages.passwordsDoNotMatch)).toHaveCount(0);

  // The logo leads to the public home page, and the applicant stays there.
  await page.getByRole('link', { name: 'Labsongs home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Back on the form, Sign out ends the session.
  await page.goto('/artist/application-form');
  await expect(page.getByRole('heading', { name: 'Your artist application' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(specMessages.signOutConfirm);
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/artist/application-form');
  await expect(page).not.toHaveURL(/\/artist\/application-form$/);
});

test('an admin rejects an application with a reason; the applicant reads it in the app, reopens the form and resubmits', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('rejected');
  const stageName = `Nina ${Date.now().toString(36)}`;
  const reason = 'Your sample is too short to judge your voice. Please add a full song of at least a minute.';
  const artistPage = await (await browser.newContext()).newPage();
  await applyAsArtist(artistPage.request, nina(email, stageName));
  const temporary = await temporaryPasswordFor(email);
  await artistLogin(artistPage, email, temporary);
  await expect(artistPage).toHaveURL(/\/artist\/application-form$/);

  // The four parts (the application's sample counts as a sample song).
  const personal = artistPage.getByRole('form', { name: 'Personal information' });
  await personal.getByLabel('City or province').fill('Davao City');
  await personal.getByLabel('Date of birth').fill('1994-08-02');
  await personal.getByRole('button', { name: 'Save personal information' }).click();
  const info = artistPage.getByRole('form', { name: 'Artist information' });
  await expect(info).toBeVisible();
  await info.getByLabel('Bio').fill('Soul and R&B singer from Davao. I write warm songs about family and love.');
  await info.getByLabel('Acoustic').check();
  await info.getByRole('combobox', { name: 'Vocal type' }).click();
  await artistPage.getByRole('option', { name: 'Female vocals' }).click();
  await info.getByRole('button', { name: 'Save artist information' }).click();
  const payout = artistPage.getByRole('form', { name: 'Payout details' });
  await expect(payout).toBeVisible();
  await payout.getByLabel('Bank or e-wallet').fill('GCash');
  await payout.getByLabel('Account name').fill('Nina Ramos');
  await payout.getByLabel('Account number').fill('0917 123 4567');
  await payout.getByRole('button', { name: 'Save payout details' }).click();
  const password = artistPage.getByRole('form', { name: 'Password' });
  await expect(password).toBeVisible();
  await password.getByLabel('Temporary password (from our email)').fill(temporary);
  await password.getByLabel('New password', { exact: true }).fill('NinaSings2026');
  await password.getByLabel('Confirm new password').fill('NinaSings2026');
  await password.getByRole('button', { name: 'Set my password' }).click();
  await expect(artistPage.getByTestId('application-submitted')).toContainText('with our team for review');
  await artistPage.goto('/artist/profile');
  await expect(artistPage.getByTestId('artist-status')).toContainText('with our team for review');

  // The admin rejects it with a reason.
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
  await adminPage.getByRole('button', { name: 'Reject' }).click();
  const reject = adminPage.getByRole('dialog', { name: 'Reject application' });
  await reject.getByLabel('Reason').fill(reason);
  await reject.getByRole('button', { name: 'Reject application' }).click();
  await expect(adminPage.getByTestId('application-status')).toHaveText('Rejected');

  // The applicant, still on their profile, is told live: the reason appears there, and the bell says so.
  const bell = artistPage.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await expect(
    artistPage.getByRole('region', { name: 'What our team asked you to change' }).getByTestId('rejection-reason'),
  ).toHaveText(reason);
  // From another page, the notification opens the profile with the reason.
  await artistPage.goto('/artist/account-settings');
  await bell.click();
  const panel = artistPage.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toContainText('Read the reason on your profile');
  await panel.getByText('Application needs changes').click();
  await expect(artistPage).toHaveURL(/\/artist\/profile$/);
  const box = artistPage.getByRole('region', { name: 'What our team asked you to change' });
  await expect(box.getByTestId('rejection-reason')).toHaveText(reason);
  await screenshot(artistPage, 'profile-rejected');

  // From there the form, with the reason still in sight; saving a part sends it back for review.
  await box.getByRole('link', { name: 'Edit and resubmit my application' }).click();
  await expect(artistPage).toHaveURL(/\/artist\/application-form$/);
  await expect(artistPage.getByText(reason)).toBeVisible();
  await screenshot(artistPage, 'application-form-rejected');
  await artistPage.getByRole('button', { name: 'Edit artist information' }).click();
  const again = artistPage.getByRole('form', { name: 'Artist information' });
  await again
    .getByLabel('Bio')
    .fill('Soul and R&B singer from Davao. I added a full one-minute song to my samples, as asked.');
  await again.getByRole('button', { name: 'Save artist information' }).click();
  await expect(
    artistPage.getByRole('region', { name: /notifications/i }).getByText(artistMessages.submittedForReview),
  ).toBeVisible();
  await expect(artistPage.getByTestId('application-submitted')).toContainText('with our team for review');

  // The admin finds it in the review queue again.
  await adminPage.goto('/admin/applications');
  await expect(adminPage.getByRole('row', { name: new RegExp(stageName) })).toBeVisible();
});
