import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { PickedFile } from '../../machines/file-upload.machine';
import {
  clockLabel,
  connectVoiceRecorder,
  MAX_RECORDING_SECONDS,
  recordingFileName,
  type VoiceRecorderEvent,
  voiceRecorderMachine,
  voiceRecorderMessages,
} from '../../machines/voice-recorder.machine';
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

// A short limit keeps the generated paths small; the two-minute default is checked on its own below.
const input = { maxSeconds: 2 };
const uploaded = { temp_location: 'tmp_abcdefgh1234', url: '/media/clips/abc?sig=1', mime: 'audio/webm', size: 3000 };
const serverRefusal = validationError({ file: ['Upload an audio file (MP3, WAV, OGG, M4A, FLAC or WebM).'] });

const events = [
  { type: 'user.record' },
  { type: 'user.stop' },
  { type: 'user.cancel' },
  { type: 'user.discard' },
  { type: 'user.upload' },
  { type: 'user.retry' },
  { type: 'user.reset' },
  { type: 'recorder.started' },
  { type: 'recorder.denied' },
  { type: 'recorder.failed', message: voiceRecorderMessages.noMicrophone },
  { type: 'recorder.finished', blob: 'blob', mime: 'audio/webm', size: 3000 },
  { type: 'recorder.finished', blob: 'empty', mime: 'audio/webm', size: 0 },
  { type: 'timer.tick' },
  { type: 'upload.progress', loaded: 1500, total: 3000 },
  { type: 'upload.done', result: uploaded },
  { type: 'upload.failed', error: serverRefusal },
] as VoiceRecorderEvent[];

interface RecorderHarness extends Harness {
  /** Each time the microphone was opened (captureAudio started). */
  captures: number;
  /** Each time it was released (captureAudio stopped). */
  releases: number;
  /** What captureAudio was told. */
  told: string[];
  uploads: PickedFile[];
  aborted: number;
}

function start(): RecorderHarness {
  const log: ActionLog = [];
  const h = {
    fakes: new FakeCalls(),
    log,
    captures: 0,
    releases: 0,
    told: [] as string[],
    uploads: [] as PickedFile[],
    aborted: 0,
  } as RecorderHarness;
  const machine = voiceRecorderMachine.provide({
    actors: {
      captureAudio: fromCallback(({ receive }) => {
        h.captures += 1;
        receive((event) => h.told.push(event.type));
        return () => {
          h.releases += 1;
        };
      }),
      // Ticks are played as events by the paths.
      countSeconds: fromCallback(() => {}),
      uploadFile: fromCallback(({ input: i }: { input: { picked: PickedFile } }) => {
        h.uploads.push(i.picked);
        return () => {
          h.aborted += 1;
        };
      }),
    },
    actions: recordingActions(['notifyUploaded'], log),
  });
  h.actor = createActor(machine, { input }).start();
  return h;
}

const tags = (s: any) => ({
  busy: s.hasTag('busy'),
  recording: s.hasTag('recording'),
  error: s.hasTag('error'),
  done: s.hasTag('done'),
});
const none = { busy: false, recording: false, error: false, done: false };
/** The microphone is open exactly while the machine is capturing. */
const micOpen = (h: RecorderHarness) => h.captures - h.releases;

const states: Record<string, (s: any, h: RecorderHarness) => void> = {
  idle: (s, h) => {
    expect(tags(s)).toEqual(none);
    expect(s.context.recording).toBeNull();
    expect(s.context.error).toBeNull();
    expect(s.context.elapsed).toBe(0);
    expect(micOpen(h)).toBe(0);
    expect(connectVoiceRecorder(s).status).toBe('idle');
  },
  'capturing.requesting': (s, h) => {
    expect(tags(s)).toEqual({ ...none, busy: true });
    expect(micOpen(h)).toBe(1);
    expect(connectVoiceRecorder(s)).toMatchObject({ status: 'requesting', canCancel: true, canStop: false });
  },
  'capturing.recording': (s, h) => {
    expect(tags(s)).toEqual({ ...none, recording: true });
    expect(micOpen(h)).toBe(1);
    expect(s.context.elapsed).toBeLessThan(input.maxSeconds);
    const view = connectVoiceRecorder(s);
    expect(view).toMatchObject({ status: 'recording', canStop: true, maxLabel: '0:02' });
    expect(view.elapsedLabel).toBe(clockLabel(s.context.elapsed));
  },
  'capturing.stopping': (s, h) => {
    expect(tags(s)).toEqual({ ...none, busy: true });
    expect(micOpen(h)).toBe(1);
    // The recorder was asked to hand over the take.
    expect(h.told.at(-1)).toBe('recorder.stop');
    expect(connectVoiceRecorder(s).status).toBe('stopping');
  },
  recorded: (s, h) => {
    expect(tags(s)).toEqual(none);
    expect(micOpen(h)).toBe(0);
    expect(s.context.recording).toMatchObject({ blob: 'blob', mime: 'audio/webm', size: 3000 });
    expect(s.context.recording.seconds).toBe(s.context.elapsed);
    expect(connectVoiceRecorder(s)).toMatchObject({
      status: 'recorded',
      canUpload: true,
      canDiscard: true,
      canRecord: true,
      takeLabel: clockLabel(s.context.elapsed),
    });
  },
  uploading: (s, h) => {
    expect(tags(s)).toEqual({ ...none, busy: true });
    expect(h.uploads.at(-1)).toEqual({ name: 'voice-message.webm', size: 3000, type: 'audio/webm', file: 'blob' });
    expect(s.context.loaded).toBeLessThanOrEqual(s.context.total);
    expect(connectVoiceRecorder(s).status).toBe('uploading');
  },
  uploadFailed: (s) => {
    expect(tags(s)).toEqual({ ...none, error: true });
    expect(s.context.error).toBe('Upload an audio file (MP3, WAV, OGG, M4A, FLAC or WebM).');
    expect(s.context.recording).not.toBeNull();
    expect(connectVoiceRecorder(s)).toMatchObject({ status: 'uploadFailed', canRetry: true, canDiscard: true });
  },
  uploaded: (s, h) => {
    expect(tags(s)).toEqual({ ...none, done: true });
    expect(s.context.result).toEqual(uploaded);
    expect(micOpen(h)).toBe(0);
    expect(connectVoiceRecorder(s).status).toBe('uploaded');
  },
  denied: (s, h) => {
    expect(tags(s)).toEqual({ ...none, error: true });
    expect(s.context.error).toBe(voiceRecorderMessages.denied);
    expect(micOpen(h)).toBe(0);
    expect(connectVoiceRecorder(s)).toMatchObject({ status: 'denied', canRecord: true });
  },
  unavailable: (s, h) => {
    expect(tags(s)).toEqual({ ...none, error: true });
    expect([voiceRecorderMessages.noMicrophone, voiceRecorderMessages.empty]).toContain(s.context.error);
    expect(micOpen(h)).toBe(0);
    expect(connectVoiceRecorder(s)).toMatchObject({ status: 'unavailable', canRecord: true });
  },
};

