import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolationsAtBothSizes } from './axe';
import { e2e } from './env';
import { dateIn, newCustomer } from './order-pages';
import { site, uniqueEmail, untilHydrated } from './pages';
import { expect, test } from './test';

// Keyboard and screen readers (issue 27): a customer orders with the keyboard alone, focus goes where
// the WAI-ARIA patterns say, and every page visited is scanned with axe at a phone's and a desktop's width.

test.use({ viewport: { width: 1280, height: 900 } });

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target}`);
}

/** Tabs to the field and types into it (text fields only). */
async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/**
 * Chooses an option of a select with the keys of the WAI-ARIA listbox pattern: Enter opens it, the arrow
 * keys move the highlight (announced through aria-activedescendant), Enter chooses and closes it.
 */
async function chooseWithKeys(page: Page, label: string, option: string) {
  const trigger = page.getByRole('combobox', { name: label });
  await tabTo(page, trigger);
  await page.keyboard.press('Enter');
  const listbox = page.getByRole('listbox', { name: label });
  await expect(listbox).toBeVisible();
  for (let i = 0; i < 40; i++) {
    const highlighted = await listbox.evaluate((el) => {
      const id = el.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.querySelector('[data-part=item-text]')?.textContent ?? null) : null;
    });
    if (highlighted === option) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(listbox.getByRole('option', { name: option, exact: true })).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(trigger).toContainText(option);
  // The list closed back onto its trigger, so Tab goes on from there.
  await expect(trigger).toBeFocused();
}

const pageHeading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a customer places a whole order from the home page with the keyboard alone', async ({ page }) => {
  test.setTimeout(240_000);
  // An account of its own: a draft follows its account, and another journey may be writing the demo customer's.
  const customer = await newCustomer(page);
  await page.goto('/');
  await untilHydrated(page);
  await expectNoSeriousViolationsAtBothSizes(page, 'home, signed out');

  // A fresh load leaves focus at the start: the first Tab reaches Skip to content, then the header.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
  await tabTo(page, login, { max: 10 });
  await page.keyboard.press('Enter');
  const dialog = site(page).dialog('Account Login');
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolationsAtBothSizes(page, 'login dialog');
  await typeInto(page, dialog.getByLabel('Email', { exact: true }), customer.email);
  await typeInto(page, dialog.getByLabel('Password', { exact: true }), customer.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // A customer's login leads to the order's first step (docs/product.md §4), with focus on its heading.
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(pageHeading(page)).toBeFocused();

  // Back home by the header's link, then home → step 1: focus lands on each page's h1, not on <body>.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }), { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(pageHeading(page)).toBeFocused();
  await tabTo(page, page.getByRole('main').getByRole('button', { name: 'Order a song' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(pageHeading(page)).toBeFocused();
  await expect(page.getByLabel('Your email')).toHaveValue(customer.email);
  await expectNoSeriousViolationsAtBothSizes(page, 'order step 1');

  await typeInto(page, page.getByLabel("Recipient's first name"), 'Lola');
  await chooseWithKeys(page, 'Your relationship', 'Grandparent');
  await chooseWithKeys(page, 'Occasion', 'Birthday');
  await tabTo(page, page.getByRole('button', { name: 'Save & continue' }));
  await page.keyboard.press('Enter');

  // Step 2: an artist by Space on its checkbox, the four selects by the arrow keys, the date typed.
  await expect(page).toHaveURL(/\/order\/song$/);
  await expect(pageHeading(page)).toBeFocused();
  const cards = page.getByRole('list', { name: 'Artists' }).getByRole('article');
  await tabTo(page, cards.first().getByRole('checkbox'));
  await page.keyboard.press('Space');
  await expect(page.getByText('Chosen (1 of 3)')).toBeVisible();
  await chooseWithKeys(page, 'Mood', 'Sentimental');
  await chooseWithKeys(page, 'Tempo', 'Slow');
  await chooseWithKeys(page, 'Genre', 'Acoustic');
  // Shift+Tab back to an earlier select works the same way.
  await chooseWithKeys(page, 'Vocal type', 'No preference');
  await tabTo(page, page.getByRole('combobox', { name: 'Mood' }), { back: true });
  await expectNoSeriousViolationsAtBothSizes(page, 'order step 2');
  const neededBy = dateIn(30);
  const [y, m, d] = neededBy.split('-');
  await typeInto(page, page.getByLabel('Needed by'), `${m}${d}${y}`);
  await expect(page.getByLabel('Needed by')).toHaveValue(neededBy);
  await tabTo(page, page.getByRole('button', { name: 'Save & continue' }));
  await page.keyboard.press('Enter');

  // Step 3: the story, typed.
  await expect(page).toHaveURL(/\/order\/story$/);
  await expect(pageHeading(page)).toBeFocused();
  await typeInto(
    page,
    page.getByLabel('What should the song say about Lola?'),
    'Lola raised six grandchildren and still dances every Sunday.',
  );
  await typeInto(page, page.getByLabel('Memory 1: title'), 'Sunday dances');
  await typeInto(page, page.getByLabel('Memory 1: details'), 'Every Sunday after lunch she plays her old records.');
  await expectNoSeriousViolationsAtBothSizes(page, 'order step 3');
  await tabTo(page, page.getByRole('button', { name: 'Save & continue' }));
  await page.keyboard.press('Enter');

  // Review, then checkout.
  await expect(page).toHaveURL(/\/order\/review$/);
  await expect(pageHeading(page)).toBeFocused();
  await expectNoSeriousViolationsAtBothSizes(page, 'order review');
  await tabTo(page, page.getByRole('button', { name: 'Place order' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/checkout$/);
  await expect(pageHeading(page)).toBeFocused();
  const reference = (await page.getByTestId('order-reference').textContent()) ?? '';
  await expectNoSeriousViolationsAtBothSizes(page, 'checkout');
  const sandbox = page.getByRole('radio', { name: 'Test payment (sandbox)' });
  await tabTo(page, page.getByRole('radio').first());
  for (let i = 0; i < 10 && !(await isFocused(sandbox)); i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(sandbox).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');

  // The sandbox's own page, then the result.
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await expect(page.getByText(reference)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+&ref=/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your payment went through' })).toBeVisible();
  await expectNoSeriousViolationsAtBothSizes(page, 'payment result');
});

test('screenshots: an order select open, and the artist sidebar, at 375 and 1280 px', async ({ page }) => {
  test.setTimeout(90_000);
  const customer = await newCustomer(page);
  await page.goto('/');
  await site(page).openLogin();
  await site(page).logIn(customer.email, customer.password);
  await expect(page).toHaveURL(/\/order\/occasion$/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const trigger = page.getByRole('combobox', { name: 'Occasion' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('listbox', { name: 'Occasion' })).toBeVisible();
    await page.screenshot({ path: `/tmp/notes/keyboard-select-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
  }
});

