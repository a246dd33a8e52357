import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminOrder, type AdminPayout, lifecycleMessages, type Page } from '../../contracts/lifecycle';
import { serverMessages } from '../../contracts/server-messages';
import { resetAdminActors } from '../../src/admin/admin-actors';
import { type FakeCall, fakeServer, renderApp } from './app-harness';
import { adminMe as me, ok, pageOf as page, signInAdmin as signIn } from './fixtures';

afterEach(() => {
  cleanup(); // The views close first: a page tells the console's live routing it closes.
  resetAdminActors();
  vi.unstubAllGlobals();
});

const inValidation: AdminOrder = {
  id: 31,
  reference: 'OR1031',
  status: 'in_validation',
  occasion_name: 'birthday',
  recipient_first_name: 'Maria',
  needed_by: '2026-12-20',
  due_at: '2026-12-18T16:00:00.000Z',
  overdue: false,
  price: 2500,
  earning: 2125,
  add_ons: { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 },
  platform_fee: 375,
  brief: {
    occasion: {
      gifter_first_name: 'Ana',
      gifter_last_name: 'Reyes',
      gifter_contact_number: '9171234567',
      gifter_dial_code: '+63',
      gifter_country: 'PH',
      gifter_email: 'ana@labsongs.test',
      recipient_first_name: 'Maria',
      recipient_last_name: 'Santos',
      recipient_relationship: 'parent',
      recipient_pronunciation: 'ma-REE-ah',
      recipient_mentioned: true,
      occasion_name: 'birthday',
      occasion_mentioned: true,
    },
    song: {
      selected_artists: ['A-0007'],
      song_mood: 'sentimental',
      song_tempo: 'slow',
      genre: 'ballad',
      vocal_type: 'female',
      is_rebook: false,
      rush: false,
      extra_revisions: 0,
      needed_by: '2026-12-20',
    },
    story: {
      song_about: 'Her sixtieth birthday and the garden she grew for all of us.',
      song_prompt1_title: 'Sunday lunches',
      song_prompt1_details: 'Sinigang and stories.',
      song_prompt2_title: '',
      song_prompt2_details: '',
      song_clip: null,
      song_prompt1_clip: null,
      song_prompt2_clip: null,
      audio_recording1_clip: { temp_location: 'tmp_name0001', url: '/media/signed/name', mime: 'audio/webm', size: 10 },
      audio_recording2_clip: null,
    },
  },
  lifecycle: { status: 'in_validation', rated: false, open_offers: 0, revisions_used: 0, revision_limit: 2 },
  recording: {
    id: 9,
    version: 2,
    url: '/media/signed/recording-v2',
    mime: 'audio/mpeg',
    size: 4_000_000,
    lyrics: 'Maria, sixty springs in your garden\nEvery Sunday a song',
    uploaded_at: '2026-12-10T02:00:00.000Z',
    status: 'pending',
  },
  feedback: { from: 'customer', text: 'Please say her name slower.', at: '2026-12-08T02:00:00.000Z' },
  rating: null,
  review: null,
  accepted_at: '2026-12-01T02:00:00.000Z',
  completed_at: null,
  unread_messages: 0,
  customer: { name: 'Ana Reyes', email: 'ana@labsongs.test' },
  artist: { id: 'A-0007', stage_name: 'Rhea V' },
  offers: [{ artist: { id: 'A-0007', stage_name: 'Rhea V' }, status: 'accepted', rank: 1, expires_at: null }],
  events: [
    { type: 'payment_succeeded', at: '2026-11-30T02:00:00.000Z', by: 'provider' },
    { type: 'artist_accepted', at: '2026-12-01T02:00:00.000Z', by: 'artist' },
    { type: 'recording_uploaded', at: '2026-12-10T02:00:00.000Z', by: 'artist' },
  ],
  refunds: [],
};

