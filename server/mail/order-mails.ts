import type { Kysely, Transaction } from 'kysely';
import { addOnLines } from '../../contracts/addons';
import { IDLE_NEEDS_ARTIST_DAYS, type LifecycleFacts } from '../../contracts/lifecycle';
import { occasions } from '../../contracts/order';
import type { OrderLifecycleEvent } from '../../machines/order-lifecycle.machine';
import type { DB, OrderRow } from '../db/schema';
import { deliveredVersions } from '../lifecycle/song-versions';
import { acceptedTermsOf, offerAddOnsOf } from '../orders/pricing';
import { enqueueAdminDigestItem, enqueueMail } from './queue';
import type { OrderFacts } from './templates';

// Who gets which mail for each order event (issue 14). Called by transitionOrder in the transition's
// own transaction, right after the notifications, so a mail exists exactly when its event committed.
// Keys name the order event row, so each event leaves each mail once.

type Executor = Kysely<DB> | Transaction<DB>;

/** What every order mail shows of its order. */
export async function orderFactsOf(trx: Executor, order: OrderRow): Promise<OrderFacts> {
  const artist =
    order.artist_id === null
      ? undefined
      : await trx.selectFrom('users').select('stage_name').where('id', '=', order.artist_id).executeTakeFirst();
  return {
    order_id: order.id,
    reference: order.reference,
    occasion: (occasions.find((o) => o.value === order.occasion_name)?.display ?? order.occasion_name).toLowerCase(),
    recipient: order.recipient_first_name,
    price_centavos: order.price_centavos,
    ...(artist?.stage_name ? { artist: artist.stage_name } : {}),
  };
}

/** The order's offers in one state that this event closed or opened (their time is the event's). */
async function offersAt(trx: Executor, orderId: number, status: 'pending' | 'withdrawn', at: string) {
  let query = trx
    .selectFrom('order_artists')
    .innerJoin('users', 'users.id', 'order_artists.artist_id')
    .select([
      'order_artists.artist_id',
      'order_artists.expires_at',
      'order_artists.rate_centavos',
      'order_artists.platform_fee_centavos',
      'order_artists.rush_centavos',
      'users.stage_name',
      'users.first_name',
    ])
    .where('order_artists.order_id', '=', orderId)
    .where('order_artists.offer_status', '=', status)
    .orderBy('order_artists.rank');
  query =
    status === 'pending'
      ? query.where('order_artists.offered_at', '=', at)
      : query.where('order_artists.responded_at', '=', at);
  return query.execute();
}

export interface OrderMailInput {
  order: OrderRow;
  before: LifecycleFacts;
  event: OrderLifecycleEvent;
  /** The order_events row of this transition. */
  eventId: number;
  payload: Record<string, unknown> | undefined;
  at: Date;
  /** The artist who had the order before the event (a reassignment or a departure takes it away). */
  previousArtist?: number | null;
}

const DAY_MS = 86_400_000;

