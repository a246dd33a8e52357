// Deactivating an artist account with open work (issue 13): asking first loads the artist's open
// orders (GET /artist/profile/open-orders) so the question says what happens to each; confirming
// deactivates (PATCH /artist/profile/deactivate). The app supplies both calls and what follows.
import { assign, fromPromise, setup } from 'xstate';
import type { OpenWork } from '../contracts/operations';
import { notProvided, readFailure } from './api-error';

export interface ArtistDeactivationContext {
  openWork: OpenWork[];
  /** Why the open orders could not be loaded. */
  loadError: string | null;
}

export type ArtistDeactivationEvent =
  | { type: 'user.request' }
  | { type: 'user.retry' }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

export const artistDeactivationMachine = setup({
  types: {
    context: {} as ArtistDeactivationContext,
    events: {} as ArtistDeactivationEvent,
    tags: {} as 'open' | 'loading' | 'busy',
  },
  actors: {
    loadOpenWork: fromPromise<OpenWork[]>(notProvided('loadOpenWork')),
    deactivate: fromPromise<unknown>(notProvided('deactivate')),
  },
  actions: {
    clearLoadError: assign({ loadError: null }),
    setOpenWork: assign((_, params: { openWork: OpenWork[] }) => ({ openWork: params.openWork })),
    setLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    // Supplied by the app:
    onDone: () => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'artistDeactivation',
  context: { openWork: [], loadError: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'The settings page; nothing asked yet.',
      on: {
        'user.request': {
          target: 'loading',
          description: 'The artist asks to deactivate their account: their open orders are read first.',
        },
      },
    },
    loading: {
      description: 'The dialog is open and the open orders are being read.',
      tags: ['open', 'loading'],
      entry: 'clearLoadError',
      invoke: {
        id: 'loadOpenWork',
        src: 'loadOpenWork',
        onDone: {
          target: 'confirming',
          actions: { type: 'setOpenWork', params: ({ event }) => ({ openWork: event.output }) },
          description: 'The dialog asks to confirm, saying what happens to each open order.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setLoadError', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          description: 'The open orders could not be read: the artist is told and can try again.',
        },
      },
      on: { 'user.cancel': { target: 'idle', description: 'The artist closes the dialog: nothing changes.' } },
    },
    loadFailed: {
      description: 'The open orders could not be read: deactivating blind is not offered, only a retry.',
      tags: ['open'],
      on: {
        'user.retry': { target: 'loading', description: 'The artist tries again.' },
        'user.cancel': { target: 'idle', description: 'The artist closes the dialog: nothing changes.' },
      },
    },
    confirming: {
      description: 'The question, with each open order and what will happen to it.',
      tags: ['open'],
      on: {
        'user.confirm': { target: 'running', description: 'The artist confirms: the account is deactivated.' },
        'user.cancel': { target: 'idle', description: 'The artist closes the dialog: nothing changes.' },
      },
    },
    running: {
      description: 'Deactivating; the open work is released on the server in the same step.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        onDone: { target: 'done', actions: 'onDone', description: 'Deactivated: the artist is signed out.' },
        onError: {
          target: 'confirming',
          actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          description: 'It failed: the artist is told and can confirm again.',
        },
      },
    },
    done: { description: 'Deactivated and signed out.', type: 'final' },
  },
});
