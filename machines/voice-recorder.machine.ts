// A voice message recorded in the browser for a story clip slot (issue 3: "record a voice message in
// the browser"): ask for the microphone, record with a running timer (at most two minutes), then keep
// or discard the take, and upload the kept one with progress. The microphone and MediaRecorder live in
// the named callback actor `captureAudio` (src/order/capture-audio.ts); the upload is the same
// `uploadFile` callback contract as the file-upload machine (xhrUpload), so both report alike.
import { assign, fromCallback, sendTo, setup } from 'xstate';
import { readFailure } from './api-error';
import type { FileUploadEvent, UploadFileInput } from './file-upload.machine';

/** Two minutes: long enough to say a name or a message, short enough to stay a small upload. */
export const MAX_RECORDING_SECONDS = 120;

export const voiceRecorderMessages = {
  denied:
    'Microphone access is blocked. Allow the microphone for this site in your browser settings and try again, or upload an audio file instead.',
  unsupported: 'This browser cannot record audio. Upload an audio file instead.',
  noMicrophone: 'No microphone was found. Connect one and try again, or upload an audio file instead.',
  failed: 'The recording stopped unexpectedly. Please try again.',
  empty: 'Nothing was recorded. Please try again.',
} as const;

/** A finished take: the recorded audio (a Blob in the browser) with its type and size. */
export interface Recording {
  blob: unknown;
  mime: string;
  size: number;
  seconds: number;
}

export interface VoiceRecorderInput {
  /** Defaults to MAX_RECORDING_SECONDS. */
  maxSeconds?: number;
}

export interface VoiceRecorderContext {
  maxSeconds: number;
  /** Whole seconds recorded so far (the timer). */
  elapsed: number;
  recording: Recording | null;
  loaded: number;
  total: number;
  /** The upload's answer ({temp_location, url, mime, size}). */
  result: unknown;
  error: string | null;
}

/** What captureAudio reports; it is told `recorder.stop` to finish the take. */
export type CaptureEvent =
  | { type: 'recorder.started' }
  | { type: 'recorder.denied' }
  | { type: 'recorder.failed'; message: string }
  | { type: 'recorder.finished'; blob: unknown; mime: string; size: number };

export type VoiceRecorderEvent =
  | { type: 'user.record' }
  | { type: 'user.stop' }
  | { type: 'user.cancel' }
  | { type: 'user.discard' }
  | { type: 'user.upload' }
  | { type: 'user.retry' }
  | { type: 'user.reset' }
  | { type: 'timer.tick' }
  | CaptureEvent
  | Extract<FileUploadEvent, { type: 'upload.progress' | 'upload.done' | 'upload.failed' }>;

export type VoiceRecorderTag = 'busy' | 'recording' | 'error' | 'done';

/** The file name a take is uploaded under (the server names the stored file itself). */
export function recordingFileName(mime: string): string {
  if (mime.includes('ogg')) return 'voice-message.ogg';
  if (mime.includes('mp4') || mime.includes('aac')) return 'voice-message.m4a';
  return 'voice-message.webm';
}

