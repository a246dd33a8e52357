// Giving an order to another artist (POST /admin/orders/{id}/reassign): a dialog lists approved,
// active artists (GET /admin/artists?status=active&q=), searched by name or email; the admin picks
// one and confirms. Afterwards, or when the server says the order moved on (409/404), the order is
// reloaded.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../contracts/http';
import { type AdminOrder, lifecycleMessages } from '../contracts/lifecycle';
import type { AdminArtist } from '../contracts/operations';
import { hasFieldErrors, notProvided, readFailure } from './api-error';

export interface AdminReassignContext {
  orderId: number;
  query: string;
  candidates: AdminArtist[];
  searchError: string | null;
  /** The chosen artist's public id. */
  chosen: string | null;
  errors: FieldErrors;
}

export type AdminReassignEvent =
  | { type: 'user.open' }
  | { type: 'query.changed'; value: string }
  | { type: 'user.search' }
  | { type: 'artist.chosen'; id: string }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' };

export interface SearchArtistsInput {
  query: string;
}
export interface ReassignInput {
  orderId: number;
  artistId: string;
}
export interface ReassignAnswer {
  message?: string;
  data: Pick<AdminOrder, 'id' | 'status'>;
}

const statusOf = (event: unknown) => readFailure((event as { error?: unknown }).error).status;
const failureMessage = ({ event }: { event: unknown }) => ({
  message: readFailure((event as { error?: unknown }).error).message,
});

export const adminReassignMachine = setup({
  types: {
    context: {} as AdminReassignContext,
    events: {} as AdminReassignEvent,
    input: {} as { orderId: number },
    tags: {} as 'dialogOpen' | 'searching' | 'busy',
  },
  actors: {
    searchArtists: fromPromise<AdminArtist[], SearchArtistsInput>(notProvided('searchArtists')),
    reassign: fromPromise<ReassignAnswer, ReassignInput>(notProvided('reassign')),
  },
  guards: {
    hasChosen: ({ context }) => context.chosen !== null,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    isStale: ({ event }) => statusOf(event) === 409 || statusOf(event) === 404,
  },
  actions: {
    reset: assign({ query: '', candidates: [], searchError: null, chosen: null, errors: {} }),
    setQuery: assign(({ event }) => (event.type === 'query.changed' ? { query: event.value } : {})),
    choose: assign(({ event }) => (event.type === 'artist.chosen' ? { chosen: event.id, errors: {} } : {})),
    askToChoose: assign({ errors: { artist_id: [lifecycleMessages.reassignArtistRequired] } }),
    setServerErrors: assign(({ event }) => ({
      errors: readFailure((event as { error?: unknown }).error).errors ?? {},
    })),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    reload: () => {},
  },
}).createMachine({
  id: 'adminReassign',
  context: ({ input }) => ({
    orderId: input.orderId,
    query: '',
    candidates: [],
    searchError: null,
    chosen: null,
    errors: {},
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The order page; no dialog.',
      on: { 'user.open': { target: 'open', actions: 'reset' } },
    },
    open: {
      tags: ['dialogOpen'],
      initial: 'searching',
      on: {
        'query.changed': { actions: 'setQuery' },
        // A new search restarts the one under way with the query as it is now.
        'user.search': { target: '.searching', reenter: true },
        'artist.chosen': { actions: 'choose' },
        'user.confirm': [{ guard: 'hasChosen', target: 'submitting' }, { actions: 'askToChoose' }],
        'user.dismiss': 'idle',
      },
      states: {
        searching: {
          description: 'Approved, active artists matching the search are being read.',
          tags: ['searching'],
          invoke: {
            id: 'searchArtists',
            src: 'searchArtists',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: {
              target: 'ready',
              actions: assign({ candidates: ({ event }) => event.output, searchError: null }),
            },
            onError: {
              target: 'ready',
              actions: assign({ candidates: [], searchError: ({ event }) => readFailure(event.error).message }),
            },
          },
        },
        ready: { description: 'The list of candidates (or why there is none) to choose from.' },
      },
    },
    submitting: {
      description: 'The order is being offered to the chosen artist.',
      tags: ['dialogOpen', 'busy'],
      invoke: {
        id: 'reassign',
        src: 'reassign',
        input: ({ context }) => ({ orderId: context.orderId, artistId: context.chosen ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'showSuccessToast',
              params: ({ event }) => ({ message: event.output.message ?? lifecycleMessages.reassigned }),
            },
            'reload',
          ],
        },
        onError: [
          { guard: 'hasFieldErrors', target: 'open.ready', actions: 'setServerErrors' },
          { guard: 'isStale', target: 'idle', actions: [{ type: 'showErrorToast', params: failureMessage }, 'reload'] },
          { target: 'open.ready', actions: { type: 'showErrorToast', params: failureMessage } },
        ],
      },
    },
  },
});