const overdue: AdminOrder = {
  ...inValidation,
  id: 32,
  reference: 'OR1032',
  status: 'in_progress',
  recipient_first_name: 'Jun',
  due_at: '2026-01-02T16:00:00.000Z',
  overdue: true,
  lifecycle: { ...inValidation.lifecycle, status: 'in_progress' },
  recording: null,
  feedback: null,
  customer: { name: 'Ben Cruz', email: 'ben@labsongs.test' },
};

/** GET /admin/orders answered from the query, every call recorded. */
function ordersFrom(answer: (query: URLSearchParams) => Page<AdminOrder>) {
  return (call: FakeCall) => ok(answer(call.query));
}

const lastCall = (calls: FakeCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).at(-1);

describe('admin validation queue and review', () => {
  it('lists the queue, opens the review with both players, the lyrics and the brief, then asks for a revision and validates', async () => {
    signIn();
    let current = inValidation;
    let revisionAttempts = 0;
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/orders': ordersFrom((q) => page(q.get('stage') === 'in_validation' ? [current] : [])),
      'GET /api/v1/admin/orders/31': () => ok(current),
      'POST /api/v1/admin/orders/31/request-revision': () =>
        ++revisionAttempts === 1
          ? {
              status: 422,
              body: { message: serverMessages.validationFailed, errors: { notes: ['Say which line to change'] } },
            }
          : { status: 500, body: { message: serverMessages.serverError } },
      'POST /api/v1/admin/orders/31/validate': () => {
        current = {
          ...inValidation,
          status: 'delivered',
          lifecycle: { ...inValidation.lifecycle, status: 'delivered' },
          recording: inValidation.recording && { ...inValidation.recording, status: 'validated' },
        };
        return ok(current, lifecycleMessages.validated);
      },
    });
    const { router } = renderApp('/admin/validation');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Validation' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Orders' })).toBeTruthy();
    expect(within(banner).getByRole('link', { name: 'Payouts' })).toBeTruthy();

    const entry = await screen.findByTestId('queue-entry');
    expect(entry.textContent).toContain('OR1031');
    expect(entry.textContent).toContain('Rhea V');
    expect(entry.textContent).toContain('version 2');
    expect(lastCall(server.calls, 'GET', '/api/v1/admin/orders')?.query.get('stage')).toBe('in_validation');

    await userEvent.click(within(entry).getByRole('link', { name: 'Review OR1031' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/31'));
    expect(await screen.findByRole('heading', { name: 'OR1031' })).toBeTruthy();

    // The recording and the customer's clip of the name, side by side, with the lyrics.
    const recording = screen.getByLabelText('Play the recording, version 2');
    expect(recording.tagName).toBe('AUDIO');
    expect(recording.getAttribute('src')).toBe('/media/signed/recording-v2');
    const name = screen.getByLabelText('Play how the customer says Maria');
    expect(name.getAttribute('src')).toBe('/media/signed/name');
    expect(screen.getByTestId('pronunciation-player').textContent).toContain('ma-REE-ah');
    expect(screen.getByTestId('lyrics').textContent).toBe('Maria, sixty springs in your garden\nEvery Sunday a song');
    // The brief and the last feedback.
    expect(screen.getByText('Her sixtieth birthday and the garden she grew for all of us.')).toBeTruthy();
    expect(screen.getByText('Sentimental, slow')).toBeTruthy();
    expect(screen.getByText('Please say her name slower.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Validation queue' })).toBeTruthy();
    // The machine allows validate and revision here, not cancel.
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();

    // Request revision: empty notes are refused under the field, nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Request revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a revision' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to revision' }));
    const notes = within(dialog).getByLabelText('Notes for the artist');
    expect(await within(dialog).findByText(lifecycleMessages.notesRequired)).toBeTruthy();
    expect(notes.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((c) => c.path.endsWith('/request-revision'))).toBe(false);

    // The server's 422 lands under the field too, and what was typed stays.
    await userEvent.type(notes, 'Fix the name on line two');
    expect(within(dialog).queryByText(lifecycleMessages.notesRequired)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to revision' }));
    expect(await within(dialog).findByText('Say which line to change')).toBeTruthy();
    expect((notes as HTMLTextAreaElement).value).toBe('Fix the name on line two');
    expect(lastCall(server.calls, 'POST', '/api/v1/admin/orders/31/request-revision')?.body).toEqual({
      notes: 'Fix the name on line two',
    });
    // A server failure keeps the dialog open with the notes.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to revision' }));
    expect(await screen.findByText(serverMessages.serverError)).toBeTruthy();
    expect((within(dialog).getByLabelText('Notes for the artist') as HTMLTextAreaElement).value).toBe(
      'Fix the name on line two',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request a revision' })).toBeNull());

    // Validate, after the confirmation.
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Validate recording' });
    expect(confirm.textContent).toContain('version 2');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText(lifecycleMessages.validated)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Delivered'));
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request revision' })).toBeNull();
  });

  it('says so when the queue is empty', async () => {
    signIn();
    fakeServer({ 'GET /api/v1/admin/auth/me': me, 'GET /api/v1/admin/orders': () => ok(page([])) });
    renderApp('/admin/validation');
    expect((await screen.findByTestId('list-empty')).textContent).toBe('No recordings are waiting for validation.');
  });
});

