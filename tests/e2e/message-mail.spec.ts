import { join } from 'node:path';
import Database from 'better-sqlite3';
import { UNREAD_MAIL_MINUTES } from '../../contracts/order-messages';
import { findLink, type OutboxMail, readOutbox } from '../../server/services/outbox';
import { e2e } from './env';
import { acceptAsArtist, placePaidOrder } from './order-pages';
import { expect, test } from './test';

// A message left unread is mailed once (issue 28), in Chromium against the real server: a customer of
// their own orders from Ana Reyes and pays; Ana accepts and writes on the order's card; the customer is
// elsewhere. Her bell counts it at once. The test then moves the message 10 minutes into the past in the
// server's database (the clock of that message); the periodic job (the offer sweep's timer,
// OFFER_SWEEP_SECONDS in playwright.config.ts) mails her once, with the order's reference and a link to
// its page, and not again on the next runs. The link opens the conversation, and reading it clears the bell.

const ARTIST = { name: 'Ana Reyes', email: 'artist1@labsongs.test', password: 'Artist123!' };
const SWEEP_MS = 2_000;

/** The e2e server's database, for what only a clock can do: how long ago a message was written. */
function withDatabase<T>(use: (db: Database.Database) => T): T {
  const db = new Database(join(e2e.dataDir, 'labsongs.sqlite'));
  db.pragma('busy_timeout = 5000');
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** The unread-message mails to `email` about the order, as the mail worker wrote them. */
async function messageMails(email: string, reference: string): Promise<OutboxMail[]> {
  return (await readOutbox(`${e2e.dataDir}/outbox`)).filter(
    (m) => m.to.includes(email.toLowerCase()) && m.subject.endsWith(`waiting for you (${reference})`),
  );
}

test('a message unread for 10 minutes is mailed once, with a link to the order; reading it clears the bell', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const customer = page;

  const { reference, customer: who } = await placePaidOrder(customer, [ARTIST.name]);
  // She goes on elsewhere: her account, not the order's conversation.
  await customer.goto('/customer/account');
  const bell = customer.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();

  // Ana accepts and writes on the order's card.
  const artist = await acceptAsArtist(browser, ARTIST, reference);
  const card = artist.getByRole('article').filter({ hasText: reference });
  await card.getByText('Messages', { exact: true }).click();
  const thread = card.getByTestId('order-messages');
  await thread
    .getByLabel('Your message')
    .fill('Hello! Is Lola’s name said LOH-lah, or LO-la? Text me on 0917 123 4567.');
  await thread.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread.getByTestId('message').filter({ hasText: 'LOH-lah' })).toContainText('[hidden]');
  await expect(thread.getByTestId('message-pending')).toHaveCount(0);

  // Her bell has it at once, live: one notification for the conversation.
  const panel = customer.getByRole('dialog', { name: 'Notifications' });
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  const note = panel.getByTestId('notification-item').filter({ hasText: `New message from ${ARTIST.name}` });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText(reference);
  await expect(note).toHaveAttribute('data-unread');
  await customer.keyboard.press('Escape');

  // Not mailed before the 10 minutes: a few runs of the job pass without a mail.
  await customer.waitForTimeout(3 * SWEEP_MS);
  expect(await messageMails(who.email, reference)).toHaveLength(0);

  // 10 minutes pass for the message (moved into the past in the server's database).
  const past = new Date(Date.now() - (UNREAD_MAIL_MINUTES * 60_000 + 1000)).toISOString();
  const moved = withDatabase((db) => {
    const order = db.prepare('select id from orders where reference = ?').get(reference) as { id: number };
    db.prepare('update order_messages set created_at = ? where order_id = ?').run(past, order.id);
    return db
      .prepare('update order_message_alerts set pending_since = ? where order_id = ? and pending_since is not null')
      .run(past, order.id).changes;
  });
  expect(moved).toBe(1);

  let mail: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        mail = (await messageMails(who.email, reference))[0];
        return mail?.subject;
      },
      { timeout: 20_000 },
    )
    .toBe(`1 new message is waiting for you (${reference})`);
  if (!mail) throw new Error('no mail');
  expect(mail.text).toContain(`${ARTIST.name} wrote to you`);
  // The words stay on Labsongs (the hidden number above all).
  expect(mail.text).not.toContain('LOH-lah');
  expect(mail.text).not.toContain('0917');
  const link = findLink(mail, '/customer/account/orders/');
  expect(link).toBeTruthy();

  // The next runs of the job mail nothing more: one mail for this burst.
  await customer.waitForTimeout(3 * SWEEP_MS);
  expect(await messageMails(who.email, reference)).toHaveLength(1);

  // The mail's link opens the order and its conversation; having read it, her bell has nothing for it.
  await customer.goto(new URL(link as string).pathname);
  await expect(customer).toHaveURL(/\/customer\/account\/orders\/\d+$/);
  const hers = customer.getByTestId('order-messages');
  await expect(hers.getByTestId('message').filter({ hasText: 'LOH-lah' })).toContainText(ARTIST.name);
  const readInDatabase = () =>
    withDatabase(
      (db) =>
        db
          .prepare(
            `select n.is_read from notifications n join orders o on o.id = n.order_id
             where o.reference = ? and n.type = 'new_message'`,
          )
          .all(reference) as { is_read: number }[],
    );
  await expect.poll(readInDatabase).toEqual([{ is_read: 1 }]);
  await customer.reload();
  await bell.click();
  const item = panel
    .getByTestId('notification-item')
    .filter({ hasText: `New message from ${ARTIST.name}` })
    .filter({ hasText: reference });
  await expect(item).toHaveCount(1);
  await expect(item).not.toHaveAttribute('data-unread');
  await customer.keyboard.press('Escape');
});
