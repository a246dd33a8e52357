import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminPayout, type AdminRefund, lifecycleMessages } from '../../contracts/lifecycle';
import { resetAdminActors } from '../../src/admin/admin-actors';
import { fakeServer, renderApp } from './app-harness';
import { adminMe as me, ok, pageOf as page, signInAdmin as signIn } from './fixtures';

// The admin's money screens: the refunds queue (mark paid with a required reference) and revealing a
// payout's destination (recorded, listed on the payout).

afterEach(() => {
  cleanup(); // The views close first: a page tells the console's live routing it closes.
  resetAdminActors();
  vi.unstubAllGlobals();
});

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
  method: null,
  reference: null,
  created_at: '2026-12-12T02:00:00.000Z',
  sent_at: null,
  failed_at: null,
  failure_reason: null,
  customer: { name: 'Maria Santos', email: 'maria@example.test' },
};

describe('admin refunds queue', () => {
  it('lists refunds owed with why, and marks one sent once its method and reference are given', async () => {
    signIn();
    let refunds = [owed];
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/refunds': (call) => ok(page(refunds.filter((r) => r.status === call.query.get('status')))),
      'POST /api/v1/admin/refunds/9/mark-sent': (call) => {
        const { method = '', reference = '' } = call.body as { method?: string; reference?: string };
        refunds = refunds.map((r) => ({
          ...r,
          status: 'sent',
          method,
          reference,
          sent_at: '2026-12-13T02:00:00.000Z',
        }));
        return ok(refunds[0], lifecycleMessages.refundSent);
      },
    });
    renderApp('/admin/refunds');
    const row = await screen.findByRole('row', { name: /Maria Santos/ });
    expect(row.textContent).toContain('OR1031');
    expect(row.textContent).toContain('₱2,500.00');
    expect(row.textContent).toContain('A payment arrived for a checkout that had been closed');
    expect(row.textContent).toContain('Owed to the customer');

    await userEvent.click(within(row).getByRole('button', { name: /^Mark refund sent/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark refund as sent' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    // Each empty field says what it needs, tied to the field.
    const method = within(dialog).getByLabelText(/Sent by/);
    expect(await within(dialog).findByText('Enter how the refund was sent, e.g. GCash or bank transfer')).toBeTruthy();
    expect(method.getAttribute('aria-describedby')).toBeTruthy();
    expect(within(dialog).getByText('Enter the transfer reference')).toBeTruthy();
    await userEvent.type(method, 'GCash');
    await userEvent.type(within(dialog).getByLabelText(/Transfer reference/), 'GC-RF-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark sent' }));
    expect(await screen.findByText(lifecycleMessages.refundSent)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Maria Santos/ })).toBeNull());
    const posts = server.calls.filter((c) => c.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({ method: 'GCash', reference: 'GC-RF-1' });
  });

  it('marks a refund failed with a reason; a failed one goes back to owed', async () => {
    signIn();
    let refunds = [owed];
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/refunds': (call) => ok(page(refunds.filter((r) => r.status === call.query.get('status')))),
      'POST /api/v1/admin/refunds/9/mark-failed': (call) => {
        const { reason = '' } = call.body as { reason?: string };
        refunds = refunds.map((r) => ({ ...r, status: 'failed', failure_reason: reason, failed_at: r.created_at }));
        return ok(refunds[0], lifecycleMessages.refundFailed);
      },
      'POST /api/v1/admin/refunds/9/retry': () => {
        refunds = refunds.map((r) => ({ ...r, status: 'owed' }));
        return ok(refunds[0], lifecycleMessages.refundRetried);
      },
    });
    renderApp('/admin/refunds');
    const row = await screen.findByRole('row', { name: /Maria Santos/ });
    await userEvent.click(within(row).getByRole('button', { name: /^Mark refund failed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark refund as failed' });
    await userEvent.type(within(dialog).getByLabelText(/Why it failed/), 'GCash number closed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await screen.findByText(lifecycleMessages.refundFailed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Maria Santos/ })).toBeNull());
    expect(server.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ reason: 'GCash number closed' });

    await userEvent.click(screen.getByRole('tab', { name: 'Failed' }));
    const failed = await screen.findByRole('row', { name: /Maria Santos/ });
    expect(failed.textContent).toContain('GCash number closed');
    await userEvent.click(within(failed).getByRole('button', { name: /^Back to owed/ }));
    expect(await screen.findByText(lifecycleMessages.refundRetried)).toBeTruthy();
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
    payout_details: {
      bank_name: 'GCash',
      account_name: 'Rhea Villa',
      account_last4: '4567',
      changed_at: null,
      recently_changed: false,
      holder_review: null,
    },
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

describe('mark all of an artist payouts paid', () => {
  const base: AdminPayout = {
    id: 6,
    order_reference: 'OR1040',
    order_status: 'completed',
    amount: 1700,
    status: 'pending',
    created_at: '2026-12-12T02:00:00.000Z',
    paid_at: null,
    reference: null,
    artist: { id: 'A-7', stage_name: 'Migs', email: 'migs@labsongs.test' },
    payout_details: null,
    reveals: [],
  };
  const second: AdminPayout = { ...base, id: 7, order_reference: 'OR1041' };
  const other: AdminPayout = {
    ...base,
    id: 8,
    order_reference: 'OR1050',
    artist: { id: 'A-8', stage_name: 'Ana', email: 'ana@labsongs.test' },
  };

  it('offers it once per artist with several payouts, pays them with one reference, and reloads', async () => {
    signIn();
    let paid = false;
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/payouts': () => ok(page(paid ? [other] : [base, second, other])),
      'POST /api/v1/admin/artists/A-7/payouts/mark-paid': () => {
        paid = true;
        return ok(
          { payout_ids: [6, 7], orders: ['OR1040', 'OR1041'], amount: 3400, reference: 'BDO-77' },
          'Paid 2 payouts to Migs.',
        );
      },
    });
    renderApp('/admin/payouts');
    await screen.findByRole('row', { name: /OR1041/ });
    // Migs has two payouts on the page: one button, on the first row; Ana has one: none.
    const buttons = screen.getAllByRole('button', { name: /ready payouts paid/ });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(["Mark all of Migs's ready payouts paid"]);
    await userEvent.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Transfer reference/), 'BDO-77');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark all paid' }));
    await waitFor(() =>
      expect(server.calls.map((c) => `${c.method} ${c.path}`)).toContain(
        'POST /api/v1/admin/artists/A-7/payouts/mark-paid',
      ),
    );
    await waitFor(() => expect(screen.queryByRole('row', { name: /OR1040/ })).toBeNull());
    const call = server.calls.find((c) => c.path === '/api/v1/admin/artists/A-7/payouts/mark-paid');
    expect(call?.body).toEqual({ reference: 'BDO-77' });
    expect(await screen.findByText('Paid 2 payouts to Migs.')).toBeTruthy();
  });
});
