import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { isOverdue, type LifecycleRole, lifecycleMessages } from '../../contracts/lifecycle';
import { orderMessages } from '../../contracts/order';
import { decidePayment } from '../../machines/payment-attempt';
import type { DB, OrderEventActor, OrderRow } from '../db/schema';
import { ApiError, fieldError } from '../http/api-error';
import { keepLyricsApprovalForFirstOrders } from '../lyrics/lyrics-default';
import { adminIds, type ChangeSet } from '../notifications/live-changes';
import { acceptedTermsOf, offerTermsOf } from '../orders/pricing';
import { voidOpenAttempts } from '../payments/payments.repository';
import { recordPriceDifferenceRefund, recordRefundOwed, refundedOn } from '../payments/refunds';
import { type TransitionResult, transitionOrder } from './transition';

// The lifecycle events with their own checks and writes (docs/architecture.md §4). Each runs inside the caller's
// transaction through transitionOrder, so the machine has decided before anything here is written,
// and everything here commits or rolls back with the status change.

const DAY_MS = 86_400_000;

export interface LifecycleSettings {
  offerTtlMs: number;
  revisionLimit: number;
  /** PLATFORM_FEE_PERCENT: the fee a new offer keeps on its artist's rate. */
  platformFeePercent: number;
}

type Trx = Transaction<DB>;
const iso = (at: Date) => at.toISOString();

/** 00:00 in Manila (UTC+8, no daylight saving) of the needed-by date, less a day for validation. */
export function dueAtFor(neededBy: string): string {
  return new Date(new Date(`${neededBy}T00:00:00+08:00`).getTime() - DAY_MS).toISOString();
}

/** Opens every offer still pending on the order: each artist has `offerTtlMs` to answer. */
async function openOffers(trx: Trx, orderId: number, at: Date, settings: LifecycleSettings) {
  await trx
    .updateTable('order_artists')
    .set({ offered_at: iso(at), expires_at: iso(new Date(at.getTime() + settings.offerTtlMs)) })
    .where('order_id', '=', orderId)
    .where('offer_status', '=', 'pending')
    .execute();
}

/** A verified payment: the offers open and the order takes the configured revision limit. */
export function payOrder(
  trx: Trx,
  input: { orderId: number; at: Date; payload: Record<string, unknown>; settings: LifecycleSettings },
): Promise<TransitionResult> {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'payment_succeeded', role: 'system' },
    actorId: null,
    payload: input.payload,
    at: input.at,
    apply: async (t, order) => {
      await openOffers(t, input.orderId, input.at, input.settings);
      // The extra revisions the customer bought come on top of the included ones.
      return { paid_at: iso(input.at), revision_limit: input.settings.revisionLimit + order.extra_revisions };
    },
  });
}

/** The artist's offer on the order, whatever its status; none means the order is not theirs (404). */
async function offerOf(trx: Trx, orderId: number, artistId: number) {
  const offer = await trx
    .selectFrom('order_artists')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('artist_id', '=', artistId)
    .executeTakeFirst();
  if (!offer || offer.offered_at === null) throw new ApiError(404, orderMessages.orderNotFound);
  return offer;
}

/** Refuses an offer that is closed or past its time (the sweep may not have run yet). */
function requireOpenOffer(offer: { offer_status: string; expires_at: string | null }, at: Date) {
  if (offer.offer_status !== 'pending') throw new ApiError(409, lifecycleMessages.notNow.artist_declined);
  if (offer.expires_at !== null && offer.expires_at <= iso(at)) throw new ApiError(409, lifecycleMessages.offerExpired);
}

/**
 * First accept wins: the order row is locked, so a second artist finds it no longer offered (409).
 * The order takes the accepting artist's own rate; what the customer paid above it is owed back to
 * them in this same transaction (docs/decisions.md "Orders and payments").
 */
export async function acceptOffer(trx: Trx, input: { orderId: number; artistId: number; at: Date }) {
  await keepLyricsApprovalForFirstOrders(trx, input.orderId, input.artistId);
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'artist_accepted', role: 'artist' },
    actorId: input.artistId,
    at: input.at,
    apply: async (t, order, _facts, changes, notified) => {
      const offer = await offerOf(t, order.id, input.artistId);
      requireOpenOffer(offer, input.at);
      const accepted = acceptedTermsOf(order, offer);
      await t
        .updateTable('order_artists')
        .set((eb) => ({
          offer_status: eb
            .case()
            .when('artist_id', '=', input.artistId)
            .then('accepted' as const)
            .else('withdrawn' as const)
            .end(),
          responded_at: iso(input.at),
        }))
        .where('order_id', '=', order.id)
        .where('offer_status', '=', 'pending')
        .execute();
      const difference = order.price_centavos - accepted.price_centavos;
      if (difference > 0)
        notified.push(
          ...(await recordPriceDifferenceRefund(t, {
            order,
            artistId: input.artistId,
            amountCentavos: difference,
            at: input.at,
            changes,
          })),
        );
      return {
        artist_id: input.artistId,
        accepted_at: iso(input.at),
        due_at: dueAtFor(order.needed_by),
        ...accepted,
      };
    },
  });
}

