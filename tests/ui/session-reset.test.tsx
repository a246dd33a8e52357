import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientMessages } from '../../contracts/messages';
import type { TempOrder } from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { storage } from '../../src/lib/storage';
import { fakeServer, fakeToken, makeUser, renderApp, storeSession } from './app-harness';
import { occasionStep as occasion, orderOptions as options, songStep as song } from './fixtures';

// docs/product.md §4 Session reset: a 401 while paying asks the customer to log in again, with a message, and the
// checkout resumes after the login.

afterEach(() => vi.unstubAllGlobals());

const story = {
  song_about: 'Lola raised six grandchildren.',
  song_prompt1_title: '',
  song_prompt1_details: '',
  song_prompt2_title: '',
  song_prompt2_details: '',
  song_prompt1_clip: null,
  song_prompt2_clip: null,
  song_about_clip: null,
};

describe('session reset on the checkout (docs/product.md §4)', () => {
  it('a 401 on Pay opens the login-again modal with its message; after the login the checkout resumes', async () => {
    const user = makeUser();
    storeSession(user);
    const draft = {
      id: 5,
      occasion,
      song,
      story,
      price: 3200,
      earliest_needed_by: '2029-12-01',
      committed_order_id: 9,
    } as unknown as TempOrder;
    storage.setJson('tempOrder', { orderId: 5, forms: {}, order: { id: 9, reference: 'OR1009', price: 3200 } });
    storage.setJson('completedSteps', { occasion: true, song: true, story: true, review: true });
    storage.set('hasPendingOrder', 'true');
    storage.set('checkoutPending', 'true');
    let expired = true;
    const server = fakeServer({
      'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }),
      'GET /api/v1/user/options': () => ({ status: 200, body: { data: options } }),
      'GET /api/v1/user/temp-order/5': () => ({ status: 200, body: { data: draft } }),
      'POST /api/v1/user/order/9/checkout': () =>
        expired
          ? { status: 401, body: { message: serverMessages.unauthenticated } }
          : { status: 422, body: { message: 'Choose a payment method.', errors: { paymentMethod: ['x'] } } },
      'POST /api/v1/user/auth/login': () => ({
        status: 200,
        body: { data: { token: fakeToken(), user, message: 'Logged in.' } },
      }),
    });
    const { router } = renderApp('/order/checkout');
    const pay = await screen.findByRole('button', { name: /^Pay/ });
    await waitFor(() => expect((pay as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(pay);

    const dialog = await screen.findByRole('dialog', { name: 'Log in again' });
    expect(within(dialog).getByRole('alert').textContent).toBe(clientMessages.sessionExpired);
    expect(storage.get('accessToken')).toBeNull();
    // The draft and its pending checkout survive the reset.
    expect(storage.get('checkoutPending')).toBe('true');

    expired = false;
    await userEvent.type(within(dialog).getByLabelText('Email', { exact: true }), user.email);
    await userEvent.type(within(dialog).getByLabelText('Password', { exact: true }), 'Customer123!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login to your account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/order/checkout'));
    expect(await screen.findByText('You are logged in. You can now complete your checkout.')).toBeTruthy();
    expect(await screen.findByTestId('order-reference')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/api/v1/user/auth/login')).toHaveLength(1);
  });
});
