import { expect, type Page } from '@playwright/test';
import { e2e } from './env';
import { site, tinyWav, untilHydrated } from './pages';

// What a customer does on the order pages (issue 3), shared by the order and lifecycle journeys.

/** A yyyy-mm-dd date `days` from today (the server wants at least MIN_LEAD_DAYS). */
export function dateIn(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
const usDate = (iso: string) => iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');

/** What a customer does on the order pages, named as they would say it. */
export function orderPages(page: Page) {
  const choose = async (label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await expect(page.getByRole('combobox', { name: label })).toContainText(option);
  };
  const saveAndContinue = () => page.getByRole('button', { name: 'Save & continue' }).click();
  const clipSlot = (name: RegExp) => page.getByRole('group', { name });
  return {
    choose,
    clipSlot,
    async fillOccasion() {
      // The gifter is prefilled from the account.
      await expect(page.getByLabel('Your first name')).toHaveValue(e2e.demo.customer.firstName);
      await expect(page.getByLabel('Your email')).toHaveValue(e2e.demo.customer.email);
      await page.getByLabel("Recipient's first name").fill('Lola');
      await page.getByLabel("Recipient's last name (optional)").fill('Santos');
      await choose('Your relationship', 'Grandparent');
      await page.getByLabel('How to pronounce the name (optional)').fill('LOH-lah');
      await choose('Occasion', 'Birthday');
      await page.getByText("Mention Lola's name in the song").click();
      await expect(page.getByRole('checkbox', { name: "Mention Lola's name in the song" })).toBeChecked();
      await saveAndContinue();
      await expect(page).toHaveURL(/\/order\/song$/);
    },
    /** Picks the first `artists` artists of the catalogue, or the ones named, and returns their names. */
    async fillSong(artists: number | string[], neededBy: string): Promise<string[]> {
      const cards = page.getByRole('list', { name: 'Artists' }).getByRole('article');
      await expect(cards.first()).toBeVisible();
      const names: string[] = [];
      const count = typeof artists === 'number' ? artists : artists.length;
      for (let i = 0; i < count; i++) {
        const card =
          typeof artists === 'number'
            ? cards.nth(i)
            : cards.filter({ has: page.getByRole('heading', { name: artists[i], exact: true }) });
        names.push((await card.getByRole('heading').textContent()) ?? '');
        await card.getByRole('checkbox').check();
      }
      await expect(page.getByText(`Chosen (${count} of 3)`)).toBeVisible();
      await choose('Mood', 'Sentimental');
      await choose('Tempo', 'Slow');
      await choose('Genre', 'Acoustic');
      await choose('Vocal type', 'No preference');
      await page.getByLabel('Needed by').fill(neededBy);
      await expect(page.getByText(`chosen: ${usDate(neededBy)}`)).toBeVisible();
      await saveAndContinue();
      await expect(page).toHaveURL(/\/order\/story$/);
      return names;
    },
    async writeStory() {
      await page
        .getByLabel('What should the song say about Lola?')
        .fill('Lola raised six grandchildren and still dances every Sunday. Thank her for everything.');
      await page.getByLabel('Memory 1: title').fill('Sunday dances');
      await page.getByLabel('Memory 1: details').fill('Every Sunday after lunch she puts on her old records.');
    },
    async uploadClip(slot: RegExp) {
      const group = clipSlot(slot);
      await group
        .getByLabel('Upload an audio file')
        .setInputFiles({ name: 'melody.wav', mimeType: 'audio/wav', buffer: tinyWav() });
      await expect(group.getByLabel(/your clip$/)).toBeVisible();
    },
    saveAndContinue,
  };
}

export async function logInFromFooter(page: Page) {
  const s = site(page);
  await page.goto('/');
  await untilHydrated(page);
  await page.getByRole('contentinfo').getByRole('button', { name: 'Order Song' }).click();
  await expect(s.dialog('Account Login')).toBeVisible();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  await expect(page).toHaveURL(/\/order\/occasion$/);
}
