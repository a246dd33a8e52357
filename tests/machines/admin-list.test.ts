import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Page } from '../../contracts/lifecycle';
import {
  type AdminListEvent,
  adminListMachine,
  type FetchPageInput,
  type ListItem,
} from '../../machines/admin-list.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  runPath,
  type StepCheck,
} from './model';

const row = (id: number): ListItem & { reference: string } => ({ id, reference: `OR${id}` });
const firstPage: Page<ListItem> = { items: [row(1), row(2)], next_cursor: 'c1' };
// Row 2 moved down while paging: it comes again and must not show twice.
const lastPage: Page<ListItem> = { items: [row(2), row(3)], next_cursor: null };
const nothing: Page<ListItem> = { items: [], next_cursor: null };
const query = { stage: 'in_validation' };

const events = [
  { type: 'xstate.done.actor.fetchPage', output: firstPage },
  { type: 'xstate.done.actor.fetchPage', output: lastPage },
  { type: 'xstate.done.actor.fetchPage', output: nothing },
  { type: 'xstate.error.actor.fetchPage', error: { status: 500, message: 'Server down' } },
  { type: 'user.loadMore' },
  { type: 'user.retry' },
  { type: 'item.removed', id: 1 },
  { type: 'item.removed', id: 3 },
] as AdminListEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = adminListMachine.provide({
    actors: { fetchPage: fakes.actor<Page<ListItem>, FetchPageInput>('fetchPage') },
  });
  return { actor: createActor(machine, { input: { query } }).start(), fakes, log };
}

const ids = (s: any) => s.context.items.map((item: ListItem) => item.id);

const states: Record<string, (s: any, h: Harness) => void> = {
  loading: (s, h) => {
    expect(s.hasTag('loading')).toBe(true);
    // The first page: the list's own query, no cursor.
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ query, cursor: null });
    expect(s.can({ type: 'user.loadMore' })).toBe(false);
  },
  ready: (s, h) => {
    expect(h.fakes.pending.size).toBe(0);
    expect(new Set(ids(s)).size).toBe(ids(s).length);
    expect(s.can({ type: 'user.loadMore' })).toBe(s.context.nextCursor !== null);
  },
  loadingMore: (s, h) => {
    expect(s.hasTag('loadingMore')).toBe(true);
    expect(s.context.nextCursor).toBe('c1');
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ query, cursor: 'c1' });
    expect(s.context.error).toBeNull();
  },
  empty: (s) => {
    expect(s.hasTag('empty')).toBe(true);
    expect(s.context.items).toEqual([]);
  },
  failed: (s) => {
    expect(s.hasTag('error')).toBe(true);
    expect(s.context.error).toBe('Server down');
    expect(s.can({ type: 'user.retry' })).toBe(true);
  },
};

function step({ event, before, after }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.fetchPage' && before.matches('loading')) {
    // The first page replaces whatever was shown.
    expect(ids(after)).toEqual((event.output as Page<ListItem>).items.map((i) => i.id));
  }
  if (event.type === 'xstate.done.actor.fetchPage' && before.matches('loadingMore')) {
    expect(ids(after).slice(0, ids(before).length)).toEqual(ids(before));
    expect(after.context.nextCursor).toBe((event.output as Page<ListItem>).next_cursor);
  }
  if (event.type === 'xstate.error.actor.fetchPage' && before.matches('loadingMore')) {
    // The rows shown stay when "Show more" fails.
    expect(after.context.items).toEqual(before.context.items);
    expect(after.context.error).toBe('Server down');
  }
  if (event.type === 'item.removed') expect(ids(after)).not.toContain(event.id);
}

describe('adminListMachine: model-based paths', () => {
  const paths = getTransitionPaths(adminListMachine, { input: { query }, events });
  it('reaches every state', () => expectAllStatesCovered(adminListMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(adminListMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('adminListMachine: rules', () => {
  it('pages on with the cursor and shows each row once', async () => {
    const h = start();
    h.fakes.resolve('fetchPage', firstPage);
    await flush();
    h.actor.send({ type: 'user.loadMore' });
    h.fakes.resolve('fetchPage', lastPage);
    await flush();
    expect(ids(h.actor.getSnapshot())).toEqual([1, 2, 3]);
    expect(h.actor.getSnapshot().can({ type: 'user.loadMore' })).toBe(false);
    expect(h.fakes.calls.map((c) => c.input)).toEqual([
      { query, cursor: null },
      { query, cursor: 'c1' },
    ]);
  });

  it('asks the server again when the last row shown leaves the list', async () => {
    const h = start();
    h.fakes.resolve('fetchPage', { items: [row(7)], next_cursor: 'c1' });
    await flush();
    h.actor.send({ type: 'item.removed', id: 7 });
    expect(h.actor.getSnapshot().hasTag('loading')).toBe(true);
    h.fakes.resolve('fetchPage', nothing);
    await flush();
    expect(h.actor.getSnapshot().hasTag('empty')).toBe(true);
  });
});
