import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { serverMessages } from '../../contracts/server-messages';
import {
  type AdminRefundActionEvent,
  adminRefundActionMachine,
  type RefundMoveAnswer,
  type RefundMoveInput,
} from '../../machines/admin-refund-action.machine';
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
} from './model';

const moved: RefundMoveAnswer = { message: lifecycleMessages.refundSent };
const fieldError = { status: 422, message: serverMessages.validationFailed, errors: { reference: ['Too long'] } };
const refused = { status: 409, message: lifecycleMessages.refundNotNow.sent };
const down = { status: 500, message: 'Server down' };

const events = [
  { type: 'user.markSent', id: 5 },
  { type: 'user.markFailed', id: 5 },
  { type: 'user.retry', id: 6 },
  { type: 'field.changed', name: 'method', value: 'GCash' },
  { type: 'field.changed', name: 'reference', value: 'GC-1' },
  { type: 'field.changed', name: 'reason', value: 'Number closed' },
  { type: 'user.confirm' },
  { type: 'user.dismiss' },
  { type: 'xstate.done.actor.moveRefund', output: moved },
  { type: 'xstate.error.actor.moveRefund', error: fieldError },
  { type: 'xstate.error.actor.moveRefund', error: refused },
  { type: 'xstate.error.actor.moveRefund', error: down },
] as AdminRefundActionEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = adminRefundActionMachine.provide({
    actors: { moveRefund: fakes.actor<RefundMoveAnswer, RefundMoveInput>('moveRefund') },
    actions: recordingActions(['showSuccessToast', 'showErrorToast', 'removeRefund'], log),
  });
  return { actor: createActor(machine).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  'asking.editing': (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(true);
    expect(['sent', 'failed']).toContain(s.context.move);
    // Nothing is sent before the admin confirms.
    expect(h.fakes.pending.size).toBe(0);
  },
  'asking.submitting': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    const input = h.fakes.pending.get('moveRefund')?.input as RefundMoveInput;
    expect(input.id).toBe(s.context.refundId);
    // Only the fields of the move, never empty.
    if (s.context.move === 'sent') expect(Object.keys(input.body).sort()).toEqual(['method', 'reference']);
    else expect(Object.keys(input.body)).toEqual(['reason']);
    for (const value of Object.values(input.body)) expect(value).not.toBe('');
  },
  retrying: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('moveRefund')?.input).toEqual({ id: 6, move: 'retry', body: {} });
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  const id = before.context.refundId;
  if (event.type.startsWith('xstate.done.actor')) {
    expect(actions).toEqual([
      {
        type: 'showSuccessToast',
        params: { message: (event as unknown as { output: RefundMoveAnswer }).output.message },
      },
      { type: 'removeRefund', params: { id } },
    ]);
    expect(after.context.refundId).toBeNull();
  } else if (event.type.startsWith('xstate.error.actor')) {
    const error = (
      event as unknown as { error: { status: number; message: string; errors?: Record<string, string[]> } }
    ).error;
    if (error.errors && before.matches('asking')) {
      expect(actions).toEqual([]);
      expect(after.context.errors).toEqual(error.errors);
    } else if (error.status === 409) {
      expect(actions).toEqual([
        { type: 'showErrorToast', params: { message: error.message } },
        { type: 'removeRefund', params: { id } },
      ]);
    } else {
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
    }
  } else if (event.type === 'user.confirm' && !after.matches({ asking: 'submitting' })) {
    // Empty fields: each says what is missing, under it.
    expect(Object.keys(after.context.errors).length).toBeGreaterThan(0);
  } else {
    expect(actions).toEqual([]);
  }
}

describe('adminRefundActionMachine: model-based paths', () => {
  const paths = getTransitionPaths(adminRefundActionMachine, { events });
  it('takes every transition', () => expectAllTransitionsCovered(adminRefundActionMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(adminRefundActionMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(adminRefundActionMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('adminRefundActionMachine: rules', () => {
  it('sends the trimmed method and reference; the reason for a failure', async () => {
    const h = start();
    h.actor.send({ type: 'user.markSent', id: 5 });
    h.actor.send({ type: 'field.changed', name: 'method', value: ' GCash ' });
    h.actor.send({ type: 'field.changed', name: 'reference', value: ' GC-1 ' });
    h.actor.send({ type: 'user.confirm' });
    h.fakes.resolve('moveRefund', moved);
    await flush();
    h.actor.send({ type: 'user.markFailed', id: 7 });
    h.actor.send({ type: 'field.changed', name: 'reason', value: 'Closed' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { id: 5, move: 'sent', body: { method: 'GCash', reference: 'GC-1' } },
      { id: 7, move: 'failed', body: { reason: 'Closed' } },
    ]);
  });

  it('an empty dialog names each missing field and sends nothing', () => {
    const h = start();
    h.actor.send({ type: 'user.markSent', id: 5 });
    h.actor.send({ type: 'user.confirm' });
    expect(Object.keys(h.actor.getSnapshot().context.errors).sort()).toEqual(['method', 'reference']);
    expect(h.fakes.calls).toEqual([]);
  });

  it('keeps what was typed when the same dialog of the same refund opens again, not another', () => {
    const h = start();
    h.actor.send({ type: 'user.markSent', id: 5 });
    h.actor.send({ type: 'field.changed', name: 'reference', value: 'GC-1' });
    h.actor.send({ type: 'user.dismiss' });
    h.actor.send({ type: 'user.markSent', id: 5 });
    expect(h.actor.getSnapshot().context.values.reference).toBe('GC-1');
    h.actor.send({ type: 'user.dismiss' });
    h.actor.send({ type: 'user.markFailed', id: 5 });
    expect(h.actor.getSnapshot().context.values.reference).toBe('');
  });
});
