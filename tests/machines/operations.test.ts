import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createActor } from 'xstate';
import { lifecycleMessages } from '../../contracts/lifecycle';
import { type AdminArtist, operationsMessages } from '../../contracts/operations';
import { adminArtistStatusMachine } from '../../machines/admin-artist-status.machine';
import { adminReassignMachine } from '../../machines/admin-reassign.machine';
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

// The operations flows (issue 13): reassigning an order, suspending and
// reactivating an artist. Paths are generated from each machine; each state and step is checked
// against what the flow must do.

const artist: AdminArtist = {
  id: 41,
  user_id: 'abc123',
  stage_name: 'Ana Reyes',
  name: 'Ana Reyes',
  email: 'ana@example.test',
  avatar: null,
  app_status: 'approved',
  status: 'active',
  is_online: true,
  suspended_at: null,
  last_reason: null,
  pending_stage_name: null,
  pending_stage_name_at: null,
};

function paths(machine: AnyStateMachine, events: never[], input?: unknown) {
  return getTransitionPaths(machine, { events, input } as never);
}

describe('adminArtistStatusMachine: model-based paths', () => {
  const events = [
    { type: 'user.suspend', id: 'abc123' },
    { type: 'user.reactivate', id: 'abc123' },
    { type: 'reason.changed', value: 'Missed deadlines' },
    { type: 'reason.changed', value: '   ' },
    { type: 'user.confirm' },
    { type: 'user.dismiss' },
    { type: 'xstate.done.actor.changeStatus', output: { message: 'Suspended', data: artist } },
    { type: 'xstate.error.actor.changeStatus', error: { status: 422, message: 'Bad', errors: { reason: ['Nope'] } } },
    { type: 'xstate.error.actor.changeStatus', error: { status: 409, message: 'Already suspended' } },
    { type: 'xstate.error.actor.changeStatus', error: { status: 500, message: 'Down' } },
  ] as never[];
  function start(): Harness {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const machine = adminArtistStatusMachine.provide({
      actors: { changeStatus: fakes.actor('changeStatus') },
      actions: recordingActions(['showSuccessToast', 'showErrorToast', 'replaceArtist', 'refreshList'], log),
    });
    return { actor: createActor(machine).start(), fakes, log };
  }
  const machine = adminArtistStatusMachine;
  const all = paths(machine, events);

  const states: Record<string, (s: any, h: Harness) => void> = {
    idle: (s, h) => {
      expect(s.hasTag('dialogOpen')).toBe(false);
      expect(s.context).toEqual({ artistId: null, action: null, reason: '', errors: {} });
      expect(h.fakes.pending.size).toBe(0);
    },
    'asking.editing': (s) => {
      expect(s.hasTag('dialogOpen')).toBe(true);
      expect(s.context.artistId).toBe('abc123');
    },
    'asking.submitting': (s, h) => {
      expect(s.hasTag('busy')).toBe(true);
      // Never sent without a reason.
      expect(s.context.reason.trim()).not.toBe('');
      expect(h.fakes.pending.get('changeStatus')?.input).toEqual({
        id: 'abc123',
        action: s.context.action,
        reason: s.context.reason.trim(),
      });
    },
  };
  function step({ event, before, after, actions }: StepCheck<Harness>) {
    if (event.type === 'xstate.done.actor.changeStatus')
      expect(types(actions)).toEqual(['showSuccessToast', 'replaceArtist']);
    else if (event.type === 'xstate.error.actor.changeStatus') {
      const status = (event.error as { status: number }).status;
      if (status === 409) expect(types(actions)).toEqual(['showErrorToast', 'refreshList']);
      else if (status === 422) expect(after.context.errors).toEqual({ reason: ['Nope'] });
      else expect(types(actions)).toEqual(['showErrorToast']);
    } else if (
      event.type === 'user.confirm' &&
      before.matches({ asking: 'editing' }) &&
      !after.matches({ asking: 'submitting' })
    )
      expect(after.context.errors.reason).toEqual([operationsMessages.reasonRequired]);
    else expect(actions).toEqual([]);
  }

  it('takes every transition', () => expectAllTransitionsCovered(machine, all));
  it('reaches every state', () => expectAllStatesCovered(machine, all));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(machine).sort()));
  for (const path of all) it(describePath(path), async () => runPath(path, start, { states, step }));
});

