import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { ArtistCard, ArtistCatalogPage } from '../../contracts/artist';
import type { Option } from '../../contracts/options';
import {
  type ArtistCatalogEvent,
  artistCatalogMachine,
  emptyFilters,
  type FetchArtistsInput,
} from '../../machines/artist-catalog.machine';
import { resourceMachine } from '../../machines/resource.machine';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
} from './model';

const card = (id: string): ArtistCard => ({
  id,
  stage_name: `Artist ${id}`,
  avatar: null,
  genres: ['pop'],
  vocal_type: 'female',
  rating: null,
  rating_count: 0,
  rate: 2500,
  sample: null,
  delivery: { turnaround_days: 7, answer_hours: 24, arrives_by: '2030-01-10' },
  rush: null,
});
const firstPage: ArtistCatalogPage = { artists: [card('a'), card('b')], next_cursor: 'cur1' };
const lastPage: ArtistCatalogPage = { artists: [card('b'), card('c')], next_cursor: null };
const nothing: ArtistCatalogPage = { artists: [], next_cursor: null };
const options: { genres: Option[]; vocal_types: Option[] } = {
  genres: [{ value: 'pop', display: 'Pop' }],
  vocal_types: [],
};

const catalogEvents = [
  { type: 'xstate.done.actor.fetchOptions', output: { genres: [{ value: 'pop', label: 'Pop' }], vocal_types: [] } },
  { type: 'xstate.error.actor.fetchOptions', error: { status: 500, message: 'Server down' } },
  { type: 'xstate.done.actor.fetchArtists', output: firstPage },
  { type: 'xstate.done.actor.fetchArtists', output: lastPage },
  { type: 'xstate.done.actor.fetchArtists', output: nothing },
  { type: 'xstate.error.actor.fetchArtists', error: { status: 500, message: 'Server down' } },
  { type: 'filter.changed', name: 'genre', value: 'pop' },
  { type: 'filter.changed', name: 'sort', value: 'price_asc' },
  { type: 'search.typed', q: 'an' },
  { type: 'price.typed', name: 'max_price', value: '3000' },
  { type: 'url.changed', filters: { ...emptyFilters, vocal_type: 'male', min_rating: '4' } },
  { type: 'user.loadMore' },
  { type: 'user.retry' },
  { type: 'user.clearFilters' },
  { type: 'xstate.after.searchDebounce.artistCatalog.typing' },
] as ArtistCatalogEvent[];

function startCatalog(): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = artistCatalogMachine.provide({
    actors: {
      fetchArtists: fakes.actor<ArtistCatalogPage, FetchArtistsInput>('fetchArtists'),
      fetchOptions: fakes.actor<typeof options, unknown>('fetchOptions'),
    },
    actions: recordingActions(['syncUrl'], log),
  });
  return { actor: createActor(machine, { input: {} }).start(), fakes, log };
}

const catalogStates: Record<string, (s: any, h: Harness) => void> = {
  loading: (s, h) => {
    expect(s.hasTag('loading')).toBe(true);
    expect(h.fakes.pending.get('fetchArtists')?.input).toEqual({ filters: s.context.filters, cursor: null });
  },
  typing: (s, h) => {
    expect(h.fakes.pending.has('fetchArtists')).toBe(false);
    expect(s.can({ type: 'user.loadMore' })).toBe(false);
  },
  ready: (s) => {
    expect(s.context.artists.length).toBeGreaterThan(0);
    expect(new Set(s.context.artists.map((a: ArtistCard) => a.id)).size).toBe(s.context.artists.length);
    expect(s.can({ type: 'user.loadMore' })).toBe(s.context.nextCursor !== null);
  },
  loadingMore: (s, h) => {
    expect(s.hasTag('loadingMore')).toBe(true);
    expect(h.fakes.pending.get('fetchArtists')?.input).toEqual({ filters: s.context.filters, cursor: 'cur1' });
  },
  empty: (s) => {
    expect(s.hasTag('empty')).toBe(true);
    expect(s.context.artists).toEqual([]);
  },
  failed: (s) => {
    expect(s.hasTag('error')).toBe(true);
    expect(s.context.error).toBe('Server down');
  },
};

