import type { OrderStatus } from '../../contracts/order';
import { emptyForms } from '../../machines/order-draft.machine';
import { dueAtFor } from '../../server/lifecycle/order-actions';
import type { Row } from './bulk-writer';
import type { Random } from './random';

// One order and everything that goes with it at its status, as the lifecycle would have left it:
// offers, events, payments (with the provider's verified callback), payouts and refunds. Money holds
// per order: paid − refunded = artist earnings (payout) + platform share (fee, kept on completion).

const DAY_MS = 86_400_000;
const PLATFORM_FEE_PERCENT = 20;

export const columns = {
  orders: [
    'id',
    'reference',
    'customer_id',
    'status',
    'price_centavos',
    'platform_fee_centavos',
    'occasion_name',
    'recipient_first_name',
    'needed_by',
    'brief',
    'created_at',
    'updated_at',
    'paid_at',
    'artist_id',
    'due_at',
    'accepted_at',
    'completed_at',
    'cancelled_at',
    'rating',
    'rated_at',
    'disputed_at',
    'needs_artist_since',
    'overdue_alerted_at',
  ],
  order_artists: ['order_id', 'artist_id', 'rank', 'offer_status', 'offered_at', 'expires_at', 'responded_at'],
  order_events: ['id', 'order_id', 'type', 'actor', 'actor_id', 'created_at'],
  payments: [
    'id',
    'order_id',
    'provider',
    'method',
    'txnid',
    'refno',
    'amount_centavos',
    'status',
    'raw_status',
    'created_at',
    'updated_at',
  ],
  payment_callbacks: ['id', 'payment_id', 'provider', 'txnid', 'status', 'verified', 'body', 'created_at'],
  payouts: ['id', 'artist_id', 'order_id', 'amount_centavos', 'status', 'reference', 'created_at', 'paid_at'],
  refunds: [
    'id',
    'payment_id',
    'order_id',
    'amount_centavos',
    'reason_code',
    'status',
    'reference',
    'paid_at',
    'actor',
    'actor_id',
    'created_at',
  ],
  order_messages: ['id', 'order_id', 'author_role', 'author_id', 'client_id', 'body', 'created_at'],
  order_message_reads: ['order_id', 'reader_id', 'last_read_id'],
  order_message_alerts: ['order_id', 'reader_id', 'mailed_through_id', 'pending_since'],
} as const;

export type OrderTable = keyof typeof columns;
export type OrderRows = Record<OrderTable, Row[]>;

/** The next id of each table with generated ids, advanced as rows are made. */
export interface IdCounters {
  order: number;
  event: number;
  payment: number;
  callback: number;
  payout: number;
  refund: number;
  message: number;
}

export interface OrderInput {
  customerId: number;
  artist: { id: number; publicId: string; rate: number };
  adminId: number;
  createdAt: number;
  now: number;
  /** Give a taken order a thread whatever the dice say (the order the benchmark reads a thread of). */
  talk?: boolean;
}

/** Share of taken orders whose customer and artist exchanged messages. */
const TALKED_SHARE = 0.3;
const threadTexts = [
  'Could you mention our trip to Baguio?',
  'Of course. Anything else I should know?',
  'Her laugh. Everyone knows her laugh.',
];

const occasions = ['birthday', 'anniversary', 'graduation', 'mothers_day', 'thank_you', 'wedding'];
const recipients = ['Carmen', 'Paolo', 'Bea', 'Ramon', 'Liza', 'Tomas', 'Nina', 'Andres'];

/** Old orders are settled; recent ones are spread over every open status. */
function statusFor(random: Random, ageDays: number): OrderStatus {
  const r = random.next();
  if (ageDays > 45) return r < 0.85 ? 'completed' : r < 0.99 ? 'cancelled' : 'disputed';
  const open: [OrderStatus, number][] = [
    ['awaiting_payment', 0.1],
    ['offered', 0.22],
    ['needs_artist', 0.27],
    ['in_progress', 0.52],
    ['in_validation', 0.62],
    ['in_revision', 0.7],
    ['delivered', 0.8],
    ['completed', 0.95],
  ];
  return open.find(([, upTo]) => r < upTo)?.[0] ?? 'cancelled';
}

const iso = (ms: number) => new Date(ms).toISOString();

