import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { artistMessages, fileTooLargeFor } from '../../contracts/artist';
import { fieldMessages } from '../../contracts/field-messages';
import { serverMessages } from '../../contracts/server-messages';
import {
  type ApplicationValues,
  type ArtistApplicationEvent,
  type ArtistApplicationInput,
  artistApplicationMachine,
  firstErrorField,
  initialApplicationValues,
  type SampleFile,
  type SubmitApplicationInput,
  type SubmitApplicationOutput,
  sampleProblem,
  toApplicationBody,
  validateApplication,
} from '../../machines/artist-application.machine';
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
  types,
} from './model';

const MAX = 1000;
const wav = new File([new Uint8Array(200)], 'demo.wav', { type: 'audio/wav' });
const tooBig = new File([new Uint8Array(MAX + 1)], 'long-take.mp3', { type: 'audio/mpeg' });
const notAudio = new File(['hello'], 'lyrics.txt', { type: 'text/plain' });

const validPitch = 'I have sung at weddings and birthdays for ten years.';
const complete: ApplicationValues = {
  ...initialApplicationValues(),
  first_name: 'Ana',
  last_name: 'Reyes',
  stage_name: 'Ana R',
  email: 'ana@example.test',
  contact_number: '9171234567',
  links: 'https://example.test/ana',
  pitch: validPitch,
  accept_terms: true,
};

const emailTaken = validationError({ email: [fieldMessages.emailTaken] });
const rateLimited = { status: 429, message: serverMessages.tooManyRequests };

const events = [
  { type: 'field.changed', name: 'pitch', value: 'Too short' },
  { type: 'field.changed', name: 'pitch', value: validPitch },
  { type: 'field.changed', name: 'country', value: 'US' },
  { type: 'field.changed', name: 'contact_number', value: '2025550123' },
  { type: 'field.changed', name: 'accept_terms', value: false },
  { type: 'field.changed', name: 'accept_terms', value: true },
  { type: 'sample.selected', file: wav },
  { type: 'sample.selected', file: tooBig },
  { type: 'sample.selected', file: notAudio },
  { type: 'sample.removed' },
  { type: 'user.submit' },
  { type: 'success.dismissed' },
  { type: 'xstate.done.actor.submitApplication', output: { message: artistMessages.applicationReceived } },
  { type: 'xstate.error.actor.submitApplication', error: emailTaken },
  { type: 'xstate.error.actor.submitApplication', error: rateLimited },
] as ArtistApplicationEvent[];

const starts: Record<string, ArtistApplicationInput> = {
  'an empty form': { maxSampleBytes: MAX },
  'a complete form': { maxSampleBytes: MAX, values: complete },
};

/**
 * The traversal tells states apart by what changes the flow: the state, whether the schema accepts
 * the form, which fields show a message and which file is attached (not the exact text typed).
 */
function abstraction(snapshot: any): string {
  return JSON.stringify({
    value: snapshot.value,
    valid: Object.keys(validateApplication(snapshot.context.values)).length === 0,
    errors: Object.keys(snapshot.context.errors).sort(),
    sample: snapshot.context.sample?.name ?? null,
  });
}

