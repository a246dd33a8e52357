import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminPayout, type AdminRefund, lifecycleMessages, type Page } from '../../contracts/lifecycle';
import { storageKeys } from '../../contracts/storage-keys';
import { resetAdminActors } from '../../src/admin/admin-actors';
import { fakeServer, fakeToken, makeUser, renderApp } from './app-harness';

// The admin's money screens: the refunds queue (mark paid with a required reference) and revealing a
// payout's destination (recorded, listed on the payout).

afterEach(() => {
  resetAdminActors();
  vi.unstubAllGlobals();
});

const admin = makeUser({
  id: 50,
  user_id: 'ADM-50',
  type: 'admin',
  full_name: 'Lab Admin',
  email: 'admin@labsongs.test',
});
const me = () => ({ status: 200, body: { data: admin } });
const signIn = () => localStorage.setItem(storageKeys.adminToken, fakeToken());
const ok = (data: unknown, message?: string) => ({ status: 200, body: message ? { message, data } : { data } });
const page = <T,>(items: T[]): Page<T> => ({ items, next_cursor: null });

const owed: AdminRefund = {
  id: 9,
  order_id: 31,
  order_reference: 'OR1031',
  order_status: 'cancelled',
  payment_id: 4,
  amount: 2500,
  currency: 'PHP',
  reason: 'paid_after_void',
  note: '',
  status: 'owed',
  reference: null,
  created_at: '2026-12-12T02:00:00.000Z',
  paid_at: null,
  customer: { name: 'Maria Santos', email: 'maria@example.test' },
};

describe('admin refunds queue', () => {
  it('lists refunds owed with why, and marks one paid once a reference is given', async () => {
    signIn();
    let refunds = [owed];
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/refunds': (call) => ok(page(refunds.filter((r) => r.status === call.query.get('status')))),
      'POST /api/v1/admin/refunds/9/mark-paid': (call) => {
        const reference = (call.body as { reference?: string }).reference ?? '';
        if (!reference)
          return {
            status: 422,
            body: { message: 'Check the form', errors: { reference: ['Enter the transfer reference'] } },
          };
        refunds = refunds.map((r) => ({ ...r, status: 'paid', reference, paid_at: '2026-12-13T02:00:00.000Z' }));
        return ok(refunds[0], lifecycleMessages.refundPaid);
      },
    });
    renderApp('/admin/refunds');
    const row = await screen.findByRole('row', { name: /Maria Santos/ });
    expect(row.textContent).toContain('OR1031');
    expect(row.textContent).toContain('₱2,500.00');
    expect(row.textContent).toContain('A payment arrived for a checkout that had been closed');

    await userEvent.click(within(row).getByRole('button', { name: /^Mark refund paid/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark refund as paid' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('Enter the transfer reference')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Transfer reference/), 'GC-RF-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(lifecycleMessages.refundPaid)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Maria Santos/ })).toBeNull());
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({ reference: 'GC-RF-1' });
  });
});

describe('payout reveal', () => {
  const payout: AdminPayout = {
    id: 5,
    order_reference: 'OR1031',
    order_status: 'completed',
    amount: 2125,
    status: 'pending',
    created_at: '2026-12-12T02:00:00.000Z',
    paid_at: null,
    reference: null,
    artist: { id: 'A-5', stage_name: 'Rhea V', email: 'rhea@labsongs.test' },
    payout_details: { bank_name: 'GCash', account_name: 'Rhea Villa', account_last4: '4567' },
    reveals: [{ admin: 'Other Admin', at: '2026-12-12T03:00:00.000Z' }],
  };

  it('shows the whole account only on request, and lists who saw it', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/payouts': () => ok(page([payout])),
      'POST /api/v1/admin/payouts/5/reveal': () =>
        ok({
          payout_id: 5,
          bank_name: 'GCash',
          account_name: 'Rhea Villa',
          account_number: '09171234567',
          revealed_at: '2026-12-13T02:00:00.000Z',
        }),
    });
    renderApp('/admin/payouts');
    const row = await screen.findByRole('row', { name: /Rhea V/ });
    expect(row.textContent).toContain('account ending 4567');
    expect(row.textContent).not.toContain('09171234567');
    expect(within(row).getByTestId('payout-reveals').textContent).toContain('Other Admin');
    await userEvent.click(within(row).getByRole('button', { name: /Show the full account of Rhea V/ }));
    expect((await within(row).findByTestId('payout-account-number')).textContent).toBe('09171234567');
    expect(within(row).getByTestId('payout-reveals').textContent).toContain('You,');
    expect(server.calls.filter((c) => c.path === '/api/v1/admin/payouts/5/reveal')).toHaveLength(1);
    await userEvent.click(within(row).getByRole('button', { name: 'Hide account' }));
    expect(within(row).queryByTestId('payout-account-number')).toBeNull();
  });
});
