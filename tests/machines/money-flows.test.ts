import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { OrderPaymentState } from '../../contracts/order';
import { connectPayOrder } from '../../machines/pay-order.connect';
import { payMethodMessage, payOrderMachine } from '../../machines/pay-order.machine';
import { connectPaymentResult } from '../../machines/payment-result.connect';
import { paymentResultMachine } from '../../machines/payment-result.machine';
import { payoutRevealMachine } from '../../machines/payout-reveal.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
  types,
} from './model';

// Path tests for the SPA's money flows: the result page, paying an order again, revealing a payout.

const stateOf = (state: OrderPaymentState['state'], payable = state !== 'paid' && state !== 'closed') =>
  ({
    order_id: 7,
    order_reference: 'OR123',
    order_status: payable ? 'awaiting_payment' : 'offered',
    payment_status: state === 'unpaid' ? null : 'pending',
    payment_reference: 'SBX-1',
    state,
    payable,
    amount: 2500,
    artist_rates: [2500, 1800],
    add_ons: { rush: false, rush_price: 0, extra_revisions: 0, extra_revisions_price: 0 },
    occasion_name: 'birthday',
    recipient_first_name: 'Lola',
    artist_names: ['Ben Cruz', 'Mara'],
  }) satisfies OrderPaymentState;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => vi.useRealTimers());

describe('paymentResultMachine', () => {
  const notFound = { status: 404, message: 'This order was not found.' };
  const down = { status: 500, message: 'Something went wrong.' };
  const events = [
    ...(['paid', 'waiting', 'failed', 'cancelled', 'closed', 'unpaid'] as const).map((state) => ({
      type: 'xstate.done.actor.loadPaymentState',
      output: stateOf(state),
    })),
    { type: 'xstate.error.actor.loadPaymentState', error: notFound },
    { type: 'xstate.error.actor.loadPaymentState', error: down },
    { type: 'xstate.after.pollDelay.paymentResult.confirming' },
    { type: 'user.retry' },
  ];

  function start(orderId: number | null): () => Harness {
    return () => {
      const fakes = new FakeCalls();
      const machine = paymentResultMachine.provide({ actors: { loadPaymentState: fakes.actor('loadPaymentState') } });
      return { actor: createActor(machine, { input: { orderId, page: 'success' } }).start(), fakes, log: [] };
    };
  }

  const claimsSuccess = (s: any) => connectPaymentResult(s).title.includes('went through');
  const states: Record<string, (s: any, h: Harness) => void> = {
    checking: (s, h) => {
      expect(h.fakes.pending.get('loadPaymentState')?.input).toEqual({ orderId: 7 });
      expect(connectPaymentResult(s).confirming).toBe(true);
      expect(claimsSuccess(s)).toBe(false);
    },
    confirming: (s, h) => {
      expect(h.fakes.pending.size).toBe(0);
      expect(connectPaymentResult(s).title).toBe('Confirming your payment…');
      expect(connectPaymentResult(s).confirming).toBe(true);
      expect(claimsSuccess(s)).toBe(false);
    },
    stillWaiting: (s) => {
      expect(connectPaymentResult(s).canRetry).toBe(true);
      expect(claimsSuccess(s)).toBe(false);
    },
    paid: (s) => {
      expect(claimsSuccess(s)).toBe(true);
      expect(connectPaymentResult(s).payOrderId).toBeNull();
      expect(connectPaymentResult(s).reference).toBe('SBX-1');
    },
    failed: (s) => {
      expect(connectPaymentResult(s).payOrderId).toBe(7);
      expect(claimsSuccess(s)).toBe(false);
    },
    cancelled: (s) => expect(connectPaymentResult(s).payOrderId).toBe(7),
    unpaid: (s) => expect(connectPaymentResult(s).payOrderId).toBe(7),
    closed: (s) => {
      expect(connectPaymentResult(s).payOrderId).toBeNull();
      expect(claimsSuccess(s)).toBe(false);
    },
    unknown: (s) => {
      expect(connectPaymentResult(s).title).toBe('We could not find this payment');
      expect(connectPaymentResult(s).payOrderId).toBeNull();
    },
    error: (s) => {
      expect(connectPaymentResult(s).canRetry).toBe(true);
      expect(claimsSuccess(s)).toBe(false);
    },
  };

  // With and without an order in the address; the second start keeps only the paths it adds.
  const seen = new Set<string>();
  const byStart = ([7, null] as const).map((orderId) => ({
    orderId,
    paths: getTransitionPaths(paymentResultMachine, { input: { orderId, page: 'success' }, events }, seen),
  }));
  const all = byStart.flatMap((s) => s.paths);
  it('takes every transition', () => expectAllTransitionsCovered(paymentResultMachine, all));
  it('reaches every state (with and without an order in the address)', () =>
    expectAllStatesCovered(paymentResultMachine, all));
  it('has expectations for every resting state', () =>
    expect(Object.keys(states).sort()).toEqual(
      leafStateKeys(paymentResultMachine)
        .filter((k) => k !== 'starting')
        .sort(),
    ));
  for (const { orderId, paths } of byStart)
    for (const path of paths)
      it(`order ${orderId}: ${describePath(path)}`, async () => {
        await runPath(path, start(orderId), { states });
      });

  it('without an order in the address it asks nothing and claims nothing', () => {
    const h = start(null)();
    expect(h.actor.getSnapshot().value).toBe('unknown');
    expect(h.fakes.calls).toEqual([]);
    expect(claimsSuccess(h.actor.getSnapshot())).toBe(false);
  });

  it('asks again every 2 s for 30 s while confirming, then says it is still being confirmed', async () => {
    // The rule (docs/decisions.md, the result page): poll for 30 s; every 2 s, that is 15 more reads.
    const h = start(7)();
    for (let second = 0; second <= 30; second += 2) {
      expect(h.fakes.calls, `a read at ${second} s`).toHaveLength(second / 2 + 1);
      h.fakes.resolve('loadPaymentState', stateOf('waiting'));
      await flush();
      expect(h.actor.getSnapshot().value).toBe('confirming');
      await vi.advanceTimersByTimeAsync(1_999);
      expect(h.fakes.pending.size, `no read before ${second + 2} s`).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      await flush();
    }
    expect(h.actor.getSnapshot().value).toBe('stillWaiting');
    expect(h.fakes.calls).toHaveLength(16);
    // Then the postback lands and "check again" shows it.
    h.actor.send({ type: 'user.retry' });
    h.fakes.resolve('loadPaymentState', stateOf('paid'));
    await flush();
    expect(h.actor.getSnapshot().value).toBe('paid');
  });
});

