import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '../../contracts/order';
import { orderAt } from '../machines/customer-order.fixtures';
import { fakeServer, fakeToken, makeUser, renderApp, storeSession } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

/** An order waiting for its artist, as GET /orders lists it (the customer-order fixture). */
const order = orderAt('offered');
const payment: Payment = {
  id: 3,
  order_id: 7,
  order_reference: 'OR12345678',
  amount: 3200,
  currency: 'PHP',
  method: 'gcash',
  provider: 'dragonpay',
  status: 'succeeded',
  reference: 'DP-998877',
  created_at: '2026-11-20T10:01:00.000Z',
  updated_at: '2026-11-20T10:05:00.000Z',
  refunds: [],
};

function signedInCustomer(extra: Parameters<typeof fakeServer>[0] = {}) {
  const user = makeUser();
  storeSession(user);
  return fakeServer({ 'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }), ...extra });
}

describe('customer account', () => {
  it('order history shows each order with its status and timeline, and ?transaction asks for that order', async () => {
    const server = signedInCustomer({
      'GET /api/v1/user/orders': () => ({ status: 200, body: { data: { orders: [order], next_cursor: null } } }),
    });
    renderApp('/customer/account/order-history?transaction=OR12345678');
    const card = await screen.findByRole('article', { name: 'Birthday song for Lola' });
    expect(within(card).getByTestId('order-status').textContent).toBe('Waiting for an artist to accept');
    expect(card.textContent).toContain('OR12345678');
    const timeline = within(card).getByRole('list', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' ·')[0]),
    ).toEqual(['Order placed', 'Payment received']);
    expect(server.calls.find((c) => c.path === '/api/v1/user/orders')?.query.get('transaction')).toBe('OR12345678');
    // The brief, as the artist reads it.
    const brief = within(card).getByText('Your brief').closest('details') as HTMLElement;
    expect(brief.textContent).toContain('Sentimental, slow');
    expect(brief.textContent).toContain('Her ninetieth birthday');
    expect(brief.textContent).toContain('Sunday lunches');
  });

  it('a malformed ?transaction is ignored: every order shows, no error page', async () => {
    const server = signedInCustomer({
      'GET /api/v1/user/orders': () => ({ status: 200, body: { data: { orders: [order], next_cursor: null } } }),
    });
    renderApp('/customer/account/order-history?transaction=bad');
    expect(await screen.findByRole('article', { name: 'Birthday song for Lola' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/v1/user/orders')?.query.has('transaction')).toBe(false);
  });

  it('payment history lists amount, method, status and reference', async () => {
    signedInCustomer({
      'GET /api/v1/user/payments': () => ({ status: 200, body: { data: { payments: [payment], next_cursor: null } } }),
    });
    renderApp('/customer/account/payment-history');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('OR12345678');
    expect(row.textContent).toContain('GCash (DragonPay)');
    expect(within(row).getByTestId('payment-status').textContent).toBe('Paid');
    expect(row.textContent).toContain('DP-998877');
  });

  it('payment history names the method by the sandbox on a page the sandbox serves', async () => {
    document.documentElement.setAttribute('data-payments', 'sandbox');
    try {
      signedInCustomer({
        'GET /api/v1/user/payments': () => ({
          status: 200,
          body: { data: { payments: [payment], next_cursor: null } },
        }),
      });
      renderApp('/customer/account/payment-history');
      const table = await screen.findByRole('table');
      const row = within(table).getAllByRole('row')[1] as HTMLElement;
      expect(row.textContent).toContain('GCash (test payment)');
      expect(row.textContent).not.toContain('DragonPay');
    } finally {
      document.documentElement.removeAttribute('data-payments');
    }
  });

  it('a payment history that fails to load says why, and Try again asks once more', async () => {
    let attempt = 0;
    const server = signedInCustomer({
      'GET /api/v1/user/payments': () =>
        ++attempt === 1
          ? { status: 503, body: { message: 'The service is busy. Try again in a moment.' } }
          : { status: 200, body: { data: { payments: [payment], next_cursor: null } } },
    });
    renderApp('/customer/account/payment-history');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is busy. Try again in a moment.');
    expect(screen.queryByRole('table')).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table');
    expect(table.textContent).toContain('OR12345678');
    expect(screen.queryByText('The service is busy. Try again in a moment.')).toBeNull();
    expect(server.calls.filter((c) => c.path === '/api/v1/user/payments')).toHaveLength(2);
  });

  it('order history shows the newest page, and "Show more" adds the older orders from the cursor', async () => {
    const orderNo = (id: number) =>
      orderAt('offered', {}, { id, reference: `OR00000000${id}`, recipient_first_name: `Guest ${id}` });
    const newest = Array.from({ length: 10 }, (_, i) => orderNo(50 - i));
    const server = signedInCustomer({
      'GET /api/v1/user/orders': (call) =>
        call.query.get('cursor') === '41'
          ? { status: 200, body: { data: { orders: [orderNo(40)], next_cursor: null } } }
          : { status: 200, body: { data: { orders: newest, next_cursor: '41' } } },
    });
    renderApp('/customer/account/order-history');
    await screen.findByRole('article', { name: 'Birthday song for Guest 50' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('Showing 10 orders, more to load')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const older = await screen.findByRole('article', { name: 'Birthday song for Guest 40' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual(
      [...newest.map((o) => o.id), 40].map((id) => `order-${id}`),
    );
    const asked = server.calls.filter((c) => c.path === '/api/v1/user/orders');
    expect(asked.map((c) => c.query.get('cursor'))).toEqual([null, '41']);
    // Keyboard users carry on from the first order added.
    await waitFor(() => expect(document.activeElement).toBe(within(older).getByRole('link', { name: 'View order' })));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByText('Showing 11 orders')).toBeTruthy();
  });

  it('a focused ?transaction shows its one order without paging', async () => {
    signedInCustomer({
      'GET /api/v1/user/orders': () => ({ status: 200, body: { data: { orders: [order], next_cursor: null } } }),
    });
    renderApp('/customer/account/order-history?transaction=OR12345678');
    await screen.findByRole('article', { name: 'Birthday song for Lola' });
    expect(screen.getByText('Showing order OR12345678.')).toBeTruthy();
    expect(screen.queryByText(/^Showing 1 order/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('payment history pages with "Show more" and says why a page failed, keeping the rows shown', async () => {
    const paymentNo = (id: number) => ({ ...payment, id, order_reference: `OR9000${id}` });
    let attempt = 0;
    const server = signedInCustomer({
      'GET /api/v1/user/payments': (call) => {
        if (call.query.get('cursor') !== '21') {
          return { status: 200, body: { data: { payments: [paymentNo(22), paymentNo(21)], next_cursor: '21' } } };
        }
        return ++attempt === 1
          ? { status: 503, body: { message: 'The service is busy. Try again in a moment.' } }
          : { status: 200, body: { data: { payments: [paymentNo(20)], next_cursor: null } } };
      },
    });
    renderApp('/customer/account/payment-history');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The service is busy. Try again in a moment.');
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).getAllByRole('row')[3]?.textContent).toContain('OR900020');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.calls.filter((c) => c.path === '/api/v1/user/payments').map((c) => c.query.get('cursor'))).toEqual([
      null,
      '21',
      '21',
    ]);
  });

  it('changing the password keeps the person signed in with the new token and shows field errors', async () => {
    const newToken = fakeToken(1800);
    let attempt = 0;
    signedInCustomer({
      'PATCH /api/v1/user/profile/password': () =>
        ++attempt === 1
          ? {
              status: 422,
              body: {
                message: 'The given data was invalid.',
                errors: { current_password: ['Your current password is not correct'] },
              },
            }
          : { status: 200, body: { message: 'ok', data: { user: makeUser(), token: newToken } } },
    });
    renderApp('/customer/account/settings');
    const current = await screen.findByLabelText('Current password');
    await userEvent.type(current, 'wrong');
    await userEvent.type(screen.getByLabelText('New password'), 'Another2026');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Another2026');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeTruthy();
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('Another2026');
    await userEvent.clear(current);
    await userEvent.type(current, 'Customer123!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(localStorage.getItem('labsongs_access_token')).toBe(newToken));
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
