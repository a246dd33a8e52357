import type { Page } from '../../contracts/lifecycle';
import type { ListItem } from '../../machines/paged-list.machine';
import { useAppActors } from './hooks';
import { usePagedList } from './paged-list';

/**
 * An artist's paged list: `fetchPage` loads one page from a cursor (null: the first); the artist's
 * lists have no query. With `live`, new offers, a withdrawn offer or a validation refresh the list, and
 * an offer that closed leaves the list of new orders (with a toast saying why) rather than waiting for a
 * refetch.
 */
export function useOrderList<T extends ListItem>(
  fetchPage: (cursor: string | null) => Promise<Page<T>>,
  live?: { removesClosedOffers: boolean },
) {
  const { root } = useAppActors();
  return usePagedList<T>((_, cursor) => fetchPage(cursor), {
    live: live
      ? {
          router: root,
          spec: {
            watch: { kinds: ['order', 'offer'] },
            onChange: { type: 'user.refresh' },
            removesClosedOffers: live.removesClosedOffers,
          },
        }
      : null,
  });
}
