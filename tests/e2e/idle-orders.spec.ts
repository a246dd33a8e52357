import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import Database from 'better-sqlite3';
import { formatDeadline, formatPeso, formatPesosWithCentavos } from '../../contracts/format';
import { IDLE_NEEDS_ARTIST_DAYS } from '../../contracts/lifecycle';
import { refundLine } from '../../contracts/refunds';
import { readOutbox } from '../../server/services/outbox';
import { e2e } from './env';
import { dateIn } from './order-pages';
import { site, uniqueEmail } from './pages';
import { expect, test } from './test';

// An idle order with no artist is refunded automatically, in Chromium: a customer pays an order offered
// to one artist, the artist declines, and her order page says what she can do and by when it is cancelled
// and refunded if she does nothing. The test then moves the order's clock eight days back in the
// server's database; the periodic job (the offer sweep's timer, OFFER_SWEEP_SECONDS in
// playwright.config.ts) cancels it, her page shows the refund owed, the admin's refunds page lists it
// and she is mailed. The order is set up through the API (the order flow has its own journeys).

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
// Jonas & Strings (₱4,500): declining an offer leaves his account as it was for the other journeys.
const ARTIST = { email: 'artist4@labsongs.test', password: 'Artist123!' };
const PRICE_PESOS = 4500;
const DAY_MS = 86_400_000;

async function token(request: APIRequestContext, area: 'user' | 'artist' | 'admin', email: string, password: string) {
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: { user_id: string } } }).data;
}

