// The public artist application (/artist/application, docs/architecture.md §5): editing → submitting → success.
// The shared valibot schema (contracts/artist.ts) checks the fields before anything is sent; the
// server is still the judge, and its per-field errors land under the same fields and clear as the
// visitor edits them. Nothing typed is lost on an error. The optional sample is checked here for type
// and size only (the server sniffs the bytes). The app supplies submitApplication, showErrorToast and
// focusFirstError.
import * as v from 'valibot';
import { and, assign, fromPromise, not, setup } from 'xstate';
import {
  type ApplicationBody,
  applicationFields,
  applicationSchema,
  artistMessages,
  fileTooLargeFor,
} from '../contracts/artist';
import { issuesToFieldErrors } from '../contracts/auth';
import { DEFAULT_MAX_UPLOAD_BYTES, phone } from '../contracts/constants';
import { findCountry } from '../contracts/countries';
import type { FieldErrors } from '../contracts/http';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

// ---- Types ----------------------------------------------------------------------------------------

/** The form as the visitor fills it; `accept_terms` is the checkbox. */
export interface ApplicationValues {
  first_name: string;
  last_name: string;
  stage_name: string;
  email: string;
  contact_number: string;
  /** Two-letter code, default PH. */
  country: string;
  /** Follows the country. */
  dial_code: string;
  /** One link per line. */
  links: string;
  pitch: string;
  accept_terms: boolean;
}

/** The fields a visitor types into (the dial code follows the country). */
export type ApplicationTextField = Exclude<keyof ApplicationValues, 'accept_terms' | 'dial_code'>;

/** The optional sample: a File in the browser (only these properties are read here). */
export interface SampleFile extends Blob {
  readonly name: string;
}

export interface ArtistApplicationContext {
  values: ApplicationValues;
  sample: SampleFile | null;
  /** Client and server messages by field (applicationFields), the sample under `sample`. */
  errors: FieldErrors;
  /** The client-side size cap of the sample, in bytes. */
  maxSampleBytes: number;
}

export interface ArtistApplicationInput {
  maxSampleBytes?: number;
  /** Values to start from (anything missing starts empty). */
  values?: Partial<ApplicationValues>;
}

export type ArtistApplicationEvent =
  | { type: 'field.changed'; name: ApplicationTextField; value: string }
  | { type: 'field.changed'; name: 'accept_terms'; value: boolean }
  | { type: 'sample.selected'; file: SampleFile }
  | { type: 'sample.removed' }
  | { type: 'user.submit' }
  /** The success modal was closed: start a fresh form. */
  | { type: 'success.dismissed' };

export type ArtistApplicationTag = 'busy' | 'success';

/** What submitApplication posts as multipart: the text fields, plus `sample` when there is one. */
export interface SubmitApplicationInput {
  fields: Required<ApplicationBody>;
  sample: SampleFile | null;
}

export interface SubmitApplicationOutput {
  message: string;
}

// ---- Pure helpers ---------------------------------------------------------------------------------

/** The server's default upload cap (MAX_UPLOAD_MB, 25); a deployment with another cap still answers 413 itself. */
const DEFAULT_MAX_SAMPLE_BYTES = DEFAULT_MAX_UPLOAD_BYTES;

/** Extensions of the audio kinds artistMessages.audioOnly names, for files the browser gives no type. */
const audioExtensions = /\.(mp3|wav|wave|ogg|oga|opus|m4a|mp4|aac|flac|webm|weba)$/i;

export function initialApplicationValues(): ApplicationValues {
  return {
    first_name: '',
    last_name: '',
    stage_name: '',
    email: '',
    contact_number: '',
    country: phone.defaultCountry,
    dial_code: findCountry(phone.defaultCountry)?.dial_code ?? '',
    links: '',
    pitch: '',
    accept_terms: false,
  };
}

/** The body as the API reads it: every field a string, the checkbox as 'true' or 'false'. */
export function toApplicationBody(values: ApplicationValues): Required<ApplicationBody> {
  const { accept_terms, ...text } = values;
  return { ...text, accept_terms: accept_terms ? 'true' : 'false' };
}

/** The shared schema's messages, one per field (the first rule it breaks). */
export function validateApplication(values: ApplicationValues): FieldErrors {
  const result = v.safeParse(applicationSchema, toApplicationBody(values));
  if (result.success) return {};
  const all = issuesToFieldErrors(result.issues);
  return Object.fromEntries(Object.entries(all).map(([key, messages]) => [key, messages.slice(0, 1)]));
}

/** Why a chosen file cannot be the sample, or null when it can (type and size only: the server sniffs the bytes). */
export function sampleProblem(file: SampleFile, maxBytes: number): string | null {
  const looksAudio = file.type === '' ? audioExtensions.test(file.name) : file.type.startsWith('audio/');
  if (!looksAudio) return artistMessages.audioOnly;
  if (file.size > maxBytes) return fileTooLargeFor(maxBytes);
  return null;
}

/** The first field with an error, in the form's order (dial code and country sit with the contact number). */
export function firstErrorField(errors: FieldErrors): string | null {
  for (const name of applicationFields) if (errors[name]?.length) return name;
  const other = Object.keys(errors)[0];
  return other ?? null;
}

// ---- Machine --------------------------------------------------------------------------------------

