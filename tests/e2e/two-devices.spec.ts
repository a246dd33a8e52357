import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { dateIn, orderPages } from './order-pages';
import { site, uniqueEmail, untilHydrated } from './pages';
import { expect, test } from './test';

// Drafts follow the account (issue 27): the same customer on two devices continues one draft
// ("Continue your order for Lola"), "Start over" deletes it everywhere.

interface Customer {
  firstName: string;
  email: string;
  password: string;
}

/** A fresh customer, so parallel journeys never share a draft. */
async function registerCustomer(request: APIRequestContext, prefix: string): Promise<Customer> {
  const who = { firstName: 'Dina', email: uniqueEmail(prefix), password: 'Sunshine2026' };
  const created = await request.post('/api/v1/user/auth/register', {
    data: {
      first_name: who.firstName,
      last_name: 'Cruz',
      email: who.email,
      password: who.password,
      password_confirmation: who.password,
      contact_number: '9171112222',
      country: 'PH',
      dial_code: '+63',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return who;
}

/** A device: its own browser context (its own storage), signed in as `who`. */
async function deviceSignedIn(browser: Browser, who: Customer): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const s = site(page);
  await page.goto('/');
  await untilHydrated(page);
  await s.openLogin();
  await s.logIn(who.email, who.password);
  await expect(s.dialog('Account Login')).toBeHidden();
  return page;
}

test('a customer continues one draft on a second device, and "Start over" ends it on both', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const who = await registerCustomer(request, 'two-devices');

  // Device A writes the occasion and the song.
  const a = await deviceSignedIn(browser, who);
  await expect(a).toHaveURL(/\/order\/occasion$/);
  const oa = orderPages(a);
  await oa.fillOccasion(who);
  const [artist = ''] = await oa.fillSong(1, dateIn(25));
  await expect(a).toHaveURL(/\/order\/story$/);

  // Device B: a new browser, the same account. Step 1 offers to continue the draft.
  const b = await deviceSignedIn(browser, who);
  await b.goto('/order/occasion');
  const continueOrder = b.getByTestId('continue-order');
  await expect(continueOrder.getByRole('link', { name: 'Continue your order for Lola' })).toBeVisible();
  await expect(b.getByLabel("Recipient's first name")).toHaveValue('Lola');
  await continueOrder.getByRole('link', { name: 'Continue your order for Lola' }).click();
  // The same step device A reached, with the same answers behind it.
  await expect(b).toHaveURL(/\/order\/story$/);
  await b.getByRole('navigation', { name: 'Order steps' }).getByRole('link', { name: /Song/ }).click();
  await expect(b).toHaveURL(/\/order\/song$/);
  await expect(b.getByText('Chosen (1 of 3)')).toBeVisible();
  await expect(b.getByRole('combobox', { name: 'Mood' })).toContainText('Sentimental');
  await expect(
    b
      .getByRole('list', { name: 'Artists' })
      .getByRole('article')
      .filter({ has: b.getByRole('checkbox', { checked: true }) }),
  ).toContainText(artist);

  // Start over, with its confirm: "Keep it" keeps it; "Yes, start over" empties it.
  await b.goto('/order/occasion');
  await continueOrder.getByRole('button', { name: 'Start over' }).click();
  const confirm = b.getByRole('alertdialog', { name: 'Start over?' });
  await expect(confirm).toContainText('What you wrote for Lola is deleted.');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(b.getByLabel("Recipient's first name")).toHaveValue('Lola');
  await continueOrder.getByRole('button', { name: 'Start over' }).click();
  await confirm.getByRole('button', { name: 'Yes, start over' }).click();
  await expect(continueOrder).toHaveCount(0);
  await expect(b.getByLabel("Recipient's first name")).toHaveValue('');
  // It is gone from the account: a reload finds nothing to continue.
  await b.reload();
  await expect(b.getByLabel("Recipient's first name")).toHaveValue('');
  await expect(continueOrder).toHaveCount(0);

  // Device A saves its story into the deleted draft: it is told the draft is gone, lands on the first
  // step with its answers kept (to be saved afresh only if it chooses to), and nothing comes back on B.
  await oa.writeStory();
  await oa.saveAndContinue();
  await expect(site(a).toast('This order draft was not found. Start a new order.')).toBeVisible();
  await expect(a).toHaveURL(/\/order\/occasion$/);
  await expect(a.getByLabel("Recipient's first name")).toHaveValue('Lola');
  await expect(a.getByTestId('continue-order')).toHaveCount(0);
  await b.reload();
  await expect(b.getByLabel("Recipient's first name")).toHaveValue('');
});

test('signing out in another tab keeps what this tab typed; signing in again finds it all there', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const who = await registerCustomer(request, 'signed-out-elsewhere');
  const tab1 = await deviceSignedIn(browser, who);
  const o = orderPages(tab1);
  await o.fillOccasion(who);
  await o.fillSong(1, dateIn(25));
  // Typed, not saved.
  const about = tab1.getByLabel('What should the song say about Lola?');
  await about.fill('Typed in tab 1 and never saved.');

  // Tab 2 of the same browser signs out with its own Logout.
  const tab2 = await tab1.context().newPage();
  await tab2.goto('/customer/account');
  await untilHydrated(tab2);
  await site(tab2).signOut();
  await expect(tab2.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();

  // Tab 1 is signed out too, still on the story with the text it typed.
  await expect(tab1.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(tab1).toHaveURL(/\/order\/story$/);
  await expect(about).toHaveValue('Typed in tab 1 and never saved.');

  // Signing in again as the same account: the draft and the text are there.
  await site(tab1).openLogin();
  await site(tab1).logIn(who.email, who.password);
  await expect(site(tab1).dialog('Account Login')).toBeHidden();
  // (Without a reload: the login leads to the order's first step, which offers to continue.)
  await expect(tab1).toHaveURL(/\/order\/occasion$/);
  await expect(tab1.getByLabel("Recipient's first name")).toHaveValue('Lola');
  await tab1.getByTestId('continue-order').getByRole('link', { name: 'Continue your order for Lola' }).click();
  await expect(tab1).toHaveURL(/\/order\/story$/);
  await expect(about).toHaveValue('Typed in tab 1 and never saved.');
});
