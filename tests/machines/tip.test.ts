import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { TIP_MAX_PESOS, TIP_MIN_PESOS, tipMessages } from '../../contracts/tips';
import { tipAmountOf, tipMachine } from '../../machines/tip.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
  types,
} from './model';

// Path tests for "Tip the artist" (machines/tip.machine.ts): every transition played on a real actor with
// fake API calls, and what each state shows and each step does checked on the way.

const methods = [{ value: 'sandbox', display: 'Test payment (sandbox)' }];
const tips = (can_tip: boolean) => ({ can_tip, items: [] });

describe('tipMachine', () => {
  const events = [
    { type: 'xstate.done.actor.loadTips', output: { tips: tips(true), methods } },
    { type: 'xstate.done.actor.loadTips', output: { tips: tips(false), methods } },
    { type: 'xstate.error.actor.loadTips', error: { status: 500, message: 'Down' } },
    { type: 'amount.changed', value: '250' },
    { type: 'amount.changed', value: '5' },
    { type: 'method.changed', value: 'sandbox' },
    { type: 'user.tip' },
    { type: 'user.retry' },
    {
      type: 'xstate.done.actor.startTip',
      output: { tip: {}, payment: { Url: 'http://pay/tip', RefNo: 'R', Status: 'S' } },
    },
    {
      type: 'xstate.error.actor.startTip',
      error: { status: 422, message: 'Invalid', errors: { amount: [tipMessages.amountInvalid] } },
    },
    { type: 'xstate.error.actor.startTip', error: { status: 409, message: tipMessages.notAccepted } },
    { type: 'xstate.error.actor.startTip', error: { status: 502, message: 'Provider down' } },
  ];
  const actionNames = ['leaveForPayment', 'focusFirstError'] as const;
  const start = (): Harness => {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const machine = tipMachine.provide({
      actors: { loadTips: fakes.actor('loadTips'), startTip: fakes.actor('startTip') },
      actions: recordingActions(actionNames, log),
    });
    return { actor: createActor(machine, { input: { orderId: 7 } }).start(), fakes, log };
  };
  const states: Record<string, (s: any, h: Harness) => void> = {
    loading: (s, h) => {
      expect(h.fakes.pending.get('loadTips')?.input).toEqual({ orderId: 7 });
      expect(s.hasTag('busy')).toBe(true);
    },
    choosing: (s) => {
      expect(s.context.methods).toEqual(methods);
      expect(s.context.tips.can_tip).toBe(true);
    },
    starting: (s, h) => {
      // What is sent is the checked amount as a number; the server stores and charges it.
      expect(h.fakes.pending.get('startTip')?.input).toEqual({ orderId: 7, amount: 250, paymentMethod: 'sandbox' });
      expect(s.hasTag('busy')).toBe(true);
    },
    leaving: (s) => expect(s.hasTag('busy')).toBe(true),
    closed: (s) => expect(s.hasTag('busy')).toBe(false),
    loadFailed: (s) => expect(s.context.error).toBe('Down'),
  };
  const step = ({ event, before, after, actions }: StepCheck<Harness>) => {
    if (event.type === 'xstate.done.actor.startTip')
      expect(actions).toEqual([{ type: 'leaveForPayment', params: { url: 'http://pay/tip' } }]);
    else if (event.type === 'user.tip' && after.matches('choosing')) {
      expect(types(actions)).toEqual(['focusFirstError']);
      expect(after.context.errors.amount).toEqual([tipMessages.amountInvalid]);
    } else if (
      event.type === 'xstate.error.actor.startTip' &&
      (event as unknown as { error: { status: number } }).error.status === 422
    ) {
      expect(types(actions)).toEqual(['focusFirstError']);
      expect(after.context.errors.amount).toEqual([tipMessages.amountInvalid]);
    } else expect(actions).toEqual([]);
    if (event.type === 'amount.changed' && before.matches('choosing')) expect(after.context.errors.amount).toEqual([]);
  };
  const paths = getTransitionPaths(tipMachine, { input: { orderId: 7 }, events });
  it('takes every transition', () => expectAllTransitionsCovered(tipMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(tipMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(tipMachine).sort()));
  for (const path of paths)
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });

  it('takes whole pesos within the limits only', () => {
    expect(tipAmountOf(String(TIP_MIN_PESOS))).toBe(TIP_MIN_PESOS);
    expect(tipAmountOf(String(TIP_MAX_PESOS))).toBe(TIP_MAX_PESOS);
    for (const text of [String(TIP_MIN_PESOS - 1), String(TIP_MAX_PESOS + 1), '12.5', '', 'abc', '-100'])
      expect(tipAmountOf(text), text).toBeNull();
  });
});