/** m:ss for the timer. */
export function clockLabel(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const clearTake = { elapsed: 0, recording: null, loaded: 0, total: 0, result: null, error: null } as const;

export const voiceRecorderMachine = setup({
  types: {
    context: {} as VoiceRecorderContext,
    events: {} as VoiceRecorderEvent,
    input: {} as VoiceRecorderInput | undefined,
    tags: {} as VoiceRecorderTag,
  },
  actors: {
    /** Microphone + MediaRecorder: recorder.started / denied / failed, then recorder.finished after recorder.stop. */
    captureAudio: fromCallback<CaptureEvent | { type: 'recorder.stop' }>(({ sendBack }) => {
      sendBack({ type: 'recorder.failed', message: voiceRecorderMessages.unsupported });
    }),
    /** timer.tick once a second while recording. */
    countSeconds: fromCallback(({ sendBack }) => {
      const id = setInterval(() => sendBack({ type: 'timer.tick' }), 1000);
      return () => clearInterval(id);
    }),
    /** POST the take (xhrUpload): upload.progress, then upload.done or upload.failed; stopping aborts. */
    uploadFile: fromCallback<FileUploadEvent, UploadFileInput>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', error: { message: 'uploadFile not provided' } });
    }),
  },
  guards: {
    /** This tick reaches the limit: the take stops by itself. */
    isLastSecond: ({ context }) => context.elapsed + 1 >= context.maxSeconds,
    isEmptyTake: ({ event }) => event.type === 'recorder.finished' && event.size === 0,
  },
  actions: {
    resetProgress: assign({ loaded: 0, total: 0 }),
    clearTake: assign(clearTake),
    addSecond: assign(({ context }) => ({ elapsed: Math.min(context.elapsed + 1, context.maxSeconds) })),
    keepTake: assign(({ context, event }) =>
      event.type === 'recorder.finished'
        ? {
            recording: { blob: event.blob, mime: event.mime, size: event.size, seconds: context.elapsed },
            error: null,
          }
        : {},
    ),
    setCaptureError: assign(({ event }) => ({
      error:
        event.type === 'recorder.denied'
          ? voiceRecorderMessages.denied
          : event.type === 'recorder.failed'
            ? event.message
            : event.type === 'recorder.finished'
              ? voiceRecorderMessages.empty
              : voiceRecorderMessages.failed,
    })),
    startUpload: assign(({ context }) => ({ loaded: 0, total: context.recording?.size ?? 0, error: null })),
    setProgress: assign(({ event }) =>
      event.type === 'upload.progress' ? { loaded: event.loaded, total: event.total } : {},
    ),
    setResult: assign(({ event }) => (event.type === 'upload.done' ? { result: event.result, error: null } : {})),
    setUploadError: assign(({ event }) => {
      if (event.type !== 'upload.failed') return {};
      const failure = readFailure(event.error);
      return { error: Object.values(failure.errors ?? {})[0]?.[0] ?? failure.message };
    }),
    stopCapture: sendTo('captureAudio', { type: 'recorder.stop' }),
    // Supplied by the app: the take is uploaded (the slot stores its temporary location).
    notifyUploaded: (_, _params: { result: unknown }) => {},
  },
}).createMachine({
  id: 'voiceRecorder',
  context: ({ input }) => ({ maxSeconds: input?.maxSeconds ?? MAX_RECORDING_SECONDS, ...clearTake }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The person can record a voice message.',
      on: {
        'user.record': {
          target: 'capturing',
          actions: 'clearTake',
          description: 'The person presses Record: the browser asks for the microphone.',
        },
      },
    },
    capturing: {
      description: 'The microphone is in use (or being asked for); it is released as soon as recording ends.',
      invoke: { id: 'captureAudio', src: 'captureAudio' },
      initial: 'requesting',
      on: {
        'user.cancel': { target: 'idle', actions: 'clearTake', description: 'The person cancels: nothing is kept.' },
        'recorder.failed': {
          target: 'unavailable',
          actions: 'setCaptureError',
          description: 'Recording failed (no microphone, or the browser cannot record): the person is told.',
        },
      },
      states: {
        requesting: {
          description: 'The browser asks the person for the microphone.',
          tags: ['busy'],
          on: {
            'recorder.started': {
              target: 'recording',
              description: 'The person allowed the microphone: recording starts, with a running timer.',
            },
            'recorder.denied': {
              target: '#voiceRecorder.denied',
              actions: 'setCaptureError',
              description:
                "The person (or the browser's settings) refused the microphone: they are told how to allow it.",
            },
          },
        },
        recording: {
          description: 'Recording, with a running timer (two minutes at most).',
          tags: ['recording'],
          invoke: { id: 'countSeconds', src: 'countSeconds' },
          on: {
            'timer.tick': [
              {
                guard: 'isLastSecond',
                target: 'stopping',
                actions: 'addSecond',
                description: 'The time limit is reached: recording stops.',
              },
              { actions: 'addSecond', description: 'Another second recorded: the timer moves on.' },
            ],
            'user.stop': { target: 'stopping', description: 'The person stops recording.' },
          },
        },
        stopping: {
          description: 'Recording stopped; the last of the audio is being collected.',
          tags: ['busy'],
          entry: 'stopCapture',
          on: {
            'recorder.finished': [
              {
                guard: 'isEmptyTake',
                target: '#voiceRecorder.unavailable',
                actions: 'setCaptureError',
                description: 'Nothing was recorded: the person is told.',
              },
              {
                target: '#voiceRecorder.recorded',
                actions: 'keepTake',
                description: 'The take is ready to listen to.',
              },
            ],
          },
        },
      },
    },
    recorded: {
      description: 'A take to listen to, then keep (upload) or discard.',
      on: {
        'user.upload': {
          target: 'uploading',
          actions: 'startUpload',
          description: 'The person keeps the take: it uploads.',
        },
        'user.discard': { target: 'idle', actions: 'clearTake', description: 'The person discards the take.' },
        'user.record': {
          target: 'capturing',
          actions: 'clearTake',
          description: 'The person records again: the take is replaced.',
        },
      },
    },
    uploading: {
      description: 'The take is uploading; the person sees its progress and can cancel.',
      tags: ['busy'],
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => {
          const take = context.recording as Recording;
          return { picked: { name: recordingFileName(take.mime), size: take.size, type: take.mime, file: take.blob } };
        },
      },
      on: {
        'upload.progress': {
          actions: 'setProgress',
          description: 'More of the take has been sent: the progress moves on.',
        },
        'upload.done': {
          target: 'uploaded',
          actions: ['setResult', { type: 'notifyUploaded', params: ({ event }) => ({ result: event.result }) }],
          description: 'Uploaded: the take joins the story.',
        },
        'upload.failed': {
          target: 'uploadFailed',
          actions: 'setUploadError',
          description: 'The upload failed: the person is told and can try again.',
        },
        'user.cancel': {
          target: 'recorded',
          actions: 'resetProgress',
          description: 'The person cancels the upload: it stops, and the take stays.',
        },
      },
    },
    uploadFailed: {
      description: 'The upload failed; the person can try again or discard the take.',
      tags: ['error'],
      on: {
        'user.retry': {
          target: 'uploading',
          actions: 'startUpload',
          description: 'The person tries again: the take uploads from the start.',
        },
        'user.discard': { target: 'idle', actions: 'clearTake', description: 'The person discards the take.' },
      },
    },
    uploaded: {
      description: 'The take is uploaded and part of the story.',
      tags: ['done'],
      on: {
        'user.reset': { target: 'idle', actions: 'clearTake', description: 'The person records another message.' },
      },
    },
    denied: {
      description: "The person (or the browser's settings) refused the microphone.",
      tags: ['error'],
      on: {
        'user.record': {
          target: 'capturing',
          actions: 'clearTake',
          description: 'The person tries again: the browser asks for the microphone.',
        },
        'user.reset': { target: 'idle', actions: 'clearTake', description: 'The person dismisses the message.' },
      },
    },
    unavailable: {
      description:
        'Recording is not possible: no microphone, a browser that cannot record, an empty take or a recorder error.',
      tags: ['error'],
      on: {
        'user.record': { target: 'capturing', actions: 'clearTake', description: 'The person tries again.' },
        'user.reset': { target: 'idle', actions: 'clearTake', description: 'The person dismisses the message.' },
      },
    },
  },
});