test('focus: a fresh load stays at the start; a navigation moves it to the new page’s h1', async ({ page }) => {
  await page.goto('/about');
  await untilHydrated(page);
  await expect(page.locator('body')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  // The header's Artists link, by keyboard.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Artists' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/artists/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our artists' })).toBeFocused();
  // Tab goes on from the page's top, not from the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('focus: a dialog closed with Escape gives focus back to what opened it', async ({ page }) => {
  await page.goto('/');
  await untilHydrated(page);
  const login = page.getByRole('banner').getByRole('button', { name: 'Login' });
  await tabTo(page, login, { max: 10 });
  await page.keyboard.press('Enter');
  await expect(site(page).dialog('Account Login')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(site(page).dialog('Account Login')).toBeHidden();
  await expect(login).toBeFocused();
});

test('focus: the online/offline modal closed with Escape gives focus back to the switch', async ({ page }) => {
  // Claire (artist5) is offline in the demo data: on, then off again, so the catalogue is as it was.
  await artistLogIn(page, 'artist5@labsongs.test');
  const onlineSwitch = page.getByRole('switch');
  for (const title of ['You are online', 'You are offline']) {
    await tabTo(page, onlineSwitch);
    await page.keyboard.press('Space');
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: title })).toBeHidden();
    await expect(onlineSwitch).toBeFocused();
  }
});