function start(input: ArtistApplicationInput): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = artistApplicationMachine.provide({
    actors: { submitApplication: fakes.actor<SubmitApplicationOutput, SubmitApplicationInput>('submitApplication') },
    actions: recordingActions(['showErrorToast', 'focusFirstError'], log),
  });
  return { actor: createActor(machine, { input }).start(), fakes, log };
}

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  editing: (s, h) => {
    expect(s.hasTag('busy')).toBe(false);
    expect(s.hasTag('success')).toBe(false);
    expect(s.can({ type: 'user.submit' })).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
    // A refused file is never kept.
    if (s.context.sample) expect(sampleProblem(s.context.sample, MAX)).toBeNull();
  },
  submitting: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.errors).toEqual({});
    // Only a form the shared schema accepts is ever sent.
    expect(validateApplication(s.context.values)).toEqual({});
    expect(s.can({ type: 'field.changed', name: 'first_name', value: 'x' })).toBe(false);
    expect(h.fakes.pending.get('submitApplication')?.input).toEqual({
      fields: toApplicationBody(s.context.values),
      sample: s.context.sample,
    });
  },
  success: (s, h) => {
    expect(s.hasTag('success')).toBe(true);
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect(s.can({ type: 'success.dismissed' })).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
  },
};

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  switch (event.type) {
    case 'field.changed': {
      const name = event.name as string;
      expect(after.context.values[name]).toBe(event.value);
      expect(after.context.errors[name]).toBeUndefined();
      if (name === 'country') {
        // The dial code follows the country; a new country clears the number and its message.
        expect(after.context.values.dial_code).toBe('+1');
        if (before.context.values.country !== 'US') expect(after.context.values.contact_number).toBe('');
        expect(after.context.errors.dial_code).toBeUndefined();
      }
      // Every other message stays until its own field is edited.
      for (const key of Object.keys(before.context.errors)) {
        if (![name, 'contact_number', 'dial_code'].includes(key))
          expect(after.context.errors[key]).toEqual(before.context.errors[key]);
      }
      expect(actions).toEqual([]);
      break;
    }
    case 'sample.selected': {
      const file = event.file as SampleFile;
      const problem = sampleProblem(file, MAX);
      expect(after.context.sample).toBe(problem ? null : file);
      expect(after.context.errors.sample).toEqual(problem ? [problem] : undefined);
      break;
    }
    case 'sample.removed':
      expect(after.context.sample).toBeNull();
      expect(after.context.errors.sample).toBeUndefined();
      break;
    case 'user.submit': {
      const clientErrors = validateApplication(before.context.values);
      // A refused sample's message holds the form back too: it is never sent as if all was well without it.
      if (before.context.errors.sample) clientErrors.sample = before.context.errors.sample;
      if (Object.keys(clientErrors).length > 0) {
        expect(after.matches('editing')).toBe(true);
        expect(after.context.errors).toMatchObject(clientErrors);
        expect(actions).toEqual([{ type: 'focusFirstError', params: { name: firstErrorField(after.context.errors) } }]);
      } else {
        expect(after.matches('submitting')).toBe(true);
        expect(actions).toEqual([]);
      }
      // Nothing typed is lost.
      expect(after.context.values).toEqual(before.context.values);
      expect(after.context.sample).toBe(before.context.sample);
      break;
    }
    case 'xstate.error.actor.submitApplication': {
      const error = event.error as { message: string; errors?: Record<string, string[]> };
      expect(after.matches('editing')).toBe(true);
      expect(after.context.values).toEqual(before.context.values);
      expect(after.context.sample).toBe(before.context.sample);
      if (error.errors) {
        expect(after.context.errors).toEqual(error.errors);
        expect(actions).toEqual([{ type: 'focusFirstError', params: { name: 'email' } }]);
      } else {
        expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
      }
      break;
    }
    case 'success.dismissed':
      expect(after.context.values).toEqual(initialApplicationValues());
      expect(after.context.sample).toBeNull();
      expect(after.context.errors).toEqual({});
      break;
    default:
      break;
  }
}