export function declineOffer(trx: Trx, input: { orderId: number; artistId: number; reason: string; at: Date }) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'artist_declined', role: 'artist' },
    actorId: input.artistId,
    payload: { reason: input.reason },
    at: input.at,
    apply: async (t, order) => {
      requireOpenOffer(await offerOf(t, order.id, input.artistId), input.at);
      await t
        .updateTable('order_artists')
        .set({ offer_status: 'declined', responded_at: iso(input.at), decline_reason: input.reason })
        .where('order_id', '=', order.id)
        .where('artist_id', '=', input.artistId)
        .execute();
      return undefined;
    },
  });
}

/** Thrown by the sweep's apply when another process expired (or the artist answered) the offer first. */
export class OfferAlreadyClosed extends Error {}

/** The scheduler's claim: only the transaction whose conditional update takes the row expires it. */
export function expireOffer(trx: Trx, input: { orderId: number; artistId: number; at: Date }) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'offer_expired', role: 'system' },
    actorId: null,
    payload: { artist_id: input.artistId },
    at: input.at,
    apply: async (t, order) => {
      const claimed = await t
        .updateTable('order_artists')
        .set({ offer_status: 'expired', responded_at: iso(input.at) })
        .where('order_id', '=', order.id)
        .where('artist_id', '=', input.artistId)
        .where('offer_status', '=', 'pending')
        .where('expires_at', '<=', iso(input.at))
        .returning('artist_id')
        .executeTakeFirst();
      if (!claimed) throw new OfferAlreadyClosed();
      return undefined;
    },
  });
}

/** The assigned artist submits a recording they uploaded: it is attached to the order for good. */
export function submitRecording(
  trx: Trx,
  input: { orderId: number; artistId: number; tempLocation: string; lyrics: string; at: Date },
) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'recording_uploaded', role: 'artist' },
    actorId: input.artistId,
    at: input.at,
    apply: async (t, order) => {
      if (order.artist_id !== input.artistId) throw new ApiError(404, orderMessages.orderNotFound);
      const upload = await t
        .updateTable('temp_uploads')
        .set({ attached_order_id: order.id })
        .where('temp_location', '=', input.tempLocation)
        .where('user_id', '=', input.artistId)
        .where('attached_order_id', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!upload) throw fieldError(lifecycleMessages.recordingInvalid, 'temp_location');
      const last = await t
        .selectFrom('order_recordings')
        .select((eb) => eb.fn.max<number>('version').as('v'))
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      const version = Number(last?.v ?? 0) + 1;
      await t
        .insertInto('order_recordings')
        .values({
          order_id: order.id,
          artist_id: input.artistId,
          version,
          temp_location: upload.temp_location,
          mime: upload.mime,
          size: upload.size,
          lyrics: input.lyrics,
          human_made: 1,
          created_at: iso(input.at),
        })
        .execute();
      return undefined;
    },
  });
}

/** Marks the newest recording of the order (the one under review). */
async function markLatestRecording(
  t: Trx,
  orderId: number,
  status: 'validated' | 'revision_requested' | 'rejected_by_customer' | 'accepted',
) {
  const latest = await t
    .selectFrom('order_recordings')
    .select('id')
    .where('order_id', '=', orderId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest) await t.updateTable('order_recordings').set({ status }).where('id', '=', latest.id).execute();
}

export function validateRecording(trx: Trx, input: { orderId: number; adminId: number; at: Date }) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'admin_validated', role: 'admin' },
    actorId: input.adminId,
    at: input.at,
    apply: async (t, order) => {
      await markLatestRecording(t, order.id, 'validated');
      return undefined;
    },
  });
}

export function requestRevision(trx: Trx, input: { orderId: number; adminId: number; notes: string; at: Date }) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'admin_requested_revision', role: 'admin' },
    actorId: input.adminId,
    payload: { notes: input.notes },
    at: input.at,
    apply: async (t, order) => {
      await markLatestRecording(t, order.id, 'revision_requested');
      return undefined;
    },
  });
}

