import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useContext, useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { Page } from '../../contracts/lifecycle';
import { connectPagedList } from '../../machines/paged-list.connect';
import { type FetchPageInput, type ListItem, pagedListMachine } from '../../machines/paged-list.machine';
import { AppActorsContext } from './hooks';
import { useLiveScreen } from './live';

/**
 * An artist's paged list through pagedListMachine: `fetchPage` loads one page from a cursor (null: the
 * first); the artist's lists have no query. `key` names what it fetches, so a new key starts a new list.
 * The callbacks are stable.
 */
export function useOrderList<T extends ListItem>(
  fetchPage: (cursor: string | null) => Promise<Page<T>>,
  key: string,
  live?: { removesClosedOffers: boolean },
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `fetchPage` loads.
  const machine = useMemo(
    () =>
      pagedListMachine.provide({
        actors: {
          fetchPage: fromPromise<Page<ListItem>, FetchPageInput>(({ input }) => fetchPage(input.cursor)),
        },
      }),
    [key],
  );
  const actor = useActorRef(machine, { input: {} });
  // New offers, a withdrawn offer, a validation: the list follows; an offer that closed leaves the
  // list of new orders (with a toast saying why) rather than waiting for a refetch.
  const root = useContext(AppActorsContext)?.root ?? null;
  useLiveScreen(
    root,
    actor,
    live
      ? {
          watch: { kinds: ['order', 'offer'] },
          onChange: { type: 'user.refresh' },
          removesClosedOffers: live.removesClosedOffers,
        }
      : null,
  );
  const view = useSelector(actor, (s) => connectPagedList<T>(s));
  return {
    ...view,
    loadMore: useCallback(() => actor.send({ type: 'user.loadMore' }), [actor]),
    retry: useCallback(() => actor.send({ type: 'user.retry' }), [actor]),
    refresh: useCallback(() => actor.send({ type: 'user.refresh' }), [actor]),
  };
}