function catalogStep({ event, after, actions }: StepCheck<Harness>): void {
  const syncs = actions.filter((a) => a.type === 'syncUrl');
  if (event.type === 'filter.changed' || event.type === 'user.clearFilters' || event.type.startsWith('xstate.after.')) {
    expect(syncs).toEqual([{ type: 'syncUrl', params: { filters: after.context.filters } }]);
  } else expect(syncs).toEqual([]);
}

describe('artistCatalogMachine: model-based paths', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());
  const paths = getTransitionPaths(artistCatalogMachine, { events: catalogEvents });
  it('takes every transition', () => expectAllTransitionsCovered(artistCatalogMachine, paths));
  it('reaches every state', () => expectAllStatesCovered(artistCatalogMachine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(catalogStates).sort()).toEqual(leafStateKeys(artistCatalogMachine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, startCatalog, { states: catalogStates, step: catalogStep });
    });
  }
});

describe('artistCatalogMachine: rules', () => {
  it('waits 300 ms after typing before searching, and only searches once for a burst of keys', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = startCatalog();
    h.fakes.resolve('fetchArtists', firstPage);
    await vi.advanceTimersByTimeAsync(0);
    h.actor.send({ type: 'search.typed', q: 'a' });
    await vi.advanceTimersByTimeAsync(200);
    h.actor.send({ type: 'search.typed', q: 'an' });
    await vi.advanceTimersByTimeAsync(299);
    expect(h.fakes.pending.has('fetchArtists')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fakes.pending.get('fetchArtists')?.input).toEqual({
      filters: { ...emptyFilters, q: 'an' },
      cursor: null,
    });
    expect(h.log).toEqual([{ type: 'syncUrl', params: { filters: { ...emptyFilters, q: 'an' } } }]);
    vi.useRealTimers();
  });

  it('a typed price waits for the pause too; a sort change asks at once, keeping the other choices', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = startCatalog();
    h.fakes.resolve('fetchArtists', firstPage);
    await vi.advanceTimersByTimeAsync(0);
    h.actor.send({ type: 'price.typed', name: 'min_price', value: '15' });
    h.actor.send({ type: 'price.typed', name: 'min_price', value: '1500' });
    await vi.advanceTimersByTimeAsync(299);
    expect(h.fakes.pending.has('fetchArtists')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fakes.pending.get('fetchArtists')?.input).toEqual({
      filters: { ...emptyFilters, min_price: '1500' },
      cursor: null,
    });
    h.actor.send({ type: 'filter.changed', name: 'sort', value: 'rating' });
    expect(h.fakes.pending.get('fetchArtists')?.input).toEqual({
      filters: { ...emptyFilters, min_price: '1500', sort: 'rating' },
      cursor: null,
    });
    expect(h.log.at(-1)).toEqual({
      type: 'syncUrl',
      params: { filters: { ...emptyFilters, min_price: '1500', sort: 'rating' } },
    });
    vi.useRealTimers();
  });

  it('keeps the filter lists from GET /options', async () => {
    const h = startCatalog();
    h.fakes.resolve('fetchOptions', options);
    await new Promise((r) => setImmediate(r));
    expect(h.actor.getSnapshot().context.options).toEqual(options);
  });

  it('a failed GET /options leaves the filters empty and the catalogue working', async () => {
    const h = startCatalog();
    h.fakes.reject('fetchOptions', new Error('offline'));
    await new Promise((r) => setImmediate(r));
    expect(h.actor.getSnapshot().status).toBe('active');
    expect(h.actor.getSnapshot().context.options).toEqual({ genres: [], vocal_types: [] });
    h.fakes.resolve('fetchArtists', { artists: [], next_cursor: null });
    await new Promise((r) => setImmediate(r));
    expect(h.actor.getSnapshot().matches('empty')).toBe(true);
  });
});

