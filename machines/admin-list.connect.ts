// View model of an admin paged list: what the queue, the overview and the payouts pages render.
import type { SnapshotFrom } from 'xstate';
import type { adminListMachine, ListItem } from './admin-list.machine';

export function connectAdminList<T extends ListItem>(snapshot: SnapshotFrom<typeof adminListMachine>) {
  const { items, error } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  return {
    items: items as T[],
    /** The first page is on its way (nothing to show yet). */
    loading: loading && items.length === 0,
    empty: snapshot.hasTag('empty'),
    /** The first page failed: the page shows the message and a retry. */
    failed: snapshot.hasTag('error'),
    loadingMore: snapshot.hasTag('loadingMore'),
    canLoadMore: snapshot.can({ type: 'user.loadMore' }) || snapshot.hasTag('loadingMore'),
    /** Why "Show more" failed (the rows shown stay). */
    moreError: snapshot.hasTag('error') ? null : error,
    error,
  };
}
