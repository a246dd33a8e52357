import type { Kysely, Transaction, Updateable } from 'kysely';
import { type LifecycleFacts, type LifecycleRole, lifecycleMessages } from '../../contracts/lifecycle';
import { lyricsTexts } from '../../contracts/lyrics';
import { type NotificationReader, type NotificationType, notificationTexts } from '../../contracts/notifications';
import { occasions, orderMessages } from '../../contracts/order';
import { serverMessages } from '../../contracts/server-messages';
import { decide } from '../../machines/order-lifecycle';
import type { OrderLifecycleEvent } from '../../machines/order-lifecycle.machine';
import type { DB, OrderEventActor, OrderRow, OrdersTable } from '../db/schema';
import { ApiError } from '../http/api-error';
import { enqueueOrderMails } from '../mail/order-mails';
import { adminIds, ChangeSet } from '../notifications/live-changes';
import { insertNotifications, type NewNotification } from '../notifications/notifications.repository';
import { recordOrderEvent } from '../orders/orders.repository';
import { alertAdminsOfTransition } from './order-alerts';

type Executor = Kysely<DB> | Transaction<DB>;

export interface TransitionInput {
  orderId: number;
  event: OrderLifecycleEvent;
  /** users.id of the person acting; null for the system and payment providers. */
  actorId: number | null;
  /** Recorded with the event (reason, notes, rating…). */
  payload?: Record<string, unknown>;
  at: Date;
  /**
   * The event's own checks and writes, in the same transaction, after the machine allowed the event
   * and before the status moves: throw an ApiError to refuse; answer extra order columns to set. Live
   * changes of its own (a payout, a refund) go into `changes`; the order's and its offers' are added
   * by transitionOrder.
   */
  apply?: (
    trx: Transaction<DB>,
    order: OrderRow,
    facts: LifecycleFacts,
    changes: ChangeSet,
    /** Users it notified itself (a refund owed: the customer and the admins), woken with the rest. */
    notified: number[],
  ) => Promise<Updateable<OrdersTable> | undefined>;
}

export interface TransitionResult {
  order: OrderRow;
  facts: LifecycleFacts;
  /** Users with new notifications: publish to them once the transaction has committed. */
  notified: number[];
  /** The live changes of the transition, for whoever shows them: publish once committed too. */
  changes: ChangeSet;
}

/**
 * Locks the order row for the rest of the transaction. A write is the one portable lock: it takes the
 * row lock on PostgreSQL and the database write lock on SQLite before anything is read, so two
 * transitions of one order (two artists accepting, a decline racing the expiry sweep) run one after
 * the other and the second sees the first's result.
 */
async function lockOrder(trx: Executor, orderId: number): Promise<OrderRow | undefined> {
  return trx
    .updateTable('orders')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', orderId)
    .returningAll()
    .executeTakeFirst();
}

