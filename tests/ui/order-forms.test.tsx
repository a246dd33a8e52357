import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ArtistCard } from '../../contracts/artist';
import type { TempOrder } from '../../contracts/order';
import { storage } from '../../src/lib/storage';
import { renderApp } from './app-harness';
import { customerServer } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const artist = (id: string, stage_name: string, rate: number): ArtistCard => ({
  id,
  stage_name,
  avatar: null,
  genres: ['pop'],
  vocal_type: 'female',
  rating: 4.5,
  rating_count: 3,
  rate,
  sample: { title: 'Sample', url: `/media/songs/${id}.mp3` },
  delivery: { turnaround_days: 7, answer_hours: 24, arrives_by: '2030-01-10' },
  rush: null,
});

describe('occasion step', () => {
  it("a 422 shows each message under its field, keeps what was typed, and a field's message clears on edit", async () => {
    const refusal = {
      message: 'The given data was invalid.',
      errors: {
        recipient_first_name: ["Please enter your recipient's first name"],
        occasion_name: ['Choose the occasion'],
        recipient_relationship: ['Choose how the recipient is related to you'],
      },
    };
    const server = customerServer({ 'POST /api/v1/user/temp-order': () => ({ status: 422, body: refusal }) });
    const { router } = renderApp('/order/occasion');

    // The gifter comes from the account.
    const first = (await screen.findByLabelText('Your first name')) as HTMLInputElement;
    await waitFor(() => expect(first.value).toBe('Maria'));
    expect((screen.getByLabelText('Your email') as HTMLInputElement).value).toBe('customer@labsongs.test');
    await userEvent.type(screen.getByLabelText('How to pronounce the name (optional)'), 'LOH-lah');
    await userEvent.click(screen.getByRole('button', { name: 'Save & continue' }));

    const recipient = screen.getByLabelText("Recipient's first name");
    await waitFor(() => expect(recipient.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = recipient.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe("Please enter your recipient's first name");
    // A select's message is linked to it, so a screen reader reads it with the field.
    for (const [name, message] of [
      ['Occasion', 'Choose the occasion'],
      ['Your relationship', 'Choose how the recipient is related to you'],
    ] as const) {
      const select = screen.getByRole('combobox', { name });
      expect(select.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    }
    // Keyboard users land on the first field with a message.
    expect(document.activeElement).toBe(recipient);

    // Nothing typed is lost, here or in storage, and the page stays.
    expect(router.state.location.pathname).toBe('/order/occasion');
    expect((screen.getByLabelText('How to pronounce the name (optional)') as HTMLInputElement).value).toBe('LOH-lah');
    expect(
      storage.getJson<{ forms: { occasion: { recipient_pronunciation: string } } }>('tempOrder')?.forms.occasion,
    ).toMatchObject({ recipient_pronunciation: 'LOH-lah', gifter_first_name: 'Maria' });
    const sent = server.calls.find((c) => c.method === 'POST' && c.path === '/api/v1/user/temp-order');
    expect(sent?.body).toMatchObject({ gifter_email: 'customer@labsongs.test', recipient_pronunciation: 'LOH-lah' });

    await userEvent.type(recipient, 'Lola');
    expect(recipient.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText("Please enter your recipient's first name")).toBeNull();
    expect(screen.getByText('Choose the occasion')).toBeTruthy();
  });
});

describe('song step', () => {
  it('at three chosen artists the others are disabled with a note; unchoosing one frees a place (docs/product.md §5)', async () => {
    const draft: TempOrder = {
      id: 9,
      occasion: null,
      song: null,
      story: null,
      price: null,
      add_ons: null,
      earliest_needed_by: '2030-01-10',
      committed_order_id: null,
    };
    storage.setJson('tempOrder', { orderId: 9, forms: {} });
    storage.setJson('completedSteps', { occasion: true, song: false, story: false, review: false });
    storage.set('hasPendingOrder', 'true');
    customerServer({
      'GET /api/v1/user/temp-order/9': () => ({
        status: 200,
        body: { data: { ...draft, occasion: { recipient_first_name: 'Lola' } } },
      }),
      'GET /api/v1/user/artists': () => ({
        status: 200,
        body: {
          data: {
            artists: [
              artist('a1', 'Ana Reyes', 2500),
              artist('a2', 'Jonas', 4500),
              artist('a3', 'Liza Sings', 3200),
              artist('a4', 'Migs', 1800),
            ],
            next_cursor: null,
          },
        },
      }),
    });
    renderApp('/order/song');
    const list = await screen.findByRole('list', { name: 'Artists' });
    const box = (name: string) => within(list).getByRole('checkbox', { name: `Choose ${name}` }) as HTMLInputElement;
    await waitFor(() => expect(box('Migs')).toBeTruthy());

    for (const name of ['Ana Reyes', 'Jonas', 'Liza Sings']) await userEvent.click(box(name));
    expect(screen.getByText('Chosen (3 of 3): Ana Reyes, Jonas, Liza Sings')).toBeTruthy();
    expect(box('Migs').disabled).toBe(true);
    const note = document.getElementById(box('Migs').getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toContain('You have chosen 3 artists, the most for one order.');
    expect(box('Ana Reyes').disabled).toBe(false);

    // A fourth choice is ignored, in the page and in what is kept.
    await userEvent.click(box('Migs'));
    expect(box('Migs').checked).toBe(false);
    expect(storage.getJson<{ forms: { song: { selected_artists: string[] } } }>('tempOrder')?.forms.song).toMatchObject(
      {
        selected_artists: ['a1', 'a2', 'a3'],
      },
    );

    await userEvent.click(box('Jonas'));
    expect(box('Migs').disabled).toBe(false);
    await userEvent.click(box('Migs'));
    expect(screen.getByText('Chosen (3 of 3): Ana Reyes, Liza Sings, Migs')).toBeTruthy();
    // The date picker starts at the earliest date the server allows, shown as mm/dd/yyyy.
    expect(screen.getByLabelText('Needed by').getAttribute('min')).toBe('2030-01-10');
    expect(screen.getByText(/the earliest the artists can make is 01\/10\/2030/)).toBeTruthy();
  });
});

describe('review after "Place order"', () => {
  it('shows the order as placed, without Edit links, and a form step leads back to review', async () => {
    const draft = {
      id: 9,
      occasion: {
        recipient_first_name: 'Lola',
        recipient_relationship: 'grandparent',
        occasion_name: 'birthday',
        gifter_first_name: 'Maria',
        gifter_last_name: 'Santos',
        gifter_email: 'customer@labsongs.test',
      },
      song: {
        selected_artists: ['a1'],
        song_mood: 'happy',
        song_tempo: 'medium',
        genre: 'pop',
        vocal_type: 'female',
        needed_by: '2030-01-20',
        artists: [{ id: 'a1', stage_name: 'Ana Reyes', rate: 2500 }],
      },
      story: {
        song_about: 'Her ninetieth birthday and her garden.',
        song_prompt1_title: '',
        song_prompt1_details: '',
        song_prompt2_title: '',
        song_prompt2_details: '',
        song_clip: null,
        song_prompt1_clip: null,
        song_prompt2_clip: null,
        audio_recording1_clip: null,
        audio_recording2_clip: null,
      },
      price: 2500,
      earliest_needed_by: '2030-01-10',
      committed_order_id: 55,
    } as unknown as TempOrder;
    storage.setJson('tempOrder', { orderId: 9, forms: {}, order: { id: 55, reference: 'OR1055', price: 2500 } });
    storage.setJson('completedSteps', { occasion: true, song: true, story: true, review: true });
    storage.set('hasPendingOrder', 'true');
    const server = customerServer({
      'GET /api/v1/user/temp-order/9': () => ({ status: 200, body: { data: draft } }),
    });
    const { router } = renderApp('/order/review');
    const placed = await screen.findByTestId('order-placed');
    expect(placed.textContent).toContain('is placed');
    expect(placed.textContent).toContain('can no longer be changed');
    expect(screen.queryByRole('link', { name: /^Edit / })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue to checkout' })).toBeTruthy();

    // A step's address (a bookmark, the browser's history) does not reopen a form the server would refuse.
    await router.navigate({ to: '/order/occasion' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/review'));
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});

describe('the price rule before payment', () => {
  const draftWith = (artists: { id: string; stage_name: string; rate: number }[], price: number) =>
    ({
      id: 9,
      occasion: {
        recipient_first_name: 'Lola',
        recipient_relationship: 'grandparent',
        occasion_name: 'birthday',
        gifter_first_name: 'Maria',
        gifter_last_name: 'Santos',
        gifter_email: 'customer@labsongs.test',
      },
      song: {
        selected_artists: artists.map((a) => a.id),
        song_mood: 'happy',
        song_tempo: 'medium',
        genre: 'pop',
        vocal_type: 'female',
        needed_by: '2030-01-20',
        // Without add-ons, each artist's price for the order is their rate.
        artists: artists.map((a) => ({ ...a, price: a.rate, rush: null })),
      },
      story: {
        song_about: 'Her ninetieth birthday and her garden.',
        song_prompt1_title: '',
        song_prompt1_details: '',
        song_prompt2_title: '',
        song_prompt2_details: '',
        song_clip: null,
        song_prompt1_clip: null,
        song_prompt2_clip: null,
        audio_recording1_clip: null,
        audio_recording2_clip: null,
      },
      price,
      earliest_needed_by: '2030-01-10',
      committed_order_id: null,
    }) as unknown as TempOrder;

  async function reviewOf(draft: TempOrder) {
    storage.setJson('tempOrder', { orderId: 9, forms: {} });
    storage.setJson('completedSteps', { occasion: true, song: true, story: true });
    storage.set('hasPendingOrder', 'true');
    customerServer({ 'GET /api/v1/user/temp-order/9': () => ({ status: 200, body: { data: draft } }) });
    renderApp('/order/review');
    return (await screen.findByTestId('charge-rule')).textContent;
  }

  it('with artists at different rates, the review says the highest is paid and the difference refunded', async () => {
    const rule = await reviewOf(
      draftWith(
        [
          { id: 'a1', stage_name: 'Ana Reyes', rate: 2500 },
          { id: 'a2', stage_name: 'Migs', rate: 1800 },
        ],
        2500,
      ),
    );
    expect(rule).toBe(
      'You pay ₱2,500 now, the highest rate of the artists you chose. If an artist with a lower rate takes your order, the difference is refunded to you.',
    );
  });

  it('with add-ons, the review lists them and the rule speaks of each artist’s price, add-ons included', async () => {
    const draft = draftWith(
      [
        { id: 'a1', stage_name: 'Ana Reyes', rate: 2500 },
        { id: 'a2', stage_name: 'Migs', rate: 1800 },
      ],
      3800,
    );
    const song = draft.song as NonNullable<TempOrder['song']>;
    song.rush = true;
    song.extra_revisions = 1;
    song.artists = [
      { ...song.artists[0], price: 3800, rush: { price: 800, turnaround_days: 1, arrives_by: '2030-01-05' } },
      { ...song.artists[1], price: 2900, rush: { price: 600, turnaround_days: 2, arrives_by: '2030-01-06' } },
    ] as typeof song.artists;
    draft.add_ons = { rush: true, rush_price: 800, extra_revisions: 1, extra_revisions_price: 500 };
    const rule = await reviewOf(draft);
    expect(rule).toBe(
      'You pay ₱3,800 now, the highest price of the artists you chose, add-ons included. If an artist with a lower price takes your order, the difference is refunded to you.',
    );
    expect(screen.getByTestId('review-add-ons').textContent).toBe('Rush delivery (+₱800), 1 extra revision (+₱500)');
  });

  it('with one artist, the review says the price is their rate', async () => {
    const rule = await reviewOf(draftWith([{ id: 'a2', stage_name: 'Migs', rate: 1800 }], 1800));
    expect(rule).toBe('You pay ₱1,800 now, the rate of the artist you chose.');
  });

  const noAddOns = { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 };
  const rushAndExtra = { rush: true, rush_price: 800, extra_revisions: 1, extra_revisions_price: 500 };
  it.each([
    [
      'without add-ons, in rates',
      noAddOns,
      'If an artist with a lower rate takes your order, the difference is refunded to you.',
    ],
    [
      'with add-ons, in prices that include them',
      rushAndExtra,
      'the highest price of the artists you chose, add-ons included. If an artist with a lower price takes your order, the difference is refunded to you.',
    ],
  ])('the pay page says the rule above the payment methods, %s', async (_case, add_ons, rule) => {
    customerServer({
      'GET /api/v1/user/orders/55/payment-state': () => ({
        status: 200,
        body: {
          data: {
            order_id: 55,
            order_reference: 'OR1055',
            order_status: 'awaiting_payment',
            payment_status: null,
            payment_reference: null,
            state: 'unpaid',
            payable: true,
            amount: 2500,
            artist_rates: [2500, 1800],
            add_ons,
            occasion_name: 'birthday',
            recipient_first_name: 'Lola',
            artist_names: ['Ben Cruz', 'Mara'],
          },
        },
      }),
    });
    renderApp('/pay/55');
    expect((await screen.findByTestId('charge-rule')).textContent).toContain(rule);
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeTruthy();
    // What is being paid for, before the method is chosen.
    const summary = screen.getByTestId('pay-summary').textContent ?? '';
    for (const fact of ['₱2,500.00', 'OR1055', 'Birthday song for Lola', 'Artists offered', 'Ben Cruz, Mara'])
      expect(summary).toContain(fact);
  });
});
