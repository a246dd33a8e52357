import type { Browser, Page } from '@playwright/test';
import { formatCalendarDay } from '../../contracts/format';
import { e2e } from './env';
import { logInFromFooter, orderPages } from './order-pages';
import { artistLogin, tinyWav } from './pages';
import { expect, test } from './test';

// Add-ons (issue 28), in Chromium against the real server: an artist offers rush delivery on the Artist
// information form; a customer of their own orders a rush song with an extra revision and sees the server's
// price and the earlier date it allows; the artist's offer shows the add-ons and the earning on them; after
// delivery and acceptance, the earning (add-ons included) reaches the artist's earnings.

const MIGS = { name: 'Migs', email: 'artist2@labsongs.test', password: 'Artist123!' };
const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
// Migs's rate ₱1,800 + his rush ₱800 + one extra revision ₱500; he earns 80 %.
const PRICE = '₱3,100';
const EARNING = '₱2,480.00';

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl });
  return context.newPage();
}

test('a rush order with an extra revision: price, due date, offer and earning', async ({ page, browser }) => {
  test.setTimeout(240_000);

  // Migs offers rush: ₱800 on top of his rate, 2 days instead of his standard 5. A rush as long as the
  // standard is refused under the field first.
  const artistPage = await newPage(browser);
  await artistLogin(artistPage, MIGS.email, MIGS.password);
  await expect(artistPage).toHaveURL(/\/artist\/dashboard$/);
  await artistPage.goto('/artist/profile');
  await artistPage.getByRole('button', { name: 'Edit artist information' }).click();
  const info = artistPage.getByRole('form', { name: 'Artist information' });
  await info.getByLabel('I offer rush delivery').check();
  await info.getByLabel('Rush price (₱, on top of your rate)').fill('800');
  await info.getByLabel('Rush turnaround (days)').fill('5');
  await info.getByRole('button', { name: 'Save artist information' }).click();
  await expect(info.getByText('A rush turnaround must be shorter than your standard turnaround')).toBeVisible();
  await info.getByLabel('Rush turnaround (days)').fill('2');
  await info.getByRole('button', { name: 'Save artist information' }).click();
  await expect(artistPage.getByText('Your artist information has been saved.')).toBeVisible();

  // The customer chooses Migs, rush and one extra revision at the song step.
  const customer = page;
  const o = orderPages(customer);
  await logInFromFooter(customer);
  await o.fillOccasion();
  const migs = customer
    .getByRole('list', { name: 'Artists' })
    .getByRole('article')
    .filter({ has: customer.getByRole('heading', { name: MIGS.name, exact: true }) });
  await expect(migs).toContainText('Rush: +₱800, 2 days to record');
  const standardDate = (await migs.getByTestId('arrives-by').getAttribute('datetime')) as string;
  await migs.getByRole('checkbox').check();
  await customer.getByRole('checkbox', { name: 'Rush delivery', exact: true }).check();
  // Artists without rush cannot be chosen with it.
  await expect(
    customer
      .getByRole('list', { name: 'Artists' })
      .getByRole('article')
      .filter({ hasText: 'No rush delivery' })
      .first()
      .getByRole('checkbox'),
  ).toBeDisabled();
  await o.choose('Extra revisions (₱500 each)', '1 extra revision');
  await o.choose('Mood', 'Sentimental');
  await o.choose('Tempo', 'Slow');
  await o.choose('Genre', 'Acoustic');
  await o.choose('Vocal type', 'No preference');
  // Rush moves the earliest date the song can be needed by before the standard promise.
  const rushList = customer.getByRole('list', { name: "When each artist's song arrives" });
  await expect(rushList).toContainText('(2 days to record)');
  const neededBy = customer.getByLabel('Needed by');
  const rushDate = (await neededBy.getAttribute('min')) as string;
  expect(rushDate < standardDate).toBe(true);
  await neededBy.fill(rushDate);
  await o.saveAndContinue();
  await expect(customer).toHaveURL(/\/order\/story$/);
  await o.writeStory();
  await o.saveAndContinue();

  // Review: the add-ons, the server's total and the rule in words.
  await expect(customer.getByTestId('review-add-ons')).toHaveText('Rush delivery (+₱800), 1 extra revision (+₱500)');
  await expect(customer.getByTestId('order-price')).toHaveText(PRICE);
  await expect(customer.getByTestId('charge-rule')).toHaveText(
    `You pay ${PRICE} now, the price of the artist you chose, add-ons included.`,
  );
  await expect(customer.getByTestId('review-needed-by')).toHaveText(formatCalendarDay(rushDate));
  await customer.getByRole('button', { name: 'Place order' }).click();
  await expect(customer).toHaveURL(/\/order\/checkout$/);
  const reference = ((await customer.getByTestId('order-reference').textContent()) ?? '').trim();
  await expect(customer.getByTestId('order-total')).toHaveText(PRICE);
  await customer.getByText('Test payment (sandbox)').click();
  await customer.getByRole('button', { name: /^Pay / }).click();
  await customer.getByRole('button', { name: /^Pay / }).click();
  await expect(customer).toHaveURL(/\/checkout\/success/);

  // The offer Migs sees: the price with the add-ons, and what he earns on it.
  await artistPage.goto('/artist/song-orders');
  const card = artistPage.getByRole('article').filter({ hasText: reference });
  await expect(card.getByTestId('price')).toHaveText(`Price${PRICE}.00`);
  await expect(card.getByTestId('add-ons')).toHaveText('Add-onsRush delivery (+₱800), 1 extra revision (+₱500)');
  await expect(card.getByTestId('earning')).toHaveText(`You earn${EARNING}`);
  await card.getByRole('button', { name: 'Accept' }).click();
  await artistPage
    .getByRole('alertdialog')
    .getByRole('button', { name: /Accept/ })
    .click();
  await expect(artistPage.getByText('You took this order. It is now in Ongoing.')).toBeVisible();
  await artistPage.goto('/artist/ongoing');
  // A first order with Migs: the lyrics are approved before the recording (issue 28's lyrics step).
  await card.getByText('Messages', { exact: true }).click();
  const artistThread = card.getByTestId('order-messages');
  await artistThread.getByLabel('Your lyrics').fill('Lola, you light the morning\nLola, you sing the sea');
  await artistThread.getByRole('button', { name: 'Send the lyrics for approval' }).click();
  await expect(artistThread.getByTestId('message').filter({ hasText: 'Lola, you light the morning' })).toBeVisible();
  await customer.goto(`/customer/account/order-history?transaction=${reference}`);
  await customer
    .getByRole('link', { name: /View order/ })
    .first()
    .click();
  await expect(customer).toHaveURL(/\/customer\/account\/orders\/\d+$/);
  const orderUrl = customer.url();
  const thread = customer.getByTestId('order-messages');
  await thread.getByRole('button', { name: 'Approve the lyrics' }).click();
  await expect(thread.getByRole('button', { name: 'Approve the lyrics' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Upload recording' }).click();
  const modal = artistPage.getByRole('dialog', { name: /Upload the song/ });
  await modal.getByLabel(/Recording/).setInputFiles({ name: 'take.wav', mimeType: 'audio/wav', buffer: tinyWav() });
  await expect(modal.getByText('Your recording is uploaded. Preview it, then submit.')).toBeVisible();
  await modal.getByLabel(/I made this recording myself/).check();
  await modal.getByRole('button', { name: 'Submit recording' }).click();
  await expect(artistPage.getByText('Your recording was sent for validation.')).toBeVisible();

  const adminPage = await newPage(browser);
  await adminPage.goto('/admin/login');
  await adminPage.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await adminPage.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await adminPage.getByRole('button', { name: /Login/ }).click();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.goto('/admin/validation');
  await adminPage.getByRole('link', { name: `Review ${reference}` }).click();
  await adminPage.getByRole('button', { name: 'Validate', exact: true }).click();
  await adminPage.getByRole('alertdialog').getByRole('button', { name: 'Validate' }).click();
  await expect(adminPage.getByText('The recording was validated and delivered to the customer.')).toBeVisible();

  // The customer's order: the add-ons, the rush date and its due time, and the included + bought revisions.
  await customer.goto(orderUrl);
  await expect(customer.getByTestId('order-add-ons')).toHaveText('Rush delivery (+₱800), 1 extra revision (+₱500)');
  const details = customer.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(formatCalendarDay(rushDate));
  await expect(details).toContainText('Recording due');
  await expect(customer.getByText('3 revisions left')).toBeVisible();
  await customer.getByRole('button', { name: 'Accept the song' }).click();
  await customer.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();

  // Migs's earning on the order, add-ons included.
  await artistPage.goto('/artist/earnings');
  await expect(
    artistPage.getByRole('table', { name: 'Earnings per order' }).getByRole('row').filter({ hasText: reference }),
  ).toContainText(EARNING);
});
