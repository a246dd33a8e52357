// The global audio player in Chromium against the real server and the seed's synthesised WAV samples
// (signed /media/audio URLs with Range). Timings follow docs/product.md §9: progress every 1000 ms, a broken song
// is skipped after the 3000 ms notice.
import type { Page, Request } from '@playwright/test';
import type { ArtistCatalogPage, ArtistPublicProfile } from '../../contracts/artist';
import { expect, test } from './test';

/** "1:05" → 65 */
const seconds = (label: string) => label.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** What a listener sees and does in the bar. */
function playerBar(page: Page) {
  const bar = page.getByRole('region', { name: 'Audio player' });
  const position = bar.locator('[data-part=player-position]');
  const duration = bar.locator('[data-part=player-duration]');
  return {
    bar,
    seek: bar.getByRole('slider', { name: 'Seek' }),
    async positionSeconds() {
      return seconds((await position.textContent()) ?? '0:00');
    },
    async durationSeconds() {
      return seconds((await duration.textContent()) ?? '0:00');
    },
    /** The song is really playing: the element's time, reported every second, moves on. */
    async expectPlaying() {
      await expect(bar.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
      const from = await this.positionSeconds();
      await expect.poll(() => this.positionSeconds(), { timeout: 5_000 }).toBeGreaterThan(from);
    },
    async clickProgressAt(fraction: number) {
      const control = bar.locator('[data-scope=slider][data-part=control]').first();
      const box = await control.boundingBox();
      if (!box) throw new Error('the progress bar is not on screen');
      await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
    },
    songLine() {
      return bar.locator('p').nth(1);
    },
  };
}

/** Every request the page makes for audio, with the Range it asked for and the status it got. */
function watchAudio(page: Page) {
  const seen: Array<{ url: string; range: string | undefined; status: number | null; contentRange: string | null }> =
    [];
  page.on('requestfinished', async (request: Request) => {
    if (!request.url().includes('/media/audio/')) return;
    const response = await request.response();
    seen.push({
      url: request.url(),
      range: (await request.allHeaders()).range,
      status: response?.status() ?? null,
      contentRange: (await response?.allHeaders())?.['content-range'] ?? null,
    });
  });
  return seen;
}

async function catalogue(page: Page): Promise<ArtistCatalogPage['artists']> {
  const answer = await page.request.get('/api/v1/user/artists?limit=24');
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: ArtistCatalogPage }).data.artists;
}

/** An online artist of the seed with at least two samples. */
async function artistWithSeveralSongs(page: Page): Promise<ArtistPublicProfile> {
  for (const card of await catalogue(page)) {
    const answer = await page.request.get(`/api/v1/user/artists/${card.id}`);
    const profile = ((await answer.json()) as { data: ArtistPublicProfile }).data;
    if (profile.songs.length >= 2) return profile;
  }
  throw new Error('the seed has no artist with two samples');
}

