import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../contracts/storage-keys';
import { storage } from '../../src/lib/storage';
import { fakeServer, fakeToken, makeUser, renderApp } from './app-harness';

// "Remember me" off: the session lives in this tab's storage (gone when the browser closes), under the
// product's key names; on: in local storage, as before. docs/product.md "Local storage keys".

afterEach(() => vi.unstubAllGlobals());

describe('storage areas', () => {
  it('reads this tab first, then what is kept across visits; a key lives in one area at a time', () => {
    storage.set('accessToken', 'kept');
    expect(storage.get('accessToken')).toBe('kept');
    storage.set('accessToken', 'tab', 'session');
    expect(sessionStorage.getItem(storageKeys.accessToken)).toBe('tab');
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(storage.get('accessToken')).toBe('tab');
    storage.setJson('user', { id: 1 }, 'session');
    expect(storage.getJson('user')).toEqual({ id: 1 });
    storage.set('accessToken', 'kept again');
    expect(sessionStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(storage.get('accessToken')).toBe('kept again');
    storage.set('accessToken', null);
    storage.set('user', null);
    expect(storage.get('accessToken')).toBeNull();
    expect(storage.get('user')).toBeNull();
  });
});

describe('a session kept in this tab only', () => {
  it('signs the tab in at start and keeps it in the tab', async () => {
    const user = makeUser({ first_name: 'Maria' });
    sessionStorage.setItem(storageKeys.accessToken, fakeToken());
    sessionStorage.setItem(storageKeys.user, JSON.stringify(user));
    sessionStorage.setItem(storageKeys.userType, 'user');
    fakeServer({
      'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }),
    });
    renderApp('/customer/account');
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(within(banner).queryByRole('button', { name: 'Login' })).toBeNull());
    // What the server answered is written back where it was: still this tab's only.
    await waitFor(() => expect(sessionStorage.getItem(storageKeys.user)).toContain('Maria'));
    expect(localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(localStorage.getItem(storageKeys.user)).toBeNull();
  });

  it('a login without "Remember me" leaves nothing in local storage', async () => {
    const user = makeUser({ first_name: 'Maria' });
    fakeServer({
      'POST /api/v1/user/auth/login': () => ({ status: 200, body: { data: { user, token: fakeToken() } } }),
      'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }),
    });
    renderApp('/');
    const banner = await screen.findByRole('banner');
    await userEvent.click(within(banner).getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account Login' });
    expect((within(dialog).getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Email'), 'customer@labsongs.test');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Customer123!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login to your account' }));
    expect(await screen.findByText('Welcome back, Maria')).toBeTruthy();
    for (const key of [storageKeys.accessToken, storageKeys.user, storageKeys.userType]) {
      expect(localStorage.getItem(key), key).toBeNull();
      expect(sessionStorage.getItem(key), key).not.toBeNull();
    }
  });
});
