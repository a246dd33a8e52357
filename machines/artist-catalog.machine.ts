// The public artist list (/artists): filters, search and sort live in the address so they can be shared;
// typing in the search or a price waits a moment before asking the server; more artists load page by page.
import { assign, fromPromise, setup } from 'xstate';
import type { ArtistCard, ArtistCatalogPage } from '../contracts/artist';
import type { Option } from '../contracts/options';
import { notProvided, readFailure } from './api-error';

/**
 * Every choice as text, '' when not chosen (sort '' is recommended); prices in whole pesos; turnaround in
 * days (at most); deliver_by a yyyy-mm-dd date the song must arrive by.
 */
export interface CatalogFilters {
  genre: string;
  vocal_type: string;
  q: string;
  min_price: string;
  max_price: string;
  min_rating: string;
  turnaround: string;
  deliver_by: string;
  sort: string;
}

export interface ArtistCatalogContext {
  filters: CatalogFilters;
  artists: ArtistCard[];
  nextCursor: string | null;
  error: string | null;
  /** The filter choices, from GET /options. */
  options: { genres: Option[]; vocal_types: Option[] };
}

export type ArtistCatalogEvent =
  | {
      type: 'filter.changed';
      name: 'genre' | 'vocal_type' | 'min_rating' | 'turnaround' | 'deliver_by' | 'sort';
      value: string;
    }
  | { type: 'search.typed'; q: string }
  | { type: 'price.typed'; name: 'min_price' | 'max_price'; value: string }
  /** The address changed by itself (back/forward): adopt its filters. */
  | { type: 'url.changed'; filters: CatalogFilters }
  | { type: 'user.loadMore' }
  | { type: 'user.retry' }
  | { type: 'user.clearFilters' };

export interface FetchArtistsInput {
  filters: CatalogFilters;
  cursor: string | null;
}

export const emptyFilters: CatalogFilters = {
  genre: '',
  vocal_type: '',
  q: '',
  min_price: '',
  max_price: '',
  min_rating: '',
  turnaround: '',
  deliver_by: '',
  sort: '',
};
const SEARCH_DEBOUNCE_MS = 300;

