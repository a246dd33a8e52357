// A paged list of the admin console (the validation queue, the order overview, the payouts): the first
// page, "Show more" with the server's cursor, a retry when the first page failed, and rows taken out
// once an action moved them elsewhere (a payout marked paid leaves the pending list). The query (stage,
// status, a focused order) is fixed for one run: the page starts a new list when its address changes.
import { assign, fromPromise, setup } from 'xstate';
import type { Page } from '../contracts/lifecycle';
import { notProvided, readFailure } from './api-error';

/** The filters of one list, as the address holds them. */
export type ListQuery = Record<string, string>;

/** What the list needs of a row: its id. */
export interface ListItem {
  id: number;
}

export interface AdminListContext {
  query: ListQuery;
  items: ListItem[];
  /** The server's cursor for the next page; null on the last one. */
  nextCursor: string | null;
  /** Why the last load failed (the first page, or "Show more"). */
  error: string | null;
}

export type AdminListEvent =
  | { type: 'user.loadMore' }
  | { type: 'user.retry' }
  /** The row no longer belongs to this list. */
  | { type: 'item.removed'; id: number };

export interface FetchPageInput {
  query: ListQuery;
  cursor: string | null;
}

const pageOf = (event: unknown) => (event as { output: Page<ListItem> }).output;

export const adminListMachine = setup({
  types: {
    context: {} as AdminListContext,
    events: {} as AdminListEvent,
    input: {} as { query?: ListQuery } | undefined,
    tags: {} as 'loading' | 'loadingMore' | 'empty' | 'error',
  },
  actors: {
    /** One page of the list: GET /admin/orders or /admin/payouts with the query and cursor. */
    fetchPage: fromPromise<Page<ListItem>, FetchPageInput>(notProvided('fetchPage')),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    isEmptyPage: ({ event }) => pageOf(event).items.length === 0,
    /** Removing this row leaves nothing shown: ask the server again (later pages may hold more). */
    removesLastShown: ({ context, event }) =>
      event.type === 'item.removed' && context.items.length === 1 && context.items[0]?.id === event.id,
  },
  actions: {
    replaceItems: assign(({ event }) => {
      const page = pageOf(event);
      return { items: page.items, nextCursor: page.next_cursor, error: null };
    }),
    appendItems: assign(({ context, event }) => {
      const page = pageOf(event);
      // A row that moved between two pages while paging must not show twice.
      const known = new Set(context.items.map((item) => item.id));
      return {
        items: [...context.items, ...page.items.filter((item) => !known.has(item.id))],
        nextCursor: page.next_cursor,
        error: null,
      };
    }),
    removeItem: assign(({ context, event }) =>
      event.type === 'item.removed' ? { items: context.items.filter((item) => item.id !== event.id) } : {},
    ),
    setError: assign(({ event }) => ({ error: readFailure((event as { error?: unknown }).error).message })),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'adminList',
  context: ({ input }) => ({ query: input?.query ?? {}, items: [], nextCursor: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, cursor: null }),
        onDone: [
          { guard: 'isEmptyPage', target: 'empty', actions: 'replaceItems' },
          { target: 'ready', actions: 'replaceItems' },
        ],
        onError: { target: 'failed', actions: 'setError' },
      },
    },
    ready: {
      on: {
        'user.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearError' },
        'item.removed': [
          { guard: 'removesLastShown', target: 'loading', actions: 'removeItem' },
          { actions: 'removeItem' },
        ],
      },
    },
    loadingMore: {
      tags: ['loadingMore'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ query: context.query, cursor: context.nextCursor }),
        onDone: { target: 'ready', actions: 'appendItems' },
        // The rows already shown stay; "Show more" can be pressed again.
        onError: { target: 'ready', actions: 'setError' },
      },
      on: { 'item.removed': { actions: 'removeItem' } },
    },
    empty: { tags: ['empty'] },
    failed: {
      tags: ['error'],
      on: { 'user.retry': 'loading' },
    },
  },
});
