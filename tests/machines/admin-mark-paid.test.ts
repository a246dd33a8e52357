import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { serverMessages } from '../../contracts/server-messages';
import {
  type AdminMarkPaidEvent,
  adminMarkPaidMachine,
  type MarkPaidAnswer,
  type MarkPaidInput,
} from '../../machines/admin-mark-paid.machine';
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

const paid: MarkPaidAnswer = { data: { id: 5, status: 'paid' } };
const referenceError = {
  status: 422,
  message: serverMessages.validationFailed,
  errors: { reference: ['Please keep this under 100 characters'] },
};
const alreadyPaid = { status: 409, message: lifecycleMessages.payoutAlreadyPaid };
const down = { status: 500, message: 'Server down' };

const events = [
  { type: 'user.markPaid', id: 5 },
  { type: 'user.markPaid', id: 6 },
  { type: 'reference.changed', value: 'BDO-7781' },
  { type: 'reference.changed', value: 'x'.repeat(101) },
  { type: 'user.confirm' },
  { type: 'user.dismiss' },
  { type: 'xstate.done.actor.markPaid', output: paid },
  { type: 'xstate.error.actor.markPaid', error: referenceError },
  { type: 'xstate.error.actor.markPaid', error: alreadyPaid },
  { type: 'xstate.error.actor.markPaid', error: down },
] as AdminMarkPaidEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = adminMarkPaidMachine.provide({
    actors: { markPaid: fakes.actor<MarkPaidAnswer, MarkPaidInput>('markPaid') },
    actions: recordingActions(['showSuccessToast', 'showErrorToast', 'removePayout'], log),
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
    expect(s.context.payoutId).not.toBeNull();
    // Nothing is sent before the admin confirms.
    expect(h.fakes.pending.size).toBe(0);
  },
  'asking.submitting': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('markPaid')?.input).toEqual({ id: s.context.payoutId, reference: s.context.reference });
    expect(s.context.reference.length).toBeLessThanOrEqual(100);
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  const id = before.context.payoutId;
  if (event.type === 'xstate.done.actor.markPaid') {
    expect(actions).toEqual([
      { type: 'showSuccessToast', params: { message: lifecycleMessages.payoutPaid } },
      { type: 'removePayout', params: { id } },
    ]);
    expect(after.context.payoutId).toBeNull();
  } else if (event.type === 'xstate.error.actor.markPaid') {
    const error = event.error as { status: number; errors?: Record<string, string[]> };
    if (error.errors) {
      expect(actions).toEqual([]);
      expect(after.context.errors).toEqual(error.errors);
      expect(after.context.reference).toBe(before.context.reference);
    } else if (error.status === 409) {
      // Already paid: it leaves the pending list all the same.
      expect(actions).toEqual([
        { type: 'showErrorToast', params: { message: lifecycleMessages.payoutAlreadyPaid } },
        { type: 'removePayout', params: { id } },
      ]);
    } else {
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: 'Server down' } }]);
      expect(after.context.reference).toBe(before.context.reference);
    }
  } else {
    expect(actions).toEqual([]);
  }
  if (event.type === 'user.markPaid' && before.context.payoutId !== event.id) {
    expect(after.context.reference).toBe('');
  }
}

describe('adminMarkPaidMachine: model-based paths', () => {
  const paths = getTransitionPaths(adminMarkPaidMachine, { events });
  it('takes every transition', () => expectAllTransitionsCovered(adminMarkPaidMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(adminMarkPaidMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(adminMarkPaidMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('adminMarkPaidMachine: rules', () => {
  it('sends the trimmed reference, and none is needed', async () => {
    const h = start();
    h.actor.send({ type: 'user.markPaid', id: 5 });
    h.actor.send({ type: 'reference.changed', value: '  BDO-7781 ' });
    h.actor.send({ type: 'user.confirm' });
    h.fakes.resolve('markPaid', paid);
    await flush();
    h.actor.send({ type: 'user.markPaid', id: 6 });
    h.actor.send({ type: 'user.confirm' });
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { id: 5, reference: 'BDO-7781' },
      { id: 6, reference: '' },
    ]);
  });

  it('keeps the typed reference when the same payout is opened again, not for another', () => {
    const h = start();
    h.actor.send({ type: 'user.markPaid', id: 5 });
    h.actor.send({ type: 'reference.changed', value: 'BDO-7781' });
    h.actor.send({ type: 'user.dismiss' });
    h.actor.send({ type: 'user.markPaid', id: 5 });
    expect(h.actor.getSnapshot().context.reference).toBe('BDO-7781');
    h.actor.send({ type: 'user.dismiss' });
    h.actor.send({ type: 'user.markPaid', id: 6 });
    expect(h.actor.getSnapshot().context.reference).toBe('');
  });
});
