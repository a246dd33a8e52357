import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import Database from 'better-sqlite3';
import { createSandboxProvider } from '../../server/payments/sandbox.provider';
import { e2e } from './env';
import { dateIn } from './order-pages';
import { expect, test } from './test';

// A verified payment for the wrong amount is never silent: the provider is answered OK, the admin finds
// it under Payments and refunds it whole, and the order still waits for a payment.

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };

/** paid − refunded for the order, and what it should be (nothing is kept before an artist takes it). */
function moneyOf(reference: string) {
  const db = new Database(join(e2e.dataDir, 'labsongs.sqlite'), { readonly: true });
  try {
    const order = db.prepare('select id, status from orders where reference = ?').get(reference) as {
      id: number;
      status: string;
    };
    const sum = (sql: string) => (db.prepare(sql).get(order.id) as { total: number | null }).total ?? 0;
    const paid = sum(
      `select sum(amount_centavos) as total from payments where order_id = ? and status in ('succeeded', 'refunded', 'charged_back')`,
    );
    const refunded = sum('select sum(amount_centavos) as total from refunds where order_id = ?');
    return { status: order.status, kept: paid - refunded };
  } finally {
    db.close();
  }
}

/**
 * The demo customer's new order and a sandbox checkout for it, through the API (the order flow's own
 * journeys are in order.spec.ts): answers its reference and the attempt's txnid and RefNo.
 */
async function orderWithCheckout(request: APIRequestContext) {
  const json = async (response: APIResponse) => {
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()).data;
  };
  const { token } = await json(
    await request.post('/api/v1/user/auth/login', {
      data: { email: e2e.demo.customer.email, password: e2e.demo.customer.password, remember: false },
    }),
  );
  const headers = { Authorization: `Bearer ${token}` };
  const { artists } = await json(await request.get('/api/v1/user/artists'));
  const draft = await json(
    await request.post('/api/v1/user/temp-order', {
      headers,
      data: {
        gifter_first_name: 'Maria',
        gifter_last_name: 'Santos',
        gifter_contact_number: '917 123 4567',
        gifter_dial_code: '+63',
        gifter_country: 'PH',
        gifter_email: e2e.demo.customer.email,
        recipient_first_name: 'Jose',
        recipient_last_name: 'Rizal',
        recipient_relationship: 'partner',
        recipient_pronunciation: 'ho-SEH',
        recipient_mentioned: true,
        occasion_name: 'birthday',
        occasion_mentioned: false,
      },
    }),
  );
  await json(
    await request.patch(`/api/v1/user/temp-order/${draft.order_id}/song`, {
      headers,
      data: {
        selected_artists: [artists[0].id],
        song_mood: 'romantic',
        song_tempo: 'medium',
        genre: 'pop',
        vocal_type: 'female',
        is_rebook: false,
        needed_by: dateIn(22),
      },
    }),
  );
  await json(
    await request.patch(`/api/v1/user/temp-order/${draft.order_id}/story`, {
      headers,
      data: {
        song_about: 'Our ten years together, the beach in La Union and the song we danced to at our wedding.',
        song_prompt1_title: 'How we met',
        song_prompt1_details: 'At a jeepney stop in the rain.',
        song_prompt2_title: '',
        song_prompt2_details: '',
        song_clip: null,
        song_prompt1_clip: null,
        song_prompt2_clip: null,
        audio_recording1_clip: null,
        audio_recording2_clip: null,
      },
    }),
  );
  const order = await json(await request.post(`/api/v1/user/temp-order/${draft.order_id}/commit`, { headers }));
  const { payment } = await json(
    await request.post(`/api/v1/user/order/${order.id}/checkout`, { headers, data: { paymentMethod: 'sandbox' } }),
  );
  return {
    reference: order.reference as string,
    txnid: new URL(payment.Url).pathname.split('/').pop() as string,
    refno: payment.RefNo as string,
  };
}

