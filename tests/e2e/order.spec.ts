import { formatCalendarDay } from '../../contracts/format';
import { dateIn, logInFromFooter, orderPages } from './order-pages';
import { expect, test } from './test';

// The customer's order flow against the real server (issue 3): occasion → song → story → review →
// checkout → the sandbox pay page → the result page, then the order and the payment in the account.

test.use({ permissions: ['microphone'] });

test('a logged-out customer orders a song, pays in the sandbox, and finds the order and the payment', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const o = orderPages(page);
  const neededBy = dateIn(30);

  await logInFromFooter(page);
  await o.fillOccasion();
  const artists = await o.fillSong(2, neededBy);

  // Story: one uploaded clip, one voice message recorded with Chromium's fake microphone.
  await o.writeStory();
  await o.uploadClip(/^A song or melody for inspiration/);
  const nameSlot = o.clipSlot(/^How to say the recipient's name/);
  await nameSlot.getByRole('button', { name: 'Record a voice message' }).click();
  const timer = nameSlot.getByTestId('recording-timer');
  await expect(timer).toContainText('Recording');
  await expect(timer).toContainText('0:02 / 2:00', { timeout: 5_000 });
  await nameSlot.getByRole('button', { name: 'Stop' }).click();
  await expect(nameSlot.getByLabel('Your recording')).toBeVisible();
  // A take not kept yet holds the step back, so it cannot be lost by saving.
  await expect(page.getByRole('button', { name: 'Save & continue' })).toBeDisabled();
  await nameSlot.getByRole('button', { name: 'Use this recording' }).click();
  await expect(nameSlot.getByLabel(/your clip$/)).toBeVisible();
  await o.saveAndContinue();

  // Review: everything on one page, with the server's price and the date as mm/dd/yyyy.
  await expect(page).toHaveURL(/\/order\/review$/);
  const song = page.getByRole('region', { name: 'The song' });
  for (const name of artists) await expect(song).toContainText(name);
  await expect(page.getByTestId('review-needed-by')).toHaveText(formatCalendarDay(neededBy));
  await expect(page.getByRole('region', { name: 'The occasion' })).toContainText('Lola Santos (Grandparent)');
  const clips = page.getByRole('list', { name: 'Clips' });
  await expect(clips.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('order-price')).toHaveText(/₱[\d,]+/);
  const price = (await page.getByTestId('order-price').textContent()) ?? '';
  await page.getByRole('button', { name: 'Place order' }).click();

  // Checkout: the order's reference and total, the sandbox method, Pay.
  await expect(page).toHaveURL(/\/order\/checkout$/);
  const reference = (await page.getByTestId('order-reference').textContent()) ?? '';
  expect(reference).toMatch(/^OR\d+$/);
  await expect(page.getByTestId('order-total')).toHaveText(price);

  // Placed: back on review the parts can no longer be edited (the server would refuse it with a 409),
  // a form step's address leads back to review, and checkout goes on with the same order.
  await page.goBack();
  await expect(page).toHaveURL(/\/order\/review$/);
  await expect(page.getByTestId('order-placed')).toContainText(reference);
  await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await page.goto('/order/occasion');
  await expect(page).toHaveURL(/\/order\/review$/);
  await expect(page.getByTestId('order-placed')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/order\/checkout$/);
  await expect(page.getByTestId('order-reference')).toHaveText(reference);
  await page.getByText('Test payment (sandbox)').click();
  await page.getByRole('button', { name: /^Pay / }).click();

  // The sandbox's own pay page, on our server.
  await expect(page).toHaveURL(/\/payments\/sandbox\//);
  await expect(page.getByText(reference)).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+&ref=/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your payment went through' })).toBeVisible();

  await page.goto(`/customer/account/order-history?transaction=${reference}`);
  const order = page.getByRole('article', { name: 'Birthday song for Lola' });
  await expect(order).toContainText(reference);
  await expect(order.getByTestId('order-status')).toHaveText('Waiting for an artist to accept');

  await page.goto('/customer/account/payment-history');
  const payment = page.getByRole('row').filter({ hasText: reference });
  await expect(payment.getByTestId('payment-status')).toHaveText('Paid');

  // The draft went with the checkout: Order Song starts a new one.
  await page.getByRole('contentinfo').getByRole('button', { name: 'Order Song' }).click();
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(page.getByLabel("Recipient's first name")).toHaveValue('');
});

test('a reload in the middle resumes the same step with the same data; later steps land on the right one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const o = orderPages(page);
  await logInFromFooter(page);

  // Nothing saved yet: review, and checkout, land on the occasion.
  await page.goto('/order/review');
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await page.goto('/order/checkout');
  await expect(page).toHaveURL(/\/order\/occasion$/);

  await o.fillOccasion();
  await o.fillSong(1, dateIn(20));
  await o.writeStory();
  await o.uploadClip(/^A voice note about memory 1/);

  await page.reload();
  await expect(page).toHaveURL(/\/order\/story$/);
  await expect(page.getByLabel('What should the song say about Lola?')).toHaveValue(/^Lola raised six grandchildren/);
  await expect(page.getByLabel('Memory 1: title')).toHaveValue('Sunday dances');
  await expect(o.clipSlot(/^A voice note about memory 1/).getByLabel(/your clip$/)).toBeVisible();

  // Story not saved yet: review and checkout land on the story, with what was typed.
  await page.goto('/order/review');
  await expect(page).toHaveURL(/\/order\/story$/);
  await page.goto('/order/checkout');
  await expect(page).toHaveURL(/\/order\/story$/);
  await expect(page.getByLabel('Memory 1: details')).toHaveValue(
    'Every Sunday after lunch she puts on her old records.',
  );

  // The step header links back to the steps already done, and the song keeps its choices.
  const steps = page.getByRole('navigation', { name: 'Order steps' });
  await expect(steps.getByRole('link')).toHaveCount(2);
  await steps.getByRole('link', { name: /Song/ }).click();
  await expect(page).toHaveURL(/\/order\/song$/);
  await expect(page.getByText('Chosen (1 of 3)')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Mood' })).toContainText('Sentimental');

  await page.getByRole('link', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(page.getByLabel("Recipient's first name")).toHaveValue('Lola');
});
