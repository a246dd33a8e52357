import { type ReactNode, type RefObject, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import type { Page } from '../../contracts/lifecycle';
import type { LiveWatch } from '../../machines/live';
import type { ListItem, ListQuery } from '../../machines/paged-list.machine';
import { type PagedList, usePagedList } from '../actors/paged-list';
import { Button } from '../components/ui/button';
import { ListFooter } from '../components/ui/list-footer';
import { ScrollStrip } from '../components/ui/scroll-strip';
import { getAdminActors } from './admin-actors';
import { headCell, tableScroller } from './table-styles';

export const panel = css({ bg: 'white', borderRadius: 'lg', boxShadow: 'sm' });

/** An admin list: orders moving between stages, payouts created or paid refetch its first page. */
export function useAdminList<T extends ListItem>(
  fetchPage: (query: ListQuery, cursor: string | null) => Promise<Page<T>>,
  query: ListQuery,
  live: LiveWatch,
) {
  return usePagedList(fetchPage, {
    query,
    live: { router: getAdminActors().live, spec: { watch: live, onChange: { type: 'user.refresh' } } },
  });
}

/** The list's first load: a status line, the failure with a retry, or the empty message. */
export function ListState({
  list,
  loadingText,
  emptyText,
}: {
  list: PagedList;
  loadingText: string;
  emptyText: string;
}) {
  if (list.loading) {
    return (
      <p role="status" className={css({ py: '8', textAlign: 'center', color: 'fg.muted' })}>
        {loadingText}
      </p>
    );
  }
  if (list.failed) {
    return (
      <div role="alert" className={`${panel} ${css({ p: '6', textAlign: 'center' })}`}>
        <p className={css({ mb: '3' })}>{list.error}</p>
        <Button color="secondary" onClick={list.retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (list.empty) {
    return (
      <p data-testid="list-empty" className={`${panel} ${css({ py: '12', textAlign: 'center', color: 'fg.muted' })}`}>
        {emptyText}
      </p>
    );
  }
  return null;
}

/**
 * A paged list as a table: its first load (ListState), the rows in a panel that scrolls sideways on a
 * phone, and the footer with the count and "Show more".
 */
export function ListTable({
  list,
  noun,
  loadingText,
  emptyText,
  caption,
  columns,
  className,
  strip = false,
  tableRef,
  children,
}: {
  list: PagedList;
  /** What one row is ("order"), for the footer's count. */
  noun: string;
  loadingText: string;
  emptyText: string;
  /** The table's name for screen readers (shown to no one else). */
  caption: string;
  /** The column headings; a heading that should not show can be `<span srOnly>` text. */
  columns: readonly ReactNode[];
  /** The table's own width rules (its minimum width, a card layout on a phone). */
  className: string;
  /** Scroll with a fade and arrows where more columns are (wide tables with actions at the end). */
  strip?: boolean;
  /** The table element, when the page moves the focus inside it. */
  tableRef?: RefObject<HTMLTableElement | null>;
  /** The rows. */
  children: ReactNode;
}) {
  const ownRef = useRef<HTMLTableElement>(null);
  const ref = tableRef ?? ownRef;
  const table = (
    <table ref={ref} className={cx(css({ w: 'full', borderCollapse: 'collapse' }), className)}>
      <caption className={css({ srOnly: true })}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed for a table's life.
            <th key={index} scope="col" className={headCell}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
  return (
    <>
      <ListState list={list} loadingText={loadingText} emptyText={emptyText} />
      {list.items.length > 0 ? (
        strip ? (
          <ScrollStrip label="columns" className={panel}>
            {table}
          </ScrollStrip>
        ) : (
          <div className={`${panel} ${tableScroller}`}>{table}</div>
        )
      ) : null}
      <ListFooter list={list} noun={noun} listRef={ref} />
    </>
  );
}

/** A small label that says a state in words, not only in colour. */
export function Badge({
  tone,
  children,
  testId,
}: {
  tone: 'danger' | 'info' | 'ok' | 'muted';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      data-tone={tone}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '1',
        px: '2',
        py: '0.5',
        borderRadius: 'full',
        fontSize: 'xs',
        fontWeight: 'semibold',
        whiteSpace: 'nowrap',
        bg: 'gray.100',
        color: 'gray.800',
        '&[data-tone=danger]': { bg: 'red.100', color: 'red.800' },
        '&[data-tone=info]': { bg: 'brand.100', color: 'brand.800' },
        '&[data-tone=ok]': { bg: 'green.100', color: 'green.800' },
      })}
    >
      {children}
    </span>
  );
}

/** The overdue flag: the word, with a mark for a quick scan. */
export function OverdueBadge() {
  return (
    <Badge tone="danger" testId="overdue-flag">
      <span aria-hidden="true">⚠</span> Overdue
    </Badge>
  );
}