test('a wrong-amount callback waits under Payments and the admin refunds it', async ({ page, browser }) => {
  const { reference, txnid, refno } = await orderWithCheckout(page.request);

  // The provider confirms ₱1.00 instead of the price, signed as the sandbox signs its callbacks.
  const sandbox = createSandboxProvider({
    publicUrl: e2e.baseUrl,
    jwtSecret: readFileSync(join(e2e.dataDir, 'jwt-secret'), 'utf8').trim(),
  });
  const fields = sandbox.postbackFor({ txnid, refno, amountCentavos: 100, currency: 'PHP', status: 'succeeded' });
  const answer = await page.request.post('/api/v1/payments/sandbox/postback', { form: fields });
  expect(await answer.text()).toBe('result=OK');
  expect(moneyOf(reference)).toEqual({ status: 'awaiting_payment', kept: 0 });

  // The admin signs in on the way to Payments and finds it there.
  const admin = await (await browser.newContext({ baseURL: e2e.baseUrl })).newPage();
  await admin.goto('/admin/payments');
  await expect(admin).toHaveURL(/\/admin\/login\?redirect=/);
  await admin.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Login to the admin console' }).click();
  await expect(admin).toHaveURL(/\/admin\/payments$/);
  await expect(
    admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Payments' }),
  ).toHaveAttribute('data-status', 'active');
  // The operations home counts it among the payments to decide, and its link leads back here.
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Operations' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const toDecide = admin.getByTestId('queue-payment_exceptions').getByRole('link');
  await expect(toDecide).toHaveText(/^\s*1\s*Payments to decide\s*$/);
  await toDecide.click();
  await expect(admin).toHaveURL(/\/admin\/payments$/);
  const row = admin.getByTestId('payment-exception-row').filter({ hasText: reference });
  await expect(row).toContainText('Wrong amount');
  await expect(row).toContainText('₱1.00');
  // ₱1.00 cannot pay the order: only a refund is offered.
  await expect(row.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
  await expect(row.getByRole('link', { name: reference })).toHaveAttribute('href', /\/admin\/orders\/\d+$/);

  for (const width of [1280, 375]) {
    await admin.setViewportSize({ width, height: 900 });
    await admin.screenshot({ path: `/tmp/notes/callbacks-${width}.png`, fullPage: true });
  }
  await admin.setViewportSize({ width: 1280, height: 900 });

  // Refund it, with a note for the record; cancelling first changes nothing.
  await row.getByRole('button', { name: `Refund ₱1.00 for ${reference}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund this payment' });
  await expect(dialog).toContainText('stays awaiting payment');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Refund ₱1.00 for ${reference}` }).click();
  await dialog.getByLabel('Note (optional)').fill('Customer typed the wrong amount at the counter.');
  await admin.screenshot({ path: '/tmp/notes/callbacks-dialog-1280.png' });
  await dialog.getByRole('button', { name: 'Refund it' }).click();
  await expect(admin.getByText('Refund recorded: the whole amount is owed back to the customer.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await admin.goto('/admin');
  await expect(admin.getByTestId('queue-payment_exceptions').getByRole('link')).toHaveText(
    /^\s*0\s*Payments to decide\s*$/,
  );
  await admin.goto('/admin/payments');

  await admin.getByRole('tab', { name: 'Decided' }).click();
  await expect(admin).toHaveURL(/status=resolved/);
  const decided = admin.getByTestId('payment-exception-row').filter({ hasText: reference });
  await expect(decided).toContainText('Refunded');
  await expect(decided).toContainText('Customer typed the wrong amount');

  // The ₱1.00 is owed back; the order keeps nothing and still waits for its payment.
  expect(moneyOf(reference)).toEqual({ status: 'awaiting_payment', kept: 0 });
  await admin.getByRole('link', { name: 'Refunds', exact: true }).click();
  await expect(admin.getByTestId('refund-row').filter({ hasText: reference })).toContainText('₱1.00');
});