export const artistCatalogMachine = setup({
  types: {
    context: {} as ArtistCatalogContext,
    events: {} as ArtistCatalogEvent,
    input: {} as { filters?: Partial<CatalogFilters> } | undefined,
    tags: {} as 'loading' | 'loadingMore' | 'error' | 'empty',
  },
  actors: {
    fetchArtists: fromPromise<ArtistCatalogPage, FetchArtistsInput>(notProvided('fetchArtists')),
    fetchOptions: fromPromise<{ genres: Option[]; vocal_types: Option[] }>(notProvided('fetchOptions')),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    isEmptyResult: ({ event }) => 'output' in event && (event.output as ArtistCatalogPage).artists.length === 0,
    hasFilters: ({ context }) => Object.values(context.filters).some((value) => value !== ''),
  },
  actions: {
    /** The genres and vocal types to filter by. */
    setOptions: assign((_, params: { genres: Option[]; vocal_types: Option[] }) => ({ options: params })),
    setFilter: assign(({ context, event }) =>
      event.type === 'filter.changed' ? { filters: { ...context.filters, [event.name]: event.value } } : {},
    ),
    setSearch: assign(({ context, event }) =>
      event.type === 'search.typed' ? { filters: { ...context.filters, q: event.q } } : {},
    ),
    setPrice: assign(({ context, event }) =>
      event.type === 'price.typed' ? { filters: { ...context.filters, [event.name]: event.value } } : {},
    ),
    adoptUrl: assign(({ event }) => (event.type === 'url.changed' ? { filters: event.filters } : {})),
    clearFilters: assign({ filters: emptyFilters }),
    replaceList: assign(({ event }) => {
      const page = (event as unknown as { output: ArtistCatalogPage }).output;
      return { artists: page.artists, nextCursor: page.next_cursor, error: null };
    }),
    appendList: assign(({ context, event }) => {
      const page = (event as unknown as { output: ArtistCatalogPage }).output;
      const known = new Set(context.artists.map((a) => a.id));
      return {
        artists: [...context.artists, ...page.artists.filter((a) => !known.has(a.id))],
        nextCursor: page.next_cursor,
        error: null,
      };
    }),
    setError: assign(({ event }) => ({ error: readFailure((event as unknown as { error: unknown }).error).message })),
    // Supplied by the app: keep the address in step with the filters (replace, no new history entry).
    syncUrl: (_, _params: { filters: CatalogFilters }) => {},
  },
}).createMachine({
  id: 'artistCatalog',
  context: ({ input }) => ({
    filters: { ...emptyFilters, ...input?.filters },
    artists: [],
    nextCursor: null,
    error: null,
    options: { genres: [], vocal_types: [] },
  }),
  // The filter lists load once, beside whatever the list is doing; without them the filters stay empty.
  invoke: {
    id: 'fetchOptions',
    src: 'fetchOptions',
    onDone: {
      actions: {
        type: 'setOptions',
        params: ({ event }) => ({ genres: event.output.genres, vocal_types: event.output.vocal_types }),
      },
      description: 'The genres and vocal types to filter by arrive.',
    },
    // Handled: an unhandled actor error would stop the whole catalogue (and the page around it).
    onError: { description: 'The filter choices could not load: the filters stay empty; the list still works.' },
  },
  initial: 'loading',
  on: {
    'filter.changed': {
      target: '.loading',
      actions: ['setFilter', { type: 'syncUrl', params: ({ context }) => ({ filters: context.filters }) }],
      description:
        'The visitor changes a filter or the order: the list loads again and the address keeps the choices, to share.',
    },
    'search.typed': {
      target: '.typing',
      actions: 'setSearch',
      description: 'The visitor types in the search: the list waits for a pause in the typing.',
    },
    'price.typed': {
      target: '.typing',
      actions: 'setPrice',
      description: 'The visitor types a lowest or highest price: the list waits for a pause in the typing.',
    },
    'url.changed': {
      target: '.loading',
      actions: 'adoptUrl',
      description: 'The address changed (Back, or a shared link): the list loads with its filters.',
    },
    'user.clearFilters': {
      target: '.loading',
      actions: ['clearFilters', { type: 'syncUrl', params: ({ context }) => ({ filters: context.filters }) }],
      description: 'The visitor clears every filter: the whole list loads again.',
    },
  },
  states: {
    typing: {
      description: 'The visitor is typing a search or a price: the list waits for a pause before asking.',
      after: {
        searchDebounce: {
          target: 'loading',
          actions: { type: 'syncUrl', params: ({ context }) => ({ filters: context.filters }) },
          description: 'The typing paused: the search runs and the address keeps it.',
        },
      },
    },
    loading: {
      description: 'The artists matching the filters are being read.',
      tags: ['loading'],
      invoke: {
        id: 'fetchArtists',
        src: 'fetchArtists',
        input: ({ context }) => ({ filters: context.filters, cursor: null }),
        onDone: [
          {
            guard: 'isEmptyResult',
            target: 'empty',
            actions: 'replaceList',
            description: 'No artist matches: the visitor sees an empty result.',
          },
          { target: 'ready', actions: 'replaceList', description: 'The matching artists are shown.' },
        ],
        onError: {
          target: 'failed',
          actions: 'setError',
          description: 'The list could not load: the visitor is told and can try again.',
        },
      },
    },
    ready: {
      description: 'The matching artists are shown; more can be loaded.',
      on: {
        'user.loadMore': {
          guard: 'hasMore',
          target: 'loadingMore',
          description: 'The visitor asks for more artists, and there are more.',
        },
      },
    },
    loadingMore: {
      description: 'The next artists are being read; the ones shown stay.',
      tags: ['loadingMore'],
      invoke: {
        id: 'fetchArtists',
        src: 'fetchArtists',
        input: ({ context }) => ({ filters: context.filters, cursor: context.nextCursor }),
        onDone: { target: 'ready', actions: 'appendList', description: 'The next artists are added below the others.' },
        onError: {
          target: 'ready',
          actions: 'setError',
          description: 'More could not load: the visitor is told; the list shown stays.',
        },
      },
    },
    empty: { description: 'No artist matches the filters and search.', tags: ['empty'] },
    failed: {
      description: 'The list could not load; the visitor can try again.',
      tags: ['error'],
      on: { 'user.retry': { target: 'loading', description: 'The visitor tries again.' } },
    },
  },
});
