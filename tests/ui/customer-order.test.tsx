import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArtistCard } from '../../contracts/artist';
import { type GiftLink, lifecycleMessages, revisionNoteRule, revisionNoteTooShort } from '../../contracts/lifecycle';
import { type OrderDetail, orderMessages } from '../../contracts/order';
import { cancelledMessage } from '../../contracts/refunds';
import { toaster } from '../../src/components/ui/toaster-region';
import { firstVersion, gift, lockedGift, orderAt, recording } from '../machines/customer-order.fixtures';
import { currentPlayer, type FakeCall, fakeServer, makeUser, renderApp, storeSession } from './app-harness';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The toaster outlives a test and shows at most five at a time: start each test with none.
  toaster.remove();
});

const ok = (data: unknown, message?: string) => ({ status: 200, body: { message, data } });
const invalid = (errors: Record<string, string[]>) => ({
  status: 422,
  body: { message: 'The given data was invalid.', errors },
});

/** A signed-in customer whose order 7 is `order` (a handler may replace it, as the server would). */
function customerWithOrder(order: OrderDetail, extra: Parameters<typeof fakeServer>[0] = {}) {
  const user = makeUser();
  storeSession(user);
  const state = { order };
  const server = fakeServer({
    'GET /api/v1/user/auth/me': () => ok(user),
    'GET /api/v1/user/orders': () => ok({ orders: [state.order] }),
    'GET /api/v1/user/orders/7': () => ok(state.order),
    ...extra,
  });
  return { server, state };
}

