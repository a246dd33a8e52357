import type { APIRequestContext, Page } from '@playwright/test';
import { tour } from '../../contracts/constants';
import { genreValues, MIN_RATE_CENTAVOS, vocalTypeValues } from '../../contracts/options';
import { storageKeys } from '../../contracts/storage-keys';
import { applyAsArtist, artistLogin, temporaryPasswordFor, uniqueEmail } from './pages';
import { expect, test } from './test';

// The approved artist's first-login tour (docs/product.md §4 Tour, §9 labels) in Chromium: the brand's card at
// the online switch with Skip tour and Finish (the tour has one step, so Previous and Next do not
// show), the keyboard focus on Finish, and once skipped or finished it never comes back: the server's
// is_first_time_login is 0 and the stored user says so, across a reload and a new sign-in.

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
const PASSWORD = 'TourSings2026';

async function login(request: APIRequestContext, area: 'artist' | 'admin', email: string, password: string) {
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: { id: number } } }).data;
}

async function patch(request: APIRequestContext, path: string, token: string, data: unknown) {
  const answer = await request.patch(path, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBeLessThan(300);
}

/**
 * An artist who applied, finished the four parts and was approved, and has not signed in to the app
 * yet (set up through the API: the application form has journeys of its own).
 */
async function approvedFirstTimeArtist(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('tour-artist');
  await applyAsArtist(request, {
    email,
    firstName: 'Tala',
    lastName: 'Ramos',
    stageName: `Tala ${Date.now().toString(36)}`,
    pitch: 'I write bright pop songs for birthdays and anniversaries in Quezon City.',
  });
  const temporary = await temporaryPasswordFor(email);
  const { token, user } = await login(request, 'artist', email, temporary);
  await patch(request, '/api/v1/artist/profile/personal', token, {
    first_name: 'Tala',
    middle_name: '',
    last_name: 'Ramos',
    contact_number: '9171234567',
    country: 'PH',
    dial_code: '+63',
    city: 'Quezon City',
    birthdate: '1994-06-12',
  });
  await patch(request, '/api/v1/artist/profile/artist-info', token, {
    stage_name: `Tala ${Date.now().toString(36)}`,
    bio: 'Pop singer and songwriter from Quezon City. Bright melodies, honest words, quick turnarounds.',
    genres: [genreValues[0]],
    vocal_type: vocalTypeValues[0],
    rate: MIN_RATE_CENTAVOS / 100,
  });
  await patch(request, '/api/v1/artist/profile/bank', token, {
    bank_name: 'BPI',
    account_name: 'Tala Ramos',
    account_number: '0012 3456 7890',
  });
  await patch(request, '/api/v1/artist/profile/password', token, {
    current_password: temporary,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  const admin = await login(request, 'admin', ADMIN.email, ADMIN.password);
  const approved = await request.post(`/api/v1/admin/applications/${user.id}/approve`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return email;
}

async function artistLogIn(page: Page, email: string) {
  await artistLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/artist\/dashboard$/);
}

const card = (page: Page) => page.getByRole('alertdialog', { name: 'Artist guided tour' });

/** The card at the switch: product text, progress, the one step's buttons, Finish focused, the page dimmed and still. */
async function expectTourCard(page: Page) {
  const shown = card(page);
  await expect(shown).toBeVisible({ timeout: 5_000 });
  await expect(shown).toContainText(tour.stepText);
  await expect(shown).toContainText('Step 1 of 1');
  await expect(shown.getByRole('button')).toHaveText([tour.labels.skip, tour.labels.last]);
  await expect(shown.getByRole('button', { name: tour.labels.back })).toHaveCount(0);
  await expect(shown.getByRole('button', { name: tour.labels.next })).toHaveCount(0);
  await expect(shown.getByRole('button', { name: tour.labels.last })).toBeFocused();
  await expect(page.locator('body')).toHaveAttribute('data-scroll-locked', '');
  // The sign-in's greeting (a 5 s toast, top right) is closed, so it does not cover the switch.
  await expect(page.getByText(/Welcome (back|to Labsongs), Tala/)).toHaveCount(0, { timeout: 1_500 });
  // The card stays inside the screen (no sideways scrolling on a phone).
  const box = await shown.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
}

/** Gone for good: not after the delay, not after a reload, not after signing in again. */
async function expectTourGone(page: Page, email: string) {
  await expect(card(page)).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveAttribute('data-scroll-locked', '');
  await expect
    .poll(() =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.is_first_time_login, storageKeys.user),
    )
    .toBe(0);
  await page.reload();
  await expect(page.locator('[data-tour="online-switch"]').first()).toBeVisible();
  await page.waitForTimeout(tour.delayMs + 1_000);
  await expect(card(page)).toHaveCount(0);
  // The server's flag: a fresh browser signing in does not see it either.
  const fresh = await page.context().browser()?.newContext();
  const other = await fresh?.newPage();
  if (!other) throw new Error('no second browser context');
  await artistLogIn(other, email);
  await expect(other.locator('[data-tour="online-switch"]').first()).toBeVisible();
  await other.waitForTimeout(tour.delayMs + 1_000);
  await expect(card(other)).toHaveCount(0);
  await fresh?.close();
}

test('at 1280 px the approved artist meets the tour on the first login, and Finish ends it for good', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = await approvedFirstTimeArtist(page.request);
  await artistLogIn(page, email);
  await expectTourCard(page);
  await page.screenshot({ path: test.info().outputPath('tour-1280.png') });
  await card(page).getByRole('button', { name: tour.labels.last }).click();
  await expectTourGone(page, email);
});

test('at 375 px Skip tour, reached with the keyboard, ends it for good', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 740 });
  const email = await approvedFirstTimeArtist(page.request);
  await artistLogIn(page, email);
  await expectTourCard(page);
  await page.screenshot({ path: test.info().outputPath('tour-375.png') });
  // Tab stays inside the card: from Finish to Skip tour and round again.
  await page.keyboard.press('Tab');
  await expect(card(page).getByRole('button', { name: tour.labels.skip })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(card(page).getByRole('button', { name: tour.labels.last })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(card(page).getByRole('button', { name: tour.labels.skip })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectTourGone(page, email);
});

test('Escape closes the tour like Finish (docs/product.md §9: keyboard navigation is on)', async ({ page }) => {
  test.setTimeout(120_000);
  const email = await approvedFirstTimeArtist(page.request);
  await artistLogIn(page, email);
  await expectTourCard(page);
  await page.keyboard.press('Escape');
  await expectTourGone(page, email);
});