describe('adminReassignMachine: model-based paths', () => {
  const events = [
    { type: 'user.open' },
    { type: 'query.changed', value: 'ana' },
    { type: 'user.search' },
    { type: 'artist.chosen', id: 'abc123' },
    { type: 'reason.changed', value: 'The artist left the platform' },
    { type: 'user.confirm' },
    { type: 'user.dismiss' },
    { type: 'xstate.done.actor.searchArtists', output: [artist] },
    { type: 'xstate.error.actor.searchArtists', error: { status: 500, message: 'Search failed' } },
    { type: 'xstate.done.actor.reassign', output: { message: 'Offered', data: { id: 7, status: 'offered' } } },
    { type: 'xstate.error.actor.reassign', error: { status: 422, message: 'Bad', errors: { artist_id: ['No'] } } },
    { type: 'xstate.error.actor.reassign', error: { status: 409, message: 'Moved on' } },
    { type: 'xstate.error.actor.reassign', error: { status: 500, message: 'Down' } },
  ] as never[];
  const machine = adminReassignMachine;
  function start(): Harness {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const provided = machine.provide({
      actors: { searchArtists: fakes.actor('searchArtists'), reassign: fakes.actor('reassign') },
      actions: recordingActions(['showSuccessToast', 'showErrorToast', 'reload'], log),
    });
    return { actor: createActor(provided, { input: { orderId: 7 } }).start(), fakes, log };
  }
  const all = paths(machine, events, { orderId: 7 });
  const states: Record<string, (s: any, h: Harness) => void> = {
    idle: (s, h) => {
      expect(s.hasTag('dialogOpen')).toBe(false);
      expect(h.fakes.pending.size).toBe(0);
    },
    'open.searching': (s, h) => {
      expect(s.hasTag('searching')).toBe(true);
      expect(h.fakes.pending.has('searchArtists')).toBe(true);
    },
    'open.ready': (s, h) => {
      expect(s.hasTag('dialogOpen')).toBe(true);
      expect(h.fakes.pending.size).toBe(0);
    },
    submitting: (s, h) => {
      expect(s.hasTag('busy')).toBe(true);
      expect(s.context.chosen).not.toBeNull();
      expect(h.fakes.pending.get('reassign')?.input).toEqual({
        orderId: 7,
        artistId: s.context.chosen,
        reason: 'The artist left the platform',
      });
    },
  };
  function step({ event, before, after, actions }: StepCheck<Harness>) {
    if (event.type === 'xstate.done.actor.reassign') expect(types(actions)).toEqual(['showSuccessToast', 'reload']);
    else if (event.type === 'xstate.error.actor.reassign') {
      const status = (event.error as { status: number }).status;
      if (status === 409) expect(types(actions)).toEqual(['showErrorToast', 'reload']);
      else if (status === 422) expect(after.context.errors).toEqual({ artist_id: ['No'] });
      else expect(types(actions)).toEqual(['showErrorToast']);
    } else if (event.type === 'user.confirm' && before.context.chosen === null)
      expect(after.context.errors.artist_id).toEqual([lifecycleMessages.reassignArtistRequired]);
    else if (event.type === 'user.confirm' && before.context.reason === '')
      expect(after.context.errors).toEqual({ reason: [lifecycleMessages.reassignReasonRequired] });
    else if (event.type === 'user.open') expect(after.context.chosen).toBeNull();
    else expect(actions).toEqual([]);
  }
  it('takes every transition', () => expectAllTransitionsCovered(machine, all));
  it('reaches every state', () => expectAllStatesCovered(machine, all));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(machine).sort()));
  for (const path of all) it(describePath(path), async () => runPath(path, start, { states, step }));
});
