import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import type { ApiSuccess } from '../../contracts/http';
import { type AvatarEvent, type AvatarInput, avatarMachine } from '../../machines/avatar.machine';
import type { PickedFile } from '../../machines/file-upload.machine';
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

const input: AvatarInput = { accept: ['image/jpeg', 'image/png', 'image/webp'], notAnImage: 'Upload an image.' };
const photo: PickedFile = { name: 'me.jpg', size: 3_000_000, type: 'image/jpeg', file: 'original' };
const resized: PickedFile = { name: 'me.webp', size: 40_000, type: 'image/webp', file: 'small' };
const pdf: PickedFile = { name: 'cv.pdf', size: 1000, type: 'application/pdf', file: 'pdf' };
const removed: ApiSuccess<AuthUser> = {
  message: 'Your profile photo has been removed.',
  data: { avatar: null } as AuthUser,
};

const events = [
  { type: 'photo.picked', picked: photo },
  { type: 'photo.picked', picked: pdf },
  { type: 'photo.remove' },
  { type: 'xstate.done.actor.resizePhoto', output: resized },
  { type: 'xstate.error.actor.resizePhoto', error: new Error('not an image') },
  { type: 'xstate.done.actor.removePhoto', output: removed },
  { type: 'xstate.error.actor.removePhoto', error: { status: 500, message: 'Something went wrong on our side.' } },
] as AvatarEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = avatarMachine.provide({
    actors: {
      resizePhoto: fakes.actor<PickedFile, { picked: PickedFile }>('resizePhoto'),
      removePhoto: fakes.actor<ApiSuccess<AuthUser>, void>('removePhoto'),
    },
    actions: recordingActions(['resetUpload', 'startUpload', 'onRemoved'], log),
  });
  return { actor: createActor(machine, { input }).start(), fakes, log };
}

const tags = (s: any) => ({
  busy: s.hasTag('busy'),
  preparing: s.hasTag('preparing'),
  removing: s.hasTag('removing'),
  error: s.hasTag('error'),
});

const states: Record<string, (s: any, h: Harness) => void> = {
  idle: (s) => {
    expect(tags(s)).toEqual({ busy: false, preparing: false, removing: false, error: false });
    expect(s.context.error).toBeNull();
  },
  refused: (s) => {
    expect(tags(s)).toEqual({ busy: false, preparing: false, removing: false, error: true });
    expect(['Upload an image.', 'Something went wrong on our side.']).toContain(s.context.error);
  },
  resizing: (s, h) => {
    expect(tags(s)).toEqual({ busy: true, preparing: true, removing: false, error: false });
    expect(h.fakes.calls.at(-1)).toEqual({ src: 'resizePhoto', input: { picked: photo } });
  },
  removing: (s, h) => {
    expect(tags(s)).toEqual({ busy: true, preparing: false, removing: true, error: false });
    expect(h.fakes.calls.at(-1)?.src).toBe('removePhoto');
  },
};

function step({ event, before, after, actions }: StepCheck<Harness>): void {
  const names = actions.map((a) => a.type);
  const ready = before.matches('idle') || before.matches('refused');
  if (event.type === 'photo.picked' && (ready || before.matches('resizing'))) {
    const picked = event.picked as PickedFile;
    // A type the server never takes goes straight to the upload, which refuses it with its own message.
    if (picked === pdf) {
      expect(names).toEqual(['resetUpload', 'startUpload']);
      expect(actions[1]?.params).toEqual({ picked: pdf });
    } else expect(names).toEqual(ready ? ['resetUpload'] : []);
  } else if (event.type === 'photo.remove' && ready) expect(names).toEqual(['resetUpload']);
  else if (event.type === 'xstate.done.actor.resizePhoto')
    expect(actions).toEqual([{ type: 'startUpload', params: { picked: resized } }]);
  else if (event.type === 'xstate.done.actor.removePhoto')
    expect(actions).toEqual([{ type: 'onRemoved', params: { answer: removed } }]);
  else expect(actions).toEqual([]);
  if (event.type === 'xstate.error.actor.resizePhoto') expect(after.context.error).toBe('Upload an image.');
}

describe('avatarMachine: model-based paths', () => {
  const paths = getTransitionPaths(avatarMachine, { input, events });
  it('takes every transition', () => expectAllTransitionsCovered(avatarMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(avatarMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(avatarMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('avatarMachine: rules', () => {
  it('a newer pick replaces a resize still running: only the newer result is uploaded', async () => {
    const h = start();
    h.actor.send({ type: 'photo.picked', picked: photo });
    h.actor.send({ type: 'photo.picked', picked: { ...photo, name: 'other.jpg' } });
    expect(h.fakes.calls.map((c) => (c.input as { picked: PickedFile }).picked.name)).toEqual(['me.jpg', 'other.jpg']);
    h.fakes.resolve('resizePhoto', resized);
    await new Promise((r) => setImmediate(r));
    expect(h.log.filter((a) => a.type === 'startUpload')).toEqual([
      { type: 'startUpload', params: { picked: resized } },
    ]);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });

  it("a refused removal shows the server's message and a new pick clears it", async () => {
    const h = start();
    h.actor.send({ type: 'photo.remove' });
    h.fakes.reject('removePhoto', { status: 500, message: 'Something went wrong on our side.' });
    await new Promise((r) => setImmediate(r));
    expect(h.actor.getSnapshot().context.error).toBe('Something went wrong on our side.');
    h.actor.send({ type: 'photo.picked', picked: photo });
    expect(h.actor.getSnapshot().context.error).toBeNull();
    expect(h.actor.getSnapshot().value).toBe('resizing');
  });
});
