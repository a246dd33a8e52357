import type { Browser, Page } from '@playwright/test';
import { e2e } from './env';
import { dateIn, logInFromFooter, orderPages, turnLyricsApprovalOff } from './order-pages';
import { tinyWav } from './pages';
import { expect, test } from './test';

// The order lifecycle end to end (issue 5), three people in three browser contexts side by side, against
// the real server: the customer orders and pays; the artist sees the offer arrive live in the bell,
// accepts and uploads; the admin asks for a revision, the artist re-uploads, the admin validates; the
// customer listens, asks for changes once, the artist re-uploads, the admin validates, the customer
// accepts and rates; the artist's earnings show the credit; the gift page plays for a logged-out visitor.

const ARTIST = { name: 'Ana Reyes', email: 'artist1@labsongs.test', password: 'Artist123!' };
const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2e.baseUrl });
  return context.newPage();
}

function artistSide(page: Page) {
  const card = (reference: string) => page.getByRole('article').filter({ hasText: reference });
  return {
    card,
    async logIn() {
      await page.goto('/artist/login');
      await page.getByLabel('Email', { exact: true }).fill(ARTIST.email);
      await page.getByLabel('Password', { exact: true }).fill(ARTIST.password);
      await page.getByRole('button', { name: 'Login to your artist account' }).click();
      await expect(page).toHaveURL(/\/artist\/dashboard/);
    },
    bell: () => page.getByRole('button', { name: /^Notifications/ }).first(),
    /** Opens the upload-song-order modal on the order's card, uploads, previews, declares and submits. */
    async uploadRecording(reference: string, button: string) {
      await card(reference).getByRole('button', { name: button }).click();
      const modal = page.getByRole('dialog', { name: /Upload the (revised )?song/ });
      await modal.getByLabel(/Recording|Replace the recording/).setInputFiles({
        name: 'take.wav',
        mimeType: 'audio/wav',
        buffer: tinyWav(),
      });
      await expect(modal.getByText('Your recording is uploaded. Preview it, then submit.')).toBeVisible();
      await modal.getByLabel('Lyrics (optional)').fill(`Lola, Lola, eighty years of Sundays (${button})`);
      await modal.getByLabel(/I made this recording myself/).check();
      await modal.getByRole('button', { name: 'Submit recording' }).click();
      await expect(modal).toBeHidden();
      await expect(page.getByText('Your recording was sent for validation.')).toBeVisible();
    },
  };
}

function adminSide(page: Page) {
  return {
    async logIn() {
      await page.goto('/admin/login');
      await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
      await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: /Login/ }).click();
      await expect(page).toHaveURL(/\/admin$/);
    },
    async openFromQueue(reference: string) {
      await page.goto('/admin/validation');
      await page.getByRole('link', { name: `Review ${reference}` }).click();
      await expect(page.getByRole('heading', { name: new RegExp(reference) }).first()).toBeVisible();
      // The recording and the customer's brief side by side.
      await expect(page.locator('audio').first()).toBeAttached();
    },
    async requestRevision(reference: string, notes: string) {
      await this.openFromQueue(reference);
      await page.getByRole('button', { name: 'Request revision' }).click();
      const modal = page.getByRole('dialog', { name: 'Request a revision' });
      await modal.getByLabel('Notes for the artist').fill(notes);
      await modal.getByRole('button', { name: 'Send to revision' }).click();
      await expect(modal).toBeHidden();
    },
    async validate(reference: string) {
      await this.openFromQueue(reference);
      await page.getByRole('button', { name: 'Validate', exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Validate' }).click();
      await expect(page.getByText('The recording was validated and delivered to the customer.')).toBeVisible();
      await expect(page.getByRole('alertdialog')).toBeHidden();
    },
  };
}

