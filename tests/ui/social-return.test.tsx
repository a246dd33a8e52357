import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, fakeToken, makeUser, renderApp } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('social sign-up return (docs/product.md §4)', () => {
  it('prefills the sign-up form from the register parameter and opens the modal', async () => {
    fakeServer({});
    renderApp(`/about?register=${encode({ first_name: 'Lea', last_name: 'Tan', email: 'lea@example.test' })}`);
    const dialog = await screen.findByRole('dialog', { name: 'Account Sign Up' });
    await waitFor(() => expect((within(dialog).getByLabelText('First name') as HTMLInputElement).value).toBe('Lea'));
    expect((within(dialog).getByLabelText('Last name') as HTMLInputElement).value).toBe('Tan');
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('lea@example.test');
  });

  it('sends the visitor to / when the parameter cannot be decoded', async () => {
    fakeServer({});
    const { router } = renderApp('/about?register=%7Bnot-json');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog', { name: 'Account Sign Up' })).toBeNull();
  });
});

describe('social login return (docs/product.md §4)', () => {
  it('rejects a value that is not a valid token by replacing the route with /', async () => {
    const server = fakeServer({});
    const { router } = renderApp('/about?login=not-a-token');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('labsongs_access_token')).toBeNull();
    expect(server.calls.filter((c) => c.path.endsWith('/auth/me'))).toEqual([]);
  });

  it('stores a valid token as a customer, loads the user and opens the customer account', async () => {
    const user = makeUser({ first_name: 'Lea', full_name: 'Lea Tan' });
    const token = fakeToken();
    const server = fakeServer({ 'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }) });
    const { router } = renderApp(`/?login=${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/account'));
    expect(localStorage.getItem('labsongs_access_token')).toBe(token);
    expect(localStorage.getItem('vue_user_type')).toBe('user');
    expect(server.calls.find((c) => c.path === '/api/v1/user/auth/me')?.headers.get('authorization')).toBe(
      `Bearer ${token}`,
    );
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeTruthy();
  });
});
