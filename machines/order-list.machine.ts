// A list the server pages and sorts (the artist's orders by due date; the admin's orders and payouts):
// the first page, "Show more" with the answer's next_cursor, and a refresh after an action changed what
// the list holds (an accepted offer leaves Song Orders). The app supplies `fetchPage`, one page from a
// cursor; the machine never looks inside an item, so every paged list can use it.
import { assign, fromPromise, setup } from 'xstate';
import type { Page } from '../contracts/lifecycle';
import { notProvided, readFailure } from './api-error';

export interface OrderListContext {
  items: unknown[];
  /** The cursor of the next page; null when the last page is shown. */
  nextCursor: string | null;
  /** Why the first page failed (state failed), or why the last "Show more"/refresh failed (state ready). */
  error: string | null;
}

export type OrderListEvent =
  /** "Show more": the page after the last one shown. */
  | { type: 'user.loadMore' }
  /** Try the first page again after it failed. */
  | { type: 'user.retry' }
  /** Something changed on the server (an action on an item): load the first page again, keeping what is shown meanwhile. */
  | { type: 'user.refresh' };

export type OrderListTag = 'loading' | 'busy' | 'loadingMore' | 'error';

/** The fetchPage actor's input: null asks for the first page. */
export interface FetchPageInput {
  cursor: string | null;
}

export const orderListMachine = setup({
  types: {
    context: {} as OrderListContext,
    events: {} as OrderListEvent,
    tags: {} as OrderListTag,
  },
  actors: {
    fetchPage: fromPromise<Page<unknown>, FetchPageInput>(notProvided('fetchPage')),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
  },
  actions: {
    replaceItems: assign((_, page: Page<unknown>) => ({
      items: page.items,
      nextCursor: page.next_cursor,
      error: null,
    })),
    appendItems: assign(({ context }, page: Page<unknown>) => ({
      items: [...context.items, ...page.items],
      nextCursor: page.next_cursor,
      error: null,
    })),
    setError: assign((_, params: { error: unknown }) => ({ error: readFailure(params.error).message })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'orderList',
  context: { items: [], nextCursor: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: { cursor: null },
        onDone: { target: 'ready', actions: { type: 'replaceItems', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        'user.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearError' },
        'user.refresh': { target: 'refreshing', actions: 'clearError' },
      },
    },
    loadingMore: {
      tags: ['busy', 'loadingMore'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ cursor: context.nextCursor }),
        onDone: { target: 'ready', actions: { type: 'appendItems', params: ({ event }) => event.output } },
        // What is shown stays; the message sits by the "Show more" button, which tries again.
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        // The refresh replaces the list anyway: the page being fetched is dropped.
        'user.refresh': 'refreshing',
      },
    },
    refreshing: {
      tags: ['busy'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: { cursor: null },
        onDone: { target: 'ready', actions: { type: 'replaceItems', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        // A second change while the first refresh is in flight: its answer may predate the change.
        'user.refresh': { target: 'refreshing', reenter: true },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'user.retry': 'loading',
        'user.refresh': 'loading',
      },
    },
  },
});
