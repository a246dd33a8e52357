import type { APIRequestContext } from '@playwright/test';
import { site, uniqueEmail } from './pages';
import { expect, test } from './test';

// A customer with more orders than one page: the order history and the payment history show the
// newest first, and "Show more" brings the older ones. The orders are placed through the API (the
// order flow has its own journeys) and left unpaid, so no artist is offered them.

const PASSWORD = 'Customer123!';
const U = '/api/v1/user';
/** One more than a page. */
const ORDERS = 11;

async function call(request: APIRequestContext, method: 'POST' | 'PATCH', path: string, token: string, data?: unknown) {
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  const body = await answer.json().catch(() => ({}));
  expect(answer.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as { data: any };
}

async function logIn(request: APIRequestContext, area: 'user' | 'artist', email: string, password: string) {
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: { user_id: string } } }).data;
}

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new customer with ORDERS orders, each with a checkout started; answers the references, oldest first. */
async function customerWithManyOrders(request: APIRequestContext, email: string): Promise<string[]> {
  const registered = await request.post(`${U}/auth/register`, {
    data: {
      first_name: 'Dina',
      last_name: 'Lopez',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      contact_number: '917 123 4567',
      country: 'PH',
      dial_code: '+63',
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const token = (await logIn(request, 'user', email, PASSWORD)).token;
  // Demo artist 3: online, and the orders are never paid, so never offered to them.
  const artistId = (await logIn(request, 'artist', 'artist3@labsongs.test', 'Artist123!')).user.user_id;

  const references: string[] = [];
  for (let i = 1; i <= ORDERS; i++) {
    const draft = await call(request, 'POST', `${U}/temp-order`, token, {
      gifter_first_name: 'Dina',
      gifter_last_name: 'Lopez',
      gifter_contact_number: '917 123 4567',
      gifter_dial_code: '+63',
      gifter_country: 'PH',
      gifter_email: email,
      recipient_first_name: `Guest ${i}`,
      recipient_last_name: 'Cruz',
      recipient_relationship: 'friend',
      recipient_pronunciation: 'GES-t',
      recipient_mentioned: true,
      occasion_name: 'birthday',
      occasion_mentioned: false,
    });
    const id = draft.data.order_id as number;
    await call(request, 'PATCH', `${U}/temp-order/${id}/song`, token, {
      selected_artists: [artistId],
      song_mood: 'happy',
      song_tempo: 'medium',
      genre: 'pop',
      vocal_type: 'female',
      is_rebook: false,
      needed_by: dayIn(20),
    });
    await call(request, 'PATCH', `${U}/temp-order/${id}/story`, token, {
      song_about: 'Years of friendship and one long road trip.',
      song_prompt1_title: '',
      song_prompt1_details: '',
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
    await call(request, 'POST', `${U}/order/${order.id}/checkout`, token, { paymentMethod: 'sandbox' });
    references.push(order.reference);
  }
  return references;
}

test('a customer with more orders than one page sees the newest first and "Show more" brings the older ones', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('many-orders');
  const references = await customerWithManyOrders(request, email);
  const s = site(page);
  await page.goto('/');
  await s.openLogin();
  await s.logIn(email, PASSWORD);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();

  await page.goto('/customer/account/order-history');
  const orders = page.getByRole('article');
  await expect(orders).toHaveCount(10);
  await expect(orders.first()).toHaveAccessibleName(`Birthday song for Guest ${ORDERS}`);
  await expect(page.getByText('Showing 10 orders, more to load')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Birthday song for Guest 1', exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(orders).toHaveCount(ORDERS);
  const oldest = page.getByRole('article', { name: 'Birthday song for Guest 1', exact: true });
  await expect(oldest).toContainText(references[0] as string);
  await expect(oldest.getByRole('link', { name: 'View order' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
  await expect(page.getByText(`Showing ${ORDERS} orders`)).toBeVisible();

  // A notification's link still focuses one order, even one beyond the first page.
  await page.goto(`/customer/account/order-history?transaction=${references[0]}`);
  await expect(orders).toHaveCount(1);
  await expect(oldest).toBeVisible();
  await page.getByRole('link', { name: 'Show all orders' }).click();
  await expect(orders).toHaveCount(10);

  await page.goto('/customer/account/payment-history');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(1 + 10);
  await expect(rows.nth(1)).toContainText(references[ORDERS - 1] as string);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(rows).toHaveCount(1 + ORDERS);
  await expect(rows.nth(ORDERS)).toContainText(references[0] as string);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);
});
