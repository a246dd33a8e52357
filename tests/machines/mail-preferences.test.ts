import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { mailPreferencesMachine } from '../../machines/mail-preferences.machine';
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
  runPath,
} from './model';

const loaded = { offers: true, order_progress: true, thank_you_notes: true };
const events = [
  { type: 'xstate.done.actor.loadPreferences', output: loaded },
  { type: 'xstate.error.actor.loadPreferences', error: { status: 500, message: 'Could not load' } },
  { type: 'user.retry' },
  { type: 'user.toggle', category: 'offers', on: false },
  { type: 'xstate.done.actor.savePreferences', output: { ...loaded, offers: false } },
  { type: 'xstate.error.actor.savePreferences', error: { status: 422, message: 'Must be true or false' } },
] as never[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = mailPreferencesMachine.provide({
    actors: { loadPreferences: fakes.actor('loadPreferences'), savePreferences: fakes.actor('savePreferences') },
  });
  return { actor: createActor(machine).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  loading: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(h.fakes.pending.has('loadPreferences')).toBe(true);
    expect(s.can({ type: 'user.toggle', category: 'offers', on: false })).toBe(false);
  },
  loadFailed: (s) => {
    expect(s.hasTag('failed')).toBe(true);
    expect(s.context.error).toBe('Could not load');
  },
  ready: (s, h) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
    // After a refused save the switch is back on the saved value and the reason shows.
    expect(s.context.preferences).toEqual(s.context.saved);
    expect(s.context.change).toBeNull();
  },
  saving: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    // Only the flipped switch is sent, and it already shows its new value.
    expect(h.fakes.pending.get('savePreferences')?.input).toEqual({ offers: false });
    expect(s.context.preferences.offers).toBe(false);
    expect(s.can({ type: 'user.toggle', category: 'offers', on: true })).toBe(false);
  },
  saved: (s) => {
    expect(s.hasTag('saved')).toBe(true);
    expect(s.context.saved).toEqual({ ...loaded, offers: false });
    expect(s.context.preferences).toEqual(s.context.saved);
  },
};

describe('mailPreferencesMachine: model-based paths', () => {
  const paths = getTransitionPaths(mailPreferencesMachine, { events });
  it('takes every transition', () => expectAllTransitionsCovered(mailPreferencesMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(mailPreferencesMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(mailPreferencesMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states });
    });
  }
});

describe('mailPreferencesMachine: rules', () => {
  it('a refused save puts the switch back and keeps the message', async () => {
    const h = start();
    h.fakes.resolve('loadPreferences', loaded);
    await flush();
    h.actor.send({ type: 'user.toggle', category: 'thank_you_notes', on: false });
    expect(h.actor.getSnapshot().context.preferences.thank_you_notes).toBe(false);
    h.fakes.reject('savePreferences', { status: 422, message: 'Nope' });
    await flush();
    const snapshot = h.actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.preferences.thank_you_notes).toBe(true);
    expect(snapshot.context.error).toBe('Nope');
    h.actor.stop();
  });
});
