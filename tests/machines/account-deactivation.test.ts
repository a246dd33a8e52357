import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { DeactivationPreview } from '../../contracts/account-care';
import { accountDeactivationMachine } from '../../machines/account-deactivation.machine';
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
  types,
} from './model';

// Deactivating one's own account (customer or artist): the question says what happens, the current
// password confirms it, a wrong password is shown under the field. Paths are generated from the
// machine; each state and step is checked against what the flow must do.

const preview: DeactivationPreview = {
  orders: [],
  open_work: [
    {
      id: 7,
      reference: 'OR1234567890',
      status: 'in_progress',
      occasion_name: 'birthday',
      recipient_first_name: 'Jose',
      needed_by: '2026-12-24',
      due_at: '2026-12-22T16:00:00.000Z',
      outcome: 'needs_artist',
    },
  ],
  earnings_owed_centavos: 352000,
  restorable_until: '2027-01-30T00:00:00.000Z',
};
const wrongPassword = { status: 422, message: 'Invalid', errors: { current_password: ['Wrong password'] } };

describe('accountDeactivationMachine', () => {
  const events = [
    { type: 'user.request' },
    { type: 'user.retry' },
    { type: 'password.changed', value: 'Secret123!' },
    { type: 'user.confirm' },
    { type: 'user.cancel' },
    { type: 'xstate.done.actor.loadPreview', output: preview },
    { type: 'xstate.error.actor.loadPreview', error: { status: 500, message: 'Down' } },
    { type: 'xstate.done.actor.deactivate', output: { message: 'Deactivated' } },
    { type: 'xstate.error.actor.deactivate', error: wrongPassword },
    { type: 'xstate.error.actor.deactivate', error: { status: 500, message: 'Try later' } },
  ] as never[];
  const machine = accountDeactivationMachine;
  function start(): Harness {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const provided = machine.provide({
      actors: { loadPreview: fakes.actor('loadPreview'), deactivate: fakes.actor('deactivate') },
      actions: recordingActions(['onDone', 'showErrorToast'], log),
    });
    return { actor: createActor(provided).start(), fakes, log };
  }
  const settle = () => new Promise((r) => setImmediate(r));

  it('asks with what happens, sends the password, shows a wrong one under the field, and retries a failed load', async () => {
    const h = start();
    h.actor.send({ type: 'user.request' });
    h.fakes.reject('loadPreview', { status: 500, message: 'Down' });
    await settle();
    expect(h.actor.getSnapshot().value).toBe('loadFailed');
    expect(h.actor.getSnapshot().can({ type: 'user.confirm' })).toBe(false);
    h.actor.send({ type: 'user.retry' });
    h.fakes.resolve('loadPreview', preview);
    await settle();
    expect(h.actor.getSnapshot().context.preview).toEqual(preview);
    h.actor.send({ type: 'password.changed', value: 'Wrong1234' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.fakes.pending.get('deactivate')?.input).toEqual({ current_password: 'Wrong1234' });
    h.fakes.reject('deactivate', wrongPassword);
    await settle();
    expect(h.actor.getSnapshot().value).toBe('confirming');
    expect(h.actor.getSnapshot().context.errors).toEqual(wrongPassword.errors);
    expect(h.log).toEqual([]);
    // Typing again clears the error.
    h.actor.send({ type: 'password.changed', value: 'Secret123!' });
    expect(h.actor.getSnapshot().context.errors).toEqual({});
    h.actor.send({ type: 'user.confirm' });
    h.fakes.resolve('deactivate', { message: 'Deactivated. Sign in before Jan 30 to restore it.' });
    await settle();
    expect(h.actor.getSnapshot().status).toBe('done');
    expect(h.log).toEqual([
      { type: 'onDone', params: { message: 'Deactivated. Sign in before Jan 30 to restore it.' } },
    ]);
  });

  it('cancelling forgets the password and sends nothing more', async () => {
    const h = start();
    h.actor.send({ type: 'user.request' });
    h.fakes.resolve('loadPreview', preview);
    await settle();
    h.actor.send({ type: 'password.changed', value: 'Secret123!' });
    h.actor.send({ type: 'user.cancel' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context.password).toBe('');
    expect(h.fakes.calls.filter((c) => c.src === 'deactivate')).toEqual([]);
  });

  const all = getTransitionPaths(machine, { events } as never);
  const states: Record<string, (s: any, h: Harness) => void> = {
    idle: (s, h) => {
      expect(s.hasTag('open')).toBe(false);
      expect(s.context.password).toBe('');
      expect(h.fakes.pending.size).toBe(0);
    },
    loading: (_s, h) => expect(h.fakes.pending.has('loadPreview')).toBe(true),
    loadFailed: (s) => {
      expect(s.context.loadError).toBe('Down');
      expect(s.can({ type: 'user.confirm' })).toBe(false);
    },
    confirming: (s, h) => {
      expect(s.context.preview).toEqual(preview);
      expect(h.fakes.pending.size).toBe(0);
    },
    running: (s, h) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(h.fakes.pending.get('deactivate')?.input).toEqual({ current_password: s.context.password });
    },
    done: (s) => expect(s.status).toBe('done'),
  };
  it('takes every transition', () => expectAllTransitionsCovered(machine, all));
  it('reaches every state', () => expectAllStatesCovered(machine, all));
  it('has expectations and a description for every state', () => {
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(machine).sort());
    for (const key of leafStateKeys(machine)) expect(machine.states[key]?.description, key).toBeTruthy();
  });
  for (const path of all)
    it(describePath(path), async () =>
      runPath(path, start, {
        states,
        step: ({ event, actions }) => {
          if (event.type === 'xstate.done.actor.deactivate') expect(types(actions)).toEqual(['onDone']);
          else if (
            event.type === 'xstate.error.actor.deactivate' &&
            (event as unknown as { error: { status: number } }).error.status === 500
          )
            expect(types(actions)).toEqual(['showErrorToast']);
          else expect(actions).toEqual([]);
        },
      }),
    );
});
