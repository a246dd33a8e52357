import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../contracts/storage-keys';
import { fakeServer, fakeToken, makeUser, renderApp } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

async function openFromHeader(name: 'Login' | 'Sign Up', title: string) {
  const banner = await screen.findByRole('banner');
  await userEvent.click(within(banner).getByRole('button', { name }));
  return screen.findByRole('dialog', { name: title });
}

describe('Account Sign Up modal', () => {
  it('says "Passwords do not match." as the user types, and stops saying it when they match', async () => {
    fakeServer({});
    renderApp('/');
    const dialog = await openFromHeader('Sign Up', 'Account Sign Up');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'abc12345');
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'abc1');
    expect(within(dialog).getByText('Passwords do not match.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), '2345');
    expect(within(dialog).queryByText('Passwords do not match.')).toBeNull();
  });

  it("shows the server's errors under their fields and keeps what was typed", async () => {
    fakeServer({
      'POST /api/v1/user/auth/register': () => ({
        status: 422,
        body: {
          message: 'The given data was invalid.',
          errors: { email: ['An account with this email already exists'], last_name: ['Please enter your last name'] },
        },
      }),
    });
    renderApp('/');
    const dialog = await openFromHeader('Sign Up', 'Account Sign Up');
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Ana');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'taken@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('An account with this email already exists')).toBeTruthy();
    expect(within(dialog).getByText('Please enter your last name')).toBeTruthy();
    expect((within(dialog).getByLabelText('First name') as HTMLInputElement).value).toBe('Ana');
    // Editing a field clears its own error only.
    await userEvent.type(within(dialog).getByLabelText('Email'), 'x');
    expect(within(dialog).queryByText('An account with this email already exists')).toBeNull();
    expect(within(dialog).getByText('Please enter your last name')).toBeTruthy();
  });

  it('asks only what an order needs: the middle name and phone wait under a disclosure, marked optional', async () => {
    fakeServer({});
    renderApp('/');
    const dialog = await openFromHeader('Sign Up', 'Account Sign Up');
    const disclosure = within(dialog).getByText('Add a middle name or a phone number (optional)').closest('details');
    expect(disclosure?.open).toBe(false);
    expect(within(dialog).getByLabelText('Contact number (optional)').closest('details')).toBe(disclosure);
    expect(within(dialog).getByLabelText('Middle name (optional)').closest('details')).toBe(disclosure);
    for (const label of ['First name', 'Last name', 'Email', 'Password', 'Confirm password']) {
      expect(within(dialog).getByLabelText(label).closest('details'), label).toBeNull();
    }
  });

  it('opens the disclosure when the server refuses the phone, with its message under the field', async () => {
    fakeServer({
      'POST /api/v1/user/auth/register': () => ({
        status: 422,
        body: { message: 'The given data was invalid.', errors: { contact_number: ['Please enter a valid number'] } },
      }),
    });
    renderApp('/');
    const dialog = await openFromHeader('Sign Up', 'Account Sign Up');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Please enter a valid number')).toBeTruthy();
    expect(within(dialog).getByLabelText('Contact number (optional)').closest('details')?.open).toBe(true);
  });

  it('on success signs the new customer in, welcomes them and goes on as a login does (no login form)', async () => {
    const user = makeUser({ first_name: 'Ana', email: 'ana@example.test' });
    const server = fakeServer({
      'POST /api/v1/user/auth/register': () => ({
        status: 201,
        body: { message: 'Welcome to Labsongs, Ana', data: { user, token: fakeToken() } },
      }),
      'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }),
    });
    const { router } = renderApp('/');
    const dialog = await openFromHeader('Sign Up', 'Account Sign Up');
    await userEvent.type(within(dialog).getByLabelText('First name'), 'Ana');
    await userEvent.type(within(dialog).getByLabelText('Last name'), 'Reyes');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ana@example.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'abc12345');
    await userEvent.type(within(dialog).getByLabelText('Confirm password'), 'abc12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Welcome to Labsongs, Ana')).toBeTruthy();
    expect(screen.queryByText('Welcome back, Ana')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/occasion'));
    expect(screen.queryByRole('dialog', { name: 'Account Login' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Account Sign Up' })).toBeNull();
    // Signed in for this tab, as an unticked "Remember me" login.
    expect(sessionStorage.getItem(storageKeys.accessToken)).not.toBeNull();
    const sent = server.calls.find((c) => c.path === '/api/v1/user/auth/register');
    expect(sent?.body).toMatchObject({ first_name: 'Ana', country: 'PH', dial_code: '+63', contact_number: '' });
    expect(sent?.headers.get('x-requested-with')).toBe('XMLHttpRequest');
  });
});

describe('Account Login modal', () => {
  it('logs a customer in, welcomes them by first name and goes to the first order step', async () => {
    const user = makeUser({ first_name: 'Maria' });
    fakeServer({
      'POST /api/v1/user/auth/login': () => ({ status: 200, body: { data: { user, token: fakeToken() } } }),
      'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }),
    });
    const { router } = renderApp('/');
    const dialog = await openFromHeader('Login', 'Account Login');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'customer@labsongs.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Customer123!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login to your account' }));
    expect(await screen.findByText('Welcome back, Maria')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/occasion'));
    // "Remember me" was left off: the session is this tab's only, under the same keys.
    expect(sessionStorage.getItem('vue_user_type')).toBe('user');
    expect(sessionStorage.getItem(storageKeys.accessToken)).not.toBeNull();
    expect(localStorage.getItem('vue_user_type')).toBeNull();
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Account Login' })).toBeNull();
  });

  it('with "Remember me" ticked keeps the session across visits (local storage)', async () => {
    const user = makeUser({ first_name: 'Maria' });
    const token = fakeToken();
    fakeServer({
      'POST /api/v1/user/auth/login': () => ({ status: 200, body: { data: { user, token } } }),
      'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }),
    });
    renderApp('/');
    const dialog = await openFromHeader('Login', 'Account Login');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'customer@labsongs.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Customer123!');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login to your account' }));
    expect(await screen.findByText('Welcome back, Maria')).toBeTruthy();
    expect(localStorage.getItem('vue_user_type')).toBe('user');
    expect(localStorage.getItem(storageKeys.accessToken)).toBe(token);
    expect(sessionStorage.getItem(storageKeys.accessToken)).toBeNull();
  });
});