function step({ event, before, after, actions, harness }: StepCheck<RecorderHarness>): void {
  if (event.type === 'upload.done' && before.matches('uploading')) {
    expect(actions).toEqual([{ type: 'notifyUploaded', params: { result: uploaded } }]);
  } else expect(actions).toEqual([]);
  if (event.type === 'user.cancel' && before.matches('uploading')) expect(harness.aborted).toBeGreaterThan(0);
  if (event.type === 'timer.tick' && before.matches({ capturing: 'recording' }))
    expect(after.context.elapsed).toBe(before.context.elapsed + 1);
  if (event.type === 'upload.progress' && before.matches('uploading')) expect(after.context.loaded).toBe(1500);
  // A new take always opens the microphone afresh.
  if (event.type === 'user.record' && !before.matches('capturing')) expect(after.context.elapsed).toBe(0);
}

describe('voiceRecorderMachine: model-based paths', () => {
  const paths = getTransitionPaths(voiceRecorderMachine, { input, events });
  it('takes every transition', () => expectAllTransitionsCovered(voiceRecorderMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(voiceRecorderMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(voiceRecorderMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('voiceRecorderMachine: rules', () => {
  afterEach(() => vi.useRealTimers());

  it('stops by itself after two minutes with the default timer', async () => {
    vi.useFakeTimers();
    const told: string[] = [];
    const machine = voiceRecorderMachine.provide({
      actors: {
        captureAudio: fromCallback(({ sendBack, receive }) => {
          sendBack({ type: 'recorder.started' });
          receive((event) => {
            told.push(event.type);
            sendBack({ type: 'recorder.finished', blob: 'blob', mime: 'audio/webm', size: 9000 });
          });
        }),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'user.record' });
    expect(actor.getSnapshot().matches({ capturing: 'recording' })).toBe(true);
    await vi.advanceTimersByTimeAsync((MAX_RECORDING_SECONDS - 1) * 1000);
    expect(connectVoiceRecorder(actor.getSnapshot()).elapsedLabel).toBe('1:59');
    expect(told).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(told).toEqual(['recorder.stop']);
    const view = connectVoiceRecorder(actor.getSnapshot());
    expect(view).toMatchObject({ status: 'recorded', takeLabel: '2:00', maxLabel: '2:00' });
    // No more ticks once recorded.
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().context.elapsed).toBe(MAX_RECORDING_SECONDS);
    actor.stop();
  });

  it('a refused microphone is a state of its own with a clear message, and can be asked again', () => {
    let attempts = 0;
    const machine = voiceRecorderMachine.provide({
      actors: {
        captureAudio: fromCallback(({ sendBack }) => {
          attempts += 1;
          sendBack(attempts === 1 ? { type: 'recorder.denied' } : { type: 'recorder.started' });
        }),
        countSeconds: fromCallback(() => {}),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'user.record' });
    expect(connectVoiceRecorder(actor.getSnapshot())).toMatchObject({
      status: 'denied',
      error: voiceRecorderMessages.denied,
    });
    actor.send({ type: 'user.record' });
    expect(connectVoiceRecorder(actor.getSnapshot()).status).toBe('recording');
    actor.stop();
  });

  it('names the uploaded take by its type and formats the timer', () => {
    expect(recordingFileName('audio/webm')).toBe('voice-message.webm');
    expect(recordingFileName('audio/ogg')).toBe('voice-message.ogg');
    expect(recordingFileName('audio/mp4')).toBe('voice-message.m4a');
    expect(clockLabel(0)).toBe('0:00');
    expect(clockLabel(65)).toBe('1:05');
    expect(clockLabel(MAX_RECORDING_SECONDS)).toBe('2:00');
  });

  it('without a provided microphone actor it reports that recording is unavailable', () => {
    const actor = createActor(voiceRecorderMachine, { input: {} }).start();
    actor.send({ type: 'user.record' });
    expect(connectVoiceRecorder(actor.getSnapshot())).toMatchObject({
      status: 'unavailable',
      error: voiceRecorderMessages.unsupported,
    });
    actor.stop();
  });
});