test('an order travels from payment to a shared gift, with every party notified live', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const customer = page;
  const artistPage = await newPage(browser);
  const adminPage = await newPage(browser);
  const artist = artistSide(artistPage);
  const admin = adminSide(adminPage);

  // The artist is signed in and waiting; the admin too.
  await artist.logIn();
  await admin.logIn();
  const unreadBefore = (await artist.bell().getAttribute('aria-label')) ?? '';

  // The customer orders a song from the artist and pays in the sandbox.
  const o = orderPages(customer);
  await logInFromFooter(customer);
  await o.fillOccasion();
  await o.fillSong([ARTIST.name], dateIn(20));
  await o.writeStory();
  await o.saveAndContinue();
  await customer.getByRole('button', { name: 'Place order' }).click();
  await expect(customer).toHaveURL(/\/order\/checkout$/);
  const reference = ((await customer.getByTestId('order-reference').textContent()) ?? '').trim();
  expect(reference).toMatch(/^OR\d+$/);
  await customer.getByText('Test payment (sandbox)').click();
  await customer.getByRole('button', { name: /^Pay / }).click();
  await customer.getByRole('button', { name: /^Pay / }).click();
  await expect(customer).toHaveURL(/\/checkout\/success/);
  // Not about lyrics: the customer turns lyrics approval off, so the artist records straight away.
  await turnLyricsApprovalOff(customer, reference);

  // The offer appears in the artist's bell without a reload.
  await expect(artist.bell()).not.toHaveAttribute('aria-label', unreadBefore);
  await artist.bell().click();
  const offerNote = artistPage
    .getByRole('dialog')
    .getByText(new RegExp(`New song order|${reference}`))
    .first();
  await expect(artistPage.getByRole('dialog').getByText(reference, { exact: false }).first()).toBeVisible();
  await offerNote.click();
  await expect(artistPage).toHaveURL(/\/artist\/song-orders/);

  // The artist accepts and uploads the first take.
  await artist.card(reference).getByRole('button', { name: 'Accept' }).click();
  await artistPage
    .getByRole('alertdialog')
    .getByRole('button', { name: /Accept/ })
    .click();
  await expect(artistPage.getByText('You took this order. It is now in Ongoing.')).toBeVisible();
  await artistPage.goto('/artist/ongoing');
  await artist.uploadRecording(reference, 'Upload recording');

  // The admin sends it back with notes; the artist reads them and re-uploads.
  await admin.requestRevision(reference, 'Please say Lola a little slower at the start.');
  await artistPage.goto('/artist/revision');
  await expect(artist.card(reference)).toContainText('Please say Lola a little slower at the start.');
  await artist.uploadRecording(reference, 'Upload revised recording');
  await admin.validate(reference);

  // The customer listens in the global player and asks for changes once.
  await customer.goto(`/customer/account/order-history?transaction=${reference}`);
  await customer
    .getByRole('link', { name: /View order/ })
    .first()
    .click();
  await expect(customer.getByText('Ready to listen').first()).toBeVisible();
  await customer.getByRole('button', { name: /^▶? ?Play “/ }).click();
  await expect(
    customer.getByRole('region', { name: 'Audio player' }).getByRole('button', { name: 'Pause', exact: true }),
  ).toBeVisible();
  await expect(customer.getByText('2 revisions left').first()).toBeVisible();
  await customer.getByRole('button', { name: 'Ask for changes' }).click();
  const changes = customer.getByRole('dialog', { name: 'Ask for changes' });
  await changes.getByLabel('What should the artist change?').fill('Could the last chorus be softer?');
  await changes.getByRole('button', { name: 'Continue' }).click();
  await changes.getByRole('button', { name: 'Send to the artist' }).click();
  await expect(changes).toBeHidden();

  await artistPage.goto('/artist/revision');
  await expect(artist.card(reference)).toContainText('Could the last chorus be softer?');
  await artist.uploadRecording(reference, 'Upload revised recording');
  await admin.validate(reference);

  // The customer accepts and rates.
  await customer.reload();
  await customer.getByRole('button', { name: 'Accept the song' }).click();
  await customer.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();
  await expect(customer.getByRole('heading', { name: 'Rate the song' })).toBeVisible();
  // The stars are labels around visually hidden radios: click the fifth star, as a person would.
  await customer.locator('label').filter({ hasText: '5 stars' }).click();
  await expect(customer.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await customer.getByLabel('Review (optional)').fill('Lola cried. Thank you!');
  await customer.getByRole('button', { name: 'Send rating' }).click();
  await expect(customer.getByRole('heading', { name: 'Your rating' })).toBeVisible();

  // The artist's earnings show the credit for this order.
  await artistPage.goto('/artist/earnings');
  const line = artistPage
    .getByRole('table', { name: 'Earnings per order' })
    .getByRole('row')
    .filter({ hasText: reference });
  await expect(line).toContainText(/Available/i);
  await expect(artistPage.getByRole('table', { name: 'Payout history' })).toContainText(reference);

  // The customer shares the gift; a logged-out visitor plays it.
  await customer.getByRole('button', { name: 'Create a gift link' }).click();
  const link = await customer.getByLabel('Gift link').inputValue();
  expect(link).toMatch(/\/gift\/[A-Za-z0-9_-]{32}$/);
  const visitor = await newPage(browser);
  await visitor.goto(new URL(link).pathname);
  await visitor.getByRole('button', { name: /Play/ }).first().click();
  await expect(
    visitor.getByRole('region', { name: 'Audio player' }).getByRole('button', { name: 'Pause', exact: true }),
  ).toBeVisible();
  await expect(visitor.getByRole('link', { name: /Download/ })).toBeVisible();
});
