import { expectNoSeriousViolations, expectNoSeriousViolationsAtBothSizes } from './axe';
import { e2e } from './env';
import { site } from './pages';
import { expect, test } from './test';

// Issue 27, notifications people understand: a customer's notification opens the order itself, titles in
// plain words, and "Mark all as read" empties the badge. The demo customer's seeded orders notified her.

test("a customer's notification opens the order, and “Mark all as read” empties the badge", async ({ page }) => {
  const s = site(page);
  await page.goto('/');
  await s.openLogin();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password);

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  // The artist's acceptance, in the customer's words (not "An artist accepted your order").
  const accepted = panel.getByRole('button', { name: /is making your song/ }).first();
  await expect(accepted).toBeVisible();
  await expectNoSeriousViolations(page, 'the notifications panel');
  const reference = /OR\d+/.exec((await accepted.textContent()) ?? '')?.[0];
  expect(reference).toBeTruthy();

  // It opens that order's page, not a filtered list.
  await accepted.click();
  await expect(page).toHaveURL(/\/customer\/account\/orders\/\d+$/);
  await expect(page.getByText(reference as string).first()).toBeVisible();
  await expectNoSeriousViolationsAtBothSizes(page, 'the order opened from a notification');

  // "Mark all as read": everything read at once, the badge gone, and it holds after a reload.
  await bell.click();
  const markAll = panel.getByRole('button', { name: 'Mark all as read' });
  await expect(markAll).toBeVisible();
  await markAll.click();
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(markAll).toHaveCount(0);
  // The focus stays in the panel, on the first notification.
  await expect(panel.getByRole('listitem').first().getByRole('button').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
});
