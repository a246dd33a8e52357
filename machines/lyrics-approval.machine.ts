// Lyrics for approval in an order's thread (contracts/lyrics.ts): the artist posts a lyrics draft; the
// customer approves it or asks for changes with a note. One action at a time; the server's field errors
// show under the field, anything else as a line above the buttons. The thread and the order page
// refresh from their live changes once the server has the step.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../contracts/http';
import { notProvided, readFailure, withoutField } from './api-error';

export interface LyricsApprovalContext {
  orderId: number;
  /** A prefix of this page's client ids (chosen by the app: the machine stays pure). */
  session: string;
  /** Drafts posted from this page: the next draft's client id. */
  posted: number;
  lyrics: string;
  note: string;
  errors: FieldErrors;
  problem: string | null;
}

export type LyricsApprovalEvent =
  | { type: 'lyrics.changed'; value: string }
  | { type: 'note.changed'; value: string }
  | { type: 'user.post' }
  | { type: 'user.approve' }
  | { type: 'user.askChanges' };

/** A draft's client id: the same until it is stored, so a retry after a dropped connection posts it once. */
export const lyricsClientId = (context: Pick<LyricsApprovalContext, 'session' | 'posted'>) =>
  `${context.session}-lyrics-${context.posted + 1}`;

const failureOf = ({ event }: { event: unknown }) => {
  const failure = readFailure((event as { error: unknown }).error);
  return failure.errors ? { errors: failure.errors, problem: null } : { errors: {}, problem: failure.message };
};

export const lyricsApprovalMachine = setup({
  types: {
    context: {} as LyricsApprovalContext,
    events: {} as LyricsApprovalEvent,
    input: {} as { orderId: number; session: string },
    tags: {} as 'busy',
  },
  actors: {
    postLyrics: fromPromise<unknown, { orderId: number; client_id: string; lyrics: string }>(notProvided('postLyrics')),
    approveLyrics: fromPromise<unknown, { orderId: number }>(notProvided('approveLyrics')),
    askChanges: fromPromise<unknown, { orderId: number; note: string }>(notProvided('askChanges')),
  },
  actions: {
    setLyrics: assign(({ context, event }) =>
      event.type === 'lyrics.changed' ? { lyrics: event.value, errors: withoutField(context.errors, 'lyrics') } : {},
    ),
    setNote: assign(({ context, event }) =>
      event.type === 'note.changed' ? { note: event.value, errors: withoutField(context.errors, 'note') } : {},
    ),
    clearProblem: assign({ problem: null, errors: {} }),
    setFailure: assign(failureOf),
    postedDraft: assign(({ context }) => ({ lyrics: '', posted: context.posted + 1 })),
    clearNote: assign({ note: '' }),
  },
}).createMachine({
  id: 'lyricsApproval',
  context: ({ input }) => ({
    orderId: input.orderId,
    session: input.session,
    posted: 0,
    lyrics: '',
    note: '',
    errors: {},
    problem: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      description:
        'Nothing on its way: the artist may write and post lyrics; the customer may approve the draft or write what to change.',
      on: {
        'lyrics.changed': {
          actions: 'setLyrics',
          description: 'The artist writes the lyrics; an earlier error clears.',
        },
        'note.changed': {
          actions: 'setNote',
          description: 'The customer writes what to change in the lyrics; an earlier error clears.',
        },
        'user.post': {
          target: 'posting',
          actions: 'clearProblem',
          description: 'The artist posts the lyrics for the customer to approve.',
        },
        'user.approve': {
          target: 'approving',
          actions: 'clearProblem',
          description: 'The customer approves the lyrics.',
        },
        'user.askChanges': {
          target: 'asking',
          actions: 'clearProblem',
          description: 'The customer asks for changes to the lyrics, with their note (not a revision).',
        },
      },
    },
    posting: {
      description: 'The lyrics draft is on its way to the thread.',
      tags: ['busy'],
      invoke: {
        id: 'postLyrics',
        src: 'postLyrics',
        input: ({ context }) => ({
          orderId: context.orderId,
          client_id: lyricsClientId(context),
          lyrics: context.lyrics,
        }),
        onDone: {
          target: 'ready',
          actions: 'postedDraft',
          description: 'The draft is in the thread: the box empties and the customer is told.',
        },
        onError: {
          target: 'ready',
          actions: 'setFailure',
          description:
            'The draft was not posted: the artist sees why (under the field when it is the text) and keeps it.',
        },
      },
    },
    approving: {
      description: 'The approval is on its way.',
      tags: ['busy'],
      invoke: {
        id: 'approveLyrics',
        src: 'approveLyrics',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'ready', description: 'The lyrics are approved: the artist may record the song.' },
        onError: {
          target: 'ready',
          actions: 'setFailure',
          description: 'The approval did not go through (the draft changed, no connection): the customer sees why.',
        },
      },
    },
    asking: {
      description: "The customer's note is on its way to the artist.",
      tags: ['busy'],
      invoke: {
        id: 'askChanges',
        src: 'askChanges',
        input: ({ context }) => ({ orderId: context.orderId, note: context.note }),
        onDone: {
          target: 'ready',
          actions: 'clearNote',
          description: 'The note is in the thread: the artist writes new lyrics.',
        },
        onError: {
          target: 'ready',
          actions: 'setFailure',
          description:
            'The note was not sent: the customer sees why (under the field when it is the note) and keeps it.',
        },
      },
    },
  },
});
