// One file upload with progress: checked on the client (size, type) so a person hears at once what
// is wrong, then streamed to the server by the named callback actor `uploadFile`, which reports
// progress and the result. The server decides in the end (it sniffs the bytes); its field errors
// land in `error`. Used for artist sample songs, story clips and recordings.
import { assign, fromCallback, setup } from 'xstate';
import { readFailure } from './api-error';

/** What the machine needs of a picked file; the app passes the File itself as `file`. */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
  file: unknown;
}

export interface FileUploadInput {
  maxBytes: number;
  /** MIME prefixes or exact types the client accepts, e.g. ['audio/']. */
  accept: readonly string[];
  messages: { tooLarge: string; wrongType: string };
}

export interface FileUploadContext extends FileUploadInput {
  picked: PickedFile | null;
  loaded: number;
  total: number;
  result: unknown;
  error: string | null;
}

export type FileUploadEvent =
  | { type: 'file.selected'; picked: PickedFile }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; result: unknown }
  | { type: 'upload.failed'; error: unknown }
  | { type: 'user.cancel' }
  | { type: 'user.retry' }
  | { type: 'user.reset' };

/** The upload actor's input; it sends upload.progress, then upload.done or upload.failed, and aborts on stop. */
export interface UploadFileInput {
  picked: PickedFile;
}

export function isAccepted(type: string, accept: readonly string[]): boolean {
  return accept.some((a) => (a.endsWith('/') ? type.startsWith(a) : type === a));
}

export const fileUploadMachine = setup({
  types: {
    context: {} as FileUploadContext,
    events: {} as FileUploadEvent,
    input: {} as FileUploadInput,
    tags: {} as 'busy' | 'error' | 'done',
  },
  actors: {
    uploadFile: fromCallback<FileUploadEvent, UploadFileInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', error: { message: 'uploadFile not provided' } });
    }),
  },
  guards: {
    isTooLarge: ({ context, event }) => event.type === 'file.selected' && event.picked.size > context.maxBytes,
    isWrongType: ({ context, event }) =>
      event.type === 'file.selected' && !isAccepted(event.picked.type, context.accept),
  },
  actions: {
    restartProgress: assign({ loaded: 0, error: null }),
    pick: assign(({ event }) =>
      event.type === 'file.selected'
        ? { picked: event.picked, loaded: 0, total: event.picked.size, result: null, error: null }
        : {},
    ),
    rejectTooLarge: assign(({ context }) => ({ error: context.messages.tooLarge, picked: null })),
    rejectWrongType: assign(({ context }) => ({ error: context.messages.wrongType, picked: null })),
    setProgress: assign(({ event }) =>
      event.type === 'upload.progress' ? { loaded: event.loaded, total: event.total } : {},
    ),
    setResult: assign(({ event }) => (event.type === 'upload.done' ? { result: event.result, error: null } : {})),
    setError: assign(({ event }) => {
      if (event.type !== 'upload.failed') return {};
      const failure = readFailure(event.error);
      return { error: Object.values(failure.errors ?? {})[0]?.[0] ?? failure.message };
    }),
    clear: assign({ picked: null, loaded: 0, total: 0, result: null, error: null }),
    // Supplied by the app:
    notifyUploaded: (_, _params: { result: unknown }) => {},
  },
}).createMachine({
  id: 'fileUpload',
  context: ({ input }) => ({ ...input, picked: null, loaded: 0, total: 0, result: null, error: null }),
  initial: 'idle',
  on: {
    'file.selected': [
      {
        guard: 'isTooLarge',
        target: '.rejected',
        actions: 'rejectTooLarge',
        description: 'The file picked is too large: the person is told at once, before anything is sent.',
      },
      {
        guard: 'isWrongType',
        target: '.rejected',
        actions: 'rejectWrongType',
        description: 'The file picked is not of a type accepted: the person is told at once, before anything is sent.',
      },
      { target: '.uploading', actions: 'pick', description: 'The file picked is accepted here: it uploads.' },
    ],
  },
  states: {
    idle: { description: 'No file picked yet.' },
    rejected: {
      description: 'The file was refused before anything was sent (too large, or the wrong type).',
      tags: ['error'],
      on: {
        'user.reset': {
          target: 'idle',
          actions: 'clear',
          description: 'The person dismisses the message, to pick another file.',
        },
      },
    },
    uploading: {
      description: 'The file is uploading; the person sees its progress and can cancel.',
      tags: ['busy'],
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
        'upload.done': {
          target: 'done',
          actions: ['setResult', { type: 'notifyUploaded', params: ({ event }) => ({ result: event.result }) }],
          description: 'The file is uploaded and accepted.',
        },
        'upload.failed': {
          target: 'failed',
          actions: 'setError',
          description: 'The upload failed or the server refused the file: the person is told why.',
        },
        'user.cancel': { target: 'idle', actions: 'clear', description: 'The person cancels: the upload stops.' },
      },
    },
    failed: {
      description: 'The upload failed; the person can try again or pick another file.',
      tags: ['error'],
      on: {
        'user.retry': {
          target: 'uploading',
          actions: 'restartProgress',
          description: 'The person tries again: the same file uploads from the start.',
        },
        'user.reset': {
          target: 'idle',
          actions: 'clear',
          description: 'The person dismisses the failure, to pick another file.',
        },
      },
    },
    done: {
      description: 'The file is uploaded.',
      tags: ['done'],
      on: {
        'user.reset': {
          target: 'idle',
          actions: 'clear',
          description: 'The person removes the file or picks another.',
        },
      },
    },
  },
});