describe('resourceMachine', () => {
  const start = () => {
    const fakes = new FakeCalls();
    const actor = createActor(resourceMachine.provide({ actors: { fetchResource: fakes.actor('fetchResource') } }), {
      input: { key: 'all' },
    }).start();
    return { actor, fakes };
  };
  const settle = () => new Promise((r) => setImmediate(r));

  it('loads, then is ready with the data; reload keeps the page and fetches again', async () => {
    const { actor, fakes } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    fakes.resolve('fetchResource', { n: 1 });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.data).toEqual({ n: 1 });
    actor.send({ type: 'user.reload' });
    expect(actor.getSnapshot().context.data).toEqual({ n: 1 });
    fakes.resolve('fetchResource', { n: 2 });
    await settle();
    expect(actor.getSnapshot().context.data).toEqual({ n: 2 });
  });

  it('a 404 is "missing" (a clear page), anything else "failed" with a retry', async () => {
    const missing = start();
    missing.fakes.reject('fetchResource', { status: 404, message: 'This artist is not taking orders right now.' });
    await settle();
    expect(missing.actor.getSnapshot().hasTag('missing')).toBe(true);
    expect(missing.actor.getSnapshot().can({ type: 'user.retry' })).toBe(false);

    const failed = start();
    failed.fakes.reject('fetchResource', { status: 500, message: 'Down' });
    await settle();
    expect(failed.actor.getSnapshot().hasTag('error')).toBe(true);
    expect(failed.actor.getSnapshot().context.error).toBe('Down');
    failed.actor.send({ type: 'user.retry' });
    expect(failed.actor.getSnapshot().hasTag('loading')).toBe(true);
  });

  it('a new key starts over with the new thing, dropping the answer for the old one', async () => {
    const { actor, fakes } = start();
    expect(fakes.pending.get('fetchResource')?.input).toEqual({ key: 'all' });
    fakes.resolve('fetchResource', ['a', 'b']);
    await settle();
    // The same key again (a re-render) changes nothing.
    actor.send({ type: 'key.changed', key: 'all' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'key.changed', key: 'OR1' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ key: 'OR1', data: null });
    expect(fakes.pending.get('fetchResource')?.input).toEqual({ key: 'OR1' });
    // "Show all orders": back to the first key while the focused one is still loading.
    actor.send({ type: 'key.changed', key: 'all' });
    expect(fakes.pending.get('fetchResource')?.input).toEqual({ key: 'all' });
    fakes.resolve('fetchResource', ['a', 'b', 'c']);
    await settle();
    expect(actor.getSnapshot().context.data).toEqual(['a', 'b', 'c']);
  });

  it('a live change refetches quietly: what is shown stays, a failure keeps it', async () => {
    const { actor, fakes } = start();
    fakes.resolve('fetchResource', { status: 'pending' });
    await settle();
    actor.send({ type: 'live.changed' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().context.data).toEqual({ status: 'pending' });
    fakes.resolve('fetchResource', { status: 'in_progress' });
    await settle();
    expect(actor.getSnapshot().context.data).toEqual({ status: 'in_progress' });
    actor.send({ type: 'live.changed' });
    fakes.reject('fetchResource', { status: 500, message: 'Down' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.data).toEqual({ status: 'in_progress' });
  });

  it('an answer that does not come in 15 seconds fails with "taking too long" and a retry', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { actor, fakes } = start();
      vi.advanceTimersByTime(14_999);
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().hasTag('error')).toBe(true);
      expect(actor.getSnapshot().context.error).toBe(
        'This is taking longer than it should. Check your connection and try again.',
      );
      // The request it gave up on is no longer waited for; Try again asks anew.
      expect(fakes.pending.has('fetchResource')).toBe(false);
      actor.send({ type: 'user.retry' });
      expect(fakes.pending.has('fetchResource')).toBe(true);
      expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('every state is reachable and every transition taken', () => {
    const paths = getTransitionPaths(resourceMachine, {
      events: [
        { type: 'xstate.done.actor.fetchResource', output: 1 },
        { type: 'xstate.error.actor.fetchResource', error: { status: 404, message: 'x' } },
        { type: 'xstate.error.actor.fetchResource', error: { status: 500, message: 'x' } },
        { type: 'user.retry' },
        { type: 'user.reload' },
        { type: 'live.changed' },
        { type: 'key.changed', key: 'OR1' },
        { type: 'xstate.after.slowAnswer.resource.loading' },
      ] as any,
    });
    expectAllStatesCovered(resourceMachine, paths);
    expectAllTransitionsCovered(resourceMachine, paths);
  });
});
