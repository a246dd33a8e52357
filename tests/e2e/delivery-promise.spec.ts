import type { Page } from '@playwright/test';
import { logInFromFooter, orderPages } from './order-pages';
import { artistLogin, untilHydrated } from './pages';
import { expect, test } from './test';

// Delivery you can count on (issue 28, in part): an artist sets a standard turnaround; the catalogue filtered
// by "can deliver by" and sorted fastest shows the artists in the address's order, the same in a new tab;
// the artist page and the song step show the date the song arrives if ordered now.

const usDate = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');
const cardNames = (page: Page) =>
  page.getByRole('region', { name: 'Artists' }).getByRole('heading', { level: 3 }).allTextContents();
const listed = (page: Page) =>
  expect(page.getByRole('region', { name: 'Artists' })).toHaveAttribute('aria-busy', 'false');

test('an artist’s turnaround sets the date customers see on the catalogue, the artist page and the song step', async ({
  page,
  context,
}) => {
  // Liza Sings (artist3) promises two days from acceptance.
  const artist = await context.browser()?.newContext();
  if (!artist) throw new Error('no browser');
  const artistPage = await artist.newPage();
  await artistLogin(artistPage, 'artist3@labsongs.test', 'Artist123!');
  await expect(artistPage).toHaveURL(/\/artist\/dashboard$/);
  await artistPage.goto('/artist/profile');
  await artistPage.getByRole('button', { name: 'Edit artist information' }).click();
  const info = artistPage.getByRole('form', { name: 'Artist information' });
  const turnaround = info.getByLabel('Your turnaround (days)');
  await expect(turnaround).toHaveValue('5');
  // Out of the platform's limits: said under the field, nothing saved.
  await turnaround.fill('45');
  await info.getByRole('button', { name: 'Save artist information' }).click();
  await expect(info.getByText('Choose a turnaround between 1 and 30 days')).toBeVisible();
  await turnaround.fill('2');
  await info.getByRole('button', { name: 'Save artist information' }).click();
  await expect(artistPage.getByText('Your artist information has been saved.')).toBeVisible();
  await artistPage.reload();
  await artistPage.getByRole('button', { name: 'Edit artist information' }).click();
  await expect(
    artistPage.getByRole('form', { name: 'Artist information' }).getByLabel('Your turnaround (days)'),
  ).toHaveValue('2');
  await artist.close();

  // The catalogue: each card says when a song ordered now arrives, and the answer window.
  await page.goto('/artists');
  await untilHydrated(page);
  await listed(page);
  const liza = page
    .getByRole('region', { name: 'Artists' })
    .getByRole('article')
    .filter({
      has: page.getByRole('heading', { name: 'Liza Sings', exact: true }),
    });
  await expect(liza).toContainText('2 days to record · artists answer within 24 hours');
  const lizaDate = (await liza.getByTestId('arrives-by').getAttribute('datetime')) as string;
  const ana = page
    .getByRole('region', { name: 'Artists' })
    .getByRole('article')
    .filter({
      has: page.getByRole('heading', { name: 'Ana Reyes', exact: true }),
    });
  const anaDate = (await ana.getByTestId('arrives-by').getAttribute('datetime')) as string;
  expect(lizaDate < anaDate).toBe(true);

  // Can deliver by Ana's date (the default turnaround), fastest first: the address holds both choices.
  await page.getByLabel('Can deliver by').fill(anaDate);
  await expect(page).toHaveURL(new RegExp(`deliver_by=${anaDate}`));
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Fastest delivery' }).click();
  await expect(page).toHaveURL(/sort=fastest/);
  await listed(page);
  // The artists the server answers for that address, in its order (limit as the page asks).
  const expected = await page.request.get(`/api/v1/user/artists?deliver_by=${anaDate}&sort=fastest&limit=12`);
  const expectedNames = ((await expected.json()).data.artists as { stage_name: string }[]).map((a) => a.stage_name);
  expect(expectedNames[0]).toBe('Liza Sings');
  expect(expectedNames).toContain('Ana Reyes');
  await expect.poll(() => cardNames(page)).toEqual(expectedNames);
  for (const date of await page
    .getByTestId('arrives-by')
    .evaluateAll((els) => els.map((e) => e.getAttribute('datetime'))))
    expect((date as string) <= anaDate).toBe(true);

  // The same address in a new tab: the same choices, the same artists in the same order.
  const second = await context.newPage();
  await second.goto(page.url());
  await expect(second.getByLabel('Can deliver by')).toHaveValue(anaDate);
  await expect(second.getByRole('combobox', { name: 'Sort by' })).toContainText('Fastest delivery');
  await listed(second);
  await expect.poll(() => cardNames(second)).toEqual(expectedNames);
  await second.close();

  // The artist page.
  await page.getByRole('link', { name: 'Liza Sings' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liza Sings' })).toBeVisible();
  await expect(page.getByTestId('arrives-by')).toHaveText(usDate(lizaDate));
  await expect(page.getByText('2 days to record · artists answer within 24 hours')).toBeVisible();

  // The song step, for the chosen artists: each one's date, and the earliest needed-by is the slowest's.
  await logInFromFooter(page);
  const o = orderPages(page);
  await o.fillOccasion();
  const cards = page.getByRole('list', { name: 'Artists' }).getByRole('article');
  await cards
    .filter({ has: page.getByRole('heading', { name: 'Liza Sings', exact: true }) })
    .getByRole('checkbox')
    .check();
  const arrivals = page.getByRole('list', { name: "When each artist's song arrives" });
  await expect(arrivals).toContainText(`Liza Sings: by ${usDate(lizaDate)} (2 days to record)`);
  await expect(page.getByText('Each artist has 24 hours to accept')).toBeVisible();
  await expect(page.getByText(`the earliest the artists can make is ${usDate(lizaDate)}`)).toBeVisible();
  await cards
    .filter({ has: page.getByRole('heading', { name: 'Ana Reyes', exact: true }) })
    .getByRole('checkbox')
    .check();
  await expect(arrivals).toContainText(`Ana Reyes: by ${usDate(anaDate)}`);
  await expect(page.getByText(`the earliest the artists can make is ${usDate(anaDate)}`)).toBeVisible();
  await expect(page.getByLabel('Needed by')).toHaveAttribute('min', anaDate);
});
