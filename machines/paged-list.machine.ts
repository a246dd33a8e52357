// A list the server pages and sorts: the artist's orders by stage, and the admin's validation queue,
// order overview and payouts. The first page, "Show more" with the answer's next_cursor, a refresh after
// an action changed what the list holds (an accepted offer leaves Song Orders), and rows taken out once
// an action moved them elsewhere (a payout marked paid leaves the pending list). The query (stage,
// status, a focused order) is fixed for one run: the page starts a new list when its address changes.
// The app supplies `fetchPage`; the machine only reads an item's id.
import { assign, fromPromise, setup } from 'xstate';
import type { Page } from '../contracts/lifecycle';
import { clientMessages } from '../contracts/messages';
import { notProvided, readFailure } from './api-error';

/** The filters of one list, as the address holds them (the artist's lists have none). */
export type ListQuery = Record<string, string>;

/** What the list needs of a row: its id. */
export interface ListItem {
  id: number;
}

export interface PagedListContext {
  query: ListQuery;
  items: ListItem[];
  /** The cursor of the next page; null when the last page is shown. */
  nextCursor: string | null;
  /** Why the first page failed (state failed), or why the last "Show more"/refresh failed (state ready). */
  error: string | null;
}

export type PagedListEvent =
  /** "Show more": the page after the last one shown. */
  | { type: 'user.loadMore' }
  /** Try the first page again after it failed. */
  | { type: 'user.retry' }
  /** Something changed on the server (an action on an item): load the first page again, keeping what is shown meanwhile. */
  | { type: 'user.refresh' }
  /** The row no longer belongs to this list. */
  | { type: 'item.removed'; id: number };

export type PagedListTag = 'loading' | 'loadingMore' | 'refreshing' | 'error';

/** The fetchPage actor's input: a null cursor asks for the first page. */
export interface FetchPageInput {
  query: ListQuery;
  cursor: string | null;
}

export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as { query?: ListQuery } | undefined,
    tags: {} as PagedListTag,
  },
  actors: {
    /** One page of the list: the query and a cursor (null: the first page). */
    fetchPage: fromPromise<Page<ListItem>, FetchPageInput>(notProvided('fetchPage')),
  },
  delays: {
    /** As resource.machine.ts: past it, the list says it is taking too long, with a retry. */
    slowAnswer: 15_000,
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    nothingShown: ({ context }) => context.items.length === 0,
    /** Removing this row leaves nothing shown: ask the server again (later pages may hold more). */
    removesLastShown: ({ context }, params: { id: number }) =>
      context.items.length === 1 && context.items[0]?.id === params.id,
  },
  actions: {
    replaceItems: assign((_, page: Page<ListItem>) => ({ items: page.items, nextCursor: page.next_cursor })),
    appendItems: assign(({ context }, page: Page<ListItem>) => {
      // A row that moved between two pages while paging must not show twice.
      const known = new Set(context.items.map((item) => item.id));
      return {
        items: [...context.items, ...page.items.filter((item) => !known.has(item.id))],
        nextCursor: page.next_cursor,
      };
    }),
    removeItem: assign(({ context }, params: { id: number }) => ({
      items: context.items.filter((item) => item.id !== params.id),
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: readFailure(params.error).message })),
    clearError: assign({ error: null }),
    setSlow: assign({ error: clientMessages.slowAnswer }),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({ query: input?.query ?? {}, items: [], nextCursor: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The first page is on its way; the list shows that it is loading.',
      tags: ['loading'],
      // Every request starts clean: the last failure's message goes.
      entry: 'clearError',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, cursor: null }),
        onDone: {
          target: 'ready',
          actions: { type: 'replaceItems', params: ({ event }) => event.output },
          description: 'The first page of rows shows (or the empty message).',
        },
        onError: {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          description: 'The list could not load: the person is told and can try again.',
        },
      },
      after: {
        slowAnswer: {
          target: 'failed',
          actions: 'setSlow',
          description: 'No answer for 15 seconds (a very slow or stuck connection): the list says so, with a retry.',
        },
      },
    },
    ready: {
      description: 'A page of rows is shown (or the empty message); more can be asked for when there are more.',
      on: {
        'user.loadMore': {
          guard: 'hasMore',
          target: 'loadingMore',
          description: '"Show more", and there are more: the next page is read.',
        },
        'user.refresh': {
          target: 'refreshing',
          description: 'An action changed what the list holds: it is read again from the start.',
        },
        'item.removed': [
          {
            guard: { type: 'removesLastShown', params: ({ event }) => ({ id: event.id }) },
            target: 'loading',
            actions: { type: 'removeItem', params: ({ event }) => ({ id: event.id }) },
            description:
              'The last row shown left the list (an action moved it elsewhere): the list is read again from the start.',
          },
          {
            actions: { type: 'removeItem', params: ({ event }) => ({ id: event.id }) },
            description: 'A row left the list (an action moved it elsewhere): it disappears.',
          },
        ],
      },
    },
    loadingMore: {
      description: 'The rows stay while the next page is fetched.',
      tags: ['loadingMore'],
      entry: 'clearError',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, cursor: context.nextCursor }),
        onDone: {
          target: 'ready',
          actions: { type: 'appendItems', params: ({ event }) => event.output },
          description: 'The next rows show below the others.',
        },
        // What is shown stays; the message sits by the "Show more" button, which tries again.
        onError: {
          target: 'ready',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          description: 'More could not load: the message shows by "Show more", which tries again; the rows stay.',
        },
      },
      on: {
        'user.refresh': {
          target: 'refreshing',
          description:
            'An action changed what the list holds: it is read again from the start, instead of the next page.',
        },
        'item.removed': [
          {
            // With nothing left to page on from, start over rather than show a page without its start.
            guard: { type: 'removesLastShown', params: ({ event }) => ({ id: event.id }) },
            target: 'loading',
            actions: { type: 'removeItem', params: ({ event }) => ({ id: event.id }) },
            description: 'The last row shown left the list: the list is read again from the start.',
          },
          // Pages follow a cursor, not an offset: the next page is still the right one.
          {
            actions: { type: 'removeItem', params: ({ event }) => ({ id: event.id }) },
            description: 'A row left the list: it disappears; the next page still follows.',
          },
        ],
      },
    },
    refreshing: {
      description: 'The rows stay while the list is fetched again from the start.',
      tags: ['refreshing'],
      entry: 'clearError',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, cursor: null }),
        onDone: {
          target: 'ready',
          actions: { type: 'replaceItems', params: ({ event }) => event.output },
          description: 'The list shows as it is now.',
        },
        onError: [
          // Nothing to keep showing: this is a first page that failed.
          {
            guard: 'nothingShown',
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            description: 'It could not load, and no rows were shown: the person is told and can try again.',
          },
          {
            target: 'ready',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
            description: 'It could not load: the person is told; the rows shown stay.',
          },
        ],
      },
      on: {
        'user.refresh': {
          target: 'refreshing',
          reenter: true,
          description: 'Another change while reading: the list is read again, as the answer on its way may predate it.',
        },
        'item.removed': {
          target: 'refreshing',
          reenter: true,
          actions: { type: 'removeItem', params: ({ event }) => ({ id: event.id }) },
          description: 'A row left the list while reading: it disappears and the list is read again.',
        },
      },
    },
    failed: {
      description: 'The list could not be loaded; the person can try again.',
      tags: ['error'],
      on: {
        'user.retry': { target: 'loading', description: 'The person tries again.' },
        'user.refresh': { target: 'loading', description: 'An action changed the list: it is read again.' },
      },
    },
  },
});
