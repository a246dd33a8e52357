import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, Payment } from '../../contracts/order';
import { fakeServer, fakeToken, makeUser, renderApp, storeSession } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

const order: OrderDetail = {
  id: 7,
  reference: 'OR12345678',
  status: 'offered',
  price: 3200,
  currency: 'PHP',
  occasion_name: 'birthday',
  recipient_first_name: 'Lola',
  needed_by: '2026-12-24',
  artists: [{ id: 'a1', stage_name: 'Liza Sings' }],
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: '2026-11-20T10:05:00.000Z',
  events: [
    { type: 'created', at: '2026-11-20T10:00:00.000Z', by: 'customer' },
    { type: 'payment_succeeded', at: '2026-11-20T10:05:00.000Z', by: 'provider' },
  ],
  lifecycle: { status: 'offered', rated: false, open_offers: 1, revisions_used: 0, revision_limit: 2 },
  due_at: null,
  recording: null,
  artist: null,
  rating: null,
  review: null,
  gift: null,
  refund: null,
  brief: {
    occasion: {} as OrderDetail['brief']['occasion'],
    song: {
      selected_artists: ['a1'],
      song_mood: 'sentimental',
      song_tempo: 'slow',
      genre: 'ballad',
      vocal_type: 'female',
      is_rebook: false,
      needed_by: '2026-12-24',
    },
    story: {
      song_about: 'Her ninetieth birthday and the garden she grew for all of us.',
      song_prompt1_title: 'Sunday lunches',
      song_prompt1_details: 'Sinigang and stories.',
      song_prompt2_title: '',
      song_prompt2_details: '',
      song_clip: null,
      song_prompt1_clip: null,
      song_prompt2_clip: null,
      audio_recording1_clip: { temp_location: 'tmp_abcdefgh', url: '/media/audio/x', mime: 'audio/webm', size: 10 },
      audio_recording2_clip: null,
    },
  },
};
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
};

function signedInCustomer(extra: Parameters<typeof fakeServer>[0] = {}) {
  const user = makeUser();
  storeSession(user);
  return fakeServer({ 'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }), ...extra });
}

describe('customer account', () => {
  it('order history shows each order with its status and timeline, and ?transaction asks for that order', async () => {
    const server = signedInCustomer({
      'GET /api/v1/user/orders': () => ({ status: 200, body: { data: { orders: [order] } } }),
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
      'GET /api/v1/user/orders': () => ({ status: 200, body: { data: { orders: [order] } } }),
    });
    renderApp('/customer/account/order-history?transaction=bad');
    expect(await screen.findByRole('article', { name: 'Birthday song for Lola' })).toBeTruthy();
    expect(server.calls.find((c) => c.path === '/api/v1/user/orders')?.query.has('transaction')).toBe(false);
  });

  it('payment history lists amount, method, status and reference', async () => {
    signedInCustomer({ 'GET /api/v1/user/payments': () => ({ status: 200, body: { data: { payments: [payment] } } }) });
    renderApp('/customer/account/payment-history');
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row.textContent).toContain('OR12345678');
    expect(row.textContent).toContain('GCash (DragonPay)');
    expect(within(row).getByTestId('payment-status').textContent).toBe('Paid');
    expect(row.textContent).toContain('DP-998877');
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
