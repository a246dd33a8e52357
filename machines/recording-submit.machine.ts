// The upload-song-order modal: pick an audio file → upload it with progress (the `uploadFile` callback
// actor the file-upload machine uses, so the same XHR upload serves both) → preview → submit with the
// lyrics and the made-by-a-person declaration → submitted. The lyrics and the checkbox survive a failed
// upload, a refused submit and closing the modal; an upload survives closing too, so reopening returns
// to its preview. The app supplies uploadFile, submitRecording, notifySubmitted and showErrorToast.
import * as v from 'valibot';
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { artistMessages, fileTooLargeFor } from '../contracts/artist';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { lifecycleMessages, type RecordingUpload, recordingSchema } from '../contracts/lifecycle';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import { type FileUploadEvent, isAccepted } from './file-upload.machine';
import type {
  PickedFile,
  RecordingSubmitContext,
  RecordingSubmitEvent,
  RecordingSubmitInput,
  RecordingSubmitTag,
  SubmitRecordingInput,
  SubmitRecordingOutput,
  SubmittedParams,
  UploadFileInput,
} from './recording-submit.types';

export type * from './recording-submit.types';

/** Why the picked file is refused before a byte is sent, or null. An empty type is left to the server's sniffing. */
export function fileProblem(picked: PickedFile, context: Pick<RecordingSubmitContext, 'maxBytes' | 'accept'>) {
  if (picked.type !== '' && !isAccepted(picked.type, context.accept)) return artistMessages.audioOnly;
  if (picked.size > context.maxBytes) return fileTooLargeFor(context.maxBytes);
  return null;
}

/** The submit body as recordingSchema reads it. */
function recordingBody(context: Pick<RecordingSubmitContext, 'upload' | 'lyrics' | 'humanMade'>) {
  return { temp_location: context.upload?.temp_location ?? '', lyrics: context.lyrics, human_made: context.humanMade };
}

/** recordingSchema's first message per field (empty when the body passes). */
export function validateRecording(context: Pick<RecordingSubmitContext, 'upload' | 'lyrics' | 'humanMade'>) {
  const result = v.safeParse(recordingSchema, recordingBody(context));
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToFieldErrors(result.issues)).map(([key, messages]) => [key, messages.slice(0, 1)]),
  ) as FieldErrors;
}

/** The upload's answer, when it has the shape the preview and the submit need. */
function asRecordingUpload(result: unknown): RecordingUpload | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as Partial<RecordingUpload>;
  return typeof r.temp_location === 'string' && typeof r.url === 'string' ? (r as RecordingUpload) : null;
}

/** What a refused upload shows under the picker: the server's field message, else its message. */
function uploadMessage(error: unknown): string {
  const failure = readFailure(error);
  return Object.values(failure.errors ?? {})[0]?.[0] ?? failure.message;
}

/**
 * The same choice in every state that takes a file: refuse it on the spot (what was there stays), or
 * upload it (re-entering `uploading` aborts an upload in flight and starts the new one).
 */
const selectFile = [
  {
    guard: 'isRefusedFile',
    actions: 'refuseFile',
    description: 'The file is too large or not a sound file: the artist is told at once.',
  },
  {
    target: '#recordingSubmit.open.uploading',
    reenter: true,
    actions: 'pickFile',
    description: 'The artist picks an audio file: it uploads.',
  },
] as const;

