import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type PaymentStatus, paymentStatuses, type RefundReason } from '../../contracts/order';
import { attemptSnapshotOf, decidePayment, type PaymentEffect, providerEvent } from '../../machines/payment-attempt';
import {
  type OrderStanding,
  type PaymentAttemptEvent,
  paymentAttemptMachine,
} from '../../machines/payment-attempt.machine';
import { expectAllStatesCovered, expectAllTransitionsCovered, getTransitionPaths, leafStateKeys } from './model';

// ---- The expectation model, written from the issue independently of the machine --------------------
// pending → succeeded | failed | cancelled | expired | voided, then refunded | charged_back. Money that
// cannot be kept (the order was paid or cancelled, or the checkout was closed) is a refund owed; a
// reversal after success stops the order. Money for another amount or currency is held until an admin
// accepts it (only if it covers the price of an order still awaiting payment) or refunds it whole.

const standings: OrderStanding[] = ['awaiting_payment', 'paid', 'cancelled'];

/** Every event, with every order standing and amount check for a success. */
const events: PaymentAttemptEvent[] = [
  { type: 'provider.pending' },
  ...standings.flatMap((order) =>
    [true, false].map((amountMatches): PaymentAttemptEvent => ({ type: 'provider.succeeded', amountMatches, order })),
  ),
  { type: 'provider.failed' },
  { type: 'provider.cancelled' },
  { type: 'provider.refunded' },
  { type: 'provider.charged_back' },
  { type: 'system.expired' },
  { type: 'system.voided' },
  { type: 'system.refunded' },
  ...standings.flatMap((order) =>
    [true, false].map((covers): PaymentAttemptEvent => ({ type: 'admin.accepted', covers, order })),
  ),
  { type: 'admin.refunded' },
];

type Expected = { to: PaymentStatus; effects: PaymentEffect[] } | null;

const owed = (reason: RefundReason): PaymentEffect => ({ type: 'recordRefundOwed', reason });
const stop = (reason: RefundReason): PaymentEffect => ({ type: 'stopOrder', reason });

/** Money arriving for an attempt that is not closed. */
function money(event: Extract<PaymentAttemptEvent, { type: 'provider.succeeded' }>): Expected {
  if (!event.amountMatches) return { to: 'held', effects: [{ type: 'holdForDecision' }] };
  if (event.order === 'awaiting_payment') return { to: 'succeeded', effects: [{ type: 'payOrder' }] };
  return { to: 'refunded', effects: [owed(event.order === 'cancelled' ? 'paid_after_cancel' : 'paid_twice')] };
}

function expected(status: PaymentStatus, event: PaymentAttemptEvent): Expected {
  switch (status) {
    case 'pending':
      if (event.type === 'provider.pending') return { to: 'pending', effects: [] };
      if (event.type === 'provider.succeeded') return money(event);
      if (event.type === 'provider.failed') return { to: 'failed', effects: [] };
      if (event.type === 'provider.cancelled') return { to: 'cancelled', effects: [] };
      if (event.type === 'system.expired') return { to: 'expired', effects: [] };
      if (event.type === 'system.voided') return { to: 'voided', effects: [] };
      return null;
    case 'failed':
    case 'cancelled':
    case 'expired':
      // Late money (over the counter) still counts.
      return event.type === 'provider.succeeded' ? money(event) : null;
    case 'voided':
      if (event.type !== 'provider.succeeded') return null;
      return event.amountMatches
        ? { to: 'refunded', effects: [owed('paid_after_void')] }
        : { to: 'held', effects: [{ type: 'holdForDecision' }] };
    case 'held':
      if (event.type === 'admin.accepted' && event.covers && event.order === 'awaiting_payment')
        return { to: 'succeeded', effects: [{ type: 'payOrder' }, { type: 'recordSurplusOwed' }] };
      if (event.type === 'admin.refunded') return { to: 'refunded', effects: [owed('wrong_payment')] };
      return null;
    case 'succeeded':
      if (event.type === 'provider.refunded') return { to: 'refunded', effects: [stop('provider_refund')] };
      if (event.type === 'provider.charged_back') return { to: 'charged_back', effects: [stop('charged_back')] };
      if (event.type === 'system.refunded') return { to: 'refunded', effects: [owed('order_cancelled')] };
      return null;
    case 'refunded':
    case 'charged_back':
      return null;
  }
}

