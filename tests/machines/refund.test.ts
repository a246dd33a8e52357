import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { decideRefund, type RefundEffect, refundStateOf, storedStatusOf } from '../../machines/refund';
import { type RefundEvent, type RefundState, refundMachine } from '../../machines/refund.machine';
import { expectAllStatesCovered, expectAllTransitionsCovered, getTransitionPaths } from './model';

// ---- The expectation model, written from the issue independently of the machine --------------------
// A refund is recorded owed (we owe it) or sent (the provider returned the money). Owed → sent when an
// admin records the transfer with its method and reference, or → failed with a reason; a failed refund
// is retried (back to owed) or sent later. A provider's return settles anything still owed or failed.

const events: RefundEvent[] = [
  { type: 'system.owed' },
  { type: 'provider.returned' },
  { type: 'admin.sent', method: 'GCash', reference: 'GC-1' },
  { type: 'admin.failed', reason: 'Account closed' },
  { type: 'admin.retry' },
];

type Expected = { to: RefundState; effects: RefundEffect[] } | null;

function expected(from: RefundState | 'new', event: RefundEvent): Expected {
  if (from === 'new') {
    if (event.type === 'system.owed') return { to: 'owed', effects: ['tellOwed', 'alertAdmins'] };
    if (event.type === 'provider.returned') return { to: 'sent', effects: [] };
    return null;
  }
  if (from === 'owed') {
    if (event.type === 'admin.sent') return { to: 'sent', effects: ['tellSent'] };
    if (event.type === 'admin.failed') return { to: 'failed', effects: ['tellFailed'] };
    if (event.type === 'provider.returned') return { to: 'sent', effects: [] };
    return null;
  }
  if (from === 'failed') {
    if (event.type === 'admin.retry') return { to: 'owed', effects: [] };
    if (event.type === 'admin.sent') return { to: 'sent', effects: ['tellSent'] };
    if (event.type === 'provider.returned') return { to: 'sent', effects: [] };
    return null;
  }
  return null;
}

const states: (RefundState | 'new')[] = ['new', 'owed', 'failed', 'sent'];

describe('refundMachine: the machine is the table', () => {
  it.each(states)('in %s, every event moves as the table says or is refused', (from) => {
    for (const event of events) {
      const want = expected(from, event);
      const decision = decideRefund(from, event);
      if (want === null) expect(decision, `${from} refuses ${event.type}`).toEqual({ ok: false });
      else expect(decision, `${from} + ${event.type}`).toEqual({ ok: true, ...want });
    }
  });

  it('sent is final: a sent refund is never marked failed or sent again', () => {
    expect(refundMachine.resolveState({ value: 'sent' }).status).toBe('done');
    expect(decideRefund('sent', { type: 'admin.failed', reason: 'x' })).toEqual({ ok: false });
    expect(decideRefund('sent', { type: 'admin.sent', method: 'GCash', reference: 'x' })).toEqual({ ok: false });
  });

  it('maps the stored status (sent is stored paid) both ways', () => {
    expect(refundStateOf('paid')).toBe('sent');
    expect(refundStateOf('owed')).toBe('owed');
    expect(refundStateOf('failed')).toBe('failed');
    for (const state of ['owed', 'sent', 'failed'] as const) expect(refundStateOf(storedStatusOf(state))).toBe(state);
  });
});

describe('refundMachine: model-based paths', () => {
  const paths = getTransitionPaths(refundMachine, { events });

  it('takes every transition', () => expectAllTransitionsCovered(refundMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(refundMachine, paths));

  for (const path of paths) {
    const name = path.steps.map((s, i) => (i === 0 ? 'new' : (s.event as RefundEvent).type)).join(' → ');
    it(name, () => {
      // A live actor walks the path; each step is the table's move, and the pure decision agrees.
      const actor = createActor(refundMachine).start();
      for (const [i, step] of path.steps.entries()) {
        if (i === 0) continue;
        const before = actor.getSnapshot().value as RefundState | 'new';
        const event = step.event as RefundEvent;
        const want = expected(before, event);
        expect(want, `${before} + ${event.type} is a move of the table`).not.toBeNull();
        actor.send(event);
        expect(actor.getSnapshot().value).toBe(want?.to);
        expect(decideRefund(before, event)).toEqual({ ok: true, ...want });
      }
      actor.stop();
    });
  }
});
