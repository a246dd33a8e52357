// Orders as GET /user/orders/{id} answers them at each point of the lifecycle, and a gift as
// GET /user/gifts/{token} answers it (shared by the machine and the UI tests of the customer's side).
import type { Gift, LifecycleFacts } from '../../contracts/lifecycle';
import type { OrderDetail, OrderStatus } from '../../contracts/order';

const baseOrder: OrderDetail = {
  id: 7,
  reference: 'OR12345678',
  status: 'offered',
  price: 3200,
  currency: 'PHP',
  occasion_name: 'birthday',
  recipient_first_name: 'Lola',
  needed_by: '2026-12-24',
  artists: [{ id: 'a1', stage_name: 'Liza Sings' }],
  add_ons: { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 },
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: '2026-11-20T10:05:00.000Z',
  events: [
    { type: 'created', at: '2026-11-20T10:00:00.000Z', by: 'customer' },
    { type: 'payment_succeeded', at: '2026-11-20T10:05:00.000Z', by: 'provider' },
  ],
  lifecycle: { status: 'offered', rated: false, open_offers: 1, revisions_used: 0, revision_limit: 2 },
  unread_messages: 0,
  due_at: null,
  recording: null,
  artist: null,
  rating: null,
  review: null,
  gift: null,
  refunds: [],
  payable: false,
  auto_cancel_at: null,
  versions: [],
  requested_version: null,
  brief: {
    occasion: {
      gifter_first_name: 'Maria',
      gifter_last_name: 'Santos',
      gifter_contact_number: '9171234567',
      gifter_dial_code: '+63',
      gifter_country: 'PH',
      gifter_email: 'customer@labsongs.test',
      recipient_first_name: 'Lola',
      recipient_last_name: '',
      recipient_relationship: 'grandparent',
      recipient_pronunciation: '',
      recipient_mentioned: true,
      occasion_name: 'birthday',
      occasion_mentioned: true,
    },
    song: {
      selected_artists: ['a1'],
      song_mood: 'sentimental',
      song_tempo: 'slow',
      genre: 'ballad',
      vocal_type: 'female',
      is_rebook: false,
      rush: false,
      extra_revisions: 0,
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
      audio_recording1_clip: null,
      audio_recording2_clip: null,
    },
  },
};

export const recording: NonNullable<OrderDetail['recording']> = {
  id: 31,
  version: 1,
  url: '/media/audio/rec31?exp=1&sig=x',
  download_url: '/media/audio/rec31?exp=1&sig=x&download=1',
  mime: 'audio/mpeg',
  lyrics: 'Lola, Lola, in your garden\nevery flower knows your name',
  uploaded_at: '2026-12-10T08:00:00.000Z',
};

/** The first song as the order's `versions` list carries it. */
export const firstVersion: OrderDetail['versions'][number] = {
  number: 1,
  url: recording.url,
  download_url: recording.download_url,
  mime: recording.mime,
  lyrics: recording.lyrics,
  delivered_at: '2026-12-10T09:00:00.000Z',
  notes: null,
};

/** An order with `status` and the facts (and fields) an order in that state has. */
export function orderAt(
  status: OrderStatus,
  facts: Partial<Omit<LifecycleFacts, 'status'>> = {},
  extra: Partial<OrderDetail> = {},
): OrderDetail {
  const taken = !['awaiting_payment', 'offered', 'needs_artist'].includes(status);
  const delivered = status === 'delivered' || status === 'completed';
  return {
    ...baseOrder,
    status,
    lifecycle: {
      status,
      rated: false,
      open_offers: status === 'offered' ? 1 : 0,
      revisions_used: 0,
      revision_limit: 2,
      ...facts,
    },
    artist: taken ? { id: 'a1', stage_name: 'Liza Sings' } : null,
    due_at: taken ? '2026-12-22T16:00:00.000Z' : null,
    recording: delivered ? recording : null,
    versions: delivered ? [firstVersion] : [],
    paid_at: status === 'awaiting_payment' ? null : baseOrder.paid_at,
    ...extra,
  };
}

export const gift: Gift = {
  recipient_first_name: 'Lola',
  occasion_name: 'birthday',
  gifter_first_name: 'Maria',
  artist: { id: 'a1', stage_name: 'Liza Sings' },
  reveal_on: null,
  revealed: true,
  song: { url: '/media/audio/gift31?sig=x', download_url: '/media/audio/gift31?sig=x&download=1', mime: 'audio/mpeg' },
  lyrics: 'Lola, Lola, in your garden\nevery flower knows your name',
  thanked: false,
};

/** Before its reveal date the server sends no song and no lyrics. */
export const lockedGift: Gift = { ...gift, reveal_on: '2099-02-14', revealed: false, song: null, lyrics: null };
