import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Page } from '../../contracts/lifecycle';
import { connectPagedList } from '../../machines/paged-list.connect';
import {
  type FetchPageInput,
  type ListItem,
  type PagedListEvent,
  pagedListMachine,
} from '../../machines/paged-list.machine';
import {
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  runPath,
  type StepCheck,
} from './model';

// The machine reads only an item's id: the rest stands in for an order or a payout.
const row = (id: number): ListItem & { reference: string } => ({ id, reference: `OR${id}` });
const firstPage: Page<ListItem> = { items: [row(1), row(2)], next_cursor: 'c1' };
// Row 2 moved down while paging: it comes again and must not show twice.
const lastPage: Page<ListItem> = { items: [row(2), row(3)], next_cursor: null };
const nothing: Page<ListItem> = { items: [], next_cursor: null };
const failure = { status: 500, message: 'Something went wrong on our side. Please try again.' };
const query = { stage: 'in_validation' };

const events = [
  { type: 'user.loadMore' },
  { type: 'user.retry' },
  { type: 'user.refresh' },
  { type: 'item.removed', id: 1 },
  { type: 'item.removed', id: 2 },
  { type: 'xstate.done.actor.fetchPage', output: firstPage },
  { type: 'xstate.done.actor.fetchPage', output: lastPage },
  { type: 'xstate.done.actor.fetchPage', output: nothing },
  { type: 'xstate.error.actor.fetchPage', error: failure },
  { type: 'xstate.after.slowAnswer.pagedList.loading' },
] as unknown as PagedListEvent[];
const slowAnswer = 'This is taking longer than it should. Check your connection and try again.';

function start(input: { query?: Record<string, string> } = { query }): Harness {
  const fakes = new FakeCalls();
  const machine = pagedListMachine.provide({
    actors: { fetchPage: fakes.actor<Page<ListItem>, FetchPageInput>('fetchPage') },
  });
  return { actor: createActor(machine, { input }).start(), fakes, log: [] };
}

const ids = (s: any): number[] => s.context.items.map((item: ListItem) => item.id);
const view = (s: any) => connectPagedList(s);
const pendingInput = (h: Harness) => h.fakes.pending.get('fetchPage')?.input;

const states: Record<string, (s: any, h: Harness) => void> = {
  loading: (s, h) => {
    // The first page: the list's own query, no cursor; nothing is shown meanwhile.
    expect(pendingInput(h)).toEqual({ query, cursor: null });
    expect(s.context.items).toEqual([]);
    expect(s.context.error).toBeNull();
    expect(view(s)).toMatchObject({ loading: true, failed: false, empty: false, hasMore: false, moreError: null });
    expect(s.can({ type: 'user.loadMore' })).toBe(false);
  },
  ready: (s, h) => {
    expect(h.fakes.pending.size).toBe(0);
    expect(new Set(ids(s)).size).toBe(ids(s).length);
    expect(s.can({ type: 'user.loadMore' })).toBe(s.context.nextCursor !== null);
    expect(view(s)).toMatchObject({
      loading: false,
      failed: false,
      error: null,
      refreshing: false,
      loadingMore: false,
      // Emptiness is derived: the server answered with no rows.
      empty: s.context.items.length === 0,
      hasMore: s.context.nextCursor !== null,
      moreError: s.context.error,
    });
  },
  loadingMore: (s, h) => {
    // The next page is asked for with the last answer's cursor, and what is shown stays.
    expect(pendingInput(h)).toEqual({ query, cursor: s.context.nextCursor });
    expect(s.context.nextCursor).toBe('c1');
    expect(s.context.items.length).toBeGreaterThan(0);
    expect(view(s)).toMatchObject({ loadingMore: true, hasMore: true, moreError: null, empty: false, loading: false });
  },
  refreshing: (s, h) => {
    expect(pendingInput(h)).toEqual({ query, cursor: null });
    expect(view(s)).toMatchObject({ refreshing: true, moreError: null, empty: false, loading: false, failed: false });
  },
  failed: (s, h) => {
    expect(h.fakes.pending.size).toBe(0);
    expect(s.context.items).toEqual([]);
    expect(s.can({ type: 'user.retry' })).toBe(true);
    // It failed, or no answer came in time.
    expect([failure.message, slowAnswer]).toContain(view(s).error);
    expect(view(s)).toMatchObject({
      failed: true,
      moreError: null,
      empty: false,
      hasMore: false,
    });
  },
};