test('a sample from /artists plays, keeps playing across pages, and seeks by a click on the progress bar', async ({
  page,
}) => {
  const audio = watchAudio(page);
  await page.goto('/artists');
  const first = (await catalogue(page)).find((artist) => artist.sample !== null);
  if (!first) throw new Error('no artist with a sample in the seed');
  const player = playerBar(page);

  await expect(player.bar).toHaveCount(0);
  await page.getByRole('button', { name: `Play sample by ${first.stage_name}` }).click();
  await expect(player.bar).toBeVisible();
  await expect(player.bar.getByText(first.stage_name, { exact: true })).toBeVisible();
  // docs/product.md §4: the page learns which artist is playing; the card shows it.
  await expect(page.getByRole('button', { name: `Pause sample by ${first.stage_name}` })).toBeVisible();
  await player.expectPlaying();

  // Another page: the bar stays and the song goes on from where it was.
  const before = await player.positionSeconds();
  await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(player.bar).toBeVisible();
  await expect.poll(() => player.positionSeconds()).toBeGreaterThan(before);
  await player.expectPlaying();

  // Seek: a click at three quarters of the bar moves the element there.
  const duration = await player.durationSeconds();
  expect(duration).toBeGreaterThan(4);
  await player.clickProgressAt(0.75);
  const target = Math.floor(duration * 0.75) - 1;
  await expect.poll(() => player.positionSeconds()).toBeGreaterThanOrEqual(target);
  // Still there after the next progress report from the element (not only the thumb moved).
  await page.waitForTimeout(1_500);
  expect(await player.positionSeconds()).toBeGreaterThanOrEqual(target);
  await expect(player.seek).toHaveAttribute('aria-valuetext', /^\d+:\d\d of \d+:\d\d$/);

  // The server answered the audio with byte ranges.
  expect(audio.length).toBeGreaterThan(0);
  expect(audio.some((r) => r.range?.startsWith('bytes='))).toBe(true);
  for (const r of audio.filter((x) => x.range)) {
    expect(r.status).toBe(206);
    expect(r.contentRange).toMatch(/^bytes \d+-\d+\/\d+$/);
  }

  // Back to the cards (in the app: a reload would start a new page): pause from the card, then close.
  await page.getByRole('banner').getByRole('link', { name: 'Artists' }).click();
  await expect(page).toHaveURL(/\/artists(\?|$)/);
  await page.getByRole('button', { name: `Pause sample by ${first.stage_name}` }).click();
  await expect(player.bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Play sample by ${first.stage_name}` })).toBeVisible();
  await player.bar.getByRole('button', { name: 'Close player' }).click();
  await expect(player.bar).toHaveCount(0);
});

test('next and previous on an artist profile with several songs', async ({ page }) => {
  const artist = await artistWithSeveralSongs(page);
  const audio = watchAudio(page);
  await page.goto(`/artist/${artist.id}`);
  const player = playerBar(page);
  await page.getByRole('button', { name: 'Play all' }).click();
  await expect(player.bar).toBeVisible();
  const count = artist.songs.length;
  await expect(player.songLine()).toHaveText(`${artist.songs[0]?.title} · 1 of ${count}`);
  await player.expectPlaying();

  await player.bar.getByRole('button', { name: 'Next song' }).click();
  await expect(player.songLine()).toHaveText(`${artist.songs[1]?.title} · 2 of ${count}`);
  await player.expectPlaying();
  const secondPath = new URL(artist.songs[1]?.url ?? '', 'http://x').pathname;
  expect(audio.some((r) => new URL(r.url).pathname === secondPath)).toBe(true);

  await player.bar.getByRole('button', { name: 'Previous song' }).click();
  await expect(player.songLine()).toHaveText(`${artist.songs[0]?.title} · 1 of ${count}`);
  await player.expectPlaying();
  // Loop: before the first song comes the last.
  await player.bar.getByRole('button', { name: 'Previous song' }).click();
  await expect(player.songLine()).toHaveText(`${artist.songs[count - 1]?.title} · ${count} of ${count}`);
});

test('a broken file shows the notice, then the player moves on to the next song', async ({ page }) => {
  const artist = await artistWithSeveralSongs(page);
  const brokenPath = new URL(artist.songs[0]?.url ?? '', 'http://x').pathname;
  await page.route(
    (url) => url.pathname === brokenPath,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'audio/mpeg',
        body: Buffer.from('definitely not an mp3 file '.repeat(64)),
      }),
  );
  await page.goto(`/artist/${artist.id}`);
  const player = playerBar(page);
  await page.getByRole('button', { name: 'Play all' }).click();

  const notice = page.getByRole('status', { name: 'Player notice' });
  await expect(notice).toHaveText('This song cannot be played in your browser.');
  await expect(player.songLine()).toHaveText(new RegExp(`^${artist.songs[0]?.title}`));
  // docs/product.md §8: after the 3000 ms notice, on to the next song, which plays.
  await expect(player.songLine()).toHaveText(new RegExp(`^${artist.songs[1]?.title}`), { timeout: 6_000 });
  await expect(notice).toHaveText('');
  await player.expectPlaying();
});
