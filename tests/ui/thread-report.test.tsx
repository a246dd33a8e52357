import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { threadReportTexts } from '../../contracts/thread-report';
import { toaster } from '../../src/components/ui/toaster-region';
import { orderAt } from '../machines/customer-order.fixtures';
import { type FakeCall, fakeServer, makeUser, renderApp, storeSession } from './app-harness';

// "Report" on the order's conversation (customer side): a dialog with a labelled reason, the 422 under the
// field with the text kept, a 409 shown as the server words it, and on success a status line.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toaster.remove();
});

const ok = (data: unknown, message?: string) => ({ status: 200, body: { message, data } });

function customerOnThread(report: (call: FakeCall) => { status: number; body: unknown }) {
  const user = makeUser();
  storeSession(user);
  const order = orderAt('in_progress');
  return fakeServer({
    'GET /api/v1/user/auth/me': () => ok(user),
    'GET /api/v1/user/orders/7': () => ok(order),
    'GET /api/v1/user/orders/7/messages': () =>
      ok({ items: [], next_cursor: null, writable: true, unread: 0, last_read_id: 0 }),
    'POST /api/v1/user/orders/7/messages/report': report,
  });
}

const reports = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.endsWith('/messages/report')).map((c) => c.body);

describe('reporting the conversation', () => {
  it('a refused reason shows under the field and stays; a good one closes the dialog with a status line', async () => {
    let tries = 0;
    const server = customerOnThread(() =>
      ++tries === 1
        ? { status: 422, body: { message: 'Check', errors: { reason: [threadReportTexts.reasonTooShort] } } }
        : { status: 201, body: { message: threadReportTexts.sent, data: { id: 3 } } },
    );
    renderApp('/customer/account/orders/7');
    const thread = await screen.findByTestId('order-messages');
    const button = within(thread).getByRole('button', { name: 'Report' });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    expect(within(dialog).getByText(threadReportTexts.confirm)).toBeTruthy();
    const reason = within(dialog).getByLabelText('What is wrong in this conversation?');
    await userEvent.type(reason, 'Rude');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(threadReportTexts.reasonTooShort);
    expect((reason as HTMLTextAreaElement).value).toBe('Rude');
    expect(reason.getAttribute('aria-invalid')).toBe('true');

    await userEvent.type(reason, ': asks for my number outside the app');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(thread).getByText(threadReportTexts.sent)).toBeTruthy();
    expect(reports(server.calls)).toEqual([{ reason: 'Rude' }, { reason: 'Rude: asks for my number outside the app' }]);
  });

  it('an open report already there shows the server message; cancel sends nothing more', async () => {
    const server = customerOnThread(() => ({ status: 409, body: { message: threadReportTexts.alreadyReported } }));
    renderApp('/customer/account/orders/7');
    const thread = await screen.findByTestId('order-messages');
    await userEvent.click(within(thread).getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    await userEvent.type(
      within(dialog).getByLabelText('What is wrong in this conversation?'),
      'Asks for my number again',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the report' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(threadReportTexts.alreadyReported);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(thread).queryByText(threadReportTexts.sent)).toBeNull();
    expect(reports(server.calls)).toHaveLength(1);
  });
});