const posts = (calls: FakeCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const timeline = () => screen.findByRole('list', { name: 'Order progress' });

describe('customer order page', () => {
  it('shows the recording due date as the artist and the admin read it, in Manila time with the zone', async () => {
    customerWithOrder(orderAt('in_progress', {}, { due_at: '2026-12-22T16:00:00.000Z' }));
    renderApp('/customer/account/orders/7');
    const due = (await screen.findByText('Recording due')).parentElement as HTMLElement;
    expect(due.textContent).toContain('Dec 22, 2026, end of day (Manila time, UTC+8)');
  });

  it('opens from the order history (keeping its ?transaction focus) and marks the current step', async () => {
    const { server } = customerWithOrder(orderAt('in_progress'));
    const { router } = renderApp('/customer/account/order-history?transaction=OR12345678');
    const card = await screen.findByRole('article', { name: 'Birthday song for Lola' });
    expect(server.calls.find((c) => c.path === '/api/v1/user/orders')?.query.get('transaction')).toBe('OR12345678');
    await userEvent.click(within(card).getByRole('link', { name: 'View order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/account/orders/7'));

    const steps = within(await timeline()).getAllByRole('listitem');
    expect(steps).toHaveLength(6);
    const current = steps.filter((li) => li.getAttribute('aria-current') === 'step');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toContain('The artist is working on your song');
    expect(steps[0]?.getAttribute('data-state')).toBe('done');
    expect(steps[5]?.getAttribute('data-state')).toBe('upcoming');
    expect(screen.getByTestId('order-status').textContent).toBe('The artist is working on your song');
    // Nothing to do while the artist works.
    for (const name of ['Accept the song', 'Ask for changes', 'Cancel order'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.getByText('Liza Sings')).toBeTruthy();
  });

  it('an unknown order shows "not found" with a way back', async () => {
    customerWithOrder(orderAt('offered'));
    renderApp('/customer/account/orders/999');
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your orders' }).getAttribute('href')).toBe(
      '/customer/account/order-history',
    );
  });

  it('a delivered song plays in the global player with its lyrics; accept and ask for changes, not cancel', async () => {
    customerWithOrder(orderAt('delivered', { revisions_used: 1, revision_limit: 3 }));
    renderApp('/customer/account/orders/7');
    expect(await screen.findByRole('button', { name: 'Accept the song' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ask for changes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByText('2 revisions left')).toBeTruthy();
    expect(screen.getByTestId('lyrics').textContent).toBe(recording.lyrics);
    // Their own copy: the server's signed link, which names the file.
    const download = screen.getByRole('link', { name: 'Download the song' });
    expect(download.getAttribute('href')).toBe(recording.download_url);
    expect(download.hasAttribute('download')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Play “Song for Lola”' }));
    const { songs, artist } = (await currentPlayer()).getSnapshot().context;
    expect(songs).toEqual([{ url: recording.url, title: 'Song for Lola' }]);
    expect(artist?.name).toBe('Liza Sings');
  });

  it('asking for changes needs feedback, shows the 422 under the field and keeps the text', async () => {
    let attempt = 0;
    const { server, state } = customerWithOrder(orderAt('delivered'), {
      'POST /api/v1/user/orders/7/reject': () => {
        if (++attempt === 1) return invalid({ reason: ['Say a little more about what to change'] });
        state.order = orderAt('in_revision', { revisions_used: 1 });
        return ok(state.order, lifecycleMessages.customerRejected);
      },
    });
    renderApp('/customer/account/orders/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask for changes' });
    expect(dialog.textContent).toContain('2 revisions left');

    // The rule shows before anything is typed.
    expect(dialog.textContent).toContain(revisionNoteRule);
    // Empty: the shared schema's message under the field, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const notes = () => within(dialog).getByLabelText('What should the artist change?') as HTMLTextAreaElement;
    let field = notes();
    expect(await within(dialog).findByText(lifecycleMessages.changesRequired)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(posts(server.calls, '/api/v1/user/orders/7/reject')).toHaveLength(0);

    // One word: the rule (shown as the field's hint before typing) is the error, nothing sent, the text stays.
    await userEvent.type(field, 'Slower');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const short = await within(dialog).findByText(revisionNoteTooShort);
    expect(field.getAttribute('aria-describedby')).toBe(short.id);
    expect(field.value).toBe('Slower');
    expect(posts(server.calls, '/api/v1/user/orders/7/reject')).toHaveLength(0);

    // The server's 422: under the field, and what was typed stays.
    await userEvent.type(field, ' in the last chorus');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send to the artist' }));
    const message = await within(dialog).findByText('Say a little more about what to change');
    // Back at her notes (the confirmation's step is gone): the same text, the server's word under it.
    field = notes();
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(field.value).toBe('Slower in the last chorus');

    await userEvent.type(field, ', and twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send to the artist' }));
    expect(await screen.findByText(lifecycleMessages.customerRejected)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/user/orders/7/reject').at(-1)?.body).toEqual({
      reason: 'Slower in the last chorus, and twice',
    });
    await waitFor(() =>
      expect(screen.getByTestId('order-status').textContent).toBe('The artist is revising your song'),
    );
    expect(screen.queryByRole('dialog', { name: 'Ask for changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept the song' })).toBeNull();
  });

  it('asks before a revision is used, with the count left after it; going back or closing spends nothing, focus returns', async () => {
    const { server } = customerWithOrder(orderAt('delivered'));
    renderApp('/customer/account/orders/7');
    const trigger = await screen.findByRole('button', { name: 'Ask for changes' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Ask for changes' });
    const notes = 'Softer in the last chorus, please.';
    await userEvent.type(within(dialog).getByLabelText('What should the artist change?'), notes);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await within(dialog).findByTestId('revision-confirm');
    expect(confirm.textContent).toContain(
      'This uses one of your 2 revisions. After it, you will have 1 revision left.',
    );
    expect(confirm.textContent).toContain(notes);
    // Focus follows to the confirmation's words.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('This uses one of your 2 revisions'));

    // Back: her notes as typed, focus in the field, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    const field = within(dialog).getByLabelText('What should the artist change?') as HTMLTextAreaElement;
    expect(field.value).toBe(notes);
    await waitFor(() => expect(document.activeElement).toBe(field));
    // Closing from the confirmation: nothing sent, focus back on "Ask for changes", the notes kept.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByTestId('revision-confirm');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ask for changes' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(posts(server.calls, '/api/v1/user/orders/7/reject')).toHaveLength(0);
    expect(screen.getByText('2 revisions left')).toBeTruthy();
    await userEvent.click(trigger);
    const again = await screen.findByRole('dialog', { name: 'Ask for changes' });
    expect((within(again).getByLabelText('What should the artist change?') as HTMLTextAreaElement).value).toBe(notes);
  });

  it('lists every version newest first with its date and her notes, each playable; the one being made on top', async () => {
    const v2 = {
      ...firstVersion,
      number: 2,
      url: '/media/audio/rec32?exp=1&sig=y',
      delivered_at: '2026-12-14T09:00:00.000Z',
      notes: 'A slower tempo in the chorus, please.',
    };
    customerWithOrder(
      orderAt(
        'in_revision',
        { revisions_used: 2, revision_limit: 3 },
        {
          recording,
          versions: [firstVersion, v2],
          requested_version: {
            number: 3,
            notes: 'Say Lola twice at the end.',
            asked_at: '2026-12-15T02:00:00.000Z',
          },
        },
      ),
    );
    renderApp('/customer/account/orders/7');
    const section = await screen.findByRole('region', { name: 'Versions of your song' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('h4')?.textContent)).toEqual([
      'Version 3: being made',
      'Version 2 (current)',
      'Version 1',
    ]);
    expect(items[0]?.textContent).toContain('Say Lola twice at the end.');
    expect(items[0]?.textContent).toContain('Asked for on Dec 15, 2026');
    expect(items[1]?.textContent).toContain('Delivered on Dec 14, 2026');
    expect(items[1]?.textContent).toContain('A slower tempo in the chorus, please.');
    expect(items[2]?.textContent).toContain('Delivered on Dec 10, 2026');
    expect(items[2]?.textContent).not.toContain('Your notes');
    await userEvent.click(within(items[2] as HTMLElement).getByRole('button', { name: 'Play version 1' }));
    expect((await currentPlayer()).getSnapshot().context.songs).toEqual([
      { url: firstVersion.url, title: 'Song for Lola, version 1' },
    ]);
    await userEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Play version 2' }));
    await waitFor(async () =>
      expect((await currentPlayer()).getSnapshot().context.songs).toEqual([
        { url: v2.url, title: 'Song for Lola, version 2' },
      ]),
    );
  });

  it('accepting asks first, then the song can be rated 1–5 with a review', async () => {
    const { server, state } = customerWithOrder(orderAt('delivered'), {
      'POST /api/v1/user/orders/7/accept': () => {
        state.order = orderAt('completed');
        return ok(state.order, lifecycleMessages.customerAccepted);
      },
      'POST /api/v1/user/orders/7/rate': () => {
        state.order = orderAt('completed', { rated: true }, { rating: 4, review: 'Lola cried happy tears.' });
        return ok(state.order, lifecycleMessages.rated);
      },
    });
    renderApp('/customer/account/orders/7');
    expect(screen.queryByRole('radiogroup', { name: 'Your rating' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the song' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept the song?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText(lifecycleMessages.customerAccepted)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/user/orders/7/accept')).toHaveLength(1);

    const stars = await screen.findByRole('radiogroup', { name: 'Your rating' });
    expect(within(stars).getAllByRole('radio')).toHaveLength(5);
    // No rating chosen: the schema's message, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText(lifecycleMessages.ratingRequired)).toBeTruthy();
    await userEvent.click(within(stars).getByRole('radio', { name: '4 stars' }));
    expect((within(stars).getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.type(screen.getByLabelText('Review (optional)'), 'Lola cried happy tears.');
    await userEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(await screen.findByText(lifecycleMessages.rated)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/user/orders/7/rate')[0]?.body).toEqual({
      rating: 4,
      review: 'Lola cried happy tears.',
    });
    await waitFor(() => expect(screen.queryByRole('radiogroup', { name: 'Your rating' })).toBeNull());
    expect(screen.getByText('4 out of 5 stars')).toBeTruthy();
  });

  it('an offered order can be cancelled, with the refund note and an optional reason', async () => {
    const { server, state } = customerWithOrder(orderAt('offered'), {
      'POST /api/v1/user/orders/7/cancel': () => {
        state.order = orderAt(
          'cancelled',
          {},
          {
            refunds: [
              {
                id: 1,
                amount: 3200,
                at: '2026-11-21T02:00:00.000Z',
                reason: 'order_cancelled',
                status: 'owed',
                method: null,
                reference: null,
                sent_at: null,
              },
            ],
          },
        );
        return ok(state.order, cancelledMessage(state.order.refunds));
      },
    });
    renderApp('/customer/account/orders/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByTestId('cancel-refund-note').textContent).toBe(
      'Refund of ₱3,200.00 will be owed to you: we send it back the way you paid and tell you when it is sent.',
    );
    await userEvent.type(within(dialog).getByLabelText('Why are you cancelling? (optional)'), 'Plans changed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    // The toast and the order page say the same thing of the refund.
    expect(
      await screen.findByText(
        'The order was cancelled. Refund of ₱3,200.00 owed to you: we will tell you when it is sent.',
      ),
    ).toBeTruthy();
    expect((await screen.findByTestId('refund-note')).textContent).toContain('Refund of ₱3,200.00 owed to you');
    expect(posts(server.calls, '/api/v1/user/orders/7/cancel')[0]?.body).toEqual({ reason: 'Plans changed' });
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Cancelled'));
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    // No second, contradicting refund line ("refunded on …") anywhere on the page.
    expect(screen.queryByText(/refunded on/)).toBeNull();
  });

  it('an order no artist took can be sent to other online artists (422 shown, then sent)', async () => {
    const artist = (id: string, stage_name: string): ArtistCard => ({
      id,
      stage_name,
      avatar: null,
      genres: ['ballad'],
      vocal_type: 'female',
      rating: null,
      rating_count: 0,
      rate: 2500,
      sample: null,
      delivery: { turnaround_days: 7, answer_hours: 24, arrives_by: '2030-01-10' },
      rush: null,
    });
    let attempt = 0;
    const { server, state } = customerWithOrder(orderAt('needs_artist'), {
      'GET /api/v1/user/options': () => ok({ genres: [], vocal_types: [], base_price: 2500 }),
      'GET /api/v1/user/artists': () =>
        ok({
          artists: [
            artist('a1', 'Liza Sings'),
            artist('b1', 'Ben Tides'),
            artist('b2', 'Cora'),
            { ...artist('b3', 'Dee Lux'), rate: 4000 },
          ],
          next_cursor: null,
        }),
      'POST /api/v1/user/orders/7/rebook': () => {
        if (++attempt === 1) return invalid({ selected_artists: [orderMessages.artistUnavailable] });
        state.order = orderAt('offered', {}, { artists: [...state.order.artists, { id: 'b2', stage_name: 'Cora' }] });
        return ok(state.order, lifecycleMessages.rebooked);
      },
    });
    renderApp('/customer/account/orders/7');
    const section = await screen.findByRole('region', { name: 'Choose another artist' });
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeTruthy();
    const list = await within(section).findByRole('list', { name: 'Artists' });
    await within(list).findByLabelText('Choose Ben Tides');
    // The artist who was asked before is not offered again.
    expect(within(list).queryByLabelText('Choose Liza Sings')).toBeNull();

    // Nobody chosen: nothing is sent, and the message sits under the picker, by the button.
    await userEvent.click(within(section).getByRole('button', { name: 'Send my order to them' }));
    const empty = await within(section).findByText(orderMessages.artistsRequired);
    expect(list.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(list.getAttribute('aria-describedby')).toBe(empty.id);
    expect(posts(server.calls, '/api/v1/user/orders/7/rebook')).toEqual([]);

    // An artist who asks more than was paid: the difference, and that it is not charged.
    await userEvent.click(within(list).getByLabelText('Choose Dee Lux'));
    expect(within(section).queryByText(orderMessages.artistsRequired)).toBeNull();
    const note = within(section).getByTestId('rebook-rate-note');
    expect(note.textContent).toContain('Dee Lux asks ₱4,000 per song, ₱800 more than the ₱3,200 you paid.');
    expect(note.textContent).toContain('You will not be charged the difference');
    await userEvent.click(within(list).getByLabelText('Choose Dee Lux'));
    expect(within(section).queryByTestId('rebook-rate-note')).toBeNull();

    await userEvent.click(within(list).getByLabelText('Choose Ben Tides'));
    await userEvent.click(within(section).getByRole('button', { name: 'Send my order to them' }));
    expect(await within(section).findByText(orderMessages.artistUnavailable)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/user/orders/7/rebook')[0]?.body).toEqual({ selected_artists: ['b1'] });

    await userEvent.click(within(list).getByLabelText('Choose Ben Tides'));
    await userEvent.click(within(list).getByLabelText('Choose Cora'));
    await userEvent.click(within(section).getByRole('button', { name: 'Send my order to them' }));
    expect(await screen.findByText(lifecycleMessages.rebooked)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/user/orders/7/rebook')[1]?.body).toEqual({ selected_artists: ['b2'] });
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('Waiting for an artist to accept'));
    expect(screen.queryByRole('region', { name: 'Choose another artist' })).toBeNull();
  });

  it('a completed order can be shared as a gift with a reveal date, and the link copied', async () => {
    const link: GiftLink = { token: 'g1ft', url: 'https://labsongs.test/gift/g1ft', reveal_on: '2099-02-14' };
    const { server, state } = customerWithOrder(orderAt('completed'), {
      'POST /api/v1/user/orders/7/gift': (call) => {
        state.order = { ...state.order, gift: { ...link, reveal_on: (call.body as GiftLink).reveal_on } };
        return ok(state.order.gift, lifecycleMessages.giftShared);
      },
    });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderApp('/customer/account/orders/7');
    const section = await screen.findByRole('region', { name: 'Share as a gift' });
    expect(within(section).queryByLabelText('Gift link')).toBeNull();
    const date = within(section).getByLabelText('Reveal date (optional)') as HTMLInputElement;
    expect(date.min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fireEvent.change(date, { target: { value: '2099-02-14' } });
    await userEvent.click(within(section).getByRole('button', { name: 'Create a gift link' }));
    expect(await screen.findByText(lifecycleMessages.giftShared)).toBeTruthy();
    expect(posts(server.calls, '/api/v1/user/orders/7/gift')[0]?.body).toEqual({ reveal_on: '2099-02-14' });

    const url = (await within(section).findByLabelText('Gift link')) as HTMLInputElement;
    expect(url.value).toBe(link.url);
    expect(section.textContent).toContain('The song opens on Feb 14, 2099.');
    await userEvent.click(within(section).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link.url);
    expect(within(section).getByRole('button', { name: 'Update the gift link' })).toBeTruthy();
  });
});

describe('public gift page', () => {
  function giftServer(answer: () => { status: number; body: unknown }, extra: Parameters<typeof fakeServer>[0] = {}) {
    return fakeServer({ 'GET /api/v1/user/gifts/g1ft': answer, ...extra });
  }

  it('before the reveal date says when it opens, with no song', async () => {
    const server = giftServer(() => ok(lockedGift));
    renderApp('/gift/g1ft');
    expect(await screen.findByText(/This gift opens on Feb 14, 2099/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'A song for Lola' })).toBeTruthy();
    expect(screen.getByText('From Maria, written and sung by Liza Sings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Play/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download the song' })).toBeNull();
    expect(screen.queryByLabelText('Your message')).toBeNull();
    // Public: no login and no token.
    expect(server.calls.find((c) => c.path === '/api/v1/user/gifts/g1ft')?.headers.has('Authorization')).toBe(false);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
  });

  it('once revealed plays the song, shows the lyrics and a download, and sends one thank-you note', async () => {
    let attempt = 0;
    const server = giftServer(() => ok(gift), {
      'POST /api/v1/user/gifts/g1ft/thanks': () =>
        ++attempt === 1 ? invalid({ message: ['Please keep this under 1000 characters'] }) : ok(null),
    });
    renderApp('/gift/g1ft');
    await userEvent.click(await screen.findByRole('button', { name: 'Play “Song for Lola”' }));
    expect((await currentPlayer()).getSnapshot().context.songs).toEqual([
      { url: gift.song?.url, title: 'Song for Lola' },
    ]);
    expect(screen.getByTestId('lyrics').textContent).toBe(gift.lyrics);
    expect(screen.getByRole('link', { name: 'Download the song' }).getAttribute('href')).toBe(gift.song?.download_url);

    const form = screen.getByRole('form', { name: 'Say thank you to Liza Sings' });
    await userEvent.click(within(form).getByRole('button', { name: 'Send my thanks' }));
    expect(await within(form).findByText('Please enter your name')).toBeTruthy();
    expect(within(form).getByText('Please write your note')).toBeTruthy();

    await userEvent.type(within(form).getByLabelText('Your name'), 'Lola');
    await userEvent.type(within(form).getByLabelText('Your message'), 'Salamat, anak!');
    await userEvent.click(within(form).getByRole('button', { name: 'Send my thanks' }));
    expect(await within(form).findByText('Please keep this under 1000 characters')).toBeTruthy();
    expect((within(form).getByLabelText('Your message') as HTMLTextAreaElement).value).toBe('Salamat, anak!');

    await userEvent.click(within(form).getByRole('button', { name: 'Send my thanks' }));
    const note = await screen.findByText(lifecycleMessages.thanksSent);
    expect(screen.queryByRole('form', { name: 'Say thank you to Liza Sings' })).toBeNull();
    expect(document.activeElement).toBe(note);
    expect(posts(server.calls, '/api/v1/user/gifts/g1ft/thanks').at(-1)?.body).toEqual({
      name: 'Lola',
      message: 'Salamat, anak!',
    });
  });

  it('a note already sent (409) replaces the form with a word that it was', async () => {
    giftServer(() => ok(gift), {
      'POST /api/v1/user/gifts/g1ft/thanks': () => ({
        status: 409,
        body: { message: lifecycleMessages.thanksAlreadySent },
      }),
    });
    renderApp('/gift/g1ft');
    const form = await screen.findByRole('form', { name: 'Say thank you to Liza Sings' });
    await userEvent.type(within(form).getByLabelText('Your name'), 'Lola');
    await userEvent.type(within(form).getByLabelText('Your message'), 'Thank you!');
    await userEvent.click(within(form).getByRole('button', { name: 'Send my thanks' }));
    expect(await screen.findByText(lifecycleMessages.thanksAlreadySent)).toBeTruthy();
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });

  it('an unknown link says so', async () => {
    giftServer(() => ({ status: 404, body: { message: lifecycleMessages.giftNotFound } }));
    renderApp('/gift/g1ft');
    expect(await screen.findByRole('heading', { name: 'Gift not found' })).toBeTruthy();
    expect(screen.getByText(lifecycleMessages.giftNotFound)).toBeTruthy();
  });
});
