import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { type ArtistOrder, lifecycleMessages, type RecordingUpload } from '../../contracts/lifecycle';
import {
  fileProblem,
  type PickedFile,
  type RecordingSubmitEvent,
  type RecordingSubmitInput,
  recordingSubmitMachine,
  validateRecording,
} from '../../machines/recording-submit.machine';
import { validationError } from './fixtures';
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
  recordingActions,
  runPath,
  type StepCheck,
} from './model';

const input: RecordingSubmitInput = { orderId: 41, maxBytes: 1000, accept: ['audio/'] };
const song: PickedFile = { name: 'take-2.wav', size: 800, type: 'audio/wav', file: 'blob' };
const huge: PickedFile = { name: 'long.wav', size: 5000, type: 'audio/wav', file: 'blob' };
const notes: PickedFile = { name: 'lyrics.txt', size: 10, type: 'text/plain', file: 'blob' };
const uploaded: RecordingUpload = {
  temp_location: 'tmp_recording01',
  url: '/api/v1/artist/order/song/upload?source=tmp_recording01',
  mime: 'audio/wav',
  size: 800,
};
const order = { id: 41, reference: 'OR1041', status: 'in_validation' } as ArtistOrder;
const refusedUpload = validationError({ file: [artistMessages.audioOnly] });
const humanMadeRefused = validationError({ human_made: [lifecycleMessages.humanMadeRequired] });
const uploadGone = validationError({ temp_location: [lifecycleMessages.recordingInvalid] });
const notNow = { status: 409, message: lifecycleMessages.notNow.recording_uploaded };

const events = [
  { type: 'user.open' },
  { type: 'user.close' },
  { type: 'file.selected', picked: song },
  { type: 'file.selected', picked: huge },
  { type: 'file.selected', picked: notes },
  { type: 'upload.progress', loaded: 400, total: 800 },
  { type: 'upload.done', result: uploaded },
  { type: 'upload.done', result: { unexpected: true } },
  { type: 'upload.failed', error: refusedUpload },
  { type: 'user.cancelUpload' },
  { type: 'user.retryUpload' },
  { type: 'lyrics.changed', value: '  Happy birthday, Lola  ' },
  { type: 'humanMade.changed', checked: true },
  { type: 'humanMade.changed', checked: false },
  { type: 'user.submit' },
  { type: 'xstate.done.actor.submitRecording', output: { message: lifecycleMessages.recordingSubmitted, data: order } },
  { type: 'xstate.error.actor.submitRecording', error: humanMadeRefused },
  { type: 'xstate.error.actor.submitRecording', error: uploadGone },
  { type: 'xstate.error.actor.submitRecording', error: notNow },
] as unknown as RecordingSubmitEvent[];

interface SubmitHarness extends Harness {
  started: PickedFile[];
  stopped: number;
}

function start(given: RecordingSubmitInput = input): SubmitHarness {
  const log: ActionLog = [];
  const fakes = new FakeCalls();
  const h = { fakes, log, started: [] as PickedFile[], stopped: 0 } as SubmitHarness;
  const machine = recordingSubmitMachine.provide({
    actors: {
      uploadFile: fromCallback(({ input: i }: { input: { picked: PickedFile } }) => {
        h.started.push(i.picked);
        return () => {
          h.stopped += 1;
        };
      }),
      submitRecording: fakes.actor('submitRecording'),
    },
    actions: recordingActions(['notifySubmitted', 'showErrorToast'], log),
  });
  h.actor = createActor(machine, { input: given }).start();
  return h;
}

/** Uploads still sending (started and not stopped). */
const running = (h: SubmitHarness) => h.started.length - h.stopped;

/**
 * The screen's abstraction of a snapshot: the state, whether a file is being sent or is ready, what
 * was typed and which fields show a message. Progress numbers and the file's details are left out.
 */
const serializeState = (s: any) =>
  JSON.stringify({
    value: s.value,
    picked: s.context.picked !== null,
    upload: s.context.upload !== null,
    lyrics: s.context.lyrics,
    humanMade: s.context.humanMade,
    errors: Object.keys(s.context.errors).sort(),
  });

