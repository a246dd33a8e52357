import { e2e } from './env';
import { site } from './pages';
import { expect, test } from './test';

test('sign-up: "Passwords do not match." as you type, and the server\'s errors under each field', async ({ page }) => {
  const s = site(page);
  await page.goto('/');
  await s.openSignUp();
  const d = s.dialog('Account Sign Up');
  await d.getByLabel('Password', { exact: true }).fill('abc12345');
  await d.getByLabel('Confirm password', { exact: true }).fill('abc1234');
  await expect(d.getByText('Passwords do not match.')).toBeVisible();
  await d.getByLabel('Confirm password', { exact: true }).fill('abc12345');
  await expect(d.getByText('Passwords do not match.')).toHaveCount(0);

  await d.getByLabel('Email', { exact: true }).fill(e2e.demo.customer.email);
  // The phone is optional (under the disclosure), but one typed must be a phone number.
  await d.getByText('Add a middle name or a phone number (optional)').click();
  await d.getByLabel('Contact number (optional)', { exact: true }).fill('12');
  await d.getByRole('button', { name: 'Create account' }).click();
  await expect(d.getByText('Please enter your first name')).toBeVisible();
  await expect(d.getByText('Please enter your last name')).toBeVisible();
  await expect(d.getByText('Please enter a valid contact number (7 to 20 digits)')).toBeVisible();
  // Nothing typed is lost, and editing a field clears only its own error.
  await expect(d.getByLabel('Email', { exact: true })).toHaveValue(e2e.demo.customer.email);
  await d.getByLabel('First name', { exact: true }).fill('Ana');
  await expect(d.getByText('Please enter your first name')).toHaveCount(0);
  await expect(d.getByText('Please enter your last name')).toBeVisible();

  // A taken email is the server's answer once the rest is valid.
  await d.getByLabel('Last name', { exact: true }).fill('Reyes');
  await d.getByLabel('Contact number (optional)', { exact: true }).fill('9171234567');
  await d.getByRole('button', { name: 'Create account' }).click();
  await expect(d.getByText('An account with this email already exists')).toBeVisible();
  await expect(d.getByLabel('Last name', { exact: true })).toHaveValue('Reyes');
});

test('sign-up: changing the country clears the contact number', async ({ page }) => {
  const s = site(page);
  await page.goto('/');
  await s.openSignUp();
  const d = s.dialog('Account Sign Up');
  await d.getByText('Add a middle name or a phone number (optional)').click();
  await d.getByLabel('Contact number (optional)', { exact: true }).fill('9171234567');
  await d.getByRole('combobox', { name: 'Contact number (optional) country' }).fill('Japan');
  await page.getByRole('option', { name: /Japan/ }).click();
  await expect(d.getByLabel('Contact number (optional)', { exact: true })).toHaveValue('');
  await expect(d.getByText('Dial code +81')).toBeVisible();
  await d.getByRole('combobox', { name: 'Contact number (optional) country' }).fill('Atlantis');
  await expect(page.getByText('Nothing found.')).toBeVisible();
});

test("login: the server's field errors show under the field and clear when it is edited", async ({ page }) => {
  const s = site(page);
  await page.goto('/');
  await s.openLogin();
  const d = s.dialog('Account Login');
  await d.getByRole('button', { name: 'Login to your account' }).click();
  await expect(d.getByText('Please enter your email address')).toBeVisible();
  await expect(d.getByText('Please enter your password')).toBeVisible();
  await d.getByLabel('Email', { exact: true }).fill('someone@example.test');
  await expect(d.getByText('Please enter your email address')).toHaveCount(0);
  await expect(d.getByText('Please enter your password')).toBeVisible();
  // The eye toggle shows the password.
  await d.getByLabel('Password', { exact: true }).fill('secret');
  await d.getByRole('button', { name: 'Show password' }).click();
  await expect(d.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  // Closing clears the form.
  await d.getByRole('button', { name: 'Close' }).click();
  await s.openLogin();
  await expect(s.dialog('Account Login').getByLabel('Email', { exact: true })).toHaveValue('');
});

test('forgot password: empty and malformed emails, Send disabled until valid', async ({ page }) => {
  const s = site(page);
  await page.goto('/');
  await s.openLogin();
  await s.dialog('Account Login').getByRole('button', { name: 'Forgot Password?' }).click();
  const d = s.dialog('Forgot Password');
  const send = d.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await d.getByLabel('Email', { exact: true }).fill('not an email');
  await expect(d.getByText('Please enter a valid email address')).toBeVisible();
  await expect(send).toBeDisabled();
  await d.getByLabel('Email', { exact: true }).fill('');
  await expect(d.getByText('Please enter your email address')).toBeVisible();
  await d.getByLabel('Email', { exact: true }).fill('nobody@example.test');
  await expect(send).toBeEnabled();
  await send.click();
  // The same answer whether or not the account exists.
  await expect(d.getByText('Check your email')).toBeVisible();
  // Closing resets the modal (after 1 s): reopening shows an empty form again.
  await d.getByRole('button', { name: 'Close' }).click();
  await page.waitForTimeout(1200);
  await s.openLogin();
  await s.dialog('Account Login').getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(s.dialog('Forgot Password').getByLabel('Email', { exact: true })).toHaveValue('');
});
