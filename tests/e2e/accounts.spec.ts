import { e2e } from './env';
import { linkFromOutbox, site, uniqueEmail } from './pages';
import { expect, test } from './test';

test('a visitor signs up, is signed in and welcomed on the order page, signs out and is welcomed back', async ({
  page,
}) => {
  const s = site(page);
  const email = uniqueEmail('newcustomer');
  await page.goto('/');
  await s.openSignUp();
  const signUp = s.dialog('Account Sign Up');
  await signUp.getByLabel('First name', { exact: true }).fill('Jamie');
  await signUp.getByLabel('Last name', { exact: true }).fill('Cruz');
  await signUp.getByLabel('Email', { exact: true }).fill(email);
  // The phone is optional, under the disclosure; one typed there still takes the mask.
  await signUp.getByText('Add a middle name or a phone number (optional)').click();
  await signUp.getByLabel('Contact number (optional)', { exact: true }).fill('9171234567');
  await expect(signUp.getByLabel('Contact number (optional)', { exact: true })).toHaveValue('917 1234 567');
  await signUp.getByLabel('Password', { exact: true }).fill('Sunshine2026');
  await signUp.getByLabel('Confirm password', { exact: true }).fill('Sunshine2026');
  await signUp.getByRole('button', { name: 'Create account' }).click();

  // Registration success: signed in at once and welcomed, where a login lands (no login form in between).
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(s.toast('Welcome to Labsongs, Jamie')).toBeVisible();
  await expect(s.dialog('Account Login')).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('Jamie Cruz');

  await s.signOut();
  await expect(page).toHaveURL(`${e2e.baseUrl}/`);
  // The next sign-in is a return.
  await s.openLogin();
  await s.logIn(email, 'Sunshine2026');
  await expect(page).toHaveURL(/\/order\/occasion$/);
  await expect(s.toast('Welcome back, Jamie')).toBeVisible();

  await s.signOut();
  await expect(page).toHaveURL(`${e2e.baseUrl}/`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  // The session is really gone: a guarded page asks to log in, over the home page.
  await page.goto('/customer/account');
  await expect(page).toHaveURL(`${e2e.baseUrl}/`);
  await expect(s.dialog('Account Login')).toBeVisible();
});

test('a customer resets a forgotten password from the mailed link and logs in with the new one', async ({
  page,
  request,
}) => {
  const s = site(page);
  const email = uniqueEmail('forgetful');
  const created = await request.post('/api/v1/user/auth/register', {
    data: {
      first_name: 'Rey',
      last_name: 'Lim',
      email,
      password: 'OldPassword1',
      password_confirmation: 'OldPassword1',
      contact_number: '9171112222',
      country: 'PH',
      dial_code: '+63',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/');
  await s.openLogin();
  await s.dialog('Account Login').getByRole('button', { name: 'Forgot Password?' }).click();
  const forgot = s.dialog('Forgot Password');
  await forgot.getByLabel('Email', { exact: true }).fill(email);
  await forgot.getByRole('button', { name: 'Send' }).click();
  await expect(forgot.getByText('Check your email')).toBeVisible();

  const link = await linkFromOutbox(email, '/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('NewPassword2');
  await page.getByLabel('Confirm new password', { exact: true }).fill('NewPassword3');
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password', { exact: true }).fill('NewPassword2');
  await expect(page.getByText('Passwords do not match.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(s.toast('Your password has been reset')).toBeVisible();
  await expect(s.dialog('Account Login')).toBeVisible();
  await s.logIn(email, 'OldPassword1');
  await expect(s.dialog('Account Login').getByText('These credentials do not match our records.')).toBeVisible();
  await s.logIn(email, 'NewPassword2');
  await expect(page).toHaveURL(/\/order\/occasion$/);

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another3pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Another3pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This reset link is invalid or has expired')).toBeVisible();
  await page.getByRole('button', { name: 'Ask for a new link' }).click();
  await expect(s.dialog('Forgot Password')).toBeVisible();
});

test('the artist login page refuses a customer and lets an artist in', async ({ page }) => {
  await page.goto('/artist/login');
  // No main layout on this page.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await page.getByLabel('Email', { exact: true }).fill(e2e.demo.customer.email);
  await page.getByLabel('Password', { exact: true }).fill(e2e.demo.customer.password);
  await page.getByRole('button', { name: 'Login to your artist account' }).click();
  await expect(page.getByText('This is a customer account. Use the customer login instead.')).toBeVisible();
  await expect(page).toHaveURL(/\/artist\/login$/);

  await page.getByLabel('Email', { exact: true }).fill(e2e.demo.artist.email);
  await page.getByLabel('Password', { exact: true }).fill(e2e.demo.artist.password);
  await page.getByRole('button', { name: 'Login to your artist account' }).click();
  await expect(page).toHaveURL(/\/artist\/dashboard$/);
  await expect(page.getByTestId('artist-page-title')).toHaveText('Dashboard');
  await expect(
    page.getByTestId('artist-sidebar').getByRole('navigation', { name: 'Artist' }).getByRole('link'),
  ).toHaveText([
    'Dashboard',
    'My Profile',
    'Earnings',
    'Song Order',
    'Ongoing',
    'For Validation',
    'For Revision',
    'Completed',
    'Account Settings',
  ]);

  // Logged in, the artist login page is not for them.
  await page.goto('/artist/login');
  await expect(page).toHaveURL(`${e2e.baseUrl}/`);
});

test('an unknown path lands on the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
});

test('a signed-in customer is warned before the artist application and can log out to continue', async ({ page }) => {
  const s = site(page);
  await page.goto('/');
  await s.openLogin();
  await s.logIn(e2e.demo.customer.email, e2e.demo.customer.password);
  await expect(page).toHaveURL(/\/order\/occasion$/);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Artist Application' }).click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText(
    'You need to logout to start a new artist application. Would you like to proceed with a new application?',
  );
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Artist Login' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(
    'You need to logout to login as an artist. Would you like to continue?',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/artist\/login$/);
  await expect(page.getByRole('button', { name: 'Login to your artist account' })).toBeVisible();
});
