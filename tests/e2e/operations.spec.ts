import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { operationsMessages } from '../../contracts/operations';
import { orderMessages } from '../../contracts/order';
import { e2e } from './env';
import { signInAsCustomer } from './order-pages';
import { uniqueEmail } from './pages';
import { expect, test } from './test';

// Operations (issue 13) end to end: an artist deactivates with an order in progress and the customer
// rebooks it; an admin gives an order nobody has to another artist, who sees the offer; an admin
// suspends an artist (they cannot sign in and leave /artists) and reactivates them.
//
// The orders are set up through the API (the order flow has its own journeys); the steps under test
// are done in the browser. Demo artists 6 (deactivated here) and 4 (rebooked, suspended and
// reactivated here) are not used by the other journeys.

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
const ARTIST_PASSWORD = 'Artist123!';
const DEACTIVATING = { email: 'artist6@labsongs.test' };
const OTHER = { email: 'artist4@labsongs.test' };
const shots = process.env.OPS_SCREENSHOTS ? '.tmp/ops-shots' : null;

async function token(request: APIRequestContext, area: 'user' | 'artist' | 'admin', email: string, password: string) {
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: { user_id: string; id: number } } }).data;
}

async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  auth: string,
  data?: unknown,
) {
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${auth}` }, data });
  const body = await answer.json().catch(() => ({}));
  expect(answer.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as { data: any };
}

function dayIn(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new customer's paid order offered to `artists` (public ids). */
async function paidOrder(request: APIRequestContext, customerEmail: string, artists: string[]) {
  const password = 'Customer123!';
  const registered = await request.post('/api/v1/user/auth/register', {
    data: {
      first_name: 'Carla',
      last_name: 'Reyes',
      email: customerEmail,
      password,
      password_confirmation: password,
      contact_number: '917 123 4567',
      country: 'PH',
      dial_code: '+63',
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const customer = await token(request, 'user', customerEmail, password);
  const U = '/api/v1/user';
  const draft = await call(request, 'POST', `${U}/temp-order`, customer.token, {
    gifter_first_name: 'Carla',
    gifter_last_name: 'Reyes',
    gifter_contact_number: '917 123 4567',
    gifter_dial_code: '+63',
    gifter_country: 'PH',
    gifter_email: customerEmail,
    recipient_first_name: 'Tomas',
    recipient_last_name: 'Cruz',
    recipient_relationship: 'partner',
    recipient_pronunciation: 'TOH-mas',
    recipient_mentioned: true,
    occasion_name: 'birthday',
    occasion_mentioned: false,
  });
  const id = draft.data.order_id as number;
  await call(request, 'PATCH', `${U}/temp-order/${id}/song`, customer.token, {
    selected_artists: artists,
    song_mood: 'romantic',
    song_tempo: 'medium',
    genre: 'pop',
    vocal_type: 'female',
    is_rebook: false,
    needed_by: dayIn(20),
  });
  await call(request, 'PATCH', `${U}/temp-order/${id}/story`, customer.token, {
    song_about: 'Thirty years of Sunday lunches and the song he hums while cooking.',
    song_prompt1_title: 'How we met',
    song_prompt1_details: 'At a fiesta in Batangas.',
    song_prompt2_title: '',
    song_prompt2_details: '',
    song_clip: null,
    song_prompt1_clip: null,
    song_prompt2_clip: null,
    audio_recording1_clip: null,
    audio_recording2_clip: null,
  });
  const order = (await call(request, 'POST', `${U}/temp-order/${id}/commit`, customer.token)).data as {
    id: number;
    reference: string;
  };
  const checkout = await call(request, 'POST', `${U}/order/${order.id}/checkout`, customer.token, {
    paymentMethod: 'sandbox',
  });
  const url = new URL(checkout.data.payment.Url as string, e2e.baseUrl);
  const txnid = /\/payments\/sandbox\/([^/?#]+)/.exec(url.pathname)?.[1] ?? url.searchParams.get('txnid');
  const paid = await request.post(`/payments/sandbox/${txnid}`, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  return { ...order, customer: { email: customerEmail, password } };
}

async function newPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl, viewport: { width, height: 900 } });
  return context.newPage();
}

async function screenshot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function artistLogIn(page: Page, email: string) {
  await page.goto('/artist/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(ARTIST_PASSWORD);
  await page.getByRole('button', { name: 'Login to your artist account' }).click();
}

async function adminLogIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: /Login/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

async function customerLogIn(page: Page, email: string, password: string) {
  await signInAsCustomer(page, { email, password });
}

test.describe.configure({ mode: 'serial' });

test('an artist deactivates with an order in progress; the customer sees it needs an artist and rebooks', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const leaving = await token(request, 'artist', DEACTIVATING.email, ARTIST_PASSWORD);
  const other = await token(request, 'artist', OTHER.email, ARTIST_PASSWORD);
  await call(request, 'PATCH', '/api/v1/artist/profile/online-status', leaving.token, { status: 0 });
  const order = await paidOrder(request, uniqueEmail('ops-customer'), [leaving.user.user_id]);
  await call(request, 'POST', `/api/v1/artist/orders/${order.id}/accept`, leaving.token);

  // The artist's settings: the dialog lists the order and what happens to it.
  const artistPage = await newPage(browser);
  await artistLogIn(artistPage, DEACTIVATING.email);
  await expect(artistPage).toHaveURL(/\/artist\/dashboard/);
  await artistPage.goto('/artist/account-settings');
  await artistPage.getByRole('button', { name: 'Deactivate my account' }).click();
  const dialog = artistPage.getByRole('alertdialog', { name: 'Deactivate your account?' });
  await expect(dialog.getByTestId('open-work')).toContainText(order.reference);
  await expect(dialog.getByTestId('open-work')).toContainText('The customer will choose another artist');
  await screenshot(artistPage, 'deactivate-dialog');
  // The current password confirms it (account-care.spec.ts has the rest of the dialog).
  await dialog.getByLabel('Current password').fill(ARTIST_PASSWORD);
  await dialog.getByRole('button', { name: 'Deactivate' }).click();
  await expect(artistPage).toHaveURL(/\/$/);

  // The customer: told in the bell, the order needs an artist, and they rebook it.
  const customerPage = await newPage(browser);
  await customerLogIn(customerPage, order.customer.email, order.customer.password);
  await customerPage.goto(`/customer/account/orders/${order.id}`);
  await expect(customerPage.getByRole('heading', { name: 'Choose another artist' })).toBeVisible();
  // Nobody chosen yet: the message shows under the picker and nothing is sent.
  await customerPage.getByRole('button', { name: 'Send my order to them' }).click();
  await expect(customerPage.getByRole('alert').filter({ hasText: orderMessages.artistsRequired })).toBeVisible();
  await customerPage
    .getByRole('checkbox', { name: /^Choose / })
    .first()
    .check();
  await customerPage.getByRole('button', { name: 'Send my order to them' }).click();
  await expect(customerPage.getByText('Your order was sent to the new artists.')).toBeVisible();
  // (Signing in within 30 days would restore the account: tests/server/account-care.test.ts.)
  expect(other.token).toBeTruthy();
});

test('an admin gives an order nobody has to another artist, who sees the offer; orders are searched', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const first = await token(request, 'artist', 'artist3@labsongs.test', ARTIST_PASSWORD);
  const next = await token(request, 'artist', OTHER.email, ARTIST_PASSWORD);
  const customerEmail = uniqueEmail('ops-reassign');
  const order = await paidOrder(request, customerEmail, [first.user.user_id]);
  await call(request, 'POST', `/api/v1/artist/orders/${order.id}/decline`, first.token, { reason: 'Fully booked' });

  const adminPage = await newPage(browser);
  await adminLogIn(adminPage);
  // Search by the customer's email.
  await adminPage.goto('/admin/orders');
  await adminPage.getByLabel('Search', { exact: true }).fill(customerEmail);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  await expect(adminPage).toHaveURL(/q=/);
  await expect(adminPage.getByTestId('order-row')).toHaveCount(1);
  await screenshot(adminPage, 'orders-search');
  await adminPage.getByRole('link', { name: order.reference }).click();

  await adminPage.getByRole('button', { name: 'Give to another artist' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Give to another artist' });
  await dialog.getByLabel('Search artists').fill(OTHER.email);
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByRole('radio').first().check();
  await dialog.getByLabel('Why does the order change hands?').fill('No artist took the order in time.');
  await screenshot(adminPage, 'reassign-dialog');
  await dialog.getByRole('button', { name: 'Offer the order' }).click();
  await expect(adminPage.getByText('The order was offered to the artist you chose.')).toBeVisible();
  await expect(adminPage.getByTestId('order-status')).toHaveText('Offered to artists');

  // The new artist sees the offer among their new orders.
  const artistPage = await newPage(browser);
  await artistLogIn(artistPage, OTHER.email);
  await expect(artistPage).toHaveURL(/\/artist\/dashboard/);
  await artistPage.goto('/artist/song-orders');
  await expect(artistPage.getByRole('article').filter({ hasText: order.reference })).toBeVisible();
  expect(next.token).toBeTruthy();
});

test('an admin suspends an artist: they cannot sign in and leave /artists; reactivated, they sign in again', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const artist = await token(request, 'artist', OTHER.email, ARTIST_PASSWORD);
  await call(request, 'PATCH', '/api/v1/artist/profile/online-status', artist.token, { status: 0 });
  const profile = await call(request, 'GET', '/api/v1/artist/profile', artist.token);
  const stageName = profile.data.user?.stage_name ?? profile.data.stage_name;

  const visitor = await newPage(browser);
  await visitor.goto('/artists');
  await expect(visitor.getByText(stageName, { exact: true }).first()).toBeVisible();

  const adminPage = await newPage(browser);
  await adminLogIn(adminPage);
  await adminPage.getByRole('link', { name: 'Artists' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/artists/);
  await adminPage.getByLabel('Search', { exact: true }).fill(OTHER.email);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const row = adminPage.getByTestId('artist-row').filter({ hasText: OTHER.email });
  await expect(row.getByTestId('artist-status')).toContainText('Active');
  // The demo artist's photo, drawn at seed time, beside the name.
  await expect(row.locator('img[data-part=avatar-image]')).toHaveAttribute('src', /^\/media\/avatars\/.+\.webp$/);
  await screenshot(adminPage, 'artists-page');
  await row.getByRole('button', { name: /^Suspend / }).click();
  const dialog = adminPage.getByRole('alertdialog', { name: /^Suspend / });
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByText(operationsMessages.reasonRequired)).toBeVisible();
  await dialog.getByLabel('Reason').fill('Missed three deadlines in a row');
  await screenshot(adminPage, 'suspend-dialog');
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(row.getByTestId('artist-status')).toHaveText('Suspended');
  await expect(row).toContainText('Missed three deadlines in a row');

  // Signed out everywhere, cannot sign in, gone from the catalogue.
  expect(
    (await request.get('/api/v1/artist/profile', { headers: { Authorization: `Bearer ${artist.token}` } })).status(),
  ).toBe(401);
  const artistPage = await newPage(browser);
  await artistLogIn(artistPage, OTHER.email);
  await expect(artistPage.getByText(operationsMessages.accountSuspended(e2e.supportEmail))).toBeVisible();
  await visitor.goto('/artists');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.getByText(stageName, { exact: true })).toHaveCount(0);

  // Reactivated: they sign in again.
  await row.getByRole('button', { name: /^Reactivate / }).click();
  const back = adminPage.getByRole('alertdialog', { name: /^Reactivate / });
  await back.getByLabel('Reason').fill('Talked it through');
  await back.getByRole('button', { name: 'Reactivate' }).click();
  await expect(row.getByTestId('artist-status')).toContainText('Active');
  await artistLogIn(artistPage, OTHER.email);
  await expect(artistPage).toHaveURL(/\/artist\/dashboard/);
});