describe('admin orders overview', () => {
  it('filters by the stage in the address, flags overdue orders in words, and pages with "Show more"', async () => {
    signIn();
    const second: AdminOrder = { ...overdue, id: 33, reference: 'OR1033', overdue: true };
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/orders': ordersFrom((q) => {
        if (q.get('stage') === 'overdue') return q.get('cursor') === 'c1' ? page([second]) : page([overdue], 'c1');
        if (q.get('stage') === 'in_validation') return page([inValidation]);
        return page([inValidation, overdue]);
      }),
    });
    const { router } = renderApp('/admin/orders?stage=overdue');
    const row = await screen.findByRole('row', { name: /OR1032/ });
    expect(within(row).getByTestId('overdue-flag').textContent).toContain('Overdue');
    expect(row.textContent).toContain('Ben Cruz');
    expect(row.textContent).toContain('Rhea V');
    expect(row.textContent).toContain('In progress');
    expect(row.textContent).toContain('₱2,500.00');
    expect(screen.getByRole('combobox', { name: 'Stage' }).textContent).toContain('Overdue');
    expect(lastCall(server.calls, 'GET', '/api/v1/admin/orders')?.query.get('stage')).toBe('overdue');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    const added = await screen.findByRole('row', { name: /OR1033/ });
    expect(lastCall(server.calls, 'GET', '/api/v1/admin/orders')?.query.get('cursor')).toBe('c1');
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    // The focus moves to the first new row.
    await waitFor(() => expect(document.activeElement).toBe(within(added).getByRole('link', { name: 'OR1033' })));

    // Choosing another stage puts it in the address and asks the server for it.
    await userEvent.click(screen.getByRole('combobox', { name: 'Stage' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Waiting for validation' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ stage: 'in_validation' }));
    const validationRow = await screen.findByRole('row', { name: /OR1031/ });
    expect(within(validationRow).queryByTestId('overdue-flag')).toBeNull();
    expect(lastCall(server.calls, 'GET', '/api/v1/admin/orders')?.query.get('stage')).toBe('in_validation');
  });

  it('focuses one order from a notification link and ignores a stage the server would refuse', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/orders': ordersFrom((q) => page(q.get('transaction') === 'OR1032' ? [overdue] : [])),
    });
    renderApp('/admin/orders?transaction=OR1032&stage=bogus');
    expect(await screen.findByRole('row', { name: /OR1032/ })).toBeTruthy();
    const asked = lastCall(server.calls, 'GET', '/api/v1/admin/orders')?.query;
    expect(asked?.get('transaction')).toBe('OR1032');
    expect(asked?.get('stage')).toBe('all');
    expect(screen.getByText(/Showing order OR1032/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all orders' })).toBeTruthy();
  });
});