/** What a cancellation would refund now: the order's succeeded payments less what is already owed back on them. */
async function refundableCentavos(trx: Executor, orderId: number): Promise<number> {
  const paid = await trx
    .selectFrom('payments')
    .select((eb) => eb.fn.sum<number>('amount_centavos').as('n'))
    .where('order_id', '=', orderId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  const owed = await trx
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select((eb) => eb.fn.sum<number>('refunds.amount_centavos').as('n'))
    .where('refunds.order_id', '=', orderId)
    .where('payments.status', '=', 'succeeded')
    .executeTakeFirst();
  return Number(paid?.n ?? 0) - Number(owed?.n ?? 0);
}

/** The customer's mail when the order came to need an artist: what she can do, and by when. */
async function enqueueNeedsArtistMail(trx: Executor, input: OrderMailInput, facts: OrderFacts, key: string) {
  const { order, at } = input;
  const previous = input.event.type === 'artist_left' ? (input.previousArtist ?? null) : null;
  const artist =
    previous === null
      ? undefined
      : await trx.selectFrom('users').select('stage_name').where('id', '=', previous).executeTakeFirst();
  await enqueueMail(
    trx,
    { userId: order.customer_id },
    {
      kind: 'order_needs_artist',
      data: {
        order: { ...facts, ...(artist?.stage_name ? { artist: artist.stage_name } : {}) },
        why: previous === null ? 'no_answer' : 'artist_left',
        refund_centavos: await refundableCentavos(trx, order.id),
        cancel_on: new Date(at.getTime() + IDLE_NEEDS_ARTIST_DAYS * DAY_MS).toISOString(),
      },
      key,
      at,
    },
  );
}

/** The version this validation gave the customer, and her notes that asked for it (lifecycle/song-versions.ts). */
async function versionJustDelivered(trx: Executor, orderId: number) {
  const recordings = await trx.selectFrom('order_recordings').selectAll().where('order_id', '=', orderId).execute();
  const events = await trx
    .selectFrom('order_events')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('type', 'in', ['admin_validated', 'customer_rejected'])
    .execute();
  const latest = deliveredVersions(recordings, events).at(-1);
  return latest ? { version: latest.number, notes: latest.notes } : {};
}

export async function enqueueOrderMails(trx: Executor, input: OrderMailInput): Promise<void> {
  const { order, event, at } = input;
  const iso = at.toISOString();
  const facts = await orderFactsOf(trx, order);
  const key = (kind: string, userId: number) => `${kind}:event${input.eventId}:user${userId}`;
  const earning = order.price_centavos - order.platform_fee_centavos;
  const artist = order.artist_id;

  switch (event.type) {
    case 'payment_succeeded':
    case 'customer_rebooked':
    case 'admin_reassigned': {
      const offers = await offersAt(trx, order.id, 'pending', iso);
      if (event.type === 'payment_succeeded') {
        const payment = await trx
          .selectFrom('payments')
          .selectAll()
          .where('order_id', '=', order.id)
          .where('status', '=', 'succeeded')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        await enqueueMail(
          trx,
          { userId: order.customer_id },
          {
            kind: 'payment_receipt',
            data: {
              order: facts,
              amount_centavos: payment?.amount_centavos ?? order.price_centavos,
              method: payment?.method ?? '',
              payment_reference: payment?.refno ?? payment?.txnid ?? '',
              paid_at: order.paid_at ?? iso,
              artists: offers.map((o) => o.stage_name ?? o.first_name),
            },
            key: key('payment_receipt', order.customer_id),
            at,
          },
        );
      }
      if (event.type === 'admin_reassigned' && offers[0]) {
        const previous =
          input.previousArtist == null
            ? undefined
            : await trx
                .selectFrom('users')
                .select('stage_name')
                .where('id', '=', input.previousArtist)
                .executeTakeFirst();
        await enqueueMail(
          trx,
          { userId: order.customer_id },
          {
            kind: 'order_reassigned',
            data: {
              order: facts,
              artist: offers[0].stage_name ?? offers[0].first_name,
              previous: previous?.stage_name ?? null,
              expires_at: offers[0].expires_at ?? iso,
            },
            key: key('order_reassigned', order.customer_id),
            at,
          },
        );
      }
      for (const offer of offers) {
        // Each artist's own earning: the price they would take the order at, less the fee on it.
        const terms = acceptedTermsOf(order, offer);
        await enqueueMail(
          trx,
          { userId: offer.artist_id },
          {
            kind: 'new_offer',
            data: {
              order: facts,
              expires_at: offer.expires_at ?? iso,
              earning_centavos: terms.price_centavos - terms.platform_fee_centavos,
              add_ons: addOnLines(offerAddOnsOf(order, offer)),
            },
            key: key('new_offer', offer.artist_id),
            at,
          },
        );
      }
      return;
    }
    case 'artist_accepted': {
      await enqueueMail(
        trx,
        { userId: order.customer_id },
        {
          kind: 'artist_accepted',
          data: { order: facts, due_at: order.due_at },
          key: key('artist_accepted', order.customer_id),
          at,
        },
      );
      for (const offer of await offersAt(trx, order.id, 'withdrawn', iso)) {
        await enqueueMail(
          trx,
          { userId: offer.artist_id },
          {
            kind: 'offer_withdrawn',
            data: { order: facts, why: 'taken' },
            key: key('offer_withdrawn', offer.artist_id),
            at,
          },
        );
      }
      return;
    }
    case 'offer_expired': {
      // Several offers of one order may expire in one sweep at one time: the event names its artist.
      const expired = Number(input.payload?.artist_id);
      await enqueueMail(
        trx,
        { userId: expired },
        { kind: 'offer_expired', data: { order: facts }, key: key('offer_expired', expired), at },
      );
      if (order.status === 'needs_artist')
        await enqueueNeedsArtistMail(trx, input, facts, key('order_needs_artist', order.customer_id));
      return;
    }
    case 'artist_declined':
    case 'artist_left':
      // Only the last offer closing, or the artist of taken work leaving, leaves the order without an artist.
      if (order.status === 'needs_artist' && input.before.status !== 'needs_artist')
        await enqueueNeedsArtistMail(trx, input, facts, key('order_needs_artist', order.customer_id));
      return;
    case 'recording_uploaded': {
      const latest = await trx
        .selectFrom('order_recordings')
        .select((eb) => eb.fn.max<number>('version').as('v'))
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      await enqueueAdminDigestItem(
        trx,
        {
          kind: 'admin_recording_waiting',
          data: {
            order_id: order.id,
            reference: order.reference,
            artist: facts.artist ?? '',
            version: Number(latest?.v ?? 1),
          },
        },
        `admin_recording_waiting:event${input.eventId}`,
        at,
      );
      return;
    }
    case 'admin_validated':
      await enqueueMail(
        trx,
        { userId: order.customer_id },
        {
          kind: 'song_ready',
          data: { order: facts, ...(await versionJustDelivered(trx, order.id)) },
          key: key('song_ready', order.customer_id),
          at,
        },
      );
      if (artist !== null) {
        await enqueueMail(
          trx,
          { userId: artist },
          { kind: 'song_validated', data: { order: facts }, key: key('song_validated', artist), at },
        );
      }
      return;
    case 'admin_requested_revision':
    case 'customer_rejected': {
      if (artist === null) return;
      const by = event.type === 'admin_requested_revision' ? 'admin' : 'customer';
      const notes = String((by === 'admin' ? input.payload?.notes : input.payload?.reason) ?? '');
      await enqueueMail(
        trx,
        { userId: artist },
        { kind: 'revision_requested', data: { order: facts, notes, by }, key: key('revision_requested', artist), at },
      );
      return;
    }
    case 'customer_accepted':
      if (artist === null) return;
      await enqueueMail(
        trx,
        { userId: artist },
        {
          kind: 'order_completed',
          data: { order: facts, earning_centavos: earning },
          key: key('order_completed', artist),
          at,
        },
      );
      return;
    case 'customer_rated':
      if (artist === null || order.rating === null) return;
      await enqueueMail(
        trx,
        { userId: artist },
        {
          kind: 'order_rated',
          data: { order: facts, rating: order.rating, review: order.review },
          key: key('order_rated', artist),
          at,
        },
      );
      return;
    case 'payment_reversed':
      // Reversed after work started: the order is on hold until an admin settles it (in every admin's digest).
      if (order.status === 'disputed')
        await enqueueAdminDigestItem(
          trx,
          {
            kind: 'admin_order_disputed',
            data: {
              order_id: order.id,
              line: `${order.reference}: the payment was reversed after ${facts.artist ?? 'the artist'} started; the order is on hold`,
            },
          },
          `admin_order_disputed:event${input.eventId}`,
          at,
        );
      return;
    case 'cancelled': {
      if (event.role === 'system') {
        // Left without an artist for IDLE_NEEDS_ARTIST_DAYS (lifecycle/idle-orders.ts): cancelled as promised.
        const refunded = await trx
          .selectFrom('refunds')
          .select((eb) => eb.fn.sum<number>('amount_centavos').as('n'))
          .where('order_id', '=', order.id)
          .where('created_at', '=', iso)
          .executeTakeFirst();
        await enqueueMail(
          trx,
          { userId: order.customer_id },
          {
            kind: 'order_auto_cancelled',
            data: { order: facts, refund_centavos: Number(refunded?.n ?? 0), days: IDLE_NEEDS_ARTIST_DAYS },
            key: key('order_auto_cancelled', order.customer_id),
            at,
          },
        );
        return;
      }
      const refunds = await trx
        .selectFrom('refunds')
        .select('amount_centavos')
        .where('order_id', '=', order.id)
        .where('created_at', '=', iso)
        .execute();
      const refunded = refunds.reduce((sum, r) => sum + r.amount_centavos, 0);
      await enqueueMail(
        trx,
        { userId: order.customer_id },
        {
          kind: 'order_cancelled',
          data: { order: facts, refund_centavos: refunded > 0 ? refunded : null },
          key: key('order_cancelled', order.customer_id),
          at,
        },
      );
      if (input.before.status === 'offered') {
        for (const offer of await offersAt(trx, order.id, 'withdrawn', iso)) {
          await enqueueMail(
            trx,
            { userId: offer.artist_id },
            {
              kind: 'offer_withdrawn',
              data: { order: facts, why: 'cancelled' },
              key: key('offer_withdrawn', offer.artist_id),
              at,
            },
          );
        }
      }
      return;
    }
  }
}

/** The customer's mail for a committed order that waits for payment (with the link to pay). */
export async function enqueueOrderPlacedMail(trx: Executor, order: OrderRow, at: Date): Promise<void> {
  await enqueueMail(
    trx,
    { userId: order.customer_id },
    { kind: 'order_placed', data: { order: await orderFactsOf(trx, order) }, key: `order_placed:order${order.id}`, at },
  );
}

/** The artist's mail for a gift recipient's thank-you note. */
export async function enqueueGiftThanksMail(
  trx: Executor,
  order: OrderRow,
  note: { name: string; message: string },
  at: Date,
): Promise<void> {
  if (order.artist_id === null) return;
  await enqueueMail(
    trx,
    { userId: order.artist_id },
    {
      kind: 'gift_thank_you',
      data: { order: await orderFactsOf(trx, order), name: note.name, message: note.message },
      key: `gift_thank_you:order${order.id}`,
      at,
    },
  );
}
