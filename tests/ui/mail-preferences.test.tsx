import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser, renderApp, storeSession } from './app-harness';

afterEach(() => vi.unstubAllGlobals());

describe('email notification choices in the customer settings', () => {
  it('loads the choices, saves one switch at a time, and puts a switch back when the save is refused', async () => {
    const user = makeUser();
    storeSession(user);
    let saved = { payment_reminders: true, order_progress: true, messages: true };
    let patches = 0;
    const server = fakeServer({
      'GET /api/v1/user/auth/me': () => ({ status: 200, body: { data: user } }),
      'GET /api/v1/user/mail-preferences': () => ({ status: 200, body: { data: saved } }),
      'PATCH /api/v1/user/mail-preferences': (request) => {
        patches += 1;
        if (patches === 2) return { status: 500, body: { message: 'Something went wrong on our side.' } };
        saved = { ...saved, ...(request.body as object) };
        return { status: 200, body: { message: 'Your mail preferences are saved.', data: saved } };
      },
    });
    renderApp('/customer/account/settings');
    const section = await screen.findByRole('region', { name: 'Email notifications' });
    const progress = within(section).getByRole('checkbox', { name: 'Order updates' }) as HTMLInputElement;
    await waitFor(() => expect(progress.disabled).toBe(false));
    expect(progress.checked).toBe(true);
    expect(progress.getAttribute('aria-describedby')).toBe('mail-order_progress-hint');
    // Issue 28: the mail about messages left unread has its own switch.
    expect((within(section).getByRole('checkbox', { name: 'Unread messages' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(progress);
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe('Your mail preferences are saved.'),
    );
    expect(progress.checked).toBe(false);
    expect(server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ order_progress: false }]);

    const reminders = within(section).getByRole('checkbox', { name: 'Payment reminders' }) as HTMLInputElement;
    await userEvent.click(reminders);
    await waitFor(() =>
      expect(within(section).getByRole('status').textContent).toBe('Something went wrong on our side.'),
    );
    expect(reminders.checked).toBe(true);
  });
});
