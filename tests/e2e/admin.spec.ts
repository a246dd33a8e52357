import { artistMessages } from '../../contracts/artist';
import { latestMailTo } from '../../server/services/outbox';
import { e2e } from './env';
import { site, tinyWav, uniqueEmail } from './pages';
import { expect, test } from './test';

const admin = { email: 'admin@labsongs.test', password: 'Admin123!' };
/** The seeded artist whose four parts are done (server/db/seed.ts). */
const waiting = { email: 'review@labsongs.test', name: 'Rico Valdez' };

test('a visitor applies with a sample; an admin refuses a too-short rejection reason and approves the waiting artist', async ({
  page,
  request,
}) => {
  const s = site(page);
  const email = uniqueEmail('applicant');

  // 1. The public application, with an audio sample.
  await page.goto('/artist/application');
  await expect(page).toHaveTitle(/Artist Application/);
  const form = page.getByRole('form', { name: 'Apply as an artist' });
  await form.getByLabel('First name', { exact: true }).fill('Lea');
  await form.getByLabel('Last name', { exact: true }).fill('Santos');
  await form.getByLabel('Stage name', { exact: true }).fill('Lea S');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Contact number', { exact: true }).fill('9171234567');
  await form.getByLabel('Links to your music (optional)').fill('https://example.com/lea');
  await form.getByLabel('Tell us about yourself').fill('I sing OPM ballads at weddings and birthdays every weekend.');
  await form.getByLabel('A sample of your singing (optional)').setInputFiles({
    name: 'lea-demo.wav',
    mimeType: 'audio/wav',
    buffer: tinyWav(),
  });
  await expect(form.getByTestId('sample-chosen')).toContainText('lea-demo.wav');
  // Submitting without the terms: the message under the checkbox, focus on it, nothing sent.
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(form.getByText(artistMessages.termsRequired)).toBeVisible();
  await expect(form.getByRole('checkbox', { name: /I accept the Terms of Use/ })).toBeFocused();
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: 'Submit application' }).click();

  const received = s.dialog('Application received');
  await expect(received).toContainText(artistMessages.applicationReceived);

  // 2. The temporary password arrives by mail.
  await expect
    .poll(async () => (await latestMailTo(`${e2e.dataDir}/outbox`, email))?.text ?? '')
    .toMatch(/Temporary password: \S+/);
  await received.getByRole('link', { name: 'Go to artist login' }).click();
  await expect(page).toHaveURL(/\/artist\/login$/);

  // 3. The console asks for an admin login first, then returns to the page asked for.
  await page.goto('/admin/applications');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Login to the admin console' }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(page.getByRole('banner')).toContainText('Labsongs Admin');

  // The new applicant has not finished the four parts: not in the review queue, but under Incomplete.
  await expect(page.getByRole('tab', { name: 'For review' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('row', { name: new RegExp(waiting.name) })).toBeVisible();
  await expect(page.getByRole('row', { name: /Lea Santos/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Incomplete' }).click();
  await expect(page.getByRole('row', { name: /Lea Santos/ })).toContainText('Missing');
  await page.getByRole('tab', { name: 'For review' }).click();

  // 4. The waiting application: details, a playable sample, payout completeness only.
  await page.getByRole('link', { name: waiting.name }).click();
  await expect(page.getByRole('heading', { name: waiting.name })).toBeVisible();
  await expect(page.getByText(waiting.email)).toBeVisible();
  await expect(page.getByTestId('payout-status')).toHaveText('Payout details: complete');
  const player = page.locator('audio').first();
  await expect(player).toHaveAttribute('controls', '');
  const src = await player.getAttribute('src');
  expect(src).toBeTruthy();
  const head = await request.get(src as string, { headers: { Range: 'bytes=0-15' } });
  expect(head.status()).toBe(206);
  expect((await head.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');

  // 5. A too-short reason is refused with the contract's message; cancel instead.
  await page.getByRole('button', { name: 'Reject' }).click();
  const reject = s.dialog('Reject application');
  await reject.getByLabel('Reason').fill('Too short');
  await reject.getByRole('button', { name: 'Reject application' }).click();
  await expect(reject.getByText(artistMessages.reasonRequired)).toBeVisible();
  await reject.getByRole('button', { name: 'Cancel' }).click();
  await expect(reject).toHaveCount(0);

  // 6. Approve: the status changes and the artist moves to the Approved tab.
  await page.getByRole('button', { name: 'Approve' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve application' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(s.toast(artistMessages.applicationApproved)).toBeVisible();
  await expect(page.getByTestId('application-status')).toHaveText('Approved');
  await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await page.getByRole('link', { name: /Approved applications/ }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?status=approved$/);
  await expect(page.getByRole('row', { name: new RegExp(waiting.name) })).toBeVisible();
  await page.getByRole('tab', { name: 'For review' }).click();
  await expect(page.getByRole('row', { name: new RegExp(waiting.name) })).toHaveCount(0);

  // 7. Sign out of the console.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/applications');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=/);
});