function briefOf(recipient: string, occasion: string, artistPublicId: string, neededBy: string): string {
  return JSON.stringify({
    occasion: {
      gifter_first_name: 'Bench',
      gifter_last_name: 'Customer',
      gifter_contact_number: '9171234567',
      gifter_dial_code: '+63',
      gifter_country: 'PH',
      gifter_email: 'bench@example.test',
      recipient_first_name: recipient,
      recipient_last_name: '',
      recipient_relationship: 'other',
      recipient_pronunciation: '',
      recipient_mentioned: true,
      occasion_name: occasion,
      occasion_mentioned: true,
    },
    song: {
      selected_artists: [artistPublicId],
      song_mood: 'sentimental',
      song_tempo: 'medium',
      genre: 'pop',
      vocal_type: 'female',
      is_rebook: false,
      needed_by: neededBy,
    },
    story: { ...emptyForms().story, song_about: `A song for ${recipient}.` },
  });
}

/** Appends one order's rows to `out`; returns the order's id and status. */
export function addOrder(random: Random, input: OrderInput, ids: IdCounters, out: OrderRows) {
  const id = ids.order++;
  const ageDays = (input.now - input.createdAt) / DAY_MS;
  const status = statusFor(random, ageDays);
  const price = input.artist.rate;
  const fee = Math.round((price * PLATFORM_FEE_PERCENT) / 100);
  const recipient = random.pick(recipients);
  const occasion = random.pick(occasions);
  const neededBy = iso(input.createdAt + (7 + random.int(24)) * DAY_MS).slice(0, 10);
  const at = (hours: number) => Math.min(input.createdAt + hours * 3_600_000, input.now - 60_000);
  const created = iso(input.createdAt);
  const artistId = input.artist.id;
  const event = (type: string, actor: string, actorId: number | null, when: number) =>
    out.order_events.push([ids.event++, id, type, actor, actorId, iso(when)]);

  // Cancelled orders: half were paid first (a refund follows), half never were.
  const paid = status !== 'awaiting_payment' && !(status === 'cancelled' && random.next() < 0.5);
  const taken = !['awaiting_payment', 'offered', 'needs_artist', 'cancelled'].includes(status);
  const paidAt = paid ? at(1) : null;
  const acceptedAt = taken ? at(5) : null;
  const endAt = at(24 * 6);
  event('created', 'customer', input.customerId, input.createdAt);

  const paymentId = ids.payment++;
  const txnid = `SC${String(paymentId).padStart(12, '0')}`;
  const paymentStatus = paid ? (status === 'disputed' ? 'charged_back' : 'succeeded') : 'expired';
  if (paid || status === 'cancelled' || random.next() < 0.5) {
    out.payments.push([
      paymentId,
      id,
      'sandbox',
      'gcash',
      txnid,
      paid ? `SB${paymentId}` : null,
      price,
      status === 'awaiting_payment' ? 'pending' : paymentStatus,
      status === 'awaiting_payment' ? null : paymentStatus,
      created,
      iso(paidAt ?? input.createdAt),
    ]);
    if (paid) {
      out.payment_callbacks.push([
        ids.callback++,
        paymentId,
        'sandbox',
        txnid,
        'S',
        1,
        '{"status":"S"}',
        iso(paidAt as number),
      ]);
    }
    // Now and then a forged or garbled callback, which the maintenance job prunes after a week.
    if (random.next() < 0.1) {
      out.payment_callbacks.push([ids.callback++, null, 'sandbox', txnid, 'S', 0, '{"digest":"bad"}', created]);
    }
  }
  if (paid) event('paid', 'provider', null, paidAt as number);

  const offerStatus = taken
    ? 'accepted'
    : status === 'offered'
      ? 'pending'
      : status === 'needs_artist'
        ? 'expired'
        : paid
          ? 'withdrawn'
          : 'pending';
  out.order_artists.push([
    id,
    artistId,
    1,
    offerStatus,
    paidAt === null ? null : iso(paidAt),
    paidAt === null ? null : iso(paidAt + 2 * DAY_MS),
    taken ? iso(acceptedAt as number) : status === 'needs_artist' ? iso(at(48)) : null,
  ]);
  if (taken) event('accepted', 'artist', artistId, acceptedAt as number);
  let talked = false;
  if (taken && (input.talk || random.next() < TALKED_SHARE)) {
    talked = true;
    // Customer, artist, customer. An open order's last message is still unread by the artist.
    const first = ids.message;
    for (const [n, body] of threadTexts.entries()) {
      const byCustomer = n % 2 === 0;
      out.order_messages.push([
        ids.message++,
        id,
        byCustomer ? 'customer' : 'artist',
        byCustomer ? input.customerId : artistId,
        `bench-${id}-${n}`,
        body,
        iso(at(6 + n)),
      ]);
    }
    const settled = status === 'completed' || status === 'cancelled' || status === 'disputed';
    out.order_message_reads.push([id, input.customerId, ids.message - 1]);
    out.order_message_reads.push([id, artistId, settled ? ids.message - 1 : first + 1]);
    if (!settled) {
      // The artist has not read the last message: mailed about long ago, or (sent within the last day)
      // still waiting for the unread-message job.
      const sentAt = at(8);
      const recent = input.now - sentAt < DAY_MS;
      out.order_message_alerts.push([id, artistId, recent ? 0 : ids.message - 1, recent ? iso(sentAt) : null]);
    }
  }
  if (['in_validation', 'in_revision', 'delivered', 'completed'].includes(status)) {
    event('recording_submitted', 'artist', artistId, at(24 * 4));
  }
  if (['delivered', 'completed'].includes(status)) event('validated', 'admin', input.adminId, at(24 * 5));

  let completedAt: string | null = null;
  let cancelledAt: string | null = null;
  let disputedAt: string | null = null;
  let rating: number | null = null;
  if (status === 'completed') {
    completedAt = iso(endAt);
    event('completed', 'customer', input.customerId, endAt);
    const settled = input.now - endAt > 14 * DAY_MS;
    out.payouts.push([
      ids.payout++,
      artistId,
      id,
      price - fee,
      settled ? 'paid' : 'pending',
      settled ? `BANK${id}` : null,
      completedAt,
      settled ? iso(endAt + 7 * DAY_MS) : null,
    ]);
    if (random.next() < 0.6) rating = 3 + random.int(3);
  } else if (status === 'cancelled') {
    cancelledAt = iso(at(30));
    event('cancelled', 'customer', input.customerId, at(30));
    if (paid) {
      const settled = input.now - at(30) > 30 * DAY_MS;
      out.refunds.push([
        ids.refund++,
        paymentId,
        id,
        price,
        'order_cancelled',
        settled ? 'paid' : 'owed',
        settled ? `RF${id}` : null,
        settled ? iso(at(24 * 3)) : null,
        'customer',
        input.customerId,
        cancelledAt,
      ]);
    }
  } else if (status === 'disputed') {
    disputedAt = iso(at(24 * 3));
    event('disputed', 'provider', null, at(24 * 3));
    out.refunds.push([
      ids.refund++,
      paymentId,
      id,
      price,
      'charged_back',
      'paid',
      txnid,
      disputedAt,
      'provider',
      null,
      disputedAt,
    ]);
  }
  const updated = completedAt ?? cancelledAt ?? disputedAt ?? iso(acceptedAt ?? paidAt ?? input.createdAt);
  const dueAt = taken ? dueAtFor(neededBy) : null;
  // The periodic jobs kept up: work overdue for more than a day was alerted an hour after its due time;
  // an order waiting for an artist counts its idle days from when its offer expired.
  const overdueAlertedAt =
    dueAt !== null && (status === 'in_progress' || status === 'in_revision') && Date.parse(dueAt) < input.now - DAY_MS
      ? iso(Date.parse(dueAt) + 3_600_000)
      : null;
  out.orders.push([
    id,
    `OR9${String(id).padStart(9, '0')}`,
    input.customerId,
    status,
    price,
    fee,
    occasion,
    recipient,
    neededBy,
    briefOf(recipient, occasion, input.artist.publicId, neededBy),
    created,
    updated,
    paidAt === null ? null : iso(paidAt),
    taken ? artistId : null,
    dueAt,
    acceptedAt === null ? null : iso(acceptedAt),
    completedAt,
    cancelledAt,
    rating,
    rating === null ? null : completedAt,
    disputedAt,
    status === 'needs_artist' ? iso(at(48)) : null,
    overdueAlertedAt,
  ]);
  return { id, status, talked };
}