function step({ event, before, after }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.fetchPage') {
    const page = event.output as Page<ListItem>;
    if (before.matches('loadingMore')) {
      // Appended after what was shown, each row once.
      const shown = ids(before);
      expect(ids(after)).toEqual([...shown, ...page.items.map((i) => i.id).filter((id) => !shown.includes(id))]);
    } else {
      // The first page replaces whatever was shown.
      expect(ids(after)).toEqual(page.items.map((i) => i.id));
    }
    expect(after.context.nextCursor).toBe(page.next_cursor);
    expect(after.context.error).toBeNull();
  }
  if (event.type === 'xstate.error.actor.fetchPage') {
    // A failed "Show more" or refresh keeps what was shown, with the message beside it.
    expect(after.context.items).toEqual(before.context.items);
    expect(after.context.error).toBe(failure.message);
    expect(after.matches('failed')).toBe(before.context.items.length === 0);
  }
  if (event.type === 'xstate.after.slowAnswer.pagedList.loading' && before.matches('loading')) {
    // No answer for 15 seconds: the list says it is taking too long, and the request is no longer waited for.
    expect(after.matches('failed')).toBe(true);
    expect(after.context.error).toBe(slowAnswer);
  }
  if (event.type === 'item.removed' && before.can(event)) {
    expect(ids(after)).toEqual(ids(before).filter((id) => id !== event.id));
    if (before.matches('refreshing')) {
      // The refresh in flight may predate the removal: it asks again (see the rules below).
      expect(after.matches('refreshing')).toBe(true);
    } else if (ids(before).length === 1 && ids(before)[0] === event.id) {
      // Removing the last row shown asks the server again.
      expect(after.matches('loading')).toBe(true);
    }
  }
}

/**
 * The rows are told apart by id (finite: three of them); the message only by whether there is one,
 * since its text is checked in the state expectations.
 */
const serializeState = (s: any) =>
  JSON.stringify({ value: s.value, ids: ids(s), more: s.context.nextCursor, error: s.context.error !== null });

describe('pagedListMachine: model-based paths', () => {
  // The "taking too long" delay runs on fake timers: a path advances them when it takes it.
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());
  const paths = getTransitionPaths(pagedListMachine, { input: { query }, events, serializeState });
  it('takes every transition', () => expectAllTransitionsCovered(pagedListMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(pagedListMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(pagedListMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step, serializeState });
    });
  }
});

/** A list showing the first page (rows 1 and 2, more to load). */
async function showingFirstPage(): Promise<Harness> {
  const h = start();
  h.fakes.resolve('fetchPage', firstPage);
  await flush();
  return h;
}

