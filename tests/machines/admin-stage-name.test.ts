import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AdminArtist } from '../../contracts/operations';
import { adminStageNameMachine } from '../../machines/admin-stage-name.machine';
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

// An admin approves or turns down an artist's new stage name (artists page). Paths are generated from
// the machine; each state and step is checked against what the flow must do.

const artist: AdminArtist = {
  id: 41,
  user_id: 'abc123',
  stage_name: 'Rosa',
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

describe('adminStageNameMachine: model-based paths', () => {
  const events = [
    { type: 'user.approve', id: 'abc123', stageName: 'Rosa' },
    { type: 'user.reject', id: 'abc123', stageName: 'Rosa' },
    { type: 'xstate.done.actor.decide', output: { message: 'Approved', data: artist } },
    { type: 'xstate.error.actor.decide', error: { status: 409, message: 'Changed' } },
    { type: 'xstate.error.actor.decide', error: { status: 500, message: 'Down' } },
  ] as never[];
  const machine = adminStageNameMachine;
  function start(): Harness {
    const fakes = new FakeCalls();
    const log: ActionLog = [];
    const provided = machine.provide({
      actors: { decide: fakes.actor('decide') },
      actions: recordingActions(['showSuccessToast', 'showErrorToast', 'refreshList'], log),
    });
    return { actor: createActor(provided).start(), fakes, log };
  }
  const all = getTransitionPaths(machine, { events } as never);

  const states: Record<string, (s: any, h: Harness) => void> = {
    idle: (s, h) => {
      expect(s.hasTag('busy')).toBe(false);
      expect(s.context.deciding).toBeNull();
      expect(h.fakes.pending.size).toBe(0);
    },
    deciding: (s, h) => {
      expect(s.hasTag('busy')).toBe(true);
      // The decision names the request as the admin saw it.
      expect(h.fakes.pending.get('decide')?.input).toEqual({
        id: 'abc123',
        decision: s.context.deciding.decision,
        stageName: 'Rosa',
      });
    },
  };
  function step({ event, actions }: StepCheck<Harness>) {
    if (event.type === 'xstate.done.actor.decide') expect(types(actions)).toEqual(['showSuccessToast', 'refreshList']);
    else if (event.type === 'xstate.error.actor.decide') {
      const status = (event.error as { status: number }).status;
      expect(types(actions)).toEqual(status === 409 ? ['showErrorToast', 'refreshList'] : ['showErrorToast']);
    } else expect(actions).toEqual([]);
  }

  it('approve and reject send their own decision', () => {
    for (const [type, decision] of [
      ['user.approve', 'approve'],
      ['user.reject', 'reject'],
    ] as const) {
      const h = start();
      h.actor.send({ type, id: 'abc123', stageName: 'Rosa' });
      expect(h.fakes.pending.get('decide')?.input).toEqual({ id: 'abc123', decision, stageName: 'Rosa' });
      // One decision at a time.
      expect(h.actor.getSnapshot().can({ type: 'user.approve', id: 'x', stageName: 'y' })).toBe(false);
    }
  });
  it('takes every transition', () => expectAllTransitionsCovered(machine, all));
  it('reaches every state', () => expectAllStatesCovered(machine, all));
  it('has expectations and a description for every state', () => {
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(machine).sort());
    for (const key of leafStateKeys(machine)) expect(machine.states[key]?.description, key).toBeTruthy();
  });
  for (const path of all) it(describePath(path), async () => runPath(path, start, { states, step }));
});
