import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { paymentExceptionMessages } from '../../contracts/payment-exceptions';
import { serverMessages } from '../../contracts/server-messages';
import {
  type PaymentExceptionEvent,
  paymentExceptionMachine,
  type ResolveAnswer,
  type ResolveInput,
} from '../../machines/payment-exception.machine';
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

const refunded: ResolveAnswer = { message: paymentExceptionMessages.refunded, data: { id: 5, resolution: 'refunded' } };
const noteError = {
  status: 422,
  message: serverMessages.validationFailed,
  errors: { note: ['Please keep this under 500 characters'] },
};
const cannotAccept = { status: 409, message: paymentExceptionMessages.cannotAccept };
const down = { status: 500, message: 'Server down' };

const events = [
  { type: 'user.decide', id: 5, action: 'refund' },
  { type: 'user.decide', id: 6, action: 'accept' },
  { type: 'note.changed', value: 'Customer mistyped the amount' },
  { type: 'note.changed', value: 'x'.repeat(501) },
  { type: 'user.confirm' },
  { type: 'user.dismiss' },
  { type: 'xstate.done.actor.resolve', output: refunded },
  { type: 'xstate.error.actor.resolve', error: noteError },
  { type: 'xstate.error.actor.resolve', error: cannotAccept },
  { type: 'xstate.error.actor.resolve', error: down },
] as PaymentExceptionEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = paymentExceptionMachine.provide({
    actors: { resolve: fakes.actor<ResolveAnswer, ResolveInput>('resolve') },
    actions: recordingActions(['showSuccessToast', 'showErrorToast', 'refreshList'], log),
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
    expect(s.context.exceptionId).not.toBeNull();
    expect(s.context.action).not.toBeNull();
    // Nothing is decided before the admin confirms.
    expect(h.fakes.pending.size).toBe(0);
  },
  'asking.submitting': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('resolve')?.input).toEqual({
      id: s.context.exceptionId,
      action: s.context.action,
      note: s.context.note.trim(),
    });
    expect(s.context.note.length).toBeLessThanOrEqual(500);
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.resolve') {
    expect(actions).toEqual([
      { type: 'showSuccessToast', params: { message: paymentExceptionMessages.refunded } },
      { type: 'refreshList', params: undefined },
    ]);
    expect(after.context.exceptionId).toBeNull();
  } else if (event.type === 'xstate.error.actor.resolve') {
    const error = event.error as { status: number; message: string; errors?: Record<string, string[]> };
    if (error.errors) {
      expect(actions).toEqual([]);
      expect(after.context.errors).toEqual(error.errors);
      expect(after.context.note).toBe(before.context.note);
    } else if (error.status === 409) {
      // Not allowed or already decided: the admin reads why and the list shows the server's truth.
      expect(actions).toEqual([
        { type: 'showErrorToast', params: { message: error.message } },
        { type: 'refreshList', params: undefined },
      ]);
      expect(after.context.exceptionId).toBeNull();
    } else {
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: 'Server down' } }]);
      expect(after.context.note).toBe(before.context.note);
    }
  } else {
    expect(actions).toEqual([]);
  }
  if (event.type === 'user.decide') {
    expect(after.context.action).toBe(event.action);
    if (before.context.exceptionId !== event.id) expect(after.context.note).toBe('');
  }
}

describe('paymentExceptionMachine: model-based paths', () => {
  const paths = getTransitionPaths(paymentExceptionMachine, { events });
  it('takes every transition', () => expectAllTransitionsCovered(paymentExceptionMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(paymentExceptionMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(paymentExceptionMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('paymentExceptionMachine: rules', () => {
  it('sends the chosen action and the trimmed note; none is needed', async () => {
    const h = start();
    h.actor.send({ type: 'user.decide', id: 5, action: 'accept' });
    h.actor.send({ type: 'note.changed', value: '  fee on top ' });
    h.actor.send({ type: 'user.confirm' });
    h.fakes.resolve('resolve', refunded);
    await flush();
    h.actor.send({ type: 'user.decide', id: 6, action: 'refund' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { id: 5, action: 'accept', note: 'fee on top' },
      { id: 6, action: 'refund', note: '' },
    ]);
  });

  it('refuses a note over 500 characters before sending', () => {
    const h = start();
    h.actor.send({ type: 'user.decide', id: 5, action: 'refund' });
    h.actor.send({ type: 'note.changed', value: 'x'.repeat(501) });
    h.actor.send({ type: 'user.confirm' });
    expect(h.actor.getSnapshot().context.errors.note).toEqual(['Please keep this under 500 characters']);
    expect(h.fakes.calls).toEqual([]);
  });
});