describe('pagedListMachine: rules', () => {
  it('pages on with the query and the cursor, shows each row once, then "Show more" does nothing', async () => {
    const h = await showingFirstPage();
    h.actor.send({ type: 'user.loadMore' });
    h.fakes.resolve('fetchPage', lastPage);
    await flush();
    expect(ids(h.actor.getSnapshot())).toEqual([1, 2, 3]);
    h.actor.send({ type: 'user.loadMore' });
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(view(h.actor.getSnapshot()).hasMore).toBe(false);
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { query, cursor: null },
      { query, cursor: 'c1' },
    ]);
  });

  it('asks with an empty query when the list has none (the artist lists)', () => {
    const h = start({});
    expect(pendingInput(h)).toEqual({ query: {}, cursor: null });
  });

  it('a first page with no rows is the empty list', async () => {
    const h = start();
    h.fakes.resolve('fetchPage', nothing);
    await flush();
    expect(view(h.actor.getSnapshot())).toMatchObject({ empty: true, hasMore: false, loading: false, failed: false });
  });

  it('a failed first page offers a retry, which asks for the first page again', async () => {
    const h = start();
    h.fakes.reject('fetchPage', failure);
    await flush();
    expect(view(h.actor.getSnapshot())).toMatchObject({ failed: true, error: failure.message });
    h.actor.send({ type: 'user.retry' });
    expect(view(h.actor.getSnapshot())).toMatchObject({ loading: true, failed: false, error: null });
    h.fakes.resolve('fetchPage', firstPage);
    await flush();
    expect(ids(h.actor.getSnapshot())).toEqual([1, 2]);
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { query, cursor: null },
      { query, cursor: null },
    ]);
  });

  it('a failed "Show more" keeps the rows, shows why, and pressing it again retries the same page', async () => {
    const h = await showingFirstPage();
    h.actor.send({ type: 'user.loadMore' });
    h.fakes.reject('fetchPage', failure);
    await flush();
    expect(view(h.actor.getSnapshot())).toMatchObject({ moreError: failure.message, hasMore: true, failed: false });
    expect(ids(h.actor.getSnapshot())).toEqual([1, 2]);
    h.actor.send({ type: 'user.loadMore' });
    expect(view(h.actor.getSnapshot()).moreError).toBeNull();
    expect(pendingInput(h)).toEqual({ query, cursor: 'c1' });
  });

  it('a refresh keeps the rows shown until the first page comes back, then replaces them', async () => {
    const h = await showingFirstPage();
    h.actor.send({ type: 'user.refresh' });
    expect(view(h.actor.getSnapshot())).toMatchObject({ refreshing: true, items: firstPage.items });
    h.fakes.resolve('fetchPage', { items: [row(2)], next_cursor: null });
    await flush();
    expect(ids(h.actor.getSnapshot())).toEqual([2]);
    expect(view(h.actor.getSnapshot())).toMatchObject({ refreshing: false, hasMore: false });
  });

  it('a failed refresh keeps the rows, with the message beside them', async () => {
    const h = await showingFirstPage();
    h.actor.send({ type: 'user.refresh' });
    h.fakes.reject('fetchPage', failure);
    await flush();
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(ids(h.actor.getSnapshot())).toEqual([1, 2]);
    expect(view(h.actor.getSnapshot())).toMatchObject({ moreError: failure.message, failed: false, error: null });
  });

  it('a refresh during "Show more" drops that page and reloads the first', async () => {
    const h = await showingFirstPage();
    h.actor.send({ type: 'user.loadMore' });
    h.actor.send({ type: 'user.refresh' });
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { query, cursor: null },
      { query, cursor: 'c1' },
      { query, cursor: null },
    ]);
    h.fakes.resolve('fetchPage', { items: [row(2)], next_cursor: null });
    await flush();
    expect(ids(h.actor.getSnapshot())).toEqual([2]);
  });

  it('a second refresh while one is in flight asks again (the first answer may predate the change)', async () => {
    const h = await showingFirstPage();
    h.actor.send({ type: 'user.refresh' });
    h.actor.send({ type: 'user.refresh' });
    expect(h.fakes.calls).toHaveLength(3);
    expect(h.fakes.pending.size).toBe(1);
  });

  it('a row removed during a refresh goes at once, and the refresh asks again', async () => {
    const h = await showingFirstPage();
    h.actor.send({ type: 'user.refresh' });
    h.actor.send({ type: 'item.removed', id: 1 });
    expect(ids(h.actor.getSnapshot())).toEqual([2]);
    expect(h.fakes.calls).toHaveLength(3);
    expect(h.fakes.pending.size).toBe(1);
  });

  it('a removed row leaves the list; the rest stay', async () => {
    const h = await showingFirstPage();
    h.actor.send({ type: 'item.removed', id: 1 });
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(ids(h.actor.getSnapshot())).toEqual([2]);
    expect(h.fakes.calls).toHaveLength(1);
  });

  it('asks the server again when the last row shown leaves the list', async () => {
    const h = start();
    h.fakes.resolve('fetchPage', { items: [row(7)], next_cursor: 'c1' });
    await flush();
    h.actor.send({ type: 'item.removed', id: 7 });
    expect(view(h.actor.getSnapshot())).toMatchObject({ loading: true, items: [] });
    expect(pendingInput(h)).toEqual({ query, cursor: null });
    h.fakes.resolve('fetchPage', nothing);
    await flush();
    expect(view(h.actor.getSnapshot()).empty).toBe(true);
  });

  it('removing the last row shown during "Show more" starts over from the first page', async () => {
    const h = start();
    h.fakes.resolve('fetchPage', { items: [row(7)], next_cursor: 'c1' });
    await flush();
    h.actor.send({ type: 'user.loadMore' });
    h.actor.send({ type: 'item.removed', id: 7 });
    expect(h.actor.getSnapshot().value).toBe('loading');
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { query, cursor: null },
      { query, cursor: 'c1' },
      { query, cursor: null },
    ]);
  });
});
