import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Page } from '../../contracts/lifecycle';
import { type FetchPageInput, type OrderListEvent, orderListMachine } from '../../machines/order-list.machine';
import {
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

// Items are opaque to the machine: plain records stand in for orders.
const first: Page<unknown> = { items: [{ id: 1 }, { id: 2 }], next_cursor: 'c2' };
const second: Page<unknown> = { items: [{ id: 3 }], next_cursor: null };
const failure = { status: 500, message: 'Something went wrong on our side. Please try again.' };

const events = [
  { type: 'user.loadMore' },
  { type: 'user.retry' },
  { type: 'user.refresh' },
  { type: 'xstate.done.actor.fetchPage', output: first },
  { type: 'xstate.done.actor.fetchPage', output: second },
  { type: 'xstate.error.actor.fetchPage', error: failure },
] as unknown as OrderListEvent[];

function start(): Harness {
  const fakes = new FakeCalls();
  const machine = orderListMachine.provide({
    actors: { fetchPage: fakes.actor<Page<unknown>, FetchPageInput>('fetchPage') },
  });
  return { actor: createActor(machine).start(), fakes, log: [] };
}

const tags = (s: any) => ({
  loading: s.hasTag('loading'),
  busy: s.hasTag('busy'),
  loadingMore: s.hasTag('loadingMore'),
  error: s.hasTag('error'),
});

const states: Record<string, (s: any, h: Harness) => void> = {
  loading: (s, h) => {
    expect(tags(s)).toEqual({ loading: true, busy: false, loadingMore: false, error: false });
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: null });
  },
  ready: (s, h) => {
    expect(tags(s)).toEqual({ loading: false, busy: false, loadingMore: false, error: false });
    expect(h.fakes.pending.size).toBe(0);
    expect(s.can({ type: 'user.loadMore' })).toBe(s.context.nextCursor !== null);
  },
  loadingMore: (s, h) => {
    expect(tags(s)).toEqual({ loading: false, busy: true, loadingMore: true, error: false });
    // The next page is asked for with the last answer's cursor, and what is shown stays.
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: s.context.nextCursor });
    expect(s.context.items.length).toBeGreaterThan(0);
  },
  refreshing: (s, h) => {
    expect(tags(s)).toEqual({ loading: false, busy: true, loadingMore: false, error: false });
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: null });
  },
  failed: (s, h) => {
    expect(tags(s)).toEqual({ loading: false, busy: false, loadingMore: false, error: true });
    expect(s.context.error).toBe(failure.message);
    expect(h.fakes.pending.size).toBe(0);
  },
};

function step({ event, before, after }: StepCheck<Harness>): void {
  if (event.type === 'xstate.done.actor.fetchPage') {
    const page = (event as unknown as { output: Page<unknown> }).output;
    const expected = before.matches('loadingMore') ? [...before.context.items, ...page.items] : page.items;
    expect(after.context.items).toEqual(expected);
    expect(after.context.nextCursor).toBe(page.next_cursor);
    expect(after.context.error).toBeNull();
  }
  if (event.type === 'xstate.error.actor.fetchPage' && !before.matches('loading')) {
    // A failed "Show more" or refresh keeps what was shown, with the message beside it.
    expect(after.context.items).toEqual(before.context.items);
    expect(after.context.error).toBe(failure.message);
  }
  if (event.type === 'user.loadMore' && after.matches('loadingMore')) expect(after.context.error).toBeNull();
}

/**
 * "Show more" appends, so the list could grow for ever: states are told apart by what the screen
 * distinguishes (something shown, more to load, a message), not by the items themselves.
 */
const serializeState = (s: any) =>
  JSON.stringify({
    value: s.value,
    shown: s.context.items.length > 0,
    more: s.context.nextCursor !== null,
    error: s.context.error !== null,
  });

describe('orderListMachine: model-based paths', () => {
  const paths = getTransitionPaths(orderListMachine, { events, serializeState });
  it('reaches every state', () => expectAllStatesCovered(orderListMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(orderListMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step, serializeState });
    });
  }
});

describe('orderListMachine: rules', () => {
  it('pages through to the end, then "Show more" does nothing', async () => {
    const h = start();
    h.fakes.resolve('fetchPage', first);
    await flush();
    h.actor.send({ type: 'user.loadMore' });
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: 'c2' });
    h.fakes.resolve('fetchPage', second);
    await flush();
    expect(h.actor.getSnapshot().context.items).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    h.actor.send({ type: 'user.loadMore' });
    expect(h.actor.getSnapshot().value).toBe('ready');
    expect(h.fakes.calls).toHaveLength(2);
  });

  it('a refresh during "Show more" drops that page and reloads the first', async () => {
    const h = start();
    h.fakes.resolve('fetchPage', first);
    await flush();
    h.actor.send({ type: 'user.loadMore' });
    h.actor.send({ type: 'user.refresh' });
    expect(h.fakes.calls.map((c) => c.input)).toEqual([{ cursor: null }, { cursor: 'c2' }, { cursor: null }]);
    h.fakes.resolve('fetchPage', { items: [{ id: 2 }], next_cursor: null });
    await flush();
    expect(h.actor.getSnapshot().context.items).toEqual([{ id: 2 }]);
  });

  it('a second refresh while one is in flight asks again (the first answer may predate the change)', async () => {
    const h = start();
    h.fakes.resolve('fetchPage', first);
    await flush();
    h.actor.send({ type: 'user.refresh' });
    h.actor.send({ type: 'user.refresh' });
    expect(h.fakes.calls).toHaveLength(3);
    expect(h.fakes.pending.size).toBe(1);
  });
});
