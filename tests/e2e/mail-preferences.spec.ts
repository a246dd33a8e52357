import { findLink, readOutbox } from '../../server/services/outbox';
import { e2e } from './env';
import { dateIn, logInFromFooter, orderPages } from './order-pages';
import { expect, test } from './test';

// Mail preferences (issue 14): the customer turns a kind of mail off and on in the account settings,
// then places an order and follows the unsubscribe link of its "waiting for payment" mail, without
// logging in; the settings page shows the kind off afterwards. On a phone, nothing scrolls sideways.

/** The unsubscribe link of the mail about `reference`, once the server's mail worker has sent it. */
async function unsubscribeLinkFor(reference: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(`${e2e.dataDir}/outbox`);
        const mail = mails.find((m) => m.subject === `Order ${reference} is waiting for payment`);
        link = mail ? findLink(mail, '/mail/unsubscribe') : undefined;
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

test('a customer chooses mails in settings and unsubscribes with one click from a mail', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await logInFromFooter(page);

  await page.goto('/customer/account/settings');
  const section = page.getByRole('region', { name: 'Email notifications' });
  const reminders = section.getByRole('checkbox', { name: 'Payment reminders' });
  const progress = section.getByRole('checkbox', { name: 'Order updates' });
  await expect(progress).toBeEnabled();
  await expect(progress).toBeChecked();
  await expect(reminders).toBeChecked();

  // Off, saved, still off after a reload; then on again, with the keyboard.
  await progress.uncheck();
  await expect(section.getByRole('status')).toHaveText('Your mail preferences are saved.');
  await page.reload();
  await expect(progress).toBeEnabled();
  await expect(progress).not.toBeChecked();
  await progress.focus();
  await page.keyboard.press('Space');
  await expect(section.getByRole('status')).toHaveText('Your mail preferences are saved.');
  await expect(progress).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'test-results/mail-preferences-phone.png', fullPage: true });

  // An order waiting for payment mails a reminder with an unsubscribe link.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/order/occasion');
  const o = orderPages(page);
  await o.fillOccasion();
  await o.fillSong(1, dateIn(20));
  await o.writeStory();
  await o.saveAndContinue();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/order\/checkout$/);
  const reference = ((await page.getByTestId('order-reference').textContent()) ?? '').trim();
  const link = await unsubscribeLinkFor(reference);

  // The link works without a session: a page asks first, one button unsubscribes.
  const stranger = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 375, height: 800 } });
  if (!stranger) throw new Error('no browser');
  const visitor = await stranger.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe from “Payment reminders”?' })).toBeVisible();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await visitor.screenshot({ path: 'test-results/mail-unsubscribed-phone.png' });
  await stranger.close();

  await page.goto('/customer/account/settings');
  await expect(reminders).toBeEnabled();
  await expect(reminders).not.toBeChecked();
  await expect(progress).toBeChecked();
  // Back on, so the demo account keeps its reminders.
  await reminders.check();
  await expect(section.getByRole('status')).toHaveText('Your mail preferences are saved.');
});
