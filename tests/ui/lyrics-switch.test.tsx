import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lyricsLabels, lyricsTexts } from '../../contracts/lyrics';
import type { OrderDetail } from '../../contracts/order';
import { toaster } from '../../src/components/ui/toaster-region';
import { orderAt } from '../machines/customer-order.fixtures';
import { type FakeCall, fakeServer, makeUser, renderApp, storeSession } from './app-harness';

// The customer's "Approve the lyrics before the recording" switch on the order page: shown while the
// server lets it change, saved through PUT /user/orders/{id}/lyrics-approval, a refusal shown as the
// server words it with the switch left as it was.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toaster.remove();
});

const ok = (data: unknown, message?: string) => ({ status: 200, body: { message, data } });

function customerWithOrder(order: OrderDetail, put: (call: FakeCall) => { status: number; body: unknown }) {
  const user = makeUser();
  storeSession(user);
  return fakeServer({
    'GET /api/v1/user/auth/me': () => ok(user),
    'GET /api/v1/user/orders/7': () => ok(order),
    'GET /api/v1/user/orders/7/messages': () =>
      ok({ items: [], next_cursor: null, writable: true, unread: 0, last_read_id: 0 }),
    'PUT /api/v1/user/orders/7/lyrics-approval': put,
  });
}

const puts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('lyrics approval switch', () => {
  it('before an artist accepts, the customer turns it off and on again', async () => {
    const order = orderAt('offered', { lyrics_approval: true });
    const server = customerWithOrder(order, (call) => ok(order, (call.body as { on: boolean }).on ? 'on' : 'off'));
    renderApp('/customer/account/orders/7');
    const approval = await screen.findByRole('switch', { name: lyricsLabels.switchLabel });
    expect(approval.getAttribute('aria-checked')).toBe('true');
    expect(approval.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(lyricsLabels.switchHint)).toBeTruthy();

    await userEvent.click(approval);
    await waitFor(() => expect(approval.getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText(lyricsTexts.turnedOff)).toBeTruthy();
    await userEvent.click(approval);
    await waitFor(() => expect(approval.getAttribute('aria-checked')).toBe('true'));
    expect(puts(server.calls)).toEqual([{ on: false }, { on: true }]);
  });

  it("a refusal shows the server's message and leaves the switch as it was", async () => {
    const order = orderAt('in_progress', { lyrics_approval: true, lyrics_step: 'draft' });
    const server = customerWithOrder(order, () => ({
      status: 409,
      body: { message: 'The artist already uploaded the recording.' },
    }));
    renderApp('/customer/account/orders/7');
    const approval = await screen.findByRole('switch', { name: lyricsLabels.switchLabel });
    await userEvent.click(approval);
    expect((await screen.findByRole('alert')).textContent).toBe('The artist already uploaded the recording.');
    expect(approval.getAttribute('aria-checked')).toBe('true');
    expect(puts(server.calls)).toEqual([{ on: false }]);
  });

  it('is not shown once it can no longer change', async () => {
    // Accepted without approval (turning it on now is refused), and approved lyrics (the recording is under way).
    for (const order of [orderAt('in_progress'), orderAt('in_progress', { lyrics_approval: true })]) {
      customerWithOrder(order, () => ok(order));
      const { unmount } = renderApp('/customer/account/orders/7');
      expect(await screen.findByTestId('order-status')).toBeTruthy();
      expect(screen.queryByRole('switch', { name: lyricsLabels.switchLabel })).toBeNull();
      unmount();
    }
  });
});
