import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { applicationReviewMachine, validateReason } from '../../machines/application-review.machine';
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

// The admin's review of one application (docs/architecture.md §5): approve after a confirmation, or reject with a
// reason of at least 10 characters; whatever the server answers, the page reloads what it holds.

const goodReason = 'The samples are too quiet to judge the voice.';
const invalid = { status: 422, message: 'Check the reason.', errors: { reason: ['Too short.'] } };
const conflict = { status: 409, message: 'This application is no longer waiting for review.' };

const events = [
  { type: 'user.approve' },
  { type: 'user.reject' },
  { type: 'reason.changed', value: 'short' },
  { type: 'reason.changed', value: goodReason },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.approveApplication', output: { message: 'Application approved.' } },
  { type: 'xstate.error.actor.approveApplication', error: conflict },
  { type: 'xstate.done.actor.rejectApplication', output: {} },
  { type: 'xstate.error.actor.rejectApplication', error: invalid },
  { type: 'xstate.error.actor.rejectApplication', error: conflict },
] as never[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = applicationReviewMachine.provide({
    actors: {
      approveApplication: fakes.actor('approveApplication'),
      rejectApplication: fakes.actor('rejectApplication'),
    },
    actions: recordingActions(['showSuccessToast', 'showErrorToast', 'reload'], log),
  });
  return { actor: createActor(machine, { input: { id: 7 } }).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(false);
    expect(s.context.reason).toBe('');
    expect(h.fakes.pending.size).toBe(0);
  },
  confirmingApproval: (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  approving: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('approveApplication')?.input).toEqual({ id: 7 });
  },
  'rejecting.editing': (s, h) => {
    expect(s.hasTag('dialogOpen')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  'rejecting.submitting': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    // Only a reason the schema accepts is sent, trimmed.
    expect(validateReason(s.context.reason)).toEqual({});
    expect(h.fakes.pending.get('rejectApplication')?.input).toEqual({ id: 7, reason: s.context.reason.trim() });
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  switch (event.type) {
    case 'xstate.done.actor.approveApplication':
      expect(actions).toEqual([
        { type: 'showSuccessToast', params: { message: 'Application approved.' } },
        { type: 'reload', params: undefined },
      ]);
      break;
    case 'xstate.done.actor.rejectApplication':
      expect(actions).toEqual([
        { type: 'showSuccessToast', params: { message: 'Application rejected.' } },
        { type: 'reload', params: undefined },
      ]);
      break;
    case 'xstate.error.actor.approveApplication':
      expect(types(actions)).toEqual(['showErrorToast', 'reload']);
      break;
    case 'xstate.error.actor.rejectApplication':
      if ((event as unknown as { error: { status: number } }).error.status === 422) {
        // The field says what to fix; the dialog stays with what was typed.
        expect(actions).toEqual([]);
        expect(after.context.errors).toEqual(invalid.errors);
        expect(after.context.reason).toBe(before.context.reason);
      } else expect(types(actions)).toEqual(['showErrorToast', 'reload']);
      break;
    case 'user.confirm':
      expect(actions).toEqual([]);
      if (before.matches({ rejecting: 'editing' }) && !after.matches({ rejecting: 'submitting' }))
        expect(after.context.errors).toEqual(validateReason(before.context.reason));
      break;
    default:
      expect(actions).toEqual([]);
  }
}

describe('applicationReviewMachine: model-based paths', () => {
  const paths = getTransitionPaths(applicationReviewMachine, { input: { id: 7 }, events });
  it('takes every transition', () => expectAllTransitionsCovered(applicationReviewMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(applicationReviewMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(applicationReviewMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('applicationReviewMachine: rules', () => {
  it('a reason under 10 characters is refused before anything is sent', () => {
    const h = start();
    h.actor.send({ type: 'user.reject' });
    h.actor.send({ type: 'reason.changed', value: '  short  ' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.actor.getSnapshot().matches({ rejecting: 'editing' })).toBe(true);
    expect(h.actor.getSnapshot().context.errors.reason).toHaveLength(1);
    expect(h.fakes.calls).toEqual([]);
  });
});
