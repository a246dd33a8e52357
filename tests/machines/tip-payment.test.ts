import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type TipStatus, tipStatuses } from '../../contracts/tips';
import { decideTip, type TipEffect, tipProviderEvent } from '../../machines/tip-payment';
import { type TipPaymentEvent, tipPaymentMachine } from '../../machines/tip-payment.machine';
import { expectAllStatesCovered, expectAllTransitionsCovered, getTransitionPaths, leafStateKeys } from './model';

// ---- The expectation model, written from the issue independently of the machine --------------------
// pending → paid | held | failed | cancelled | expired. Money for the stored amount is credited to the
// artist once; money for another amount credits nothing and waits for a person; late money after a
// failure, a cancel or an expiry still counts. Paid and held take nothing more.

const events: TipPaymentEvent[] = [
  { type: 'provider.pending' },
  { type: 'provider.succeeded', amountMatches: true },
  { type: 'provider.succeeded', amountMatches: false },
  { type: 'provider.failed' },
  { type: 'provider.cancelled' },
  { type: 'system.expired' },
];

type Expected = { to: TipStatus; effects: TipEffect[] } | null;

function money(event: Extract<TipPaymentEvent, { type: 'provider.succeeded' }>): Expected {
  return event.amountMatches ? { to: 'paid', effects: ['creditArtist'] } : { to: 'held', effects: ['holdTip'] };
}

function expected(status: TipStatus, event: TipPaymentEvent): Expected {
  if (status === 'pending') {
    if (event.type === 'provider.succeeded') return money(event);
    const to = {
      'provider.pending': 'pending',
      'provider.failed': 'failed',
      'provider.cancelled': 'cancelled',
      'system.expired': 'expired',
    } as const;
    return { to: to[event.type], effects: [] };
  }
  if (status === 'failed' || status === 'cancelled' || status === 'expired')
    return event.type === 'provider.succeeded' ? money(event) : null;
  return null;
}

describe('tip payment machine', () => {
  it('decides every event in every status as the model says', () => {
    for (const status of tipStatuses)
      for (const event of events) {
        const decision = decideTip(status, event);
        const want = expected(status, event);
        if (want === null) expect(decision.ok, `${status} ${JSON.stringify(event)}`).toBe(false);
        else
          expect(decision, `${status} ${JSON.stringify(event)}`).toEqual({
            ok: true,
            changed: want.to !== status,
            ...want,
          });
      }
  });

  it('plays every transition of the machine on a real actor and lands where the model says', () => {
    const paths = getTransitionPaths(tipPaymentMachine, { events });
    for (const path of paths) {
      const actor = createActor(tipPaymentMachine).start();
      let status: TipStatus = 'pending';
      for (const step of path.steps.slice(1)) {
        const want = expected(status, step.event as TipPaymentEvent);
        actor.send(step.event as TipPaymentEvent);
        expect(want).not.toBeNull();
        status = (want as NonNullable<Expected>).to;
        expect(actor.getSnapshot().value).toBe(status);
      }
      actor.stop();
    }
    expectAllTransitionsCovered(tipPaymentMachine, paths);
    expectAllStatesCovered(tipPaymentMachine, paths);
    expect(leafStateKeys(tipPaymentMachine).sort()).toEqual([...tipStatuses].sort());
  });

  it('maps provider statuses to tip events; refunds and chargebacks are not tip events', () => {
    expect(tipProviderEvent('succeeded', false)).toEqual({ type: 'provider.succeeded', amountMatches: false });
    expect(tipProviderEvent('failed', true)).toEqual({ type: 'provider.failed' });
    expect(tipProviderEvent('charged_back', true)).toBeNull();
    expect(tipProviderEvent('refunded', true)).toBeNull();
  });
});