async function call(request: APIRequestContext, method: 'POST' | 'PATCH', path: string, auth: string, data?: unknown) {
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${auth}` }, data });
  const body = await answer.json().catch(() => ({}));
  expect(answer.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as { data: any };
}

/** A new customer's order offered to one artist (public id), paid in the sandbox. */
async function paidOrder(request: APIRequestContext, artist: string) {
  const email = uniqueEmail('idle');
  const password = 'Customer123!';
  const registered = await request.post('/api/v1/user/auth/register', {
    data: {
      first_name: 'Rosa',
      last_name: 'Dizon',
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
    gifter_first_name: 'Rosa',
    gifter_last_name: 'Dizon',
    gifter_contact_number: '917 123 4567',
    gifter_dial_code: '+63',
    gifter_country: 'PH',
    gifter_email: email,
    recipient_first_name: 'Ben',
    recipient_last_name: 'Dizon',
    recipient_relationship: 'partner',
    recipient_pronunciation: 'BEN',
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
    vocal_type: 'male',
    is_rebook: false,
    needed_by: dateIn(25),
  });
  await call(request, 'PATCH', `${U}/temp-order/${id}/story`, customer.token, {
    song_about: 'Forty years of early mornings at the bakery and the radio he always sings along to.',
    song_prompt1_title: 'How we met',
    song_prompt1_details: 'Buying pandesal in Quezon City.',
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
  const txnid = new URL(checkout.data.payment.Url as string, e2e.baseUrl).pathname.split('/').pop();
  const paid = await request.post(`/payments/sandbox/${txnid}`, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  return { ...order, email, password };
}

/** The e2e server's database, for what only a clock can do: the status and money of an order, and its idle start. */
function withDatabase<T>(use: (db: Database.Database) => T): T {
  const db = new Database(join(e2e.dataDir, 'labsongs.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** The order's status, what it kept (paid − refunded) and what its artist was paid out. */
function moneyOf(orderId: number) {
  return withDatabase((db) => {
    const sum = (sql: string) => (db.prepare(sql).get(orderId) as { total: number | null }).total ?? 0;
    const { status } = db.prepare('select status from orders where id = ?').get(orderId) as { status: string };
    const paid = sum(
      `select sum(amount_centavos) as total from payments where order_id = ? and status in ('succeeded', 'refunded', 'charged_back')`,
    );
    const refunded = sum('select sum(amount_centavos) as total from refunds where order_id = ?');
    const payouts = sum('select sum(amount_centavos) as total from payouts where order_id = ?');
    return { status, paid, kept: paid - refunded, payouts };
  });
}

/** The customer's mail with this subject, waiting for the mail worker to write it. */
async function mailWithSubject(email: string, subject: string) {
  let text = '';
  await expect
    .poll(async () => {
      const mail = (await readOutbox(`${e2e.dataDir}/outbox`)).find(
        (m) => m.to.includes(email.toLowerCase()) && m.subject === subject,
      );
      text = mail?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

test('an order no artist took is cancelled and refunded automatically after 7 days; the customer sees it and is mailed', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const artist = await token(request, 'artist', ARTIST.email, ARTIST.password);
  const order = await paidOrder(request, artist.user.user_id);
  expect(moneyOf(order.id)).toMatchObject({ status: 'offered', paid: PRICE_PESOS * 100, kept: PRICE_PESOS * 100 });

  await call(request, 'POST', `/api/v1/artist/orders/${order.id}/decline`, artist.token, {
    reason: 'Fully booked this month.',
  });
  const since = withDatabase(
    (db) =>
      db.prepare('select status, needs_artist_since from orders where id = ?').get(order.id) as {
        status: string;
        needs_artist_since: string | null;
      },
  );
  expect(since.status).toBe('needs_artist');
  expect(since.needs_artist_since).not.toBeNull();
  const cancelOn = formatDeadline(
    new Date(Date.parse(since.needs_artist_since as string) + IDLE_NEEDS_ARTIST_DAYS * DAY_MS),
  );
  const price = formatPesosWithCentavos(PRICE_PESOS);

  // She is mailed why, what she can do and when the refund is automatic.
  const needs = await mailWithSubject(order.email, `Choose another artist for order ${order.reference}`);
  expect(needs).toContain('You can choose other artists');
  expect(needs).toContain(`If you do neither by ${cancelOn}, we cancel the order and refund`);

  // Her order page says the same: choose others, or cancel, or it is refunded automatically on that date.
  const context = await browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/customer/account/orders/${order.id}`);
  await site(page).logIn(order.email, order.password);
  await expect(page).toHaveURL(new RegExp(`/customer/account/orders/${order.id}$`));
  await expect(page.getByTestId('order-status')).toHaveText('Choose another artist');
  await expect(page.getByRole('heading', { name: 'Choose another artist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send my order to them' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await expect(page.getByTestId('auto-cancel-note')).toHaveText(
    `Or cancel the order for a full refund of ${price}. If you do neither by ${cancelOn}, we cancel the order and refund ${price} automatically.`,
  );
  await page.screenshot({ path: '/tmp/notes/idle-orders-needs-artist-1280.png', fullPage: true });

  // Eight days pass without her acting: the periodic job cancels the order and owes her the whole payment.
  withDatabase((db) =>
    db
      .prepare('update orders set needs_artist_since = ? where id = ?')
      .run(new Date(Date.now() - 8 * DAY_MS).toISOString(), order.id),
  );
  await expect.poll(() => moneyOf(order.id).status, { timeout: 20_000 }).toBe('cancelled');
  // Money: everything paid is owed back, nothing kept, no artist paid.
  expect(moneyOf(order.id)).toEqual({ status: 'cancelled', paid: PRICE_PESOS * 100, kept: 0, payouts: 0 });

  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  const owedLine = refundLine({ status: 'owed', amount: PRICE_PESOS, sent_at: null, method: null, reference: null });
  await expect(page.getByTestId('refund-note')).toHaveCount(1);
  await expect(page.getByTestId('refund-note')).toContainText(owedLine);
  await expect(page.getByTestId('auto-cancel-note')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send my order to them' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/notes/idle-orders-cancelled-1280.png', fullPage: true });

  const cancelled = await mailWithSubject(order.email, `Order ${order.reference} was cancelled and refunded`);
  expect(cancelled).toContain(`within ${IDLE_NEEDS_ARTIST_DAYS} days, so we cancelled the order as promised`);
  expect(cancelled).toContain(`A full refund of ${formatPeso(PRICE_PESOS * 100)} is owed to you`);

  // The admin's refunds page lists it owed.
  const admin = await (await browser.newContext({ baseURL: e2e.baseUrl })).newPage();
  await admin.goto('/admin/login');
  await admin.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: /Login/ }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/refunds');
  const row = admin.getByRole('row').filter({ hasText: order.reference });
  await expect(row.getByTestId('refund-state')).toHaveText('Owed to the customer');
  await expect(row).toContainText(price);
});
