import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser, renderApp, storeSession } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

describe('header', () => {
  it('shows the public links, Login and Sign Up to a visitor', async () => {
    fakeServer({});
    renderApp('/');
    const banner = await screen.findByRole('banner');
    const nav = within(banner).getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'About', 'Artists']);
    expect(within(banner).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Sign Up' })).toBeTruthy();
  });

  it("shows a signed-in customer's name, a placeholder avatar, the bell and the customer menu", async () => {
    const user = makeUser({ avatar: null });
    storeSession(user);
    fakeServer({ 'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }) });
    renderApp('/');
    const banner = await screen.findByRole('banner');
    await waitFor(() => expect(within(banner).getByTestId('header-user-name').textContent).toBe('Maria Santos'));
    // The placeholder picture (a silhouette); beside the name, without initials.
    const placeholder = banner.querySelector('[data-part=avatar-placeholder]');
    expect(placeholder?.querySelector('svg')).not.toBeNull();
    expect(placeholder?.textContent).toBe('');
    expect(within(banner).getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: 'Login' })).toBeNull();

    await userEvent.click(within(banner).getByRole('button', { name: /Account menu for Maria Santos/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['My Account', 'Order History', 'Settings', 'Sign out']);
  });

  it('asks "Are you sure you want to end your session?" before signing out, and signs out on yes', async () => {
    const user = makeUser();
    storeSession(user);
    const server = fakeServer({
      'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }),
      'POST /api/v1/user/auth/logout': () => ({ status: 200, body: { message: 'You have been signed out.' } }),
    });
    renderApp('/about');
    const banner = await screen.findByRole('banner');
    // Keyboard path: open the menu, go to its last item, choose it.
    (await within(banner).findByRole('button', { name: /Account menu/ })).focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Sign out' });
    await userEvent.keyboard('{End}{Enter}');
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Are you sure you want to end your session?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(within(banner).getByRole('button', { name: 'Login' })).toBeTruthy());
    expect(
      server.calls.some(
        (c) => c.path === '/api/v1/user/auth/logout' && c.headers.get('authorization')?.startsWith('Bearer '),
      ),
    ).toBe(true);
    expect(localStorage.getItem('labsongs_access_token')).toBeNull();
  });

  it('replaces a broken avatar image with the placeholder', async () => {
    const user = makeUser({ avatar: '/media/avatars/missing.png' });
    storeSession(user);
    fakeServer({ 'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }) });
    renderApp('/');
    const banner = await screen.findByRole('banner');
    const img = await waitFor(() => {
      const el = banner.querySelector('img[data-part=avatar-image]');
      if (!el) throw new Error('no avatar image yet');
      return el;
    });
    img.dispatchEvent(new Event('error'));
    await waitFor(() => expect(banner.querySelector('[data-part=avatar-placeholder]')).not.toBeNull());
  });
});