describe('artistApplicationMachine: model-based paths', () => {
  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const pathsByStart = Object.entries(starts).map(([name, input]) => ({
    name,
    input,
    paths: getTransitionPaths(
      artistApplicationMachine,
      {
        input,
        events,
        serializeState: abstraction,
        // A File serializes as `{}`: without its name the three samples would count as one event.
        serializeEvent: (event: any) => JSON.stringify({ ...event, file: event.file?.name }),
      },
      seen,
    ),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      artistApplicationMachine,
      pathsByStart.flatMap((s) => s.paths),
    ));
  it('reaches every state', () => {
    expectAllStatesCovered(
      artistApplicationMachine,
      pathsByStart.flatMap((s) => s.paths),
    );
  });

  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(artistApplicationMachine).sort());
  });

  // A start that adds no transition has no paths of its own.
  for (const { name, input, paths } of pathsByStart.filter((s) => s.paths.length > 0)) {
    describe(`from ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => start(input), {
            states: stateExpectations,
            step: stepExpectations,
            serializeState: abstraction,
          });
        });
      }
    });
  }
});

describe('artistApplicationMachine: the shared schema and the sample check', () => {
  it("uses the contract's messages, one per field", () => {
    const errors = validateApplication({ ...initialApplicationValues(), pitch: 'short', links: 'ftp://x' });
    expect(errors.stage_name).toEqual([artistMessages.stageNameRequired]);
    expect(errors.pitch).toEqual([artistMessages.pitchTooShort]);
    expect(errors.links).toEqual([artistMessages.linksInvalid]);
    expect(errors.accept_terms).toEqual([artistMessages.termsRequired]);
    expect(errors.first_name).toEqual([fieldMessages.required('first name')]);
    expect(validateApplication(complete)).toEqual({});
  });

  it('sends the checkbox as the string the API expects', () => {
    expect(toApplicationBody(complete).accept_terms).toBe('true');
    expect(toApplicationBody({ ...complete, accept_terms: false }).accept_terms).toBe('false');
  });

  it.each([
    ['an audio type', new File(['x'], 'a.ogg', { type: 'audio/ogg' }), null],
    ['no type but an audio extension', new File(['x'], 'take.m4a', { type: '' }), null],
    ['no type and another extension', new File(['x'], 'take.exe', { type: '' }), artistMessages.audioOnly],
    ['a video', new File(['x'], 'clip.mp4', { type: 'video/mp4' }), artistMessages.audioOnly],
    [
      'too many bytes',
      new File([new Uint8Array(11)], 'a.wav', { type: 'audio/wav' }),
      'This file is too large. Choose a file of 1 KB or less.',
    ],
  ])('judges a file with %s', (_, file, problem) => {
    expect(sampleProblem(file, 10)).toBe(problem);
  });

  it.each([
    [25 * 1024 * 1024, 'This file is too large. Choose a file of 25 MB or less.'],
    [1.5 * 1024 * 1024, 'This file is too large. Choose a file of 1.5 MB or less.'],
    [500 * 1024, 'This file is too large. Choose a file of 500 KB or less.'],
  ])('says the limit of %i bytes', (max, message) => {
    expect(sampleProblem(new File([new Uint8Array(max + 1)], 'big.wav', { type: 'audio/wav' }), max)).toBe(message);
  });

  it('an oversized sample is dropped, and the submit stops on its message until the sample is removed or replaced', async () => {
    const h = start({ maxSampleBytes: MAX, values: complete });
    h.actor.send({ type: 'sample.selected', file: wav });
    h.actor.send({ type: 'sample.selected', file: tooBig });
    const refused = h.actor.getSnapshot().context;
    expect(refused.sample).toBeNull();
    expect(refused.errors.sample).toEqual([fileTooLargeFor(MAX)]);
    h.actor.send({ type: 'user.submit' });
    expect(h.actor.getSnapshot().value).toBe('editing');
    expect(h.fakes.pending.size).toBe(0);
    expect(h.actor.getSnapshot().context.errors).toEqual({ sample: [fileTooLargeFor(MAX)] });
    expect(h.log).toEqual([{ type: 'focusFirstError', params: { name: 'sample' } }]);
    // Choosing to go on without a sample clears the message; then the form is sent, without one.
    h.actor.send({ type: 'sample.removed' });
    h.actor.send({ type: 'user.submit' });
    expect((h.fakes.pending.get('submitApplication')?.input as SubmitApplicationInput | undefined)?.sample).toBeNull();
  });

  it('focuses the first field in form order; the dial code and country come with the contact number', () => {
    expect(firstErrorField({ pitch: ['x'], email: ['y'] })).toBe('email');
    expect(firstErrorField({ dial_code: ['x'], links: ['y'] })).toBe('dial_code');
    expect(firstErrorField({ _: ['x'] })).toBe('_');
    expect(firstErrorField({})).toBeNull();
  });

  it("defaults to the server's default upload cap and starts in the Philippines", () => {
    const actor = createActor(artistApplicationMachine, { input: {} }).start();
    // docs/api.md: an uploaded file is capped at 25 MB by default (MAX_UPLOAD_MB).
    expect(actor.getSnapshot().context.maxSampleBytes).toBe(25 * 1024 * 1024);
    expect(actor.getSnapshot().context.values).toMatchObject({ country: 'PH', dial_code: '+63', accept_terms: false });
  });

  it('submits the sample with the fields, and a success resets nothing until the modal is closed', async () => {
    const h = start({ maxSampleBytes: MAX, values: complete });
    h.actor.send({ type: 'sample.selected', file: wav });
    h.actor.send({ type: 'user.submit' });
    expect((h.fakes.pending.get('submitApplication')?.input as SubmitApplicationInput | undefined)?.sample).toBe(wav);
    h.fakes.resolve('submitApplication', { message: artistMessages.applicationReceived });
    await flush();
    expect(h.actor.getSnapshot().value).toBe('success');
    expect(h.actor.getSnapshot().context.values).toEqual(complete);
    h.actor.send({ type: 'success.dismissed' });
    expect(h.actor.getSnapshot().context.values).toEqual(initialApplicationValues());
    expect(types(h.log)).toEqual([]);
  });
});