const focusParams = ({ context }: { context: ArtistApplicationContext }) => ({
  name: firstErrorField(context.errors) ?? '',
});

export const artistApplicationMachine = setup({
  types: {
    context: {} as ArtistApplicationContext,
    events: {} as ArtistApplicationEvent,
    input: {} as ArtistApplicationInput | undefined,
    tags: {} as ArtistApplicationTag,
  },
  actors: {
    /** POST /api/v1/artist/application (multipart) → {message}; rejects with {status?, message, errors?}. */
    submitApplication: fromPromise<SubmitApplicationOutput, SubmitApplicationInput>(notProvided('submitApplication')),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(validateApplication(context.values)).length === 0,
    /** The sample field shows a message (a refused file, or the server's): sending now would drop it silently. */
    hasSampleProblem: ({ context }) => (context.errors.sample?.length ?? 0) > 0,
    isSampleAcceptable: ({ context, event }) =>
      event.type === 'sample.selected' && sampleProblem(event.file, context.maxSampleBytes) === null,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      let values = { ...context.values, [event.name]: event.value } as ApplicationValues;
      let errors = withoutField(context.errors, event.name);
      if (event.name === 'country') {
        // As in registration (docs/product.md §5): the dial code follows the country, and a new country clears the number.
        const code = String(event.value).toUpperCase();
        values = { ...values, country: code, dial_code: findCountry(code)?.dial_code ?? '' };
        if (code !== context.values.country) {
          values.contact_number = '';
          errors = withoutField(errors, 'contact_number');
        }
        errors = withoutField(errors, 'dial_code');
      }
      return { values, errors };
    }),
    attachSample: assign(({ context, event }) =>
      event.type === 'sample.selected' ? { sample: event.file, errors: withoutField(context.errors, 'sample') } : {},
    ),
    refuseSample: assign(({ context, event }) => {
      if (event.type !== 'sample.selected') return {};
      const problem = sampleProblem(event.file, context.maxSampleBytes) ?? artistMessages.audioOnly;
      return { sample: null, errors: { ...context.errors, sample: [problem] } };
    }),
    removeSample: assign(({ context }) => ({ sample: null, errors: withoutField(context.errors, 'sample') })),
    showClientErrors: assign(({ context }) => ({
      // The sample's own message (a refused file) stays; the fields are checked afresh.
      errors: { ...validateApplication(context.values), ...pick(context.errors, 'sample') },
    })),
    clearErrors: assign({ errors: {} }),
    setServerErrors: assign((_, params: { error: unknown }) => ({ errors: readFailure(params.error).errors ?? {} })),
    resetForm: assign({ values: () => initialApplicationValues(), sample: null, errors: {} }),
    // Supplied by the app:
    showErrorToast: (_, _params: { message: string }) => {},
    /** Move focus to the named field (the first with an error, in form order). */
    focusFirstError: (_, _params: { name: string }) => {},
  },
}).createMachine({
  id: 'artistApplication',
  context: ({ input }) => ({
    values: { ...initialApplicationValues(), ...input?.values },
    sample: null,
    errors: {},
    maxSampleBytes: input?.maxSampleBytes ?? DEFAULT_MAX_SAMPLE_BYTES,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The visitor fills in the application to become an artist, with an optional sample song.',
      on: {
        'field.changed': { actions: 'setField', description: 'The visitor types in a field; its error clears.' },
        'sample.selected': [
          {
            guard: 'isSampleAcceptable',
            actions: 'attachSample',
            description: 'The visitor attaches a sample song of a type and size accepted.',
          },
          { actions: 'refuseSample', description: 'The sample is not a sound file or too large: the form says so.' },
        ],
        'sample.removed': { actions: 'removeSample', description: 'The visitor removes the sample.' },
        'user.submit': [
          {
            guard: and(['isFormValid', not('hasSampleProblem')]),
            target: 'submitting',
            actions: 'clearErrors',
            description: 'The visitor sends a complete application.',
          },
          {
            actions: ['showClientErrors', { type: 'focusFirstError', params: focusParams }],
            description: 'Something is missing or wrong: the form shows what to fix, at the first problem.',
          },
        ],
      },
    },
    submitting: {
      description: 'The application is being sent.',
      tags: ['busy'],
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context }) => ({ fields: toApplicationBody(context.values), sample: context.sample }),
        onDone: { target: 'success', description: 'Received: the visitor sees the success message.' },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing',
            actions: [
              { type: 'setServerErrors', params: ({ event }) => ({ error: event.error }) },
              { type: 'focusFirstError', params: focusParams },
            ],
            description: 'The server refused some answers: the form shows what to fix; nothing typed is lost.',
          },
          {
            target: 'editing',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description:
              'It failed (offline, or the server): the visitor is told and can send again; nothing typed is lost.',
          },
        ],
      },
    },
    success: {
      description: 'The success message: the application was received and will be reviewed.',
      tags: ['success'],
      on: {
        'success.dismissed': {
          target: 'editing',
          actions: 'resetForm',
          description: 'The visitor closes the message: the form is empty again.',
        },
      },
    },
  },
});

function pick(errors: FieldErrors, name: string): FieldErrors {
  return errors[name] ? { [name]: errors[name] } : {};
}
