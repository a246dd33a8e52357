import type { APIRequestContext, Page } from '@playwright/test';
import { storageKeys } from '../../contracts/storage-keys';
import { e2e } from './env';
import { dateIn } from './order-pages';
import { expect, test } from './test';

// The admin lists share one toolbar (filter and search, or status tabs) and the two pay forms share one
// method choice: a keyboard user moves through the tabs and the search keeps its place in the address.
// Screenshots of two lists and the pay page at phone and desktop widths.

const admin = { email: 'admin@labsongs.test', password: 'Admin123!' };

async function token(request: APIRequestContext, area: 'admin' | 'user', email: string, password: string) {
  const answer = await request.post(`/api/v1/${area}/auth/login`, { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: { token: string; user: unknown } }).data;
}

async function screenshots(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/tmp/notes/toolbar-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the admin lists share one toolbar: tabs by keyboard, a search kept in the address', async ({ page, request }) => {
  const { token: adminToken } = await token(request, 'admin', admin.email, admin.password);
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: storageKeys.adminToken,
    value: adminToken,
  });

  await page.goto(`${e2e.baseUrl}/admin/payouts`);
  const tabs = page.getByRole('tablist', { name: 'Payout status' });
  await expect(tabs.getByRole('tab', { name: 'Pending' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('payout-row').first()).toBeVisible();
  await screenshots(page, 'payouts');
  // Arrow keys move the focus only (manual activation); Enter opens the tab and puts it in the address.
  await tabs.getByRole('tab', { name: 'Pending' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Paid' })).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/payouts$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/payouts\?status=paid$/);
  await expect(tabs.getByRole('tab', { name: 'Paid' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Paid' })).toBeVisible();

  await page.goto(`${e2e.baseUrl}/admin/orders?stage=in_progress`);
  await expect(page.getByRole('combobox', { name: 'Stage' })).toContainText('In progress');
  const search = page.getByRole('form', { name: 'Search orders' });
  await search.getByLabel('Search', { exact: true }).fill('Santos');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?stage=in_progress&q=Santos$/);
  await expect(page.getByText('Orders matching “Santos”, newest first.')).toBeVisible();
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  await screenshots(page, 'orders');
  await page.getByRole('link', { name: 'Clear the search' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?stage=in_progress$/);
  await expect(search.getByLabel('Search', { exact: true })).toHaveValue('');
});

test('the pay page offers the same method choice as the checkout, labelled and chosen by keyboard', async ({
  page,
  request,
}) => {
  const email = `admin-style.${process.pid}.${Date.now()}@example.test`;
  const password = 'Customer123!';
  const registered = await request.post('/api/v1/user/auth/register', {
    data: {
      first_name: 'Maria',
      last_name: 'Santos',
      email,
      password,
      password_confirmation: password,
      contact_number: '917 123 4567',
      country: 'PH',
      dial_code: '+63',
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const session = await token(request, 'user', email, password);
  const auth = { Authorization: `Bearer ${session.token}` };
  const call = async <T>(method: string, path: string, data?: unknown) => {
    const answer = await request.fetch(`/api/v1/user${path}`, { method, headers: auth, data });
    expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
    return ((await answer.json()) as { data: T }).data;
  };
  const { artists } = await call<{ artists: { id: string }[] }>('GET', '/artists');
  const { order_id: draftId } = await call<{ order_id: number }>('POST', '/temp-order', {
    gifter_first_name: 'Maria',
    gifter_last_name: 'Santos',
    gifter_contact_number: '917 123 4567',
    gifter_dial_code: '+63',
    gifter_country: 'PH',
    gifter_email: email,
    recipient_first_name: 'Lola',
    recipient_last_name: '',
    recipient_relationship: 'grandparent',
    recipient_pronunciation: '',
    recipient_mentioned: true,
    occasion_name: 'birthday',
    occasion_mentioned: false,
  });
  await call('PATCH', `/temp-order/${draftId}/song`, {
    selected_artists: [artists[0]?.id],
    song_mood: 'happy',
    song_tempo: 'slow',
    genre: 'pop',
    vocal_type: 'any',
    is_rebook: false,
    needed_by: dateIn(20),
  });
  await call('PATCH', `/temp-order/${draftId}/story`, {
    song_about: 'Lola raised six grandchildren and still dances at every fiesta.',
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
  const order = await call<{ id: number }>('POST', `/temp-order/${draftId}/commit`);

  await page.addInitScript(
    (entries) => {
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    [
      [storageKeys.accessToken, session.token],
      [storageKeys.user, JSON.stringify(session.user)],
      [storageKeys.userType, 'user'],
    ] as [string, string][],
  );
  await page.goto(`${e2e.baseUrl}/pay/${order.id}`);
  // What is being paid for, before how (issue 27): the amount, the order, the song and the artist offered.
  const summary = page.getByTestId('pay-summary');
  await expect(summary).toContainText(/₱\s?[\d,]+/);
  await expect(summary).toContainText(/OR\d+/);
  await expect(summary).toContainText('Lola');
  const methods = page.getByRole('radiogroup', { name: 'Payment method' });
  await expect(methods).toBeVisible();
  // Methods are named by the provider that takes them: this server's is the sandbox.
  await expect(methods).not.toContainText('DragonPay');
  const first = methods.getByRole('radio').first();
  await expect(first).toBeChecked();
  await screenshots(page, 'pay');
  // Arrow keys move the choice, where the provider offers more than one method.
  if ((await methods.getByRole('radio').count()) > 1) {
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(methods.getByRole('radio').nth(1)).toBeChecked();
  }
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeEnabled();
});