/** The customer accepts the delivered song: the order completes and the artist's earning is credited. */
export function acceptDelivery(trx: Trx, input: { orderId: number; customerId: number; at: Date }) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'customer_accepted', role: 'customer' },
    actorId: input.customerId,
    at: input.at,
    apply: async (t, order, _facts, changes) => {
      await markLatestRecording(t, order.id, 'accepted');
      if (order.artist_id !== null) {
        const payout = await t
          .insertInto('payouts')
          .values({
            artist_id: order.artist_id,
            order_id: order.id,
            amount_centavos: order.price_centavos - order.platform_fee_centavos,
            created_at: iso(input.at),
          })
          .returning(['id', 'status'])
          .executeTakeFirstOrThrow();
        changes.add(
          { kind: 'payout', id: payout.id, status: payout.status, order_id: order.id, reference: order.reference },
          [order.artist_id, ...(await adminIds(t))],
        );
      }
      return { completed_at: iso(input.at) };
    },
  });
}

export function rejectDelivery(trx: Trx, input: { orderId: number; customerId: number; reason: string; at: Date }) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'customer_rejected', role: 'customer' },
    actorId: input.customerId,
    payload: { reason: input.reason },
    at: input.at,
    apply: async (t, order) => {
      await markLatestRecording(t, order.id, 'rejected_by_customer');
      return undefined;
    },
  });
}

export function rateOrder(
  trx: Trx,
  input: { orderId: number; customerId: number; rating: number; review: string; at: Date },
) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'customer_rated', role: 'customer' },
    actorId: input.customerId,
    payload: { rating: input.rating },
    at: input.at,
    apply: async () => ({ rating: input.rating, review: input.review, rated_at: iso(input.at) }),
  });
}

/**
 * New offers for an order no artist took. The artists were checked by the caller (approved, online,
 * not offered this order before); their ranks continue after the earlier ones.
 */
export function rebookOrder(
  trx: Trx,
  input: { orderId: number; customerId: number; artistIds: number[]; at: Date; settings: LifecycleSettings },
) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'customer_rebooked', role: 'customer', offers: input.artistIds.length },
    actorId: input.customerId,
    payload: { artists: input.artistIds.length },
    at: input.at,
    apply: async (t, order) => {
      const last = await t
        .selectFrom('order_artists')
        .select((eb) => eb.fn.max<number>('rank').as('r'))
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      const first = Number(last?.r ?? 0) + 1;
      const profiles = await profilesOf(t, input.artistIds);
      await t
        .insertInto('order_artists')
        .values(
          input.artistIds.map((artistId, index) => ({
            order_id: order.id,
            artist_id: artistId,
            rank: first + index,
            ...offerTermsOf(profiles.get(artistId), input.settings.platformFeePercent, order),
          })),
        )
        .execute();
      await openOffers(t, order.id, input.at, input.settings);
      return undefined;
    },
  });
}

/**
 * Cancels the order: open offers are withdrawn and, when it was paid, a refund of the full amount is
 * recorded against the succeeded payment (the payment becomes `refunded`). The system (no actor)
 * cancels an order left without an artist (idle-orders.ts).
 */
export function cancelOrder(
  trx: Trx,
  input: { orderId: number; role: LifecycleRole; actorId: number | null; reason: string; at: Date },
) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'cancelled', role: input.role },
    actorId: input.actorId,
    payload: input.reason ? { reason: input.reason } : {},
    at: input.at,
    apply: async (t, order, _facts, changes, notified) => {
      await t
        .updateTable('order_artists')
        .set({ offer_status: 'withdrawn', responded_at: iso(input.at) })
        .where('order_id', '=', order.id)
        .where('offer_status', '=', 'pending')
        .execute();
      notified.push(
        ...(await refundPaid(t, order, input.role as OrderEventActor, input.actorId, input.reason, input.at, changes)),
      );
      // Checkouts still open can no longer pay this order (a success that arrives anyway is owed back).
      await voidOpenAttempts(t, order.id, null, input.at);
      return { cancelled_at: iso(input.at) };
    },
  });
}

/** The artists' profiles by users.id, for the rates new offers keep. */
async function profilesOf(t: Trx, artistIds: number[]) {
  const rows = await t.selectFrom('artist_profiles').selectAll().where('user_id', 'in', artistIds).execute();
  return new Map(rows.map((row) => [row.user_id, row]));
}

/**
 * Each succeeded payment of the order moves to refunded (the attempt machine decides) with a refund owed
 * (recordRefundOwed: the customer and the admins are told). Answers who to wake.
 */
