// Giving an order to another artist (POST /admin/orders/{id}/reassign): a dialog lists approved,
// active artists (GET /admin/artists?status=active&q=), searched by name or email; the admin picks
// one, says why (kept in the order's history) and confirms. Afterwards, or when the server says the
// order moved on (409/404), the order is reloaded.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../contracts/http';
import { type AdminOrder, lifecycleMessages, REASSIGN_REASON_MIN } from '../contracts/lifecycle';
import type { AdminArtist } from '../contracts/operations';
import { hasFieldErrors, notProvided, readFailure } from './api-error';

export interface AdminReassignContext {
  orderId: number;
  query: string;
  candidates: AdminArtist[];
  searchError: string | null;
  /** The chosen artist's public id. */
  chosen: string | null;
  /** Why the order changes hands (at least REASSIGN_REASON_MIN characters). */
  reason: string;
  errors: FieldErrors;
}

export type AdminReassignEvent =
  | { type: 'user.open' }
  | { type: 'query.changed'; value: string }
  | { type: 'user.search' }
  | { type: 'artist.chosen'; id: string }
  | { type: 'reason.changed'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' };

export interface SearchArtistsInput {
  query: string;
}
export interface ReassignInput {
  orderId: number;
  artistId: string;
  reason: string;
}
export interface ReassignAnswer {
  message?: string;
  data: Pick<AdminOrder, 'id' | 'status'>;
}

const statusOf = (event: unknown) => readFailure((event as { error?: unknown }).error).status;
const reasonGiven = (context: AdminReassignContext) => context.reason.trim().length >= REASSIGN_REASON_MIN;
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
    isComplete: ({ context }) => context.chosen !== null && reasonGiven(context),
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    isStale: ({ event }) => statusOf(event) === 409 || statusOf(event) === 404,
  },
  actions: {
    setCandidates: assign((_, params: { candidates: AdminArtist[] }) => ({
      candidates: params.candidates,
      searchError: null,
    })),
    setSearchError: assign((_, params: { message: string }) => ({ candidates: [], searchError: params.message })),
    reset: assign({ query: '', candidates: [], searchError: null, chosen: null, reason: '', errors: {} }),
    setQuery: assign(({ event }) => (event.type === 'query.changed' ? { query: event.value } : {})),
    choose: assign(({ context, event }) =>
      event.type === 'artist.chosen' ? { chosen: event.id, errors: { ...context.errors, artist_id: [] } } : {},
    ),
    setReason: assign(({ context, event }) =>
      event.type === 'reason.changed' ? { reason: event.value, errors: { ...context.errors, reason: [] } } : {},
    ),
    askForWhatIsMissing: assign(({ context }) => ({
      errors: {
        ...(context.chosen === null ? { artist_id: [lifecycleMessages.reassignArtistRequired] } : {}),
        ...(reasonGiven(context) ? {} : { reason: [lifecycleMessages.reassignReasonRequired] }),
      },
    })),
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
    reason: '',
    errors: {},
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The order page; no dialog.',
      on: {
        'user.open': {
          target: 'open',
          actions: 'reset',
          description:
            'The admin chooses to give the order to another artist: a dialog lists the artists who can take it.',
        },
      },
    },
    open: {
      description: 'The dialog is open: the admin searches the approved, active artists and picks one.',
      tags: ['dialogOpen'],
      initial: 'searching',
      on: {
        'query.changed': { actions: 'setQuery', description: 'The admin types a name or an email to search for.' },
        'user.search': {
          target: '.searching',
          reenter: true,
          description: 'The admin searches: a search under way restarts with the text as it is now.',
        },
        'artist.chosen': { actions: 'choose', description: 'The admin picks an artist from the list.' },
        'reason.changed': {
          actions: 'setReason',
          description: 'The admin writes why the order changes hands (kept in its history).',
        },
        'user.confirm': [
          {
            guard: 'isComplete',
            target: 'submitting',
            description: 'The admin confirms with an artist chosen and a reason: the order is offered to them.',
          },
          {
            actions: 'askForWhatIsMissing',
            description: 'No artist chosen, or no reason given: the dialog says what is missing, under each field.',
          },
        ],
        'user.dismiss': { target: 'idle', description: 'The admin closes the dialog: nothing changes.' },
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
              actions: { type: 'setCandidates', params: ({ event }) => ({ candidates: event.output }) },
              description: 'The matching artists are listed.',
            },
            onError: {
              target: 'ready',
              actions: {
                type: 'setSearchError',
                params: ({ event }) => ({ message: readFailure(event.error).message }),
              },
              description: 'The search failed: the dialog says why, with no artists listed.',
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
        input: ({ context }) => ({
          orderId: context.orderId,
          artistId: context.chosen ?? '',
          reason: context.reason.trim(),
        }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'showSuccessToast',
              params: ({ event }) => ({ message: event.output.message ?? lifecycleMessages.reassigned }),
            },
            'reload',
          ],
          description: 'Done: the admin sees a confirmation and the order reloads, offered to the artist chosen.',
        },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'open.ready',
            actions: 'setServerErrors',
            description: 'The server refused the choice (that artist cannot take it): the dialog says why.',
          },
          {
            guard: 'isStale',
            target: 'idle',
            actions: [{ type: 'showErrorToast', params: failureMessage }, 'reload'],
            description: 'The order moved on meanwhile: the admin is told and the order reloads.',
          },
          {
            target: 'open.ready',
            actions: { type: 'showErrorToast', params: failureMessage },
            description: 'It failed (offline, or the server): the admin is told and can try again.',
          },
        ],
      },
    },
  },
});
