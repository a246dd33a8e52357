import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { lyricsTexts } from '../../contracts/lyrics';
import { lyricsSwitchMachine } from '../../machines/lyrics-switch.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  runPath,
  type StepCheck,
} from './model';

// The customer's lyrics approval switch: one change at a time, the server's refusal shown as it is and
// the switch left as it was; a reloaded order moves it.

const input = { orderId: 4, on: true };
const refused = { status: 409, message: lyricsTexts.onlyBeforeArtist };

const events = [
  { type: 'user.toggle' },
  { type: 'order.changed', on: false },
  { type: 'order.changed', on: true },
  { type: 'xstate.done.actor.setApproval', output: {} },
  { type: 'xstate.error.actor.setApproval', error: refused },
] as never[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = lyricsSwitchMachine.provide({ actors: { setApproval: fakes.actor('setApproval') } });
  return { actor: createActor(machine, { input }).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(h.fakes.pending.size).toBe(0);
    expect(s.hasTag('busy')).toBe(false);
  },
  saving: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    // The opposite of what the switch showed goes to the server.
    expect(h.fakes.pending.get('setApproval')?.input).toEqual({ orderId: 4, on: !s.context.on });
    expect(s.can({ type: 'user.toggle' })).toBe(false);
  },
};

function step({ event, before, after }: StepCheck<Harness>) {
  if (event.type === 'user.toggle') {
    expect(after.context.problem).toBeNull();
    expect(after.context.wanted).toBe(!before.context.on);
  }
  if (event.type === 'xstate.done.actor.setApproval') expect(after.context.on).toBe(before.context.wanted);
  if (event.type === 'xstate.error.actor.setApproval') {
    expect(after.context.on).toBe(before.context.on);
    expect(after.context.problem).toBe(refused.message);
  }
  if (event.type === 'order.changed') expect(after.context.on).toBe(event.on);
}

describe('lyricsSwitchMachine: model-based paths', () => {
  const paths = getTransitionPaths(lyricsSwitchMachine, { events, input } as never);
  it('takes every transition', () => expectAllTransitionsCovered(lyricsSwitchMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(lyricsSwitchMachine, paths));
  it('has expectations and a description for every state', () => {
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(lyricsSwitchMachine).sort());
    for (const key of leafStateKeys(lyricsSwitchMachine))
      expect(lyricsSwitchMachine.states[key]?.description, key).toBeTruthy();
  });
  for (const path of paths) it(describePath(path), async () => runPath(path, start, { states, step }));
});
