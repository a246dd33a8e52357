import { type RefObject, useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { countOf } from '../../../contracts/format';
import type { PagedList } from '../../actors/paged-list';
import { Button } from './button';

/**
 * Under a paged list: how many rows are shown, "Show more" while the server has more, and why it
 * failed. After more rows arrive, focus moves to the first new one so a keyboard user carries on where
 * they were (the button is gone once the last page is in).
 */
export function ListFooter({
  list,
  noun,
  listRef,
}: {
  list: PagedList;
  /** What one row is ("order"); the count picks the form (contracts/format.ts countOf). */
  noun: string;
  /** The rows' container: its `[data-row-link]` elements take the focus. */
  listRef: RefObject<HTMLElement | null>;
}) {
  const shownBefore = useRef<number | null>(null);
  const count = list.items.length;
  useEffect(() => {
    if (shownBefore.current === null || list.loadingMore) return;
    const first = shownBefore.current;
    shownBefore.current = null;
    if (count > first) listRef.current?.querySelectorAll<HTMLElement>('[data-row-link]')[first]?.focus();
  }, [count, list.loadingMore, listRef]);

  if (list.loading || list.failed || list.empty) return null;
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', mt: '4' })}>
      <p role="status" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
        {`Showing ${countOf(count, noun)}`}
        {list.hasMore ? ', more to load' : ''}
      </p>
      {list.hasMore ? (
        <Button
          color="secondary"
          size="sm"
          loading={list.loadingMore}
          onClick={() => {
            shownBefore.current = count;
            list.loadMore();
          }}
        >
          Show more
        </Button>
      ) : null}
      {list.moreError ? (
        <p role="alert" className={css({ color: 'danger.fg', fontSize: 'sm', w: 'full' })}>
          {list.moreError}
        </p>
      ) : null}
    </div>
  );
}