describe('payOrderMachine', () => {
  const methods = [
    { value: 'gcash', display: 'GCash' },
    { value: 'sandbox', display: 'Test payment (sandbox)' },
  ];
  const events = [
    { type: 'xstate.done.actor.loadPayOptions', output: { methods, payment: stateOf('failed') } },
    { type: 'xstate.done.actor.loadPayOptions', output: { methods, payment: stateOf('paid') } },
    { type: 'xstate.error.actor.loadPayOptions', error: { status: 404, message: 'Not found' } },
    { type: 'xstate.error.actor.loadPayOptions', error: { status: 500, message: 'Down' } },
    { type: 'method.changed', value: 'sandbox' },
    { type: 'method.changed', value: 'unknown' },
    { type: 'user.pay' },
    { type: 'user.retry' },
    { type: 'xstate.done.actor.startCheckout', output: { payment: { Url: 'http://pay/1', RefNo: 'R', Status: 'S' } } },
    {
      type: 'xstate.error.actor.startCheckout',
      error: { status: 409, message: 'This order is not awaiting payment.' },
    },
    { type: 'xstate.error.actor.startCheckout', error: { status: 502, message: 'Provider down' } },
  ];
  const actionNames = ['leaveForPayment', 'showErrorToast'] as const;
  const start = (): Harness => {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const machine = payOrderMachine.provide({
      actors: { loadPayOptions: fakes.actor('loadPayOptions'), startCheckout: fakes.actor('startCheckout') },
      actions: recordingActions(actionNames, log),
    });
    return { actor: createActor(machine, { input: { orderId: 7 } }).start(), fakes, log };
  };
  const states: Record<string, (s: any, h: Harness) => void> = {
    loading: (s, h) => {
      expect(h.fakes.pending.get('loadPayOptions')?.input).toEqual({ orderId: 7 });
      expect(connectPayOrder(s).busy).toBe(true);
    },
    choosing: (s) => {
      const view = connectPayOrder(s);
      expect(view.methods).toEqual(methods);
      expect(view.canPay).toBe(true);
    },
    starting: (s, h) => {
      expect(h.fakes.pending.get('startCheckout')?.input).toEqual({ orderId: 7, paymentMethod: s.context.method });
      expect(connectPayOrder(s).busy).toBe(true);
    },
    leaving: (s) => expect(connectPayOrder(s).leaving).toBe(true),
    notPayable: (s) => expect(connectPayOrder(s).canPay).toBe(false),
    missing: (s) => expect(connectPayOrder(s).missing).toBe(true),
    loadFailed: (s) => expect(connectPayOrder(s).loadFailed).toBe(true),
  };
  const step = ({ event, after, actions }: StepCheck<Harness>) => {
    if (event.type === 'xstate.done.actor.startCheckout')
      expect(actions).toEqual([{ type: 'leaveForPayment', params: { url: 'http://pay/1' } }]);
    else if (event.type === 'xstate.error.actor.startCheckout' && after.matches('choosing'))
      expect(types(actions)).toEqual(['showErrorToast']);
    else expect(actions).toEqual([]);
    if (event.type === 'user.pay' && after.matches('choosing')) expect(after.context.error).toBe(payMethodMessage);
  };
  const paths = getTransitionPaths(payOrderMachine, { input: { orderId: 7 }, events });
  it('takes every transition', () => expectAllTransitionsCovered(payOrderMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(payOrderMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(payOrderMachine).sort()));
  for (const path of paths)
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
});

describe('payoutRevealMachine', () => {
  const destination = {
    payout_id: 3,
    bank_name: 'GCash',
    account_name: 'Liza',
    account_number: '09171234567',
    revealed_at: '2026-11-24T01:00:00.000Z',
  };
  const events = [
    { type: 'user.reveal' },
    { type: 'user.hide' },
    { type: 'xstate.done.actor.revealPayout', output: destination },
    { type: 'xstate.error.actor.revealPayout', error: { status: 409, message: 'No payout details.' } },
  ];
  const start = (): Harness => {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const machine = payoutRevealMachine.provide({
      actors: { revealPayout: fakes.actor('revealPayout') },
      actions: recordingActions(['recordReveal'] as const, log),
    });
    return { actor: createActor(machine, { input: { payoutId: 3 } }).start(), fakes, log };
  };
  const states: Record<string, (s: any, h: Harness) => void> = {
    hidden: (s) => expect(s.context.destination).toBeNull(),
    revealing: (s, h) => {
      expect(h.fakes.pending.get('revealPayout')?.input).toEqual({ payoutId: 3 });
      expect(s.hasTag('busy')).toBe(true);
    },
    shown: (s) => expect(s.context.destination?.account_number).toBe('09171234567'),
  };
  const step = ({ event, actions, after }: StepCheck<Harness>) => {
    if (event.type === 'xstate.done.actor.revealPayout')
      expect(actions).toEqual([{ type: 'recordReveal', params: { at: destination.revealed_at } }]);
    else expect(actions).toEqual([]);
    if (event.type === 'xstate.error.actor.revealPayout') expect(after.context.error).toBe('No payout details.');
  };
  const paths = getTransitionPaths(payoutRevealMachine, { input: { payoutId: 3 }, events });
  it('takes every transition', () => expectAllTransitionsCovered(payoutRevealMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(payoutRevealMachine, paths));
  for (const path of paths)
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
});