describe('admin order detail', () => {
  it('shows the timeline, history and offers, and cancels after a confirmation with the refund recorded', async () => {
    signIn();
    let current = overdue;
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/orders/32': () => ok(current),
      'POST /api/v1/admin/orders/32/cancel': () => {
        current = {
          ...overdue,
          status: 'cancelled',
          overdue: false,
          lifecycle: { ...overdue.lifecycle, status: 'cancelled' },
          refunds: [
            {
              id: 1,
              amount: 2500,
              at: '2026-12-12T02:00:00.000Z',
              reason: 'order_cancelled',
              status: 'owed',
              method: null,
              reference: null,
              sent_at: null,
            },
          ],
          events: [...overdue.events, { type: 'cancelled', at: '2026-12-12T02:00:00.000Z', by: 'admin' }],
        };
        return ok(current, lifecycleMessages.cancelledRefund);
      },
    });
    renderApp('/admin/orders/32');
    expect(await screen.findByRole('heading', { name: 'OR1032' })).toBeTruthy();
    expect(screen.getByTestId('order-status').parentElement?.textContent).toContain('Overdue');
    const timeline = screen.getByRole('list', { name: 'Lifecycle' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-state')),
    ).toEqual(['done', 'done', 'current', 'upcoming', 'upcoming', 'upcoming']);
    expect(screen.getAllByTestId('order-event').map((e) => e.textContent)).toEqual([
      expect.stringContaining('Payment received'),
      expect.stringContaining('Artist accepted'),
      expect.stringContaining('Recording submitted'),
    ]);
    expect(screen.getByTestId('order-offer').textContent).toContain('Rhea V');
    expect(screen.getByText('The artist has not submitted a recording yet.')).toBeTruthy();
    // In progress: an admin may cancel, not validate.
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel order' });
    expect(dialog.textContent).toContain('A refund of ₱2,500.00 is recorded.');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'The artist cannot deliver in time');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText(lifecycleMessages.cancelledRefund)).toBeTruthy();
    expect(lastCall(server.calls, 'POST', '/api/v1/admin/orders/32/cancel')?.body).toEqual({
      reason: 'The artist cannot deliver in time',
    });
    const refund = await screen.findByTestId('order-refund');
    expect(refund.textContent).toContain('₱2,500.00');
    expect(refund.textContent).toContain('Owed to the customer');
    expect(screen.getByTestId('order-status').textContent).toBe('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows the recording due date as the customer and the artist read it, with its zone', async () => {
    signIn();
    fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/orders/32': () => ok({ ...overdue, due_at: '2026-12-22T16:00:00.000Z', overdue: false }),
    });
    renderApp('/admin/orders/32');
    expect(await screen.findByRole('heading', { name: 'OR1032' })).toBeTruthy();
    const due = screen.getByText('Recording due').parentElement as HTMLElement;
    expect(due.textContent).toContain('Dec 22, 2026, end of day (Manila time, UTC+8)');
  });

  it('names the add-ons the customer paid for, with their prices', async () => {
    signIn();
    fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/orders/32': () =>
        ok({ ...overdue, add_ons: { rush: true, rush_price: 800, extra_revisions: 2, extra_revisions_price: 1000 } }),
    });
    renderApp('/admin/orders/32');
    expect(await screen.findByRole('heading', { name: 'OR1032' })).toBeTruthy();
    const addOns = screen.getByText('Add-ons').parentElement as HTMLElement;
    expect(addOns.textContent).toContain('Rush delivery (+₱800), 2 extra revisions (+₱1,000)');
  });

  it('says when the order does not exist', async () => {
    signIn();
    fakeServer({ 'GET /api/v1/admin/auth/me': me });
    renderApp('/admin/orders/999');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
  });
});

