import { artistLogin, untilHydrated } from './pages';
import { expect, test } from './test';

// A catalogue to choose from (issue 28, in part): filters and a sort that live in the address, dated
// reviews with the occasion and a star distribution, and the artist's one public answer.

const cardNames = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Artists' }).getByRole('heading', { level: 3 }).allTextContents();

test('a filtered, sorted catalogue opens the same in a new tab; reviews show their date, occasion and stars; the artist answers one', async ({
  page,
  context,
}) => {
  await page.goto('/artists');
  // The page is prerendered: what is typed before its script runs is not the list's yet.
  await untilHydrated(page);
  await expect(page.getByRole('heading', { name: 'Our artists' })).toBeVisible();
  await page.getByLabel('Lowest price').fill('1000');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Price: high to low' }).click();
  await expect(page).toHaveURL(/sort=price_desc/);
  await expect(page).toHaveURL(/min_price=1000/);
  await expect(page.getByRole('region', { name: 'Artists' })).toHaveAttribute('aria-busy', 'false');
  const shown = await cardNames(page);
  expect(shown.length).toBeGreaterThan(1);

  // The same address in a new tab: the same choices, the same artists in the same order.
  const second = await context.newPage();
  await second.goto(page.url());
  await expect(second.getByLabel('Lowest price')).toHaveValue('1000');
  await expect(second.getByRole('combobox', { name: 'Sort by' })).toContainText('Price: high to low');
  await expect(second.getByRole('region', { name: 'Artists' })).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => cardNames(second)).toEqual(shown);
  await second.close();

  // Migs has the demo customer's review: dated, with its occasion, and the distribution as text.
  await page.getByRole('link', { name: 'Migs' }).first().click();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const review = reviews.getByRole('article').first();
  await expect(review).toContainText('Everyone cried. Thank you!');
  await expect(review.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(review).toContainText(/song · /);
  const stars = reviews.getByRole('table', { name: 'Ratings by stars' });
  await expect(stars.getByRole('row', { name: /5 stars/ })).toContainText('1');
  await expect(stars.getByRole('row', { name: /1 star/ })).toContainText('0');
  const publicPage = page.url();

  // Migs answers it from the dashboard; everyone sees the answer under the review.
  const artist = await context.browser()?.newContext();
  if (!artist) throw new Error('no browser');
  const artistPage = await artist.newPage();
  await artistLogin(artistPage, 'artist2@labsongs.test', 'Artist123!');
  // The login leads to the dashboard (a reload before it lands would end the sign-in).
  await expect(artistPage).toHaveURL(/\/artist\/dashboard$/);
  const mine = artistPage.getByRole('region', { name: 'Your reviews' });
  await mine
    .getByRole('button', { name: /^Answer/ })
    .first()
    .click();
  await mine.getByRole('button', { name: 'Publish answer' }).click();
  await expect(mine.getByRole('alert')).toHaveText('Please write your answer');
  await mine.getByLabel(/Your answer to/).fill('Thank you for trusting me with this song!');
  await mine.getByRole('button', { name: 'Publish answer' }).click();
  await expect(mine).toContainText('You answered');
  await expect(mine.getByRole('button', { name: /^Answer/ })).toHaveCount(0);
  await artist.close();

  await page.goto(publicPage);
  await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('article').first()).toContainText(
    'Migs answered',
  );
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText(
    'Thank you for trusting me with this song!',
  );
});
