import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef } from 'react';
import { type AnyActorRef, fromPromise } from 'xstate';
import type { Page } from '../../contracts/lifecycle';
import { connectPagedList } from '../../machines/paged-list.connect';
import {
  type FetchPageInput,
  type ListItem,
  type ListQuery,
  pagedListMachine,
} from '../../machines/paged-list.machine';
import { type LiveScreenSpec, useLiveScreen } from './live';

export interface PagedListOptions {
  /** The list's filters, read once: the page gives the list a `key` made from them, so new ones start a new list. */
  query?: ListQuery;
  /** The live routing (the app's root, or the admin console's router) and what the list wants to hear. */
  live?: { router: AnyActorRef | null; spec: LiveScreenSpec } | null;
}

/**
 * One run of machines/paged-list.machine.ts for a list the server pages: every paged list of the app
 * (artist, customer, admin) goes through here. `fetchPage` loads one page from a cursor (null: the
 * first); the latest one is used, so callers need not memoise it. The callbacks are stable.
 */
export function usePagedList<T extends ListItem>(
  fetchPage: (query: ListQuery, cursor: string | null) => Promise<Page<T>>,
  { query = {}, live = null }: PagedListOptions = {},
) {
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;
  const machine = useMemo(
    () =>
      pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise<Page<ListItem>, FetchPageInput>(({ input }) =>
            fetchRef.current(input.query, input.cursor),
          ),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { query } });
  useLiveScreen(live?.router ?? null, actor, live?.spec ?? null);
  const view = useSelector(actor, (s) => connectPagedList<T>(s));
  return {
    ...view,
    actor,
    loadMore: useCallback(() => actor.send({ type: 'user.loadMore' }), [actor]),
    retry: useCallback(() => actor.send({ type: 'user.retry' }), [actor]),
    refresh: useCallback(() => actor.send({ type: 'user.refresh' }), [actor]),
  };
}

export type PagedList<T extends ListItem = ListItem> = ReturnType<typeof usePagedList<T>>;
