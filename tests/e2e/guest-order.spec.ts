import type { Page } from '@playwright/test';
import { dateIn, fillGifter, newCustomer, orderPages } from './order-pages';
import { site, uniqueEmail, untilHydrated } from './pages';
import { expect, test } from './test';

// A first visit without walls (issue 27): a guest writes the whole brief (occasion, song, story), is
// asked to sign up or log in only at review, and places and pays the order there without retyping.

const story = 'Lola raised six grandchildren and still dances every Sunday. Thank her for everything.';

/** From the home page, as a guest, to review with the whole brief written; returns the artists chosen. */
async function writeBriefAsGuest(page: Page, gifter: { firstName: string; lastName: string; email: string }) {
  const o = orderPages(page);
  await page.goto('/');
  await untilHydrated(page);
  await page.getByRole('main').getByRole('button', { name: 'Order a song' }).first().click();
  // No login wall: the first step itself.
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await fillGifter(page, gifter);
  await o.fillOccasion(gifter);
  const artists = await o.fillSong(1, dateIn(30));
  await o.writeStory();
  // Recordings belong to an account: the guest is told where they can add them.
  await expect(page.getByText('Sign up or log in at the review step to add recordings.').first()).toBeVisible();
  await o.saveAndContinue();
  await expect(page).toHaveURL(/\/order\/review$/);

  const ask = page.getByRole('region', { name: 'Sign up or log in to send your order' });
  await expect(ask).toBeVisible();
  // Nothing to place before signing in.
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  await expectBriefShown(page);
  // The artists by name (the guest's draft holds only their ids; the catalogue names them).
  const chosen = page.getByRole('list', { name: 'Chosen artists' });
  await expect(chosen.getByRole('listitem')).toHaveCount(artists.length);
  for (const name of artists) await expect(chosen).toContainText(name);
  return { artists, ask };
}

/** What the guest wrote, as review shows it. */
async function expectBriefShown(page: Page) {
  await expect(page.getByRole('region', { name: 'The occasion' })).toContainText('Lola Santos (Grandparent)');
  await expect(page.getByRole('region', { name: 'The story' })).toContainText(story);
  await expect(page.getByRole('region', { name: 'The story' })).toContainText('Sunday dances');
}

/** Still on review after signing in, everything there; place the order and pay it in the sandbox. */
async function placeAndPay(page: Page) {
  await expect(page).toHaveURL(/\/order\/review$/);
  await expect(page.getByRole('region', { name: 'Sign up or log in to send your order' })).toHaveCount(0);
  await expectBriefShown(page);
  await expect(page.getByTestId('order-price')).toHaveText(/₱[\d,]+/);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order\/checkout$/);
  const reference = (await page.getByTestId('order-reference').textContent()) ?? '';
  expect(reference).toMatch(/^OR\d+$/);
  await page.getByText('Test payment (sandbox)').click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+&ref=/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your payment went through' })).toBeVisible();

  // The order on the account carries what the guest wrote.
  await page.goto(`/customer/account/order-history?transaction=${reference}`);
  const order = page.getByRole('article', { name: 'Birthday song for Lola' });
  await expect(order).toContainText(reference);
}

test('a guest writes the brief, signs up at review, and pays without retyping anything', async ({ page }) => {
  test.setTimeout(120_000);
  const gifter = { firstName: 'Nina', lastName: 'Reyes', email: uniqueEmail('guest-signup') };
  const { ask } = await writeBriefAsGuest(page, gifter);

  await ask.getByRole('button', { name: 'Sign up' }).click();
  const signUp = site(page).dialog('Account Sign Up');
  await expect(signUp).toBeVisible();
  await signUp.getByLabel('First name', { exact: true }).fill(gifter.firstName);
  await signUp.getByLabel('Last name', { exact: true }).fill(gifter.lastName);
  await signUp.getByLabel('Email', { exact: true }).fill(gifter.email);
  await signUp.getByLabel('Password', { exact: true }).fill('Sunshine2026');
  await signUp.getByLabel('Confirm password', { exact: true }).fill('Sunshine2026');
  await signUp.getByRole('button', { name: 'Create account' }).click();
  // Sign-up signs the person in: no login form in between.
  await expect(signUp).toBeHidden();
  await expect(site(page).dialog('Account Login')).toHaveCount(0);

  await placeAndPay(page);
});

test('a guest writes the brief, logs in at review, and pays without retyping anything', async ({ page }) => {
  test.setTimeout(120_000);
  // An account of its own: other journeys sign in as the demo customer at the same time, and the draft
  // this guest saves at sign-in is the account's (they would find and continue it).
  const customer = await newCustomer(page);
  const { ask } = await writeBriefAsGuest(page, {
    firstName: customer.firstName,
    lastName: 'Guest',
    email: customer.email,
  });

  await ask.getByRole('button', { name: 'Log in' }).click();
  await expect(site(page).dialog('Account Login')).toBeVisible();
  await site(page).logIn(customer.email, customer.password);
  await expect(site(page).dialog('Account Login')).toBeHidden();

  await placeAndPay(page);
});