test('focus: a refused sign-up lands on the first field with a message', async ({ page }) => {
  await page.goto('/');
  await untilHydrated(page);
  const signUp = page.getByRole('banner').getByRole('button', { name: 'Sign Up' });
  await tabTo(page, signUp, { max: 12 });
  await page.keyboard.press('Enter');
  const dialog = site(page).dialog('Account Sign Up');
  await expect(dialog).toBeVisible();
  // Everything but the last name, which the form refuses.
  await typeInto(page, dialog.getByLabel('First name'), 'Kai');
  await typeInto(page, dialog.getByLabel('Email'), uniqueEmail('kb'));
  await typeInto(page, dialog.getByLabel('Password', { exact: true }), 'Keyboard123');
  await typeInto(page, dialog.getByLabel('Confirm password'), 'Keyboard123');
  await tabTo(page, dialog.getByRole('button', { name: 'Create account' }));
  await page.keyboard.press('Enter');
  const lastName = dialog.getByLabel('Last name');
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toBeFocused();
  await expectNoSeriousViolationsAtBothSizes(page, 'sign-up with errors');
});

async function artistLogIn(page: Page, email: string) {
  await page.goto('/artist/login');
  await untilHydrated(page);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Artist123!');
  await page.getByRole('button', { name: 'Login to your artist account' }).click();
  await expect(page).toHaveURL(/\/artist\/dashboard$/);
}

test('the artist area: a skip link, an h1 at both sizes, and the active menu item readable', async ({ page }) => {
  await artistLogIn(page, e2e.demo.artist.email);
  await page.reload();
  await untilHydrated(page);
  // The artist area's frame loads with its own code: Tab once it is there.
  await expect(page.getByTestId('artist-sidebar')).toBeVisible();
  await expect(page.locator('body')).toBeFocused();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const active = page.getByTestId('artist-sidebar').getByRole('link', { name: 'Dashboard' });
  await expect(active).toHaveAttribute('data-status', 'active');
  // White on brand.700: 5.2:1 (brand.600 was 3.55:1).
  await expect(active).toHaveCSS('background-color', 'rgb(194, 65, 12)');
  await page.screenshot({ path: '/tmp/notes/keyboard-artist-1280.png' });

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(pageHeading(page)).toHaveText('Dashboard');
  await expect(pageHeading(page)).toBeVisible();
  await page.screenshot({ path: '/tmp/notes/keyboard-artist-375.png' });
  await page.getByRole('button', { name: 'Open artist menu' }).click();
  await expect(page.getByTestId('artist-drawer')).toBeVisible();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: '/tmp/notes/keyboard-artist-drawer-375.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Open artist menu' })).toBeFocused();
});

test('axe: the main pages signed in as a customer, at both sizes', async ({ page }) => {
  test.setTimeout(150_000);
  for (const path of ['/about', '/artists', '/terms', '/privacy-policy']) {
    await page.goto(path);
    await untilHydrated(page);
    await expect(pageHeading(page)).toBeVisible();
    await expectNoSeriousViolationsAtBothSizes(page, `${path}, signed out`);
  }
  await page.goto('/');
  await site(page).openLogin();
  await site(page).logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  await expect(site(page).dialog('Account Login')).toBeHidden();
  for (const [path, ready] of [
    ['/customer/account', 'My Account'],
    ['/customer/account/order-history', /song for/],
    ['/customer/account/payment-history', 'Payment History'],
    ['/customer/account/settings', 'My Account'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByText(ready).first()).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectNoSeriousViolationsAtBothSizes(page, `${path}, customer`);
  }
});

test('axe: the main pages signed in as an artist, at both sizes, and the admin login', async ({ page }) => {
  test.setTimeout(150_000);
  await page.goto('/admin/login');
  await untilHydrated(page);
  await expectNoSeriousViolationsAtBothSizes(page, '/admin/login');
  await page.goto('/artist/login');
  await untilHydrated(page);
  await expectNoSeriousViolationsAtBothSizes(page, '/artist/login');
  await artistLogIn(page, e2e.demo.artist.email);
  for (const path of [
    '/artist/dashboard',
    '/artist/song-orders',
    '/artist/ongoing',
    '/artist/completed',
    '/artist/earnings',
    '/artist/profile',
    '/artist/account-settings',
  ]) {
    await page.goto(path);
    await untilHydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await expectNoSeriousViolationsAtBothSizes(page, `${path}, artist`);
  }
  // The earnings tables scroll sideways on a phone: from the keyboard too, as named regions.
  await page.goto('/artist/earnings');
  await expect(page.locator('[role=region][tabindex="0"][aria-label="Earnings per order"]')).toHaveCount(1);
});
