import type { Page } from '@playwright/test';
import { orderMessageTexts } from '../../contracts/order-messages';
import { threadReportTexts } from '../../contracts/thread-report';
import { acceptAsArtist, newPage, placePaidOrder } from './order-pages';
import { expect, test } from './test';

// Order messages (issue 28), in Chromium against the real server: a customer of their own orders from
// Ana Reyes and pays; Ana accepts. With both pages open, the customer writes with a picture attached
// and a phone number, which the server hides; Ana's open card shows it without a reload, and her answer
// reaches the customer's open order page the same way. The customer then reports the conversation, and the
// team's support requests list shows it.

const ARTIST = { name: 'Ana Reyes', email: 'artist1@labsongs.test', password: 'Artist123!' };
const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
// A 1×1 PNG: a real picture, typed by its bytes on the server.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Marks the document: the mark is gone after any reload, so the journey can prove there was none. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { messagesMark: boolean }).messagesMark = true;
  });
const expectNoReload = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { messagesMark?: boolean }).messagesMark)).toBe(true);

test('a customer and the artist exchange messages on two open pages, with an attachment and a hidden phone number', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const customer = page;

  const { reference } = await placePaidOrder(customer, [ARTIST.name]);

  // Ana accepts and opens the order's messages on her card.
  const artist = await acceptAsArtist(browser, ARTIST, reference);
  const card = artist.getByRole('article').filter({ hasText: reference });
  await card.getByText('Messages', { exact: true }).click();
  const artistThread = card.getByTestId('order-messages');
  await expect(artistThread.getByText('No messages yet.')).toBeVisible();
  await markDocument(artist);

  // The customer's order page, open at the same time.
  await customer.goto(`/customer/account/order-history?transaction=${reference}`);
  await customer
    .getByRole('link', { name: /View order/ })
    .first()
    .click();
  await expect(customer).toHaveURL(/\/customer\/account\/orders\/\d+$/);
  const thread = customer.getByTestId('order-messages');
  await expect(thread.getByText('No messages yet.')).toBeVisible();
  await markDocument(customer);

  await thread.getByLabel('Attach a file').setInputFiles({ name: 'grandma.png', mimeType: 'image/png', buffer: PNG });
  await expect(thread.getByTestId('message-attachment')).toContainText('grandma.png');
  await thread.getByLabel('Your message').fill('Her name is Lola Remy. Call me at 0917 123 4567 if unsure!');
  await thread.getByRole('button', { name: 'Send', exact: true }).click();
  const mine = thread.getByTestId('message').filter({ hasText: 'Lola Remy' });
  await expect(mine).toContainText('Call me at [hidden] if unsure!');
  await expect(mine).toContainText(orderMessageTexts.maskedNote);
  await expect(thread.getByLabel('Your message')).toHaveValue('');
  await expect(thread.getByTestId('message-pending')).toHaveCount(0);

  // Ana's open card shows it within seconds, the number hidden, the picture a link that opens.
  const received = artistThread.getByTestId('message').filter({ hasText: 'Lola Remy' });
  await expect(received).toContainText('Call me at [hidden] if unsure!', { timeout: 10_000 });
  await expect(received).not.toContainText('0917');
  const link = received.getByRole('link', { name: 'grandma.png' });
  const href = (await link.getAttribute('href')) ?? '';
  const file = await artist.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/png');
  await expectNoReload(artist);

  // Her answer reaches the customer's open page the same way.
  await artistThread.getByLabel('Your message').fill('Thank you! I will sing it "Lo-la Re-mee".');
  await artistThread.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(thread.getByTestId('message').filter({ hasText: 'Lo-la Re-mee' })).toContainText(ARTIST.name, {
    timeout: 10_000,
  });
  await expectNoReload(customer);

  // The customer reports the conversation: a too short reason is refused under the field and stays typed.
  await thread.getByRole('button', { name: 'Report', exact: true }).click();
  const report = customer.getByRole('dialog', { name: 'Report this conversation' });
  const reason = report.getByLabel('What is wrong in this conversation?');
  await reason.fill('Rude');
  await report.getByRole('button', { name: 'Send the report' }).click();
  await expect(report.getByText(threadReportTexts.reasonTooShort)).toBeVisible();
  await expect(reason).toHaveValue('Rude');
  await reason.fill('Rude. The artist keeps asking for my number outside the app.');
  await report.getByRole('button', { name: 'Send the report' }).click();
  await expect(report).toBeHidden();
  await expect(thread.getByRole('status').filter({ hasText: threadReportTexts.sent })).toBeVisible();
  // A second report while the first is open: the server's message, in the dialog.
  await thread.getByRole('button', { name: 'Report', exact: true }).click();
  await reason.fill('Still asking for my number outside the app.');
  await report.getByRole('button', { name: 'Send the report' }).click();
  await expect(report.getByText(threadReportTexts.alreadyReported)).toBeVisible();
  await report.getByRole('button', { name: 'Cancel' }).click();
  await expect(report).toBeHidden();

  // The team's support requests list shows it, linked to the order.
  const admin = await newPage(browser);
  await admin.goto('/admin/login');
  await admin.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: /Login/ }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto('/admin/support');
  const row = admin.getByTestId('support-request-row').filter({ hasText: reference });
  await expect(row).toContainText('The artist keeps asking for my number');
  await expect(row.getByRole('link', { name: reference })).toBeVisible();
});