export type VoiceRecorderSnapshot = ReturnType<(typeof voiceRecorderMachine)['getInitialSnapshot']>;

type Status =
  | 'idle'
  | 'requesting'
  | 'recording'
  | 'stopping'
  | 'recorded'
  | 'uploading'
  | 'uploadFailed'
  | 'uploaded'
  | 'denied'
  | 'unavailable';

const settledStatuses = ['recorded', 'uploading', 'uploadFailed', 'uploaded', 'denied', 'unavailable'] as const;

/** View model: what the recorder shows and which buttons it offers (components never match state names). */
export function connectVoiceRecorder(snapshot: VoiceRecorderSnapshot) {
  const { context } = snapshot;
  const status: Status = snapshot.matches({ capturing: 'requesting' })
    ? 'requesting'
    : snapshot.matches({ capturing: 'recording' })
      ? 'recording'
      : snapshot.matches({ capturing: 'stopping' })
        ? 'stopping'
        : (settledStatuses.find((s) => snapshot.matches(s)) ?? 'idle');
  return {
    status,
    busy: snapshot.hasTag('busy'),
    recording: snapshot.hasTag('recording'),
    error: context.error,
    elapsedLabel: clockLabel(context.elapsed),
    maxLabel: clockLabel(context.maxSeconds),
    take: context.recording,
    takeLabel: context.recording ? clockLabel(context.recording.seconds) : null,
    progress: context.total > 0 ? Math.round((context.loaded / context.total) * 100) : 0,
    result: context.result,
    canRecord: snapshot.can({ type: 'user.record' }),
    canStop: snapshot.can({ type: 'user.stop' }),
    canCancel: snapshot.can({ type: 'user.cancel' }),
    canUpload: snapshot.can({ type: 'user.upload' }),
    canDiscard: snapshot.can({ type: 'user.discard' }),
    canRetry: snapshot.can({ type: 'user.retry' }),
  };
}
