import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Page } from '../../../../contracts/lifecycle';
import { type FetchPageInput, orderListMachine } from '../../../../machines/order-list.machine';

/**
 * A paged list through orderListMachine: `fetchPage` loads one page from a cursor (null: the first);
 * `key` names what it fetches, so a new key starts a new list. The callbacks are stable.
 */
export function useOrderList<T>(fetchPage: (cursor: string | null) => Promise<Page<T>>, key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `fetchPage` loads.
  const machine = useMemo(
    () =>
      orderListMachine.provide({
        actors: {
          fetchPage: fromPromise<Page<unknown>, FetchPageInput>(({ input }) => fetchPage(input.cursor)),
        },
      }),
    [key],
  );
  const actor = useActorRef(machine);
  const items = useSelector(actor, (s) => s.context.items as T[]);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'));
  const refreshing = useSelector(actor, (s) => s.matches('refreshing'));
  const hasMore = useSelector(actor, (s) => s.context.nextCursor !== null);
  return {
    items,
    /** The first page failed (failed), or the last "Show more"/refresh did (the list stays). */
    error,
    loading,
    failed,
    loadingMore,
    refreshing,
    hasMore,
    loadMore: useCallback(() => actor.send({ type: 'user.loadMore' }), [actor]),
    retry: useCallback(() => actor.send({ type: 'user.retry' }), [actor]),
    refresh: useCallback(() => actor.send({ type: 'user.refresh' }), [actor]),
  };
}
