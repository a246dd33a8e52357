import { type ReactNode, useRef } from 'react';
import { css } from 'styled-system/css';
import type { ListItem } from '../../../../machines/paged-list.machine';
import type { PagedList } from '../../../actors/paged-list';
import { ListFooter } from '../../ui/list-footer';
import { LoadFailed } from '../../ui/load-failed';

/**
 * One paged table of the earnings page: its first load, failure or empty message, the rows, and the
 * list's footer ("Show more" while the server has more).
 */
export function PagedPanel<T extends ListItem>({
  list,
  what,
  noun,
  empty,
  children,
}: {
  list: PagedList<T>;
  /** What the rows are, for the loading line ("earning lines"). */
  what: string;
  /** What one row is, for the footer's count ("earning line"). */
  noun: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const rows = useRef<HTMLDivElement>(null);
  if (list.loading) return <p role="status">{`Loading your ${what}…`}</p>;
  if (list.failed) return <LoadFailed message={list.error} onRetry={list.retry} />;
  if (list.empty) return <p className={css({ color: 'fg.muted' })}>{empty}</p>;
  return (
    <div ref={rows}>
      {children(list.items)}
      <ListFooter list={list} noun={noun} listRef={rows} />
    </div>
  );
}