const states: Record<string, (s: any, h: SubmitHarness) => void> = {
  closed: (s, h) => {
    expect(s.hasTag('open')).toBe(false);
    expect(running(h)).toBe(0);
    expect(s.context.errors).toEqual({});
  },
  'open.picking': (s, h) => {
    expect(s.hasTag('open')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.upload).toBeNull();
    expect(s.context.picked).toBeNull();
    expect(running(h)).toBe(0);
  },
  'open.uploading': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.hasTag('uploading')).toBe(true);
    expect(s.context.picked).toEqual(song);
    expect(s.context.upload).toBeNull();
    expect(running(h)).toBe(1);
    expect(h.started.at(-1)).toEqual(song);
    expect(s.context.loaded).toBeLessThanOrEqual(s.context.total);
    expect(s.can({ type: 'user.submit' })).toBe(false);
  },
  'open.uploadFailed': (s, h) => {
    expect(s.hasTag('busy')).toBe(false);
    // The server's refusal, or a file refused on the spot since.
    expect([artistMessages.audioOnly, fileTooLargeFor(input.maxBytes), lifecycleMessages.recordingInvalid]).toContain(
      s.context.errors.file?.[0],
    );
    expect(s.context.picked).toEqual(song);
    expect(running(h)).toBe(0);
  },
  'open.preview': (s, h) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.upload).toEqual(uploaded);
    expect(s.context.picked).toBeNull();
    expect(running(h)).toBe(0);
  },
  'open.submitting': (s, h) => {
    expect(s.hasTag('submitting')).toBe(true);
    // The body is recordingSchema's output: the lyrics trimmed, the declaration true.
    expect(h.fakes.pending.get('submitRecording')?.input).toEqual({
      orderId: 41,
      body: { temp_location: uploaded.temp_location, lyrics: s.context.lyrics.trim(), human_made: true },
    });
    expect(s.can({ type: 'user.close' })).toBe(false);
    expect(s.can({ type: 'file.selected', picked: song })).toBe(false);
  },
  submitted: (s) => {
    expect(s.status).toBe('done');
    expect(s.hasTag('done')).toBe(true);
  },
};

function step({ event, before, after, actions }: StepCheck<SubmitHarness>): void {
  // What was typed changes only when the person types it.
  if (event.type !== 'lyrics.changed') expect(after.context.lyrics).toBe(before.context.lyrics);
  if (event.type !== 'humanMade.changed') expect(after.context.humanMade).toBe(before.context.humanMade);

  if (event.type === 'xstate.done.actor.submitRecording')
    expect(actions).toEqual([
      { type: 'notifySubmitted', params: { message: lifecycleMessages.recordingSubmitted, order } },
    ]);
  else if (event.type === 'xstate.error.actor.submitRecording' && (event as any).error === notNow)
    expect(actions).toEqual([{ type: 'showErrorToast', params: { message: notNow.message } }]);
  else expect(actions).toEqual([]);

  if (event.type === 'xstate.error.actor.submitRecording') {
    const error = (event as any).error;
    if (error === humanMadeRefused) expect(after.context.errors.human_made).toEqual(humanMadeRefused.errors.human_made);
    if (error === uploadGone) {
      // The upload is gone: the picker comes back with the reason under it.
      expect(after.matches({ open: 'picking' })).toBe(true);
      expect(after.context.errors.temp_location).toEqual([lifecycleMessages.recordingInvalid]);
    }
  }
  if (event.type === 'file.selected' && (event as any).picked !== song && before.hasTag('open')) {
    // A refused file changes nothing but the picker's message; an upload in flight goes on.
    expect(after.value).toEqual(before.value);
    expect(after.context.upload).toEqual(before.context.upload);
    expect(after.context.errors.file?.[0]).toBe(
      (event as any).picked === huge ? fileTooLargeFor(input.maxBytes) : artistMessages.audioOnly,
    );
  }
  if (event.type === 'user.submit' && before.matches({ open: 'preview' }) && !before.context.humanMade) {
    expect(after.matches({ open: 'preview' })).toBe(true);
    expect(after.context.errors.human_made).toEqual([lifecycleMessages.humanMadeRequired]);
  }
  if (event.type === 'humanMade.changed') expect(after.context.errors.human_made).toBeUndefined();
}

