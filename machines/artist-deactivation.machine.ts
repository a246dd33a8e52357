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
      on: { 'user.request': 'loading' },
    },
    loading: {
      description: 'The dialog is open and the open orders are being read.',
      tags: ['open', 'loading'],
      entry: assign({ loadError: null }),
      invoke: {
        id: 'loadOpenWork',
        src: 'loadOpenWork',
        onDone: { target: 'confirming', actions: assign({ openWork: ({ event }) => event.output }) },
        onError: {
          target: 'loadFailed',
          actions: assign({ loadError: ({ event }) => readFailure(event.error).message }),
        },
      },
      on: { 'user.cancel': 'idle' },
    },
    loadFailed: {
      description: 'The open orders could not be read: deactivating blind is not offered, only a retry.',
      tags: ['open'],
      on: { 'user.retry': 'loading', 'user.cancel': 'idle' },
    },
    confirming: {
      description: 'The question, with each open order and what will happen to it.',
      tags: ['open'],
      on: { 'user.confirm': 'running', 'user.cancel': 'idle' },
    },
    running: {
      description: 'Deactivating; the open work is released on the server in the same step.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        onDone: { target: 'done', actions: 'onDone' },
        onError: {
          target: 'confirming',
          actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
        },
      },
    },
    done: { description: 'Deactivated and signed out.', type: 'final' },
  },
});
