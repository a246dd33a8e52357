import { acceptAsArtist, newPage, placePaidOrder, turnLyricsApprovalOff } from './order-pages';
import { tinyWav } from './pages';
import { expect, test } from './test';

// A tip reaches the artist's earnings (issue 28), in Chromium against the real server: a customer of
// their own orders and pays; the artist accepts and uploads; the admin validates; the customer accepts
// the song, tips ₱250, pays it on the sandbox page and is back on the order; the artist's earnings show
// the tip as a line of its own, next to the order's earning.

const ARTIST = { name: 'Ana Reyes', email: 'artist1@labsongs.test', password: 'Artist123!' };
const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };

test('a customer tips the artist after accepting the song, and the tip reaches the artist’s earnings', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const customer = page;

  // The customer orders a song from the artist and pays in the sandbox.
  const { reference } = await placePaidOrder(customer, [ARTIST.name]);
  // Not about lyrics: the customer turns lyrics approval off, so the artist records straight away.
  await turnLyricsApprovalOff(customer, reference);

  // The artist accepts and uploads; the admin validates.
  const artistPage = await acceptAsArtist(browser, ARTIST, reference);
  const card = artistPage.getByRole('article').filter({ hasText: reference });
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

  // The customer accepts the song; the order page offers to tip the artist.
  await customer.goto(`/customer/account/order-history?transaction=${reference}`);
  await customer
    .getByRole('link', { name: /View order/ })
    .first()
    .click();
  const orderUrl = customer.url();
  await customer.getByRole('button', { name: 'Accept the song' }).click();
  await customer.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click();
  const tipSection = customer.getByRole('region', { name: `Tip ${ARTIST.name}` });
  await expect(tipSection).toBeVisible();

  // An amount outside the limits is refused under the field; then a preset amount is paid.
  await tipSection.getByLabel('Tip amount (₱)').fill('20');
  await tipSection.getByRole('button', { name: 'Tip ₱20' }).click();
  await expect(tipSection.getByText('Enter a whole number of pesos from ₱50 to ₱10,000.')).toBeVisible();
  await expect(tipSection.getByLabel('Tip amount (₱)')).toBeFocused();
  await tipSection.getByRole('button', { name: '₱250', exact: true }).click();
  await tipSection.getByText('Test payment (sandbox)').click();
  await tipSection.getByRole('button', { name: 'Tip ₱250' }).click();

  // The sandbox page asks for the stored amount; paying brings the customer back to the order.
  await expect(customer).toHaveURL(/\/payments\/sandbox\/LS/);
  await expect(customer.getByText('Tip for order')).toBeVisible();
  await customer.getByRole('button', { name: 'Pay ₱250.00' }).click();
  await expect(customer).toHaveURL(orderUrl);
  await expect(customer.getByTestId('tips')).toContainText('₱250.00 · Paid — thank you!');

  // The artist's earnings show the tip as a line of its own for the order, beside the song's earning.
  await artistPage.goto('/artist/earnings');
  const lines = artistPage
    .getByRole('table', { name: 'Earnings per order' })
    .getByRole('row')
    .filter({ hasText: reference });
  await expect(lines.filter({ hasText: '₱250.00' })).toHaveCount(1);
  await expect(
    artistPage
      .getByRole('table', { name: 'Payout history' })
      .getByRole('row')
      .filter({ hasText: '₱250.00' })
      .filter({ hasText: reference }),
  ).toHaveCount(1);
});
