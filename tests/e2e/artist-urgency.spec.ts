import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { MIN_RATE_CENTAVOS } from '../../contracts/options';
import { e2e } from './env';
import { applyAsArtist, artistLogin, temporaryPasswordFor, uniqueEmail } from './pages';
import { expect, test } from './test';

// Artists see what is urgent, in Chromium: a new approved artist's offers are listed soonest answer
// deadline first with a countdown (urgent under an hour, in words as well as colour), whatever the
// needed-by dates; the artist asks for a new stage name and sees it pending; an admin approves it on
// /admin/artists and the artist's profile then shows the new name.
//
// The artist and the orders are set up through the API (their own flows have journeys of their own).
// One offer's deadline is brought to 40 minutes from now in the database, as a late rebooking leaves it.

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
const PASSWORD = 'UrgentSongs2026';
const U = '/api/v1/user';

async function login(request: APIRequestContext, area: 'user' | 'artist' | 'admin', email: string, password: string) {
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: { id: number; user_id: string } } }).data;
}

async function call(request: APIRequestContext, method: 'POST' | 'PATCH', path: string, token: string, data?: unknown) {
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  const body = await answer.json().catch(() => ({}));
  expect(answer.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as { data: any };
}

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An approved, online artist of their own (applied, four parts done, approved by the admin). */
async function approvedArtist(request: APIRequestContext, stageName: string) {
  const email = uniqueEmail('urgent');
  await applyAsArtist(request, {
    email,
    firstName: 'Isa',
    lastName: 'Lim',
    stageName,
    pitch: 'I write and sing warm acoustic songs for the people you love.',
  });
  const temporary = await temporaryPasswordFor(email);
  const { token, user } = await login(request, 'artist', email, temporary);
  const A = '/api/v1/artist/profile';
  await call(request, 'PATCH', `${A}/personal`, token, {
    first_name: 'Isa',
    middle_name: '',
    last_name: 'Lim',
    contact_number: '9171234567',
    country: 'PH',
    dial_code: '+63',
    city: 'Cebu City',
    birthdate: '1993-02-11',
  });
  await call(request, 'PATCH', `${A}/artist-info`, token, {
    stage_name: stageName,
    bio: 'Acoustic singer-songwriter from Cebu: gentle guitar, clear words, songs that sound like you.',
    genres: ['acoustic'],
    vocal_type: 'female',
    rate: MIN_RATE_CENTAVOS / 100,
  });
  await call(request, 'PATCH', `${A}/bank`, token, {
    bank_name: 'BPI',
    account_name: 'Isa Lim',
    account_number: '0012 3456 7890',
    current_password: temporary,
  });
  await call(request, 'PATCH', `${A}/password`, token, {
    current_password: temporary,
    password: PASSWORD,
    password_confirmation: PASSWORD,
  });
  const admin = await login(request, 'admin', ADMIN.email, ADMIN.password);
  await call(request, 'POST', `/api/v1/admin/applications/${user.id}/approve`, admin.token);
  const signedIn = await login(request, 'artist', email, PASSWORD);
  // docs/product.md: status 0 is online.
  await call(request, 'PATCH', `${A}/online-status`, signedIn.token, { status: 0 });
  return { email, publicId: user.user_id };
}

/** A new customer's paid order for the artist, needed in `days` days. */
async function paidOrder(request: APIRequestContext, artist: string, days: number) {
  const email = uniqueEmail('urgent-customer');
  const password = 'Customer123!';
  const registered = await request.post(`${U}/auth/register`, {
    data: {
      first_name: 'Nina',
      last_name: 'Cruz',
      email,
      password,
      password_confirmation: password,
      contact_number: '917 123 4567',
      country: 'PH',
      dial_code: '+63',
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const { token } = await login(request, 'user', email, password);
  const draft = await call(request, 'POST', `${U}/temp-order`, token, {
    gifter_first_name: 'Nina',
    gifter_last_name: 'Cruz',
    gifter_contact_number: '917 123 4567',
    gifter_dial_code: '+63',
    gifter_country: 'PH',
    gifter_email: email,
    recipient_first_name: `Rio${days}`,
    recipient_last_name: 'Cruz',
    recipient_relationship: 'partner',
    recipient_pronunciation: 'REE-oh',
    recipient_mentioned: true,
    occasion_name: 'birthday',
    occasion_mentioned: false,
  });
  const id = draft.data.order_id as number;
  await call(request, 'PATCH', `${U}/temp-order/${id}/song`, token, {
    selected_artists: [artist],
    song_mood: 'romantic',
    song_tempo: 'medium',
    genre: 'pop',
    vocal_type: 'female',
    is_rebook: false,
    needed_by: dayIn(days),
  });
  await call(request, 'PATCH', `${U}/temp-order/${id}/story`, token, {
    song_about: 'Ten years of morning coffee together and the song we dance to in the kitchen.',
    song_prompt1_title: 'How we met',
    song_prompt1_details: 'On a ferry to Bohol.',
    song_prompt2_title: '',
    song_prompt2_details: '',
    song_clip: null,
    song_prompt1_clip: null,
    song_prompt2_clip: null,
    audio_recording1_clip: null,
    audio_recording2_clip: null,
  });
  const order = (await call(request, 'POST', `${U}/temp-order/${id}/commit`, token)).data as {
    id: number;
    reference: string;
  };
  const checkout = await call(request, 'POST', `${U}/order/${order.id}/checkout`, token, {
    paymentMethod: 'sandbox',
  });
  const url = new URL(checkout.data.payment.Url as string, e2e.baseUrl);
  const txnid = /\/payments\/sandbox\/([^/?#]+)/.exec(url.pathname)?.[1] ?? url.searchParams.get('txnid');
  const paid = await request.post(`/payments/sandbox/${txnid}`, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  return order;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test('an artist sees offers soonest deadline first with a countdown, asks for a new stage name and an admin approves it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36).replace(/\d/g, '');
  const oldName = `Isa Sings ${tag}`;
  const newName = `Isa Lim Trio ${tag}`;
  const artist = await approvedArtist(request, oldName);

  // Needed-by: far, then sooner, then soonest. Deadlines: the first two 24 hours after payment, the
  // last one (rebooked late) in 40 minutes.
  const far = await paidOrder(request, artist.publicId, 30);
  const sooner = await paidOrder(request, artist.publicId, 14);
  // Soon, but not sooner than the artist can promise at any hour: the 24-hour answer window, the default
  // 5-day turnaround and the due time a day ahead of the needed-by date (server/orders/delivery.ts).
  const urgent = await paidOrder(request, artist.publicId, 10);
  const db = new Database(join(e2e.dataDir, 'labsongs.sqlite'));
  db.pragma('busy_timeout = 5000');
  db.prepare('update order_artists set expires_at = ? where order_id = ?').run(
    new Date(Date.now() + 40 * 60_000).toISOString(),
    urgent.id,
  );
  db.close();

  const page = await newPage(browser);
  await artistLogin(page, artist.email, PASSWORD);
  await expect(page).toHaveURL(/\/artist\/dashboard/);
  await page.goto('/artist/song-orders');
  const cards = page.getByRole('list', { name: 'New song orders' }).getByRole('article');
  await expect(cards).toHaveCount(3);
  // Soonest deadline first: not the needed-by order (urgent, sooner, far).
  await expect(cards.getByTestId('order-reference')).toHaveText([urgent.reference, far.reference, sooner.reference]);
  const first = cards.nth(0).getByTestId('answer-countdown');
  await expect(first).toHaveAttribute('data-urgent', 'true');
  await expect(first).toContainText('Urgent');
  await expect(first).toContainText(/Answer within (39|40) min/);
  // Screen readers get the words, not "h" and "min".
  await expect(first.locator('span')).toHaveText(/Answer within (39|40) minutes/);
  const second = cards.nth(1).getByTestId('answer-countdown');
  await expect(second).toContainText(/Answer within (23 h 5\d min|24 h)/);
  await expect(second).not.toHaveAttribute('data-urgent', 'true');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/notes/urgency-${width}.png`, fullPage: width === 1280 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // A new stage name on the approved profile: saved as pending, the old name still the profile's.
  await page.goto('/artist/profile');
  await page.getByRole('button', { name: /edit artist/i }).click();
  const stageName = page.getByLabel('Stage name');
  await stageName.fill(newName);
  await page.getByRole('button', { name: 'Save artist information' }).click();
  const pending = page.getByTestId('pending-stage-name');
  await expect(pending).toContainText('Pending review');
  await expect(pending).toContainText(newName);
  await expect(page.getByRole('heading', { name: oldName })).toBeVisible();

  // The admin approves it from the artists page's review filter.
  const admin = await newPage(browser);
  await admin.goto('/admin/login');
  await admin.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: /Login/ }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/artists?status=stage_name');
  const request_ = admin.getByTestId('stage-name-request').filter({ hasText: newName });
  await expect(request_).toBeVisible();
  await request_.getByRole('button', { name: `Approve the stage name ${newName} for ${oldName}` }).click();
  await expect(admin.getByText('The new stage name is approved. The artist was told.')).toBeVisible();
  await expect(admin.getByTestId('stage-name-request').filter({ hasText: newName })).toHaveCount(0);

  // The artist's profile follows (live), with the new name and no request.
  await expect(page.getByRole('heading', { name: newName })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('pending-stage-name')).toHaveCount(0);
});
