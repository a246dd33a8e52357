import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { lyricsTexts } from '../../contracts/lyrics';
import { lyricsApprovalMachine, lyricsClientId } from '../../machines/lyrics-approval.machine';
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

// Lyrics for approval in the thread: the artist posts a draft, the customer approves it or asks for
// changes. Paths are generated from the machine; each state and step is checked against the flow.

const input = { orderId: 9, session: 'page' };
const lyricsError = { status: 422, message: 'Check', errors: { lyrics: [lyricsTexts.lyricsRequired] } };
const noteError = { status: 422, message: 'Check', errors: { note: [lyricsTexts.noteRequired] } };
const conflict = { status: 409, message: 'There is no lyrics draft waiting for your approval.' };

const events = [
  { type: 'lyrics.changed', value: 'Maria, you light the morning' },
  { type: 'note.changed', value: 'Add her dog, please' },
  { type: 'user.post' },
  { type: 'user.approve' },
  { type: 'user.askChanges' },
  { type: 'xstate.done.actor.postLyrics', output: {} },
  { type: 'xstate.error.actor.postLyrics', error: lyricsError },
  { type: 'xstate.done.actor.approveLyrics', output: {} },
  { type: 'xstate.error.actor.approveLyrics', error: conflict },
  { type: 'xstate.done.actor.askChanges', output: {} },
  { type: 'xstate.error.actor.askChanges', error: noteError },
] as never[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = lyricsApprovalMachine.provide({
    actors: {
      postLyrics: fakes.actor('postLyrics'),
      approveLyrics: fakes.actor('approveLyrics'),
      askChanges: fakes.actor('askChanges'),
    },
  });
  return { actor: createActor(machine, { input }).start(), fakes, log };
}

const states: Record<string, (s: any, h: Harness) => void> = {
  ready: (s, h) => {
    expect(h.fakes.pending.size).toBe(0);
    expect(s.hasTag('busy')).toBe(false);
  },
  posting: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    // The same client id until the draft is stored: a retry posts it once.
    expect(h.fakes.pending.get('postLyrics')?.input).toEqual({
      orderId: 9,
      client_id: lyricsClientId(s.context),
      lyrics: s.context.lyrics,
    });
    expect(s.can({ type: 'user.approve' })).toBe(false);
  },
  approving: (s, h) => {
    expect(h.fakes.pending.get('approveLyrics')?.input).toEqual({ orderId: 9 });
    expect(s.can({ type: 'user.post' })).toBe(false);
  },
  asking: (s, h) => {
    expect(h.fakes.pending.get('askChanges')?.input).toEqual({ orderId: 9, note: s.context.note });
    expect(s.can({ type: 'user.askChanges' })).toBe(false);
  },
};

function step({ event, before, after }: StepCheck<Harness>) {
  const type = event.type;
  if (type.startsWith('user.')) {
    expect(after.context.problem).toBeNull();
    expect(after.context.errors).toEqual({});
  }
  if (type === 'xstate.done.actor.postLyrics') {
    expect(after.context.lyrics).toBe('');
    expect(after.context.posted).toBe(before.context.posted + 1);
  }
  if (type === 'xstate.error.actor.postLyrics') {
    expect(after.context.errors).toEqual(lyricsError.errors);
    expect(after.context.lyrics).toBe(before.context.lyrics);
    expect(after.context.posted).toBe(before.context.posted);
  }
  if (type === 'xstate.error.actor.approveLyrics') expect(after.context.problem).toBe(conflict.message);
  if (type === 'xstate.done.actor.askChanges') expect(after.context.note).toBe('');
  if (type === 'xstate.error.actor.askChanges') {
    expect(after.context.errors).toEqual(noteError.errors);
    expect(after.context.note).toBe(before.context.note);
  }
}

describe('lyricsApprovalMachine: model-based paths', () => {
  // The count of posted drafts grows without end: a state is its shape (what is typed, errors, one draft posted or not).
  const serializeState = (s: any) =>
    JSON.stringify([
      s.value,
      s.context.lyrics !== '',
      s.context.note !== '',
      Object.keys(s.context.errors),
      s.context.problem !== null,
      Math.min(s.context.posted, 1),
    ]);
  const paths = getTransitionPaths(lyricsApprovalMachine, { events, input, serializeState } as never);
  it('takes every transition', () => expectAllTransitionsCovered(lyricsApprovalMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(lyricsApprovalMachine, paths));
  it('has expectations and a description for every state', () => {
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(lyricsApprovalMachine).sort());
    for (const key of leafStateKeys(lyricsApprovalMachine))
      expect(lyricsApprovalMachine.states[key]?.description, key).toBeTruthy();
  });
  for (const path of paths) it(describePath(path), async () => runPath(path, start, { states, step }));
});

describe('lyricsApprovalMachine: rules', () => {
  it('editing the field clears its error only', async () => {
    const h = start();
    h.actor.send({ type: 'user.post' });
    h.fakes.reject('postLyrics', lyricsError);
    await Promise.resolve();
    await Promise.resolve();
    expect(h.actor.getSnapshot().context.errors).toEqual(lyricsError.errors);
    h.actor.send({ type: 'lyrics.changed', value: 'New' });
    expect(h.actor.getSnapshot().context.errors).toEqual({});
  });
});
