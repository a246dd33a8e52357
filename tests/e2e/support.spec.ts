import { supportMessages } from '../../contracts/support';
import { expectNoSeriousViolations, expectNoSeriousViolationsAtBothSizes } from './axe';
import { e2e } from './env';
import { site, untilHydrated } from './pages';
import { expect, test } from './test';

// Help within reach: a customer reports a problem on their order and sees it went; the admin finds it
// on the operations home, reads it and closes it. The contact page shows the configured address and
// answers a guest. Screenshots of the contact page and the report dialog go to /tmp/notes.

const ADMIN = { email: 'admin@labsongs.test', password: 'Admin123!' };
const shots = process.env.SUPPORT_SHOTS ?? '/tmp/notes';

test('a customer reports a problem on an order; the admin sees it on the operations home and closes it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { customer } = e2e.demo;
  const login = await request.post('/api/v1/user/auth/login', {
    data: { email: customer.email, password: customer.password },
  });
  const token = (await login.json()).data.token as string;
  const orders = await request.get('/api/v1/user/orders', { headers: { Authorization: `Bearer ${token}` } });
  const order = (await orders.json()).data.orders[0] as { id: number; reference: string };
  const text = `The chorus cuts off halfway (${Date.now()}).`;

  const s = site(page);
  await page.goto('/');
  await s.openLogin();
  await s.logIn(customer.email, customer.password);
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  await page.goto(`/customer/account/orders/${order.id}`);
  const report = page.getByRole('button', { name: 'Report a problem' });
  await report.click();
  const dialog = s.dialog('Report a problem');
  await expect(dialog).toContainText(order.reference);

  // Sent empty: the message field says why and has the focus.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const message = dialog.getByLabel('What went wrong?');
  await expect(message).toBeFocused();
  await expect(dialog.getByText(supportMessages.messageRequired)).toBeVisible();
  await expect(message).toHaveAttribute('aria-describedby', /error/);
  await expectNoSeriousViolations(page, 'the report dialog');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/support-report-dialog-${width}.png` });
  }

  await message.fill(text);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  const done = s.dialog('Report sent');
  await expect(done.getByTestId('support-sent')).toHaveText(supportMessages.sent);
  await done.getByRole('button', { name: 'Done' }).click();
  await expect(done).toHaveCount(0);
  // Keyboard users are back where they were.
  await expect(report).toBeFocused();

  // The admin: the operations home counts it and leads to the queue, where it is read and closed.
  // Its own context: axe scans need one (a page made by browser.newPage() has none it may use).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/admin');
  await admin.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await admin.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Login to the admin console' }).click();
  const queue = admin.getByTestId('queue-support_requests');
  await expect(queue).toBeVisible();
  await queue.getByRole('link').click();
  await expect(admin).toHaveURL(/\/admin\/support$/);
  const row = admin.getByTestId('support-request-row').filter({ hasText: order.reference });
  await expect(row).toHaveCount(1);
  await expectNoSeriousViolationsAtBothSizes(admin, '/admin/support');
  await row.getByRole('button', { name: /^Read the request from / }).click();
  const read = admin.getByRole('dialog');
  await expect(read.getByTestId('support-request-message')).toHaveText(text);
  await expectNoSeriousViolations(admin, 'the support request dialog');
  await read.getByRole('button', { name: 'Mark closed' }).click();
  await expect(admin.getByText(supportMessages.closed)).toBeVisible();
  await expect(admin.getByTestId('support-request-row').filter({ hasText: order.reference })).toHaveCount(0);
  await adminContext.close();
});

test('the contact page shows the configured address and takes a guest’s message', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/contact');
  await untilHydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByTestId('support-email')).toHaveText(e2e.supportEmail);
  await expect(page.getByTestId('support-email')).toHaveAttribute('href', `mailto:${e2e.supportEmail}`);
  // The footer leads here from every page, and the terms name the same address.
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' })).toHaveAttribute(
    'href',
    '/contact',
  );

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Your name')).toBeFocused();
  await expect(page.getByText(supportMessages.topicRequired)).toBeVisible();
  await expectNoSeriousViolationsAtBothSizes(page, '/contact with errors');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${shots}/support-contact-${width}.png`, fullPage: true });
  }

  await page.getByLabel('Your name').fill('Lola Cruz');
  await page.getByLabel('Your email').fill(`lola.${Date.now()}@example.test`);
  // The topic list works from the keyboard (Ark's select).
  await page.getByRole('combobox', { name: 'What is it about?' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Payments and refunds' }).click();
  await page.getByLabel('Your message').fill('Can I pay by bank transfer?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('support-sent')).toHaveText(supportMessages.sent);
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeFocused();
  await expectNoSeriousViolations(page, '/contact sent');

  await page.goto('/terms');
  await expect(page.getByTestId('support-email')).toHaveText(e2e.supportEmail);
});