const label = (e: PaymentAttemptEvent) =>
  e.type === 'provider.succeeded'
    ? `${e.type}(${e.order}, amount ${e.amountMatches ? 'ok' : 'wrong'})`
    : e.type === 'admin.accepted'
      ? `${e.type}(${e.order}, ${e.covers ? 'covers' : 'short'})`
      : e.type;

describe('paymentAttemptMachine: the machine is the table', () => {
  it('has the states of the payment statuses', () => {
    expect(leafStateKeys(paymentAttemptMachine).sort()).toEqual([...paymentStatuses].sort());
  });

  it.each(paymentStatuses)('in %s, every event moves as the table says or is refused', (status) => {
    for (const event of events) {
      const want = expected(status, event);
      const decision = decidePayment(status, event);
      if (want === null) {
        expect(decision.ok, `${status} refuses ${label(event)}`).toBe(false);
        expect(attemptSnapshotOf(status).can(event), label(event)).toBe(false);
      } else {
        expect(decision, `${status} + ${label(event)}`).toEqual({
          ok: true,
          to: want.to,
          changed: want.to !== status,
          effects: want.effects,
        });
      }
    }
  });

  it('refused amounts say why', () => {
    expect(
      decidePayment('held', { type: 'provider.succeeded', amountMatches: false, order: 'awaiting_payment' }),
    ).toEqual({ ok: false, reason: 'amount or currency mismatch' });
    expect(decidePayment('held', { type: 'admin.accepted', covers: false, order: 'awaiting_payment' })).toEqual({
      ok: false,
      reason: 'the money cannot pay the order',
    });
    expect(decidePayment('succeeded', { type: 'provider.failed' })).toEqual({
      ok: false,
      reason: 'provider.failed in succeeded',
    });
  });

  it('refunded and charged back are final', () => {
    for (const status of ['refunded', 'charged_back'] as const) {
      expect(attemptSnapshotOf(status).status).toBe('done');
      for (const event of events) expect(attemptSnapshotOf(status).can(event)).toBe(false);
    }
  });

  it('maps provider statuses to events; ours (expired, voided) are never a provider’s', () => {
    const extra = { amountMatches: true, order: 'paid' as const };
    expect(providerEvent('succeeded', extra)).toEqual({ type: 'provider.succeeded', ...extra });
    expect(providerEvent('charged_back', extra)).toEqual({ type: 'provider.charged_back' });
    expect(providerEvent('expired', extra)).toBeNull();
    expect(providerEvent('voided', extra)).toBeNull();
    for (const status of ['pending', 'failed', 'cancelled', 'refunded'] as const)
      expect(providerEvent(status, extra)).toEqual({ type: `provider.${status}` });
  });
});

describe('paymentAttemptMachine: model-based paths', () => {
  const paths = getTransitionPaths(paymentAttemptMachine, { events });

  it('takes every transition', () => expectAllTransitionsCovered(paymentAttemptMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(paymentAttemptMachine, paths));

  it('plays every transition of the table from pending', () => {
    const played = new Set<string>();
    for (const path of paths)
      for (const [i, step] of path.steps.entries()) {
        if (i === 0) continue;
        const from = path.steps[i - 1]?.state.value as PaymentStatus;
        played.add(`${from}:${label(step.event as PaymentAttemptEvent)}`);
      }
    const table = paymentStatuses.flatMap((status) =>
      events.filter((e) => expected(status, e) !== null && status !== 'pending').map((e) => `${status}:${label(e)}`),
    );
    // Every move out of a state the paths reach (pending's self-move included in the paths too).
    for (const move of table) expect(played.has(move), move).toBe(true);
  });

  for (const path of paths) {
    const name = path.steps.map((s, i) => (i === 0 ? 'pending' : label(s.event as PaymentAttemptEvent))).join(' → ');
    it(name, () => {
      // A live actor walks the path; each step is the move the table names, and the pure decision agrees.
      const actor = createActor(paymentAttemptMachine).start();
      for (const [i, step] of path.steps.entries()) {
        if (i === 0) continue;
        const before = actor.getSnapshot().value as PaymentStatus;
        const event = step.event as PaymentAttemptEvent;
        const want = expected(before, event);
        expect(want, `${before} + ${label(event)} is a move of the table`).not.toBeNull();
        actor.send(event);
        expect(actor.getSnapshot().value).toBe(want?.to);
        expect(decidePayment(before, event)).toMatchObject({ ok: true, to: want?.to, effects: want?.effects });
      }
      actor.stop();
    });
  }
});