async function openOfferCount(trx: Executor, orderId: number): Promise<number> {
  const row = await trx
    .selectFrom('order_artists')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('order_id', '=', orderId)
    .where('offer_status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** `artistAway`: the order's artist deactivated or was suspended (artistAwayOf). */
export function factsOfRow(order: OrderRow, openOffers: number, artistAway = false): LifecycleFacts {
  return {
    status: order.status,
    rated: order.rating !== null,
    open_offers: openOffers,
    revisions_used: order.revisions_used,
    revision_limit: order.revision_limit,
    ...(artistAway ? { artist_away: true as const } : {}),
    ...(order.lyrics_approval === 1 ? { lyrics_approval: true as const } : {}),
    ...(order.status === 'in_progress' && order.lyrics_step ? { lyrics_step: order.lyrics_step } : {}),
  };
}

/** The artist who has the order deactivated their account or was suspended (no artist: false). */
async function artistAwayOf(trx: Executor, artistId: number | null): Promise<boolean> {
  if (artistId === null) return false;
  const artist = await trx
    .selectFrom('users')
    .select(['deactivated_at', 'suspended_at'])
    .where('id', '=', artistId)
    .executeTakeFirst();
  return artist !== undefined && (artist.deactivated_at !== null || artist.suspended_at !== null);
}

const actorOf = (role: LifecycleRole, event: OrderLifecycleEvent): OrderEventActor =>
  event.type === 'payment_succeeded' || event.type === 'payment_reversed' ? 'provider' : role;

/**
 * Moves one order by one lifecycle event inside `trx`: the machine decides (403 for a role that never
 * sends the event, 409 when the state does not accept it now), then the event's own writes, the status,
 * the `order_events` row and the notifications are written together. The caller commits, then
 * publishes `notified` and `changes` with publishCommitted.
 */
export async function transitionOrder(trx: Transaction<DB>, input: TransitionInput): Promise<TransitionResult> {
  const { event, at } = input;
  const iso = at.toISOString();
  const order = await lockOrder(trx, input.orderId);
  if (!order) throw new ApiError(404, orderMessages.orderNotFound);
  const facts = factsOfRow(order, await openOfferCount(trx, order.id), await artistAwayOf(trx, order.artist_id));
  const decision = decide(facts, event);
  if (!decision.ok) {
    if (decision.reason === 'role') throw new ApiError(403, serverMessages.forbidden);
    throw new ApiError(
      409,
      decision.reason === 'revisions'
        ? lifecycleMessages.noRevisionsLeft
        : decision.reason === 'artist_away'
          ? lifecycleMessages.artistAway
          : event.type === 'recording_uploaded' && facts.lyrics_step
            ? // The recording waits for the customer's approval of the lyrics: say so, and what to do.
              facts.lyrics_step === 'review'
              ? lyricsTexts.recordingWaitsReview
              : lyricsTexts.recordingWaits
            : lifecycleMessages.notNow[event.type],
    );
  }
  const offersBefore = await offersOf(trx, order.id);
  const changes = new ChangeSet();
  const notifiedByApply: number[] = [];
  const extra = (await input.apply?.(trx, order, facts, changes, notifiedByApply)) ?? {};
  const updated = await trx
    .updateTable('orders')
    .set({
      ...extra,
      status: decision.facts.status,
      revisions_used: decision.facts.revisions_used,
      // Lyrics for approval (contracts/lyrics.ts): the machine's step of in_progress, and whether the customer approves.
      lyrics_approval: decision.facts.lyrics_approval ? 1 : 0,
      lyrics_step: decision.facts.lyrics_step ?? null,
      // The customer's 7 days to act run from when the order came to need an artist (idle-orders.ts).
      needs_artist_since:
        decision.facts.status !== 'needs_artist'
          ? null
          : facts.status === 'needs_artist'
            ? order.needs_artist_since
            : iso,
      updated_at: iso,
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const recorded = await recordOrderEvent(trx, {
    orderId: order.id,
    type: event.type,
    actor: actorOf(event.role, event),
    actorId: input.actorId,
    payload: input.payload,
    at: iso,
  });
  const after = factsOfRow(updated, await openOfferCount(trx, order.id), await artistAwayOf(trx, updated.artist_id));
  const notified = await insertNotifications(
    trx,
    await notificationsFor(trx, updated, facts, after, event, order.artist_id, input.payload),
    iso,
  );
  notified.push(...notifiedByApply);
  // Work left without anyone to do it: every admin is told (order-alerts.ts).
  notified.push(
    ...(await alertAdminsOfTransition(trx, {
      order: updated,
      before: facts,
      after,
      event,
      previousArtist: order.artist_id,
      at,
    })),
  );
  // The event's mails, in its transaction (server/mail/order-mails.ts; the worker sends them).
  await enqueueOrderMails(trx, {
    order: updated,
    before: facts,
    event,
    eventId: recorded.id,
    payload: input.payload,
    at,
    previousArtist: order.artist_id,
  });
  await addOrderChanges(trx, changes, order, updated, offersBefore, await offersOf(trx, order.id));
  return { order: updated, facts: after, notified, changes };
}

// ---- Whose screens show the change (docs/api.md "Live changes") -----------------------------------------

interface OfferState {
  artist_id: number;
  offer_status: string;
  offered_at: string | null;
}

async function offersOf(trx: Executor, orderId: number): Promise<OfferState[]> {
  return trx
    .selectFrom('order_artists')
    .select(['artist_id', 'offer_status', 'offered_at'])
    .where('order_id', '=', orderId)
    .execute();
}

const isOpen = (offer: OfferState) => offer.offer_status === 'pending' && offer.offered_at !== null;

/**
 * Every transition changes the order: its customer, its artist (before and after), the artists whose
 * offer was open before or after (their "new" list), and every admin see it. Each offer that opened or
 * closed changes for its own artist only (an offer is one artist's answer to one order: its id is the
 * order's). Artists whose offer closed earlier, and everyone else, hear nothing.
 */
async function addOrderChanges(
  trx: Executor,
  changes: ChangeSet,
  before: OrderRow,
  after: OrderRow,
  offersBefore: OfferState[],
  offersAfter: OfferState[],
): Promise<void> {
  const reference = after.reference;
  const wasOpen = new Set(offersBefore.filter(isOpen).map((offer) => offer.artist_id));
  const previous = new Map(offersBefore.map((offer) => [offer.artist_id, offer]));
  const offerViewers = new Set(wasOpen);
  for (const offer of offersAfter) {
    if (isOpen(offer)) offerViewers.add(offer.artist_id);
    const old = previous.get(offer.artist_id);
    const moved = !old || old.offer_status !== offer.offer_status || old.offered_at !== offer.offered_at;
    if (offer.offered_at !== null && moved) {
      changes.add({ kind: 'offer', id: after.id, status: offer.offer_status, order_id: after.id, reference }, [
        offer.artist_id,
      ]);
    }
  }
  changes.add({ kind: 'order', id: after.id, status: after.status, reference }, [
    after.customer_id,
    before.artist_id,
    after.artist_id,
    ...offerViewers,
    ...(await adminIds(trx)),
  ]);
}

// ---- Who hears about what (docs/architecture.md §4 "Notifications sent") -------------------------------------------

/** Artists whose offer on the order is still open (after the event's own writes). */
async function pendingOfferArtists(trx: Executor, orderId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('order_artists')
    .select('artist_id')
    .where('order_id', '=', orderId)
    .where('offer_status', '=', 'pending')
    .orderBy('rank')
    .execute();
  return rows.map((row) => row.artist_id);
}

async function stageNameOf(trx: Executor, userId: number | null): Promise<string | undefined> {
  if (userId === null) return undefined;
  const row = await trx.selectFrom('users').select('stage_name').where('id', '=', userId).executeTakeFirst();
  return row?.stage_name ?? undefined;
}

async function notificationsFor(
  trx: Executor,
  order: OrderRow,
  before: LifecycleFacts,
  after: LifecycleFacts,
  event: OrderLifecycleEvent,
  /** The artist who had the order before the event (a reassignment takes it away). */
  previousArtist: number | null,
  payload?: Record<string, unknown>,
): Promise<NewNotification[]> {
  const texts = {
    reference: order.reference,
    occasion: (occasions.find((o) => o.value === order.occasion_name)?.display ?? order.occasion_name).toLowerCase(),
    recipient: order.recipient_first_name,
    artist: await stageNameOf(trx, order.artist_id),
  };
  // Each in their own words: the order's customer, else an artist, unless the caller says admins.
  const to = (userIds: (number | null)[], type: NotificationType, reader?: NotificationReader): NewNotification[] =>
    userIds
      .filter((id): id is number => id !== null)
      .map((userId) => ({
        userId,
        type,
        orderId: order.id,
        ...notificationTexts[type]({
          ...texts,
          reader: reader ?? (userId === order.customer_id ? 'customer' : 'artist'),
        }),
      }));
  const artist = order.artist_id;
  switch (event.type) {
    case 'payment_succeeded':
    case 'customer_rebooked':
      return to(await pendingOfferArtists(trx, order.id), 'new_order');
    case 'artist_accepted':
      return [
        ...to([order.customer_id], 'accepted_by_artist'),
        ...to(await offersWithdrawnAt(trx, order), 'offer_withdrawn'),
      ];
    case 'artist_declined':
    case 'offer_expired':
      // Only the last closed offer leaves the order without an artist.
      return [
        ...(after.status === 'needs_artist' && before.status === 'offered'
          ? to([order.customer_id], 'rejected_by_artist')
          : []),
        ...(event.type === 'offer_expired' ? to([Number(payload?.artist_id)], 'offer_expired') : []),
      ];
    case 'artist_left':
      // Only the last closed offer, or the artist who took the order leaving, leaves it without an
      // artist: the customer is asked to choose another (the text of docs/product.md §4's rejected_by_artist).
      return after.status === 'needs_artist' && before.status !== 'needs_artist'
        ? to([order.customer_id], 'rejected_by_artist')
        : [];
    case 'recording_uploaded':
      return [...to(await adminIds(trx), 'uploaded_by_artist', 'admin'), ...to([artist], 'uploaded_by_artist')];
    case 'admin_validated':
      return [...to([order.customer_id], 'validated_by_admin'), ...to([artist], 'validated_by_admin')];
    case 'admin_requested_revision':
      return to([artist], 'revision_by_admin');
    case 'customer_rejected':
      return to([artist], 'rejected_by_customer');
    case 'customer_accepted':
      return [
        ...to([artist], 'accepted_by_customer'),
        ...to([artist], 'completed_order'),
        ...to([order.customer_id], 'completed_order'),
      ];
    case 'customer_rated':
      return to([artist], 'rated_by_customer');
    case 'payment_reversed': {
      // Before work started the order is simply cancelled; after, the artist must stop and an admin settles it.
      if (after.status === 'cancelled') {
        const offered = before.status === 'offered' ? await offerArtistsClosedBy(trx, order.id) : [];
        return to([...new Set([order.customer_id, ...offered])], 'cancelled_order');
      }
      return [...to([artist], 'order_disputed'), ...to(await adminIds(trx), 'order_disputed', 'admin')];
    }
    case 'cancelled': {
      // Everyone involved: the customer, the artist who took it, and artists whose offer was open.
      const offered = before.status === 'offered' ? await offerArtistsClosedBy(trx, order.id) : [];
      return to([...new Set([order.customer_id, artist, ...offered])], 'cancelled_order');
    }
    case 'admin_reassigned':
      // The new artist hears of an offer; the customer and the artist it was taken from, of the change.
      return [
        ...to(await pendingOfferArtists(trx, order.id), 'new_order'),
        ...to([order.customer_id, previousArtist], 'order_reassigned'),
      ];
    // Lyrics for approval: the other side hears of each step (the draft and the note are in the thread).
    case 'lyrics_posted':
      return to([order.customer_id], 'lyrics_posted');
    case 'lyrics_approved':
      return to([artist], 'lyrics_approved');
    case 'lyrics_changes_requested':
      return to([artist], 'lyrics_changes_requested');
    case 'lyrics_skipped':
      return before.status === 'in_progress' ? to([artist], 'lyrics_skipped') : [];
  }
}

/** Artists whose offers a cancellation withdrew (the apply step marks them withdrawn). */
async function offerArtistsClosedBy(trx: Executor, orderId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('order_artists')
    .select('artist_id')
    .where('order_id', '=', orderId)
    .where('offer_status', '=', 'withdrawn')
    .where('offered_at', 'is not', null)
    .execute();
  return rows.map((row) => row.artist_id);
}

/** Artists whose offer this transition withdrew (their answer time is the order's update time). */
async function offersWithdrawnAt(trx: Executor, order: OrderRow): Promise<number[]> {
  const rows = await trx
    .selectFrom('order_artists')
    .select('artist_id')
    .where('order_id', '=', order.id)
    .where('offer_status', '=', 'withdrawn')
    .where('responded_at', '=', order.updated_at)
    .execute();
  return rows.map((row) => row.artist_id);
}
