import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, fakeToken, makeUser, renderApp } from './app-harness';

// A signed-out visit to a page of the customer's or the artist's area asks the person to log in and,
// after the login, opens the page asked for (search included), not the usual landing page.

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown) => ({ status: 200, body: { data } });

async function logIn(scope: HTMLElement, email: string, password: string, button: string) {
  await userEvent.type(within(scope).getByLabelText('Email'), email);
  await userEvent.type(within(scope).getByLabelText('Password'), password);
  await userEvent.click(within(scope).getByRole('button', { name: button }));
}

describe('a signed-out deep link', () => {
  it("to a customer's order history opens the login modal, then returns there with its search", async () => {
    const user = makeUser({ first_name: 'Maria' });
    fakeServer({
      'POST /api/v1/user/auth/login': () => ok({ user, token: fakeToken() }),
      'GET /api/v1/user/auth/me': () => ok(user),
      'GET /api/v1/user/orders': () => ok({ orders: [], next_cursor: null }),
    });
    const { router } = renderApp('/customer/account/order-history?transaction=OR1234');
    const dialog = await screen.findByRole('dialog', { name: 'Account Login' });
    // The page is not shown to nobody: the modal opens over the home page.
    expect(router.state.location.pathname).toBe('/');
    await logIn(dialog, 'customer@labsongs.test', 'Customer123!', 'Login to your account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/account/order-history'));
    expect(router.state.location.search).toEqual({ transaction: 'OR1234' });
    expect(await screen.findByText('Welcome back, Maria')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Account Login' })).toBeNull();
  });

  it('closing the modal instead stays on the home page, and a later login goes to the order steps', async () => {
    const user = makeUser({ first_name: 'Maria' });
    fakeServer({
      'POST /api/v1/user/auth/login': () => ok({ user, token: fakeToken() }),
      'GET /api/v1/user/auth/me': () => ok(user),
    });
    const { router } = renderApp('/customer/account/settings');
    const dialog = await screen.findByRole('dialog', { name: 'Account Login' });
    await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account Login' })).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    await userEvent.click(screen.getAllByRole('button', { name: 'Login' })[0] as HTMLElement);
    await logIn(
      await screen.findByRole('dialog', { name: 'Account Login' }),
      'customer@labsongs.test',
      'Customer123!',
      'Login to your account',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/occasion'));
  });

  it("to an artist's page goes to the artist login, then returns to that page", async () => {
    const artist = makeUser({
      type: 'artist',
      user_id: 'a_1',
      first_name: 'Liza',
      app_status: 'approved',
      application_progress: { personal_info: true, artist_info: true, payout_info: true, password_updated: true },
      is_first_time_login: 0,
      featured_song_path: 'song0001',
    });
    fakeServer({
      'POST /api/v1/artist/auth/login': () => ok({ user: artist, token: fakeToken() }),
      'GET /api/v1/artist/auth/me': () => ok(artist),
      'GET /api/v1/artist/orders': () => ok({ items: [], next_cursor: null }),
    });
    const { router } = renderApp('/artist/song-orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/login'));
    expect(router.state.location.search).toEqual({ redirect: '/artist/song-orders' });
    const form = (await screen.findByRole('button', { name: 'Login to your artist account' })).closest('form');
    await logIn(form as HTMLElement, 'artist1@labsongs.test', 'Artist123!', 'Login to your artist account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/artist/song-orders'));
    expect(await screen.findByText('Welcome back, Liza')).toBeTruthy();
  });
});
