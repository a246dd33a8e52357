import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { e2e } from './env';
import { signInAsCustomer } from './order-pages';
import { tinyWav, uniqueEmail } from './pages';
import { expect, test } from './test';

// Nothing stranded, end to end: an artist sends the recording of an order and is then suspended; the
// admin opens the order, sees that a revision is not offered, and gives the order to another artist
// with a reason, before its due date; the customer's order page shows the new hands.
//
// The order is set up through the API (the order flow has its own journeys); the admin's and the
// customer's steps are done in the browser. Demo artist 3 is suspended here and reactivated at the end.

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
const ARTIST_PASSWORD = 'Artist123!';
const LEAVING = { email: 'artist3@labsongs.test', name: 'Liza Sings' };
const NEXT = { email: 'artist5@labsongs.test', name: 'Claire de Lune' };
const REASON = 'Liza was suspended before her recording was checked.';

async function token(request: APIRequestContext, area: 'user' | 'artist' | 'admin', email: string, password: string) {
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: { user_id: string; id: number } } }).data;
}

async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  auth: string,
  data?: unknown,
) {
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${auth}` }, data });
  const body = await answer.json().catch(() => ({}));
  expect(answer.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as { data: any };
}

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new customer's paid order offered to one artist (public id), needed in 20 days. */
async function paidOrder(request: APIRequestContext, artist: string) {
  const email = uniqueEmail('stranded');
  const password = 'Customer123!';
  const registered = await request.post('/api/v1/user/auth/register', {
    data: {
      first_name: 'Carla',
      last_name: 'Reyes',
      email,
      password,
      password_confirmation: password,
      contact_number: '917 123 4567',
      country: 'PH',
      dial_code: '+63',
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const customer = await token(request, 'user', email, password);
  const U = '/api/v1/user';
  const draft = await call(request, 'POST', `${U}/temp-order`, customer.token, {
    gifter_first_name: 'Carla',
    gifter_last_name: 'Reyes',
    gifter_contact_number: '917 123 4567',
    gifter_dial_code: '+63',
    gifter_country: 'PH',
    gifter_email: email,
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
    selected_artists: [artist],
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
  // Not about lyrics: the customer turns lyrics approval off, so the artist records straight away.
  await call(request, 'PUT', `${U}/orders/${order.id}/lyrics-approval`, customer.token, { on: false });
  const checkout = await call(request, 'POST', `${U}/order/${order.id}/checkout`, customer.token, {
    paymentMethod: 'sandbox',
  });
  const url = new URL(checkout.data.payment.Url as string, e2e.baseUrl);
  const txnid = /\/payments\/sandbox\/([^/?#]+)/.exec(url.pathname)?.[1] ?? url.searchParams.get('txnid');
  const paid = await request.post(`/payments/sandbox/${txnid}`, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  return { ...order, customer: { email, password } };
}

/** The artist accepts the order and sends a recording: it waits for the admin's validation. */
async function acceptAndSubmit(request: APIRequestContext, auth: string, orderId: number) {
  await call(request, 'POST', `/api/v1/artist/orders/${orderId}/accept`, auth);
  const upload = await request.post('/api/v1/artist/order/song/upload', {
    headers: { Authorization: `Bearer ${auth}` },
    multipart: { file: { name: 'take.wav', mimeType: 'audio/wav', buffer: tinyWav() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { temp_location } = ((await upload.json()) as { data: { temp_location: string } }).data;
  await call(request, 'POST', `/api/v1/artist/orders/${orderId}/recording`, auth, {
    temp_location,
    lyrics: 'Sunday lunches, the song you hum',
    human_made: true,
  });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

async function adminLogIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: /Login/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

test('a suspended artist’s order: no revision offered, reassigned with a reason before its due date; the customer sees the new hands', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await token(request, 'admin', ADMIN.email, ADMIN.password);
  const leaving = await token(request, 'artist', LEAVING.email, ARTIST_PASSWORD);
  const next = await token(request, 'artist', NEXT.email, ARTIST_PASSWORD);
  const order = await paidOrder(request, leaving.user.user_id);
  await acceptAndSubmit(request, leaving.token, order.id);
  try {
    await call(request, 'POST', `/api/v1/admin/artists/${leaving.user.user_id}/suspend`, admin.token, {
      reason: 'Samples were not her own work.',
    });

    // The admin opens the order: validation is still possible, a revision is not; reassigning is.
    const page = await newPage(browser);
    await adminLogIn(page);
    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByRole('heading', { name: order.reference })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Validate' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request revision' })).toHaveCount(0);
    const panel = page.getByTestId('order-reassign');
    await expect(panel).toContainText(`${LEAVING.name} has left or is suspended`);
    await expect(page.getByText('(overdue)')).toHaveCount(0);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/notes/stranded-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The dialog asks for an artist and a reason; the reason's error sits under its field.
    await panel.getByRole('button', { name: 'Give to another artist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Give to another artist' });
    await dialog.getByLabel('Search artists').fill(NEXT.email);
    await dialog.getByRole('button', { name: 'Search' }).click();
    await dialog.getByRole('radio').first().check();
    const reason = dialog.getByLabel('Why does the order change hands?');
    await reason.fill('Too short');
    await dialog.getByRole('button', { name: 'Offer the order' }).click();
    await expect(dialog.getByText(lifecycleMessages.reassignReasonRequired)).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await reason.fill(REASON);
    await dialog.getByRole('button', { name: 'Offer the order' }).click();
    await expect(page.getByText(lifecycleMessages.reassigned)).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Offered to artists');
    // The reason is in the order's history.
    await expect(page.getByTestId('order-event').last()).toContainText('Given to another artist');
    await expect(page.getByTestId('order-event').last()).toContainText(REASON);
    await page.screenshot({ path: '/tmp/notes/stranded-reassigned-1280.png', fullPage: true });

    // The new artist takes it; the customer's order page shows who has it now.
    await call(request, 'POST', `/api/v1/artist/orders/${order.id}/accept`, next.token);
    const customer = await newPage(browser);
    await signInAsCustomer(customer, order.customer);
    await customer.goto(`/customer/account/orders/${order.id}`);
    await expect(customer.getByRole('region', { name: 'Details' })).toContainText(NEXT.name);
    await expect(customer.getByRole('region', { name: 'Details' })).not.toContainText(LEAVING.name);
    await customer.screenshot({ path: '/tmp/notes/stranded-customer-1280.png', fullPage: true });
  } finally {
    await call(request, 'POST', `/api/v1/admin/artists/${leaving.user.user_id}/reactivate`, admin.token, {
      reason: 'Back after review.',
    });
  }
});