describe('admin payouts', () => {
  const pending = (id: number, reference: string, stage_name: string): AdminPayout => ({
    id,
    order_reference: reference,
    amount: 2125,
    status: 'pending',
    order_status: 'completed',
    reveals: [],
    created_at: '2026-12-12T02:00:00.000Z',
    paid_at: null,
    reference: null,
    artist: { id: `A-${id}`, stage_name, email: `${stage_name.split(' ')[0]?.toLowerCase()}@labsongs.test` },
    payout_details: {
      bank_name: 'BDO',
      account_name: stage_name,
      account_last4: '1234',
      changed_at: null,
      recently_changed: false,
      holder_review: null,
    },
  });

  it('lists pending payouts with masked bank details, marks one paid with a reference, and it moves to paid', async () => {
    signIn();
    let payouts = [pending(5, 'OR1031', 'Rhea V'), { ...pending(6, 'OR1040', 'Jun Cruz'), payout_details: null }];
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/payouts': (call) =>
        ok(page(payouts.filter((p) => p.status === (call.query.get('status') ?? 'pending')))),
      'POST /api/v1/admin/payouts/5/mark-paid': (call) => {
        const reference = (call.body as { reference?: string }).reference ?? null;
        payouts = payouts.map((p) =>
          p.id === 5 ? { ...p, status: 'paid', paid_at: '2026-12-13T02:00:00.000Z', reference } : p,
        );
        return ok(
          payouts.find((p) => p.id === 5),
          lifecycleMessages.payoutPaid,
        );
      },
    });
    const { router } = renderApp('/admin/payouts');
    const row = await screen.findByRole('row', { name: /Rhea V/ });
    expect(row.textContent).toContain('BDO');
    expect(row.textContent).toContain('account ending 1234');
    expect(row.textContent).toContain('OR1031');
    expect(row.textContent).toContain('₱2,125.00');
    expect(screen.getByRole('row', { name: /Jun Cruz/ }).textContent).toContain('No bank details on file');
    expect(screen.getByText('Showing 2 payouts')).toBeTruthy();
    expect(lastCall(server.calls, 'GET', '/api/v1/admin/payouts')?.query.get('status')).toBe('pending');

    await userEvent.click(within(row).getByRole('button', { name: /^Mark paid/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout as paid' });
    expect(dialog.textContent).toContain('₱2,125.00 was transferred to Rhea V (BDO, account ending 1234)');
    await userEvent.type(within(dialog).getByLabelText('Transfer reference (optional)'), 'BDO-7781');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(lifecycleMessages.payoutPaid)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Rhea V/ })).toBeNull());
    expect(screen.getAllByTestId('payout-row')).toHaveLength(1);
    // One is one payout, not "1 payouts".
    expect(screen.getByText('Showing 1 payout')).toBeTruthy();
    expect(lastCall(server.calls, 'POST', '/api/v1/admin/payouts/5/mark-paid')?.body).toEqual({
      reference: 'BDO-7781',
    });

    await userEvent.click(screen.getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'paid' }));
    const paidRow = await screen.findByRole('row', { name: /Rhea V/ });
    expect(paidRow.textContent).toContain('Reference BDO-7781');
    expect(within(paidRow).queryByRole('button', { name: /Mark paid/ })).toBeNull();
  });

  it('an already paid payout (409) leaves the pending list with the message', async () => {
    signIn();
    // Another admin marked it paid a moment ago.
    let paidElsewhere = false;
    const server = fakeServer({
      'GET /api/v1/admin/auth/me': me,
      'GET /api/v1/admin/payouts': () => ok(page(paidElsewhere ? [] : [pending(5, 'OR1031', 'Rhea V')])),
      'POST /api/v1/admin/payouts/5/mark-paid': () => {
        paidElsewhere = true;
        return { status: 409, body: { message: lifecycleMessages.payoutAlreadyPaid } };
      },
    });
    renderApp('/admin/payouts');
    const row = await screen.findByRole('row', { name: /Rhea V/ });
    await userEvent.click(within(row).getByRole('button', { name: /^Mark paid/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout as paid' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(lifecycleMessages.payoutAlreadyPaid)).toBeTruthy();
    // The list asks again once its last row left: the server now has none pending.
    expect((await screen.findByTestId('list-empty')).textContent).toBe('No payouts are waiting to be paid.');
    expect(screen.queryByRole('row', { name: /Rhea V/ })).toBeNull();
    expect(server.calls.filter((c) => c.path === '/api/v1/admin/payouts')).toHaveLength(2);
  });
});