describe('Artist login', () => {
  it('welcomes an applicant on the first sign-in (temporary password) instead of "Welcome back"', async () => {
    const user = makeUser({
      type: 'artist',
      first_name: 'Zoë',
      full_name: 'Zoë Cruz',
      app_status: 'incomplete',
      application_progress: { personal_info: false, artist_info: false, payout_info: false, password_updated: false },
    });
    fakeServer({
      'POST /api/v1/artist/auth/login': () => ({ status: 200, body: { data: { user, token: fakeToken() } } }),
      'GET /api/v1/artist/auth/me': () => ({ status: 200, body: { data: user } }),
    });
    renderApp('/artist/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'zoe@labsongs.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Temp12345678');
    await userEvent.click(screen.getByRole('button', { name: 'Login to your artist account' }));
    expect(await screen.findByText('Welcome to Labsongs, Zoë')).toBeTruthy();
    expect(screen.queryByText('Welcome back, Zoë')).toBeNull();
  });
});

describe('Forgot Password modal', () => {
  it('disables Send until the email is valid and shows the confirmation after sending', async () => {
    const server = fakeServer({
      'POST /api/v1/user/password/forgot': () => ({ status: 200, body: { message: 'sent' } }),
    });
    renderApp('/');
    const login = await openFromHeader('Login', 'Account Login');
    await userEvent.click(within(login).getByRole('button', { name: 'Forgot Password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot Password' });
    const send = within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText('Email'), 'bad email');
    expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    expect(send.disabled).toBe(true);
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    expect(within(dialog).getByText('Please enter your email address')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'maria@example.test');
    expect(send.disabled).toBe(false);
    await userEvent.click(send);
    expect(await within(dialog).findByTestId('forgot-password-sent')).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/v1/user/password/forgot')?.body).toEqual({
      email: 'maria@example.test',
    });
  });
});
