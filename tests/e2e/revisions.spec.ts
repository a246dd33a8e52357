import type { APIRequestContext, Page } from '@playwright/test';
import { readOutbox } from '../../server/services/outbox';
import { e2e } from './env';
import { dateIn } from './order-pages';
import { site, tinyWav, uniqueEmail } from './pages';
import { expect, test } from './test';

// Revisions the customer can follow (issue 27), in Chromium against the real server: her song is
// delivered; she asks for changes, is asked to confirm with the revisions left after this one, backs
// out once (nothing spent, her notes kept), then confirms; the artist uploads version 2 and our team
// validates it in the console; she sees version 1 and version 2 with her notes, and the mail says
// which version it is and quotes what she asked. The order up to the first delivery is set up through
// the API (the order flow and the lifecycle have their own journeys).

const ARTIST = { email: 'artist1@labsongs.test', password: 'Artist123!' };
const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
const NOTES = 'Could the last chorus be softer, and say Ben twice?';

async function token(request: APIRequestContext, area: 'user' | 'artist' | 'admin', email: string, password: string) {
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: { user_id: string } } }).data;
}

async function call(
  request: APIRequestContext,
  method: 'POST' | 'PATCH' | 'PUT',
  path: string,
  auth: string,
  data?: unknown,
) {
  const answer = await request.fetch(path, { method, headers: { Authorization: `Bearer ${auth}` }, data });
  const body = await answer.json().catch(() => ({}));
  expect(answer.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body as { data: any };
}

/** The artist uploads a take and submits it for validation, through the API. */
async function submitTake(request: APIRequestContext, artist: string, orderId: number, lyrics: string) {
  const upload = await request.post('/api/v1/artist/order/song/upload', {
    headers: { Authorization: `Bearer ${artist}` },
    multipart: { file: { name: 'take.wav', mimeType: 'audio/wav', buffer: tinyWav() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { temp_location } = ((await upload.json()) as { data: { temp_location: string } }).data;
  await call(request, 'POST', `/api/v1/artist/orders/${orderId}/recording`, artist, {
    temp_location,
    lyrics,
    human_made: true,
  });
}

/** A new customer's order for artist1, paid, accepted and its first take validated: delivered. */
async function deliveredOrder(request: APIRequestContext) {
  const email = uniqueEmail('revisions');
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
  const artist = await token(request, 'artist', ARTIST.email, ARTIST.password);
  const admin = await token(request, 'admin', ADMIN.email, ADMIN.password);
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
    selected_artists: [artist.user.user_id],
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
  // Not about lyrics: the customer turns lyrics approval off, so the artist records straight away.
  await call(request, 'PUT', `${U}/orders/${order.id}/lyrics-approval`, customer.token, { on: false });
  const checkout = await call(request, 'POST', `${U}/order/${order.id}/checkout`, customer.token, {
    paymentMethod: 'sandbox',
  });
  const txnid = new URL(checkout.data.payment.Url as string, e2e.baseUrl).pathname.split('/').pop();
  const paid = await request.post(`/payments/sandbox/${txnid}`, { form: { action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBeLessThan(400);
  await call(request, 'POST', `/api/v1/artist/orders/${order.id}/accept`, artist.token);
  await submitTake(request, artist.token, order.id, 'First take');
  await call(request, 'POST', `/api/v1/admin/orders/${order.id}/validate`, admin.token);
  return { ...order, email, password, artistToken: artist.token };
}

/** The customer's mail whose subject starts so, waiting for the mail worker to write it. */
async function mailStartingWith(email: string, subject: string) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox(`${e2e.dataDir}/outbox`)).find(
        (m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith(subject),
      );
      return found?.subject ?? '';
    })
    .not.toBe('');
  return found as { subject: string; text: string };
}

/** Our team validates the newest take in the console, as lifecycle.spec.ts does. */
async function validateInConsole(page: Page, reference: string) {
  await page.goto('/admin/login');
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: /Login/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/validation');
  await page.getByRole('link', { name: `Review ${reference}` }).click();
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('The recording was validated and delivered to the customer.')).toBeVisible();
}

test('a customer confirms a revision, backs out once without spending it, and follows v1 and v2 with her notes', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const order = await deliveredOrder(request);
  const context = await browser.newContext({ baseURL: e2e.baseUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`/customer/account/orders/${order.id}`);
  await site(page).logIn(order.email, order.password);
  await expect(page.getByTestId('order-status')).toHaveText('Ready to listen');
  await expect(page.getByText('2 revisions left')).toBeVisible();

  // She writes her notes and is asked to confirm, told what remains after this one.
  const ask = page.getByRole('button', { name: 'Ask for changes' });
  await ask.click();
  const dialog = page.getByRole('dialog', { name: 'Ask for changes' });
  await dialog.getByLabel('What should the artist change?').fill(NOTES);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = dialog.getByTestId('revision-confirm');
  await expect(confirm).toContainText('This uses one of your 2 revisions. After it, you will have 1 revision left.');
  await expect(confirm).toContainText(NOTES);

  // She backs out: nothing is spent, focus returns to the button, her notes are kept.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ask).toBeFocused();
  await expect(page.getByText('2 revisions left')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText('Ready to listen');
  await ask.click();
  await expect(dialog.getByLabel('What should the artist change?')).toHaveValue(NOTES);

  // Then she confirms.
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Send to the artist' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('order-status')).toHaveText('The artist is revising your song');
  const versions = page.getByRole('region', { name: 'Versions of your song' });
  await expect(versions.getByTestId('version-2')).toContainText('Version 2: being made');
  await expect(versions.getByTestId('version-2')).toContainText(NOTES);

  // The artist uploads version 2 and our team validates it.
  await submitTake(request, order.artistToken, order.id, 'Second take');
  const adminContext = await browser.newContext({ baseURL: e2e.baseUrl });
  await validateInConsole(await adminContext.newPage(), order.reference);

  // Her page follows: version 2 is current, with her notes; version 1 stays playable.
  await expect(page.getByTestId('order-status')).toHaveText('Ready to listen');
  await expect(versions.getByTestId('version-2')).toContainText('Version 2 (current)');
  await expect(versions.getByTestId('version-2')).toContainText(NOTES);
  await expect(versions.getByTestId('version-1')).toContainText('Version 1');
  await expect(versions.getByTestId('version-1')).not.toContainText('Your notes');
  await expect(page.getByText('1 revision left')).toBeVisible();
  await versions.getByRole('button', { name: 'Play version 1' }).click();
  await expect(
    page.getByRole('region', { name: 'Audio player' }).getByRole('button', { name: 'Pause', exact: true }),
  ).toBeVisible();

  // The mail says which version it is and what she asked for.
  const mail = await mailStartingWith(order.email, 'Version 2 of your song for Ben is ready');
  expect(mail.subject).toBe(`Version 2 of your song for Ben is ready (${order.reference})`);
  expect(mail.text).toContain('made version 2 of the song for Ben after your notes');
  expect(mail.text).toContain(`> ${NOTES}`);
  await context.close();
  await adminContext.close();
});
