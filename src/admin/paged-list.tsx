import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { fromPromise } from 'xstate';
import { countOf } from '../../contracts/format';
import type { Page } from '../../contracts/lifecycle';
import type { LiveWatch } from '../../machines/live';
import { connectPagedList } from '../../machines/paged-list.connect';
import {
  type FetchPageInput,
  type ListItem,
  type ListQuery,
  pagedListMachine,
} from '../../machines/paged-list.machine';
import { useLiveScreen } from '../actors/live';
import { Button } from '../components/ui/button';
import { getAdminActors } from './admin-actors';

export const panel = css({ bg: 'white', borderRadius: 'lg', boxShadow: 'sm' });

/**
 * One run of the paged list machine for `query`. The query is read once: the page gives the list a
 * `key` made from it, so a new address starts a new list.
 */
export function useAdminList<T extends ListItem>(
  fetchPage: (query: ListQuery, cursor: string | null) => Promise<Page<T>>,
  query: ListQuery,
  live: LiveWatch,
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
  // Orders moving between stages, payouts created or paid: the list refetches its first page.
  useLiveScreen(getAdminActors().live, actor, { watch: live, onChange: { type: 'user.refresh' } });
  const view = useSelector(actor, (s) => connectPagedList<T>(s));
  return { ...view, actor };
}

type ListView = ReturnType<typeof useAdminList>;

/** The list's first load: a status line, the failure with a retry, or the empty message. */
export function ListState({
  list,
  loadingText,
  emptyText,
}: {
  list: ListView;
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
        <Button color="secondary" onClick={() => list.actor.send({ type: 'user.retry' })}>
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
 * Under the rows: how many are shown, "Show more" while the server has more, and why it failed. After
 * more rows arrive, focus moves to the first new one so a keyboard user carries on where they were
 * (the button is gone once the last page is in).
 */
export function ListFooter({
  list,
  noun,
  listRef,
}: {
  list: ListView;
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
            list.actor.send({ type: 'user.loadMore' });
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
