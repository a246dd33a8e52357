import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type EditFormEvent, editFormMachine } from '../../machines/edit-form.machine';
import { validationError } from './fixtures';
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

const initial = { first_name: 'Maria', last_name: 'Santos' };
const events = [
  { type: 'field.changed', name: 'first_name', value: 'Mia' },
  { type: 'field.changed', name: 'last_name', value: '' },
  { type: 'values.loaded', values: { first_name: 'Marie', last_name: 'Santos' } },
  { type: 'user.submit' },
  { type: 'user.reset' },
  { type: 'xstate.done.actor.submitForm', output: { id: 1 } },
  { type: 'xstate.error.actor.submitForm', error: validationError({ last_name: ['Please enter your last name'] }) },
  { type: 'xstate.error.actor.submitForm', error: { status: 500, message: 'Down' } },
] as EditFormEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = editFormMachine.provide({
    actors: { submitForm: fakes.actor('submitForm') },
    actions: recordingActions(['onSaved', 'showErrorToast'], log),
  });
  return { actor: createActor(machine, { input: { values: initial } }).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  editing: (s, h) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  saving: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.get('submitForm')?.input).toEqual(s.context.values);
    expect(s.can({ type: 'user.submit' })).toBe(false);
  },
  saved: (s) => {
    expect(s.hasTag('saved')).toBe(true);
    expect(s.context.saved).toEqual(s.context.values);
    expect(s.context.errors).toEqual({});
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.submitForm')
    expect(actions).toEqual([{ type: 'onSaved', params: { output: { id: 1 } } }]);
  else if (event.type === 'xstate.error.actor.submitForm') {
    const e = event.error as { message: string; errors?: Record<string, string[]> };
    if (e.errors) {
      expect(after.context.errors).toEqual(e.errors);
      expect(actions).toEqual([]);
    } else expect(actions).toEqual([{ type: 'showErrorToast', params: { message: 'Down' } }]);
    // Nothing typed is lost on an error.
    expect(after.context.values).toEqual(before.context.values);
  } else expect(actions).toEqual([]);
  if (event.type === 'field.changed' && !before.matches('saving')) {
    expect(after.context.values[event.name as string]).toBe(event.value);
    expect(after.context.errors[event.name as string]).toBeUndefined();
  }
}

describe('editFormMachine: model-based paths', () => {
  const paths = getTransitionPaths(editFormMachine, { input: { values: initial }, events });
  it('takes every transition', () => expectAllTransitionsCovered(editFormMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(editFormMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(editFormMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('editFormMachine: rules', () => {
  it('reset returns to the last saved values', () => {
    const h = start();
    h.actor.send({ type: 'field.changed', name: 'first_name', value: 'X' });
    h.actor.send({ type: 'user.reset' });
    expect(h.actor.getSnapshot().context.values).toEqual(initial);
  });
});
