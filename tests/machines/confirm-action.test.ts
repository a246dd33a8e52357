import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { confirmActionMachine } from '../../machines/confirm-action.machine';
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
} from './model';

const events = [
  { type: 'user.request' },
  { type: 'user.confirm' },
  { type: 'user.cancel' },
  { type: 'xstate.done.actor.runAction', output: { message: 'Deactivated' } },
  { type: 'xstate.error.actor.runAction', error: { status: 500, message: 'Could not deactivate' } },
] as never[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = confirmActionMachine.provide({
    actors: { runAction: fakes.actor('runAction') },
    actions: recordingActions(['onDone', 'showErrorToast'], log),
  });
  return { actor: createActor(machine).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(s.hasTag('confirming')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  confirming: (s, h) => {
    expect(s.hasTag('confirming')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    // Nothing is sent before the person confirms.
    expect(h.fakes.calls).toHaveLength(h.fakes.calls.length);
    expect(h.fakes.pending.size).toBe(0);
  },
  running: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.has('runAction')).toBe(true);
    expect(s.can({ type: 'user.cancel' })).toBe(false);
  },
  done: (s) => expect(s.status).toBe('done'),
};

function step({ event, actions }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.runAction')
    expect(actions).toEqual([{ type: 'onDone', params: { output: { message: 'Deactivated' } } }]);
  else if (event.type === 'xstate.error.actor.runAction')
    expect(actions).toEqual([{ type: 'showErrorToast', params: { message: 'Could not deactivate' } }]);
  else expect(actions).toEqual([]);
}

describe('confirmActionMachine: model-based paths', () => {
  const paths = getTransitionPaths(confirmActionMachine, { events });
  it('takes every transition', () => expectAllTransitionsCovered(confirmActionMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(confirmActionMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(confirmActionMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('confirmActionMachine: rules', () => {
  it('cancelling the question sends nothing', () => {
    const h = start();
    h.actor.send({ type: 'user.request' });
    h.actor.send({ type: 'user.cancel' });
    expect(h.fakes.calls).toEqual([]);
  });
});
