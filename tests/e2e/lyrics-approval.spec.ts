import { lyricsLabels, lyricsTexts } from '../../contracts/lyrics';
import { acceptAsArtist, placePaidOrder } from './order-pages';
import { tinyWav } from './pages';
import { expect, test } from './test';

// Lyrics for approval (issue 28), in Chromium against the real server: a customer of their own orders
// from Ana Reyes (a first order with her, so the lyrics come first) and pays; Ana accepts, and her card
// says why there is no upload yet. She posts the lyrics in the order's messages, the customer approves
// them there, and only then does Ana upload the recording.

const ARTIST = { name: 'Ana Reyes', email: 'artist1@labsongs.test', password: 'Artist123!' };

test('the artist posts the lyrics, the customer approves them in the thread, then the artist uploads the recording', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const customer = page;

  const { reference } = await placePaidOrder(customer, [ARTIST.name]);

  // Ana accepts: the lyrics come first, and the card says so instead of offering the upload.
  const artist = await acceptAsArtist(browser, ARTIST, reference);
  const card = artist.getByRole('article').filter({ hasText: reference });
  await expect(card.getByTestId('lyrics-state')).toHaveText(lyricsLabels.artist.draft);
  await expect(card.getByRole('button', { name: 'Upload recording' })).toHaveCount(0);

  // She posts the lyrics in the order's messages.
  await card.getByText('Messages', { exact: true }).click();
  const artistThread = card.getByTestId('order-messages');
  await artistThread.getByRole('button', { name: 'Send the lyrics for approval' }).click();
  await expect(artistThread.getByText(lyricsTexts.lyricsRequired)).toBeVisible();
  await artistThread.getByLabel('Your lyrics').fill('Lola, you light the morning\nLola, you sing the sea');
  await artistThread.getByRole('button', { name: 'Send the lyrics for approval' }).click();
  await expect(artistThread.getByTestId('message').filter({ hasText: 'Lola, you light the morning' })).toContainText(
    'Lyrics for approval',
  );
  await expect(card.getByTestId('lyrics-state')).toHaveText(lyricsLabels.artist.review, { timeout: 10_000 });
  await expect(card.getByRole('button', { name: 'Upload recording' })).toHaveCount(0);

  // The customer reads them on the order page and approves them in the thread.
  await customer.goto(`/customer/account/order-history?transaction=${reference}`);
  await customer
    .getByRole('link', { name: /View order/ })
    .first()
    .click();
  await expect(customer).toHaveURL(/\/customer\/account\/orders\/\d+$/);
  await expect(customer.getByTestId('lyrics-state')).toHaveText(lyricsLabels.customer.review);
  const thread = customer.getByTestId('order-messages');
  await expect(thread.getByTestId('message').filter({ hasText: 'Lola, you sing the sea' })).toBeVisible();
  await thread.getByRole('button', { name: 'Approve the lyrics' }).click();
  await expect(customer.getByText(lyricsTexts.approved).first()).toBeVisible();
  await expect(customer.getByTestId('lyrics-state')).toHaveText(lyricsLabels.customer.approved, { timeout: 10_000 });
  await expect(thread.getByTestId('message').filter({ hasText: 'Approved the lyrics' })).toBeVisible();
  await expect(thread.getByRole('button', { name: 'Approve the lyrics' })).toHaveCount(0);

  // Ana's card moves on without a reload: now she can upload.
  await expect(card.getByTestId('lyrics-state')).toHaveText(lyricsLabels.artist.approved, { timeout: 10_000 });
  await card.getByRole('button', { name: 'Upload recording' }).click();
  const modal = artist.getByRole('dialog', { name: /Upload the song/ });
  await modal.getByLabel(/Recording/).setInputFiles({ name: 'take.wav', mimeType: 'audio/wav', buffer: tinyWav() });
  await expect(modal.getByText('Your recording is uploaded. Preview it, then submit.')).toBeVisible();
  await modal.getByLabel(/I made this recording myself/).check();
  await modal.getByRole('button', { name: 'Submit recording' }).click();
  await expect(artist.getByText('Your recording was sent for validation.')).toBeVisible();
});
