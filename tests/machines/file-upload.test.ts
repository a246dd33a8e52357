import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import {
  type FileUploadEvent,
  type FileUploadInput,
  fileUploadMachine,
  isAccepted,
  type PickedFile,
} from '../../machines/file-upload.machine';
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

const input: FileUploadInput = {
  maxBytes: 1000,
  accept: ['audio/'],
  messages: { tooLarge: 'This file is too large.', wrongType: 'Upload an audio file.' },
};
const song: PickedFile = { name: 'song.mp3', size: 800, type: 'audio/mpeg', file: 'blob' };
const huge: PickedFile = { name: 'long.wav', size: 5000, type: 'audio/wav', file: 'blob' };
const exe: PickedFile = { name: 'song.mp3.exe', size: 10, type: 'application/x-msdownload', file: 'blob' };
const serverRefusal = validationError({ file: ['Upload an audio file (MP3, WAV, OGG, M4A, FLAC or WebM).'] });

const events = [
  { type: 'file.selected', picked: song },
  { type: 'file.selected', picked: huge },
  { type: 'file.selected', picked: exe },
  { type: 'upload.progress', loaded: 400, total: 800 },
  { type: 'upload.done', result: { source: 'abc12345' } },
  { type: 'upload.failed', error: serverRefusal },
  { type: 'upload.failed', error: { status: 500, message: 'Something went wrong on our side. Please try again.' } },
  { type: 'user.cancel' },
  { type: 'user.retry' },
  { type: 'user.reset' },
] as FileUploadEvent[];

interface UploadHarness extends Harness {
  started: PickedFile[];
  stopped: number;
}

function start(): UploadHarness {
  const log: ActionLog = [];
  const h = { fakes: new FakeCalls(), log, started: [] as PickedFile[], stopped: 0 } as UploadHarness;
  const machine = fileUploadMachine.provide({
    actors: {
      uploadFile: fromCallback(({ input: i }: { input: { picked: PickedFile } }) => {
        h.started.push(i.picked);
        return () => {
          h.stopped += 1;
        };
      }),
    },
    actions: recordingActions(['notifyUploaded'], log),
  });
  h.actor = createActor(machine, { input }).start();
  return h;
}

const tags = (s: any) => ({ busy: s.hasTag('busy'), error: s.hasTag('error'), done: s.hasTag('done') });

const states: Record<string, (s: any, h: UploadHarness) => void> = {
  idle: (s) => {
    expect(tags(s)).toEqual({ busy: false, error: false, done: false });
    expect(s.context.picked).toBeNull();
    expect(s.context.error).toBeNull();
  },
  rejected: (s, h) => {
    expect(tags(s)).toEqual({ busy: false, error: true, done: false });
    expect([input.messages.tooLarge, input.messages.wrongType]).toContain(s.context.error);
    // Nothing was sent for a refused file.
    expect(h.started.every((p) => p === song)).toBe(true);
  },
  uploading: (s, h) => {
    expect(tags(s)).toEqual({ busy: true, error: false, done: false });
    expect(s.context.picked).toEqual(song);
    expect(h.started.at(-1)).toEqual(song);
    expect(s.context.loaded).toBeLessThanOrEqual(s.context.total);
  },
  failed: (s) => {
    expect(tags(s)).toEqual({ busy: false, error: true, done: false });
    expect(s.context.error).toMatch(/Upload an audio file|Something went wrong/);
  },
  done: (s) => {
    expect(tags(s)).toEqual({ busy: false, error: false, done: true });
    expect(s.context.result).toEqual({ source: 'abc12345' });
  },
};

function step({ event, before, after, actions, harness }: StepCheck<UploadHarness>): void {
  if (event.type === 'upload.done' && before.matches('uploading')) {
    expect(actions).toEqual([{ type: 'notifyUploaded', params: { result: { source: 'abc12345' } } }]);
  } else expect(actions).toEqual([]);
  if (event.type === 'user.cancel' && before.matches('uploading')) expect(harness.stopped).toBeGreaterThan(0);
  if (event.type === 'upload.progress' && before.matches('uploading')) expect(after.context.loaded).toBe(400);
}

describe('fileUploadMachine: model-based paths', () => {
  const paths = getTransitionPaths(fileUploadMachine, { input, events });
  it('takes every transition', () => expectAllTransitionsCovered(fileUploadMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(fileUploadMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(fileUploadMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('fileUploadMachine: rules', () => {
  it('accepts by MIME prefix or exact type', () => {
    expect(isAccepted('audio/mpeg', ['audio/'])).toBe(true);
    expect(isAccepted('video/webm', ['audio/'])).toBe(false);
    expect(isAccepted('image/png', ['image/png', 'image/jpeg'])).toBe(true);
  });

  it('a new file during an upload replaces it (the old request is aborted)', () => {
    const h = start();
    h.actor.send({ type: 'file.selected', picked: song });
    h.actor.send({ type: 'file.selected', picked: { ...song, name: 'other.mp3' } });
    expect(h.stopped).toBe(1);
    expect(h.started.map((p) => p.name)).toEqual(['song.mp3', 'other.mp3']);
  });

  it("shows the server's field message for a refused file", () => {
    const h = start();
    h.actor.send({ type: 'file.selected', picked: song });
    h.actor.send({ type: 'upload.failed', error: serverRefusal });
    expect(h.actor.getSnapshot().context.error).toBe('Upload an audio file (MP3, WAV, OGG, M4A, FLAC or WebM).');
  });
});