async function refundPaid(
  t: Trx,
  order: OrderRow,
  actor: OrderEventActor,
  actorId: number | null,
  reason: string,
  at: Date,
  changes: ChangeSet,
): Promise<number[]> {
  const notified: number[] = [];
  const paid = await t
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('status', '=', 'succeeded')
    .execute();
  for (const payment of paid) {
    const decision = decidePayment(payment.status, { type: 'system.refunded' });
    if (!decision.ok) continue;
    // A price difference already owed back on this payment is not refunded twice.
    const held = payment.amount_centavos - (await refundedOn(t, payment.id));
    await t
      .updateTable('payments')
      .set({ status: decision.to, updated_at: iso(at) })
      .where('id', '=', payment.id)
      .execute();
    for (const effect of decision.effects) {
      if (effect.type !== 'recordRefundOwed' || held <= 0) continue;
      const owed = await recordRefundOwed(t, {
        order,
        paymentId: payment.id,
        amountCentavos: held,
        reasonCode: effect.reason,
        note: reason,
        actor,
        actorId,
        at,
        changes,
      });
      notified.push(...owed.notified);
    }
  }
  return notified;
}

/**
 * The artist leaves the order (they deactivated, or an admin suspended them): their open offer is
 * withdrawn, or the work they took goes back to the customer to choose another artist (needs_artist,
 * the rebook path). A recording already submitted stays: the machine refuses the event there.
 */
export function releaseOrder(
  trx: Trx,
  input: { orderId: number; artistId: number; role: 'artist' | 'admin'; actorId: number; at: Date; reason: string },
) {
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'artist_left', role: input.role },
    actorId: input.actorId,
    payload: { artist_id: input.artistId, ...(input.reason ? { reason: input.reason } : {}) },
    at: input.at,
    apply: async (t, order) => {
      const taken = order.status !== 'offered';
      if (taken && order.artist_id !== input.artistId) throw new ApiError(404, orderMessages.orderNotFound);
      const closed = await t
        .updateTable('order_artists')
        .set({ offer_status: 'withdrawn', responded_at: iso(input.at) })
        .where('order_id', '=', order.id)
        .where('artist_id', '=', input.artistId)
        .where('offer_status', '=', taken ? 'accepted' : 'pending')
        .returning('artist_id')
        .executeTakeFirst();
      if (!closed) throw new ApiError(409, lifecycleMessages.notNow.artist_left);
      return taken ? { artist_id: null, accepted_at: null, due_at: null } : undefined;
    },
  });
}

/**
 * An admin offers the order to one artist (checked by the caller: an approved, active artist): an
 * order needing an artist, stalled work past its due date, or work whose artist left or was suspended
 * (whatever its due date); its artist loses it. The reason is kept with the event. The new offer runs
 * on the usual clock; if it closes unanswered the order needs an artist again.
 */
export async function reassignOrder(
  trx: Trx,
  input: {
    orderId: number;
    adminId: number;
    artistId: number;
    reason: string;
    at: Date;
    settings: LifecycleSettings;
  },
) {
  const current = await trx
    .selectFrom('orders')
    .select(['status', 'due_at'])
    .where('id', '=', input.orderId)
    .executeTakeFirst();
  if (!current) throw new ApiError(404, orderMessages.orderNotFound);
  return transitionOrder(trx, {
    orderId: input.orderId,
    event: { type: 'admin_reassigned', role: 'admin', overdue: isOverdue(current, input.at) },
    actorId: input.adminId,
    payload: { artist_id: input.artistId, reason: input.reason },
    at: input.at,
    apply: async (t, order) => {
      if (order.artist_id === input.artistId) throw fieldError(lifecycleMessages.reassignSameArtist, 'artist_id');
      // The artist who had the work loses it.
      await t
        .updateTable('order_artists')
        .set({ offer_status: 'withdrawn', responded_at: iso(input.at) })
        .where('order_id', '=', order.id)
        .where('offer_status', 'in', ['accepted', 'pending'])
        .execute();
      const offered = {
        offer_status: 'pending' as const,
        offered_at: iso(input.at),
        expires_at: iso(new Date(input.at.getTime() + input.settings.offerTtlMs)),
        responded_at: null,
        decline_reason: null,
        ...offerTermsOf(
          (await profilesOf(t, [input.artistId])).get(input.artistId),
          input.settings.platformFeePercent,
          order,
        ),
      };
      const again = await t
        .updateTable('order_artists')
        .set(offered)
        .where('order_id', '=', order.id)
        .where('artist_id', '=', input.artistId)
        .returning('artist_id')
        .executeTakeFirst();
      if (!again) {
        const last = await t
          .selectFrom('order_artists')
          .select((eb) => eb.fn.max<number>('rank').as('r'))
          .where('order_id', '=', order.id)
          .executeTakeFirst();
        await t
          .insertInto('order_artists')
          .values({ order_id: order.id, artist_id: input.artistId, rank: Number(last?.r ?? 0) + 1, ...offered })
          .execute();
      }
      return { artist_id: null, accepted_at: null, due_at: null };
    },
  });
}

/** A new gift token: 32 URL-safe characters (192 bits), unguessable. */
export const newGiftToken = (): string => randomBytes(24).toString('base64url');
