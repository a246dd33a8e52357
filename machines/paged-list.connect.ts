// View model of a paged list: what the artist's order screens and the admin's lists render.
import type { SnapshotFrom } from 'xstate';
import type { ListItem, pagedListMachine } from './paged-list.machine';

export function connectPagedList<T extends ListItem>(snapshot: SnapshotFrom<typeof pagedListMachine>) {
  const { items, nextCursor, error } = snapshot.context;
  const failed = snapshot.hasTag('error');
  const loading = snapshot.hasTag('loading');
  /** Rows are on screen, or the server said there are none (neither the first load nor its failure). */
  const listed = !loading && !failed;
  return {
    items: items as T[],
    /** The first page is on its way (nothing is shown). */
    loading,
    /** The first page failed: the screen shows `error` and a retry. */
    failed,
    error: failed ? error : null,
    /** The server has no rows for this list. */
    empty: snapshot.matches('ready') && items.length === 0,
    /** The screen's rows are being reloaded (they stay shown meanwhile). */
    refreshing: snapshot.hasTag('refreshing'),
    loadingMore: snapshot.hasTag('loadingMore'),
    /** "Show more" is offered: a list is shown and the server has more. */
    hasMore: listed && nextCursor !== null,
    /** Why the last "Show more" or refresh failed; the rows shown stay, and "Show more" tries again. */
    moreError: failed ? null : error,
  };
}