describe('recordingSubmitMachine: model-based paths', () => {
  const paths = getTransitionPaths(recordingSubmitMachine, { input, events, serializeState });
  it('takes every transition', () => expectAllTransitionsCovered(recordingSubmitMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(recordingSubmitMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(recordingSubmitMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step, serializeState });
    });
  }
});

describe('recordingSubmitMachine: rules', () => {
  async function toPreview(h: SubmitHarness) {
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'file.selected', picked: song });
    h.actor.send({ type: 'upload.done', result: uploaded });
    await flush();
  }

  it('refuses a file on the spot by type and size (an unknown type is left to the server)', () => {
    expect(fileProblem(notes, input)).toBe(artistMessages.audioOnly);
    expect(fileProblem(huge, input)).toBe(fileTooLargeFor(input.maxBytes));
    expect(fileProblem({ ...song, type: '' }, input)).toBeNull();
  });

  it("uses recordingSchema's messages", () => {
    expect(validateRecording({ upload: uploaded, lyrics: '', humanMade: false })).toEqual({
      human_made: [lifecycleMessages.humanMadeRequired],
    });
    expect(validateRecording({ upload: null, lyrics: '', humanMade: true })).toEqual({
      temp_location: [lifecycleMessages.recordingRequired],
    });
  });

  it('a revision shows what to change and starts from the lyrics sent before, which are sent again unless edited', async () => {
    const feedback = { from: 'admin' as const, text: 'The chorus is too quiet.', at: '2026-11-20T02:00:00.000Z' };
    const h = start({ ...input, feedback, previousLyrics: 'Verse one\nChorus' });
    expect(h.actor.getSnapshot().context.feedback).toEqual(feedback);
    expect(h.actor.getSnapshot().context.lyrics).toBe('Verse one\nChorus');
    await toPreview(h);
    h.actor.send({ type: 'humanMade.changed', checked: true });
    h.actor.send({ type: 'user.submit' });
    expect((h.fakes.pending.get('submitRecording')?.input as any)?.body).toEqual({
      temp_location: uploaded.temp_location,
      lyrics: 'Verse one\nChorus',
      human_made: true,
    });
    // A first recording starts empty and has nothing to change.
    expect(start().actor.getSnapshot().context).toMatchObject({ feedback: null, lyrics: '' });
  });

  it('closing and reopening returns to the preview with the lyrics and the declaration', async () => {
    const h = start();
    await toPreview(h);
    h.actor.send({ type: 'lyrics.changed', value: 'Verse one' });
    h.actor.send({ type: 'humanMade.changed', checked: true });
    h.actor.send({ type: 'user.close' });
    h.actor.send({ type: 'user.open' });
    const s = h.actor.getSnapshot();
    expect(s.matches({ open: 'preview' })).toBe(true);
    expect(s.context).toMatchObject({ lyrics: 'Verse one', humanMade: true, upload: uploaded });
  });

  it('closing during an upload aborts it; a new file during an upload replaces it', () => {
    const h = start();
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'file.selected', picked: song });
    h.actor.send({ type: 'file.selected', picked: { ...song, name: 'take-3.wav' } });
    expect(h.started.map((p) => p.name)).toEqual(['take-2.wav', 'take-3.wav']);
    expect(h.stopped).toBe(1);
    h.actor.send({ type: 'user.close' });
    expect(h.stopped).toBe(2);
    h.actor.send({ type: 'user.open' });
    expect(h.actor.getSnapshot().matches({ open: 'picking' })).toBe(true);
  });

  it('a failed submit keeps the form as typed', async () => {
    const h = start();
    await toPreview(h);
    h.actor.send({ type: 'lyrics.changed', value: 'Chorus' });
    h.actor.send({ type: 'humanMade.changed', checked: true });
    h.actor.send({ type: 'user.submit' });
    h.fakes.reject('submitRecording', notNow);
    await flush();
    const s = h.actor.getSnapshot();
    expect(s.matches({ open: 'preview' })).toBe(true);
    expect(s.context).toMatchObject({ lyrics: 'Chorus', humanMade: true, upload: uploaded });
    expect(h.log).toEqual([{ type: 'showErrorToast', params: { message: notNow.message } }]);
  });
});