export const recordingSubmitMachine = setup({
  types: {
    context: {} as RecordingSubmitContext,
    events: {} as RecordingSubmitEvent,
    input: {} as RecordingSubmitInput,
    tags: {} as RecordingSubmitTag,
  },
  actors: {
    /** POST /order/song/upload (multipart `file`): sends upload.progress, then upload.done or upload.failed. */
    uploadFile: fromCallback<FileUploadEvent, UploadFileInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', error: { message: 'uploadFile not provided' } });
    }),
    /** POST /orders/{id}/recording {temp_location, lyrics, human_made}. */
    submitRecording: fromPromise<SubmitRecordingOutput, SubmitRecordingInput>(notProvided('submitRecording')),
  },
  guards: {
    hasUpload: ({ context }) => context.upload !== null,
    isRefusedFile: ({ context, event }) =>
      event.type === 'file.selected' && fileProblem(event.picked, context) !== null,
    isRecordingUpload: ({ event }) => event.type === 'upload.done' && asRecordingUpload(event.result) !== null,
    isFormValid: ({ context }) => Object.keys(validateRecording(context)).length === 0,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    /** The server no longer has the upload (expired or used): the artist must upload again. */
    isUploadGone: ({ event }) => 'error' in event && readFailure(event.error).errors?.temp_location !== undefined,
  },
  actions: {
    refuseFile: assign(({ context, event }) =>
      event.type === 'file.selected'
        ? { errors: { ...context.errors, file: [fileProblem(event.picked, context) ?? ''] } }
        : {},
    ),
    // A new file replaces the previous upload: the preview must play what will be submitted.
    pickFile: assign(({ context, event }) =>
      event.type === 'file.selected'
        ? {
            picked: event.picked,
            loaded: 0,
            total: event.picked.size,
            upload: null,
            errors: withoutField(withoutField(context.errors, 'file'), 'temp_location'),
          }
        : {},
    ),
    setProgress: assign(({ event }) =>
      event.type === 'upload.progress' ? { loaded: event.loaded, total: event.total } : {},
    ),
    setUpload: assign(({ event }) =>
      event.type === 'upload.done' ? { upload: asRecordingUpload(event.result), picked: null } : {},
    ),
    setUploadError: assign(({ context, event }) => ({
      errors: {
        ...context.errors,
        file: [event.type === 'upload.failed' ? uploadMessage(event.error) : lifecycleMessages.recordingInvalid],
      },
    })),
    restartUpload: assign(({ context }) => ({ loaded: 0, errors: withoutField(context.errors, 'file') })),
    dropPick: assign({ picked: null, loaded: 0, total: 0 }),
    setLyrics: assign(({ context, event }) =>
      event.type === 'lyrics.changed' ? { lyrics: event.value, errors: withoutField(context.errors, 'lyrics') } : {},
    ),
    setHumanMade: assign(({ context, event }) =>
      event.type === 'humanMade.changed'
        ? { humanMade: event.checked, errors: withoutField(context.errors, 'human_made') }
        : {},
    ),
    showFormErrors: assign(({ context }) => ({ errors: { ...context.errors, ...validateRecording(context) } })),
    setServerErrors: assign(({ context }, params: { error: unknown }) => ({
      errors: { ...context.errors, ...(readFailure(params.error).errors ?? {}) },
    })),
    dropUpload: assign({ upload: null }),
    clearErrors: assign({ errors: {} }),
    // Supplied by the app:
    notifySubmitted: (_, _params: SubmittedParams) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'recordingSubmit',
  context: ({ input: { feedback, previousLyrics, ...input } }) => ({
    ...input,
    feedback: feedback ?? null,
    picked: null,
    loaded: 0,
    total: 0,
    upload: null,
    // A revision starts from the lyrics sent before: usually only a few lines change.
    lyrics: previousLyrics ?? '',
    humanMade: false,
    errors: {},
  }),
  initial: 'closed',
  states: {
    closed: {
      description: "The artist's order page, with the recording modal closed.",
      on: {
        'user.open': [
          {
            guard: 'hasUpload',
            target: 'open.preview',
            description: 'The artist opens the modal with a recording already uploaded: its preview shows.',
          },
          { target: 'open.picking', description: "The artist opens the modal: they pick the recording's file." },
        ],
      },
    },
    open: {
      description: 'The modal for sending the recording: the file, the lyrics and the "made by a person" declaration.',
      tags: ['open'],
      initial: 'picking',
      states: {
        picking: {
          description: "The artist picks the recording's audio file.",
          on: {
            'file.selected': selectFile,
            'lyrics.changed': { actions: 'setLyrics', description: 'The artist types the lyrics.' },
            'humanMade.changed': {
              actions: 'setHumanMade',
              description: 'The artist ticks or unticks "made by a person".',
            },
            'user.close': {
              target: '#recordingSubmit.closed',
              actions: 'clearErrors',
              description: 'The artist closes the modal; the lyrics and the tick stay.',
            },
          },
        },
        uploading: {
          description: 'The file is uploading; the artist sees its progress and can cancel.',
          tags: ['busy', 'uploading'],
          invoke: {
            id: 'uploadFile',
            src: 'uploadFile',
            input: ({ context }) => ({ picked: context.picked as PickedFile }),
          },
          on: {
            'upload.progress': {
              actions: 'setProgress',
              description: 'More of the file has been sent: the progress moves on.',
            },
            'upload.done': [
              {
                guard: 'isRecordingUpload',
                target: 'preview',
                actions: 'setUpload',
                description: 'Uploaded: the artist can listen to it before sending.',
              },
              {
                target: 'uploadFailed',
                actions: 'setUploadError',
                description: 'The server did not take it as a recording: the artist is told why.',
              },
            ],
            'upload.failed': {
              target: 'uploadFailed',
              actions: 'setUploadError',
              description: 'The upload failed or the file was refused: the artist is told why.',
            },
            'user.cancelUpload': {
              target: 'picking',
              actions: 'dropPick',
              description: 'The artist cancels the upload: the upload stops and they pick again.',
            },
            'file.selected': selectFile,
            'lyrics.changed': { actions: 'setLyrics', description: 'The artist types the lyrics meanwhile.' },
            'humanMade.changed': {
              actions: 'setHumanMade',
              description: 'The artist ticks or unticks "made by a person" meanwhile.',
            },
            'user.close': {
              target: '#recordingSubmit.closed',
              actions: ['dropPick', 'clearErrors'],
              description: 'The artist closes the modal: the upload stops; the lyrics and the tick stay.',
            },
          },
        },
        uploadFailed: {
          description: 'The upload failed; the artist can try again or pick another file.',
          on: {
            'user.retryUpload': {
              target: 'uploading',
              actions: 'restartUpload',
              description: 'The artist tries again: the same file uploads from the start.',
            },
            'file.selected': selectFile,
            'lyrics.changed': { actions: 'setLyrics', description: 'The artist types the lyrics.' },
            'humanMade.changed': {
              actions: 'setHumanMade',
              description: 'The artist ticks or unticks "made by a person".',
            },
            'user.close': {
              target: '#recordingSubmit.closed',
              actions: ['dropPick', 'clearErrors'],
              description: 'The artist closes the modal; the lyrics and the tick stay.',
            },
          },
        },
        preview: {
          description:
            'The recording is uploaded: the artist listens, completes the lyrics and the declaration, and sends.',
          on: {
            'file.selected': selectFile,
            'lyrics.changed': { actions: 'setLyrics', description: 'The artist types the lyrics.' },
            'humanMade.changed': {
              actions: 'setHumanMade',
              description: 'The artist ticks or unticks "made by a person".',
            },
            'user.submit': [
              {
                guard: 'isFormValid',
                target: 'submitting',
                description: 'The artist sends the recording, lyrics and declaration.',
              },
              {
                actions: 'showFormErrors',
                description: 'The lyrics or the declaration are missing: the modal says what to fix.',
              },
            ],
            'user.close': {
              target: '#recordingSubmit.closed',
              actions: 'clearErrors',
              description: 'The artist closes the modal; the upload, the lyrics and the tick stay for next time.',
            },
          },
        },
        submitting: {
          description: 'The recording is being sent for review; nothing can change meanwhile.',
          tags: ['busy', 'submitting'],
          invoke: {
            id: 'submitRecording',
            src: 'submitRecording',
            input: ({ context }) => ({
              orderId: context.orderId,
              body: v.parse(recordingSchema, recordingBody(context)) as SubmitRecordingInput['body'],
            }),
            onDone: {
              target: '#recordingSubmit.submitted',
              actions: {
                type: 'notifySubmitted',
                params: ({ event }) => ({
                  message: event.output.message || lifecycleMessages.recordingSubmitted,
                  order: event.output.data,
                }),
              },
              description: "Sent: the artist is told, and the order waits for an admin's check.",
            },
            onError: [
              {
                guard: 'isUploadGone',
                target: 'picking',
                actions: ['dropUpload', { type: 'setServerErrors', params: ({ event }) => ({ error: event.error }) }],
                description: 'The uploaded file is no longer there: the artist picks it again.',
              },
              {
                guard: 'hasFieldErrors',
                target: 'preview',
                actions: { type: 'setServerErrors', params: ({ event }) => ({ error: event.error }) },
                description: 'The server refused some answers: the modal says what to fix.',
              },
              {
                target: 'preview',
                actions: {
                  type: 'showErrorToast',
                  params: ({ event }) => ({ message: readFailure(event.error).message }),
                },
                description: 'It failed (offline, or the server): the artist is told and can send again.',
              },
            ],
          },
        },
      },
    },
    submitted: { description: 'The recording was sent.', type: 'final', tags: ['done'] },
  },
});
