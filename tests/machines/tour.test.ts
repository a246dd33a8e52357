import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { tour } from '../../contracts/constants';
import { connectTour, tourEventFromJoyride } from '../../machines/tour.connect';
import { isTourDue, type TourEvent, type TourFacts, tourMachine, tourSteps } from '../../machines/tour.machine';
import { tourFactsFor } from '../../machines/tour-facts';
import { artist, customer } from './fixtures';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
  transientStateKeys,
  types,
} from './model';

const due: TourFacts = { approved: true, isOnline: false, isFirstTimeLogin: true, hasFeaturedSong: false };
const withSong: TourFacts = { ...due, hasFeaturedSong: true };
const online: TourFacts = { ...due, isOnline: true };
const firstLoginOver: TourFacts = { ...due, isFirstTimeLogin: false };
const changed = (facts: TourFacts): TourEvent => ({ type: 'user.changed', ...facts });
const factsOf = ({ approved, isOnline, isFirstTimeLogin, hasFeaturedSong }: TourFacts): TourFacts => ({
  approved,
  isOnline,
  isFirstTimeLogin,
  hasFeaturedSong,
});

const events = [
  { type: 'page.loaded' },
  { type: 'page.left' },
  { type: 'account.changed', ...due },
  changed(due),
  changed(withSong),
  changed(online),
  changed(firstLoginOver),
  { type: 'tour.next' },
  { type: 'tour.previous' },
  { type: 'tour.okay' },
  { type: 'tour.finish' },
  { type: 'tour.skip' },
  { type: 'tour.targetMissing' },
  { type: 'xstate.done.actor.markFirstLoginDone', output: { message: 'Welcome aboard.' } },
  { type: 'xstate.error.actor.markFirstLoginDone', error: { status: 500, message: 'Something went wrong' } },
  { type: 'xstate.after.tourDelay.tour.waiting' },
] as TourEvent[];

function start(input: TourFacts): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = tourMachine.provide({
    actors: { markFirstLoginDone: fakes.actor<unknown, void>('markFirstLoginDone') },
    actions: recordingActions(['setLocalFirstLoginDone', 'clearToasts'], log),
  });
  return { actor: createActor(machine, { input }).start(), fakes, log };
}

const tags = (s: any) => ({
  running: s.hasTag('running'),
  dimmed: s.hasTag('dimmed'),
  scrollLocked: s.hasTag('scrollLocked'),
});
const off = { running: false, dimmed: false, scrollLocked: false };

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(tags(s)).toEqual(off);
    expect(s.context.stepIndex).toBe(-1);
    expect(connectTour(s).joyride).toMatchObject({ run: false, stepIndex: -1 });
    expect(h.fakes.pending.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  },
  waiting: (s, h) => {
    expect(tags(s)).toEqual(off);
    expect(s.context.stepIndex).toBe(-1);
    expect(isTourDue(s.context)).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    expect(h.fakes.pending.size).toBe(0);
  },
  running: (s, h) => {
    expect(tags(s)).toEqual({ running: true, dimmed: true, scrollLocked: true });
    expect(s.context.stepIndex).toBe(0);
    expect(isTourDue(s.context)).toBe(true);
    expect(connectTour(s).joyride).toMatchObject({ run: true, stepIndex: 0 });
    for (const type of ['tour.okay', 'tour.finish', 'tour.skip', 'tour.next', 'tour.targetMissing'] as const)
      expect(s.can({ type })).toBe(true);
    // One step: nothing before it.
    expect(s.can({ type: 'tour.previous' })).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  },
  finishing: (s, h) => {
    expect(tags(s)).toEqual(off);
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context.stepIndex).toBe(-1);
    expect([...h.fakes.pending.keys()]).toEqual(['markFirstLoginDone']);
    expect(s.can({ type: 'page.loaded' })).toBe(false);
  },
  done: (s, h) => {
    expect(tags(s)).toEqual(off);
    expect(s.context.stepIndex).toBe(-1);
    expect(s.context.isFirstTimeLogin).toBe(false);
    // Once the first login is over nothing starts it again.
    expect(s.can({ type: 'page.loaded' })).toBe(false);
    expect(s.can(changed(due))).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  },
};

const finishingEvents = new Set(['tour.okay', 'tour.finish', 'tour.skip', 'tour.next']);

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  const handled = before.can(event);
  if (event.type === 'xstate.done.actor.markFirstLoginDone') {
    // docs/product.md §4: the call, then the local first-login flag set to 0.
    expect(actions).toEqual([{ type: 'setLocalFirstLoginDone', params: undefined }]);
    expect(after.matches('done')).toBe(true);
  } else if (after.matches('running') && !before.matches('running')) {
    // The card appears on a clear screen: the toasts on it (the sign-in's welcome) are closed.
    expect(actions).toEqual([{ type: 'clearToasts', params: undefined }]);
  } else {
    expect(actions).toEqual([]);
  }
  if (finishingEvents.has(event.type) && handled) expect(after.matches('finishing')).toBe(true);
  if (after.matches('finishing') && !before.matches('finishing')) {
    expect(before.matches('running')).toBe(true);
    expect(finishingEvents.has(event.type)).toBe(true);
  }
  if (after.matches('running') && !before.matches('running')) {
    // Only the 1000 ms delay starts it.
    expect(event.type).toBe('xstate.after.tourDelay.tour.waiting');
  }
  if (after.matches('waiting') && !before.matches('waiting')) {
    if (event.type === 'page.loaded') expect(isTourDue(before.context)).toBe(true);
    else {
      // The restart: the featured song was just removed under the same conditions.
      expect(event.type).toBe('user.changed');
      expect(before.context.hasFeaturedSong).toBe(true);
      expect(event).toMatchObject({ hasFeaturedSong: false, approved: true, isOnline: false, isFirstTimeLogin: true });
    }
  }
  if (event.type === 'account.changed') {
    // Another account: its own facts, from the start (running, a pending call or a delay are dropped).
    const facts = factsOf(event as unknown as TourFacts);
    expect(after.context).toMatchObject({ ...facts, stepIndex: -1 });
    expect(after.value).toBe(facts.isFirstTimeLogin ? 'idle' : 'done');
  }
  if (event.type === 'page.left' && handled) expect(after.matches('idle')).toBe(true);
  if (event.type === 'user.changed' && handled && !after.matches('done')) {
    expect(after.context).toMatchObject({
      approved: event.approved,
      isOnline: event.isOnline,
      isFirstTimeLogin: event.isFirstTimeLogin,
      hasFeaturedSong: event.hasFeaturedSong,
    });
  }
}

describe('tourMachine: model-based paths', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  const starts: Record<string, TourFacts> = {
    'a first-time approved offline artist without a featured song': due,
    'a first-time artist with a featured song': withSong,
    'an artist not approved yet': { ...due, approved: false },
    'an artist past the first login': firstLoginOver,
  };
  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const all = Object.entries(starts).map(([name, input]) => ({
    name,
    input,
    paths: getTransitionPaths(tourMachine, { input, events }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      tourMachine,
      all.flatMap((s) => s.paths),
      {
        'running —tour.next [hasNextStep]→ (stays)':
          'the tour has one step (docs/product.md §4: the online switch), so there is never a next one',
        'running —tour.previous [hasPreviousStep]→ (stays)':
          'the tour has one step (docs/product.md §4: the online switch), so there is never a previous one',
      },
    ));
  it('reaches every state', () =>
    expectAllStatesCovered(
      tourMachine,
      all.flatMap((s) => s.paths),
    ));
  it('has expectations for every state a snapshot can rest in', () => {
    expect(transientStateKeys(tourMachine)).toEqual(['checking']);
    expect(Object.keys(stateExpectations).sort()).toEqual(
      leafStateKeys(tourMachine)
        .filter((k) => k !== 'checking')
        .sort(),
    );
  });
  // A start that adds no transition has no paths of its own.
  for (const { name, input, paths } of all.filter((s) => s.paths.length > 0)) {
    describe(`for ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => start(input), { states: stateExpectations, step: stepExpectations });
        });
      }
    });
  }
});

describe('tourMachine: docs/product.md §4 Tour and §9', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  const running = (h: Harness) => h.actor.getSnapshot().hasTag('running');

  it('starts exactly 1000 ms after the page load', async () => {
    expect(tour.delayMs).toBe(1000);
    const h = start(due);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(999);
    expect(running(h)).toBe(false);
    expect(h.actor.getSnapshot().context.stepIndex).toBe(-1);
    await vi.advanceTimersByTimeAsync(1);
    expect(running(h)).toBe(true);
    expect(h.actor.getSnapshot().context.stepIndex).toBe(0);
  });

  it('an artist past the first login starts (and stays) done', async () => {
    const h = start(firstLoginOver);
    expect(h.actor.getSnapshot().value).toBe('done');
    h.actor.send({ type: 'page.loaded' });
    h.actor.send(changed(due));
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.actor.getSnapshot().value).toBe('done');
    expect(h.actor.getSnapshot().context.stepIndex).toBe(-1);
  });

  it('does not start without a page load', async () => {
    const h = start(due);
    await vi.advanceTimersByTimeAsync(5000);
    expect(running(h)).toBe(false);
  });

  const combos = Array.from({ length: 16 }, (_, bits) => ({
    approved: Boolean(bits & 1),
    isOnline: Boolean(bits & 2),
    isFirstTimeLogin: Boolean(bits & 4),
    hasFeaturedSong: Boolean(bits & 8),
  }));
  it.each(combos)('start conditions %o', async (facts) => {
    const h = start(facts);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    const shouldRun = facts.approved && !facts.isOnline && facts.isFirstTimeLogin && !facts.hasFeaturedSong;
    expect(running(h)).toBe(shouldRun);
    expect(h.actor.getSnapshot().context.stepIndex).toBe(shouldRun ? 0 : -1);
  });

  it('restarts (after the delay) when the featured song is removed under the same conditions', async () => {
    const h = start(withSong);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(running(h)).toBe(false);
    h.actor.send(changed(due));
    expect(h.actor.getSnapshot().value).toBe('waiting');
    await vi.advanceTimersByTimeAsync(999);
    expect(running(h)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(running(h)).toBe(true);
  });

  it('does not restart on the removal when another condition fails', async () => {
    for (const other of [
      { approved: false },
      { isOnline: true },
      { isFirstTimeLogin: false },
    ] satisfies Partial<TourFacts>[]) {
      const h = start({ ...withSong, ...other });
      h.actor.send({ type: 'page.loaded' });
      h.actor.send(changed({ ...due, ...other }));
      await vi.advanceTimersByTimeAsync(2000);
      expect(running(h), JSON.stringify(other)).toBe(false);
      h.actor.stop();
    }
  });

  it('a featured song set while waiting cancels the start', async () => {
    const h = start(due);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(500);
    h.actor.send(changed(withSong));
    await vi.advanceTimersByTimeAsync(1000);
    expect(running(h)).toBe(false);
    expect(h.actor.getSnapshot().value).toBe('idle');
  });

  it.each(['tour.okay', 'tour.finish', 'tour.skip', 'tour.next'] as const)(
    '%s marks the first login done on the server, then locally, and it never starts again',
    async (type) => {
      const h = start(due);
      h.actor.send({ type: 'page.loaded' });
      await vi.advanceTimersByTimeAsync(1000);
      h.actor.send({ type });
      expect(running(h)).toBe(false);
      expect(h.actor.getSnapshot().context.stepIndex).toBe(-1);
      expect(h.fakes.calls).toEqual([{ src: 'markFirstLoginDone', input: undefined }]);
      expect(types(h.log)).toEqual(['clearToasts']);
      h.fakes.resolve('markFirstLoginDone', {});
      await flush();
      expect(types(h.log)).toEqual(['clearToasts', 'setLocalFirstLoginDone']);
      expect(h.actor.getSnapshot().value).toBe('done');
      // A stale user (still first login), a featured song removed: nothing starts it.
      h.actor.send(changed(withSong));
      h.actor.send(changed(due));
      h.actor.send({ type: 'page.loaded' });
      await vi.advanceTimersByTimeAsync(5000);
      expect(running(h)).toBe(false);
      expect(h.fakes.calls).toHaveLength(1);
    },
  );

  it('if marking fails, the tour closes and shows again on a later load', async () => {
    const h = start(due);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    h.actor.send({ type: 'tour.skip' });
    h.fakes.reject('markFirstLoginDone', { status: 500, message: 'down' });
    await flush();
    expect(types(h.log)).toEqual(['clearToasts']);
    expect(h.actor.getSnapshot().value).toBe('idle');
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(running(h)).toBe(true);
  });

  it('a missing target closes it without marking; the next load tries again', async () => {
    const h = start(due);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    h.actor.send({ type: 'tour.targetMissing' });
    expect(h.actor.getSnapshot().value).toBe('idle');
    expect(h.actor.getSnapshot().context.stepIndex).toBe(-1);
    expect(h.fakes.calls).toEqual([]);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(running(h)).toBe(true);
  });

  it('going online with the switch it points to ends it (the first login is over) without another call', async () => {
    const h = start(due);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    h.actor.send(changed({ ...due, isOnline: true, isFirstTimeLogin: false }));
    expect(h.actor.getSnapshot().value).toBe('done');
    expect(h.fakes.calls).toEqual([]);
  });

  it('the step index is -1 whenever it is not running', async () => {
    expect(tour.notRunningIndex).toBe(-1);
    const h = start(due);
    const seen: Array<[string, number]> = [];
    h.actor.subscribe((s) => seen.push([JSON.stringify(s.value), s.context.stepIndex]));
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    h.actor.send({ type: 'tour.okay' });
    h.fakes.resolve('markFirstLoginDone', {});
    await flush();
    for (const [value, index] of seen) expect(index, value).toBe(value === '"running"' ? 0 : -1);
    expect(seen.map(([v]) => v)).toEqual(['"waiting"', '"running"', '"finishing"', '"done"']);
  });

  it('gives react-joyride its props: one step on the online switch, the product labels, keyboard on, 1000 ms scroll', async () => {
    const h = start(due);
    const before = connectTour(h.actor.getSnapshot());
    expect(before.joyride.run).toBe(false);
    expect(before.joyride.stepIndex).toBe(-1);
    h.actor.send({ type: 'page.loaded' });
    await vi.advanceTimersByTimeAsync(1000);
    const view = connectTour(h.actor.getSnapshot());
    expect(view).toMatchObject({ running: true, dimmed: true, scrollLocked: true, keyboardNavigation: true });
    expect(view.joyride).toMatchObject({ run: true, stepIndex: 0, continuous: true });
    expect(view.joyride.steps).toEqual([
      {
        target: '[data-tour="online-switch"]',
        content: 'Start your artist journey and attract customers by enabling this',
        locale: { skip: 'Skip tour', back: 'Previous', next: 'Next', last: 'Finish' },
        skipBeacon: true,
      },
    ]);
    expect(view.joyride.steps).toBe(tourSteps);
    expect(view.joyride.locale).toEqual({ skip: 'Skip tour', back: 'Previous', next: 'Next', last: 'Finish' });
    expect(view.joyride.options.scrollDuration).toBe(1000);
    expect(view.joyride.options.disableFocusTrap).toBe(false);
  });

  it('maps react-joyride callbacks to events', () => {
    const at = (type: string, action: string, index = 0, size = 1) =>
      tourEventFromJoyride({ type, action, index, size });
    expect(at('step:after', 'next')).toEqual({ type: 'tour.finish' });
    expect(at('step:after', 'next', 0, 2)).toEqual({ type: 'tour.next' });
    expect(at('step:after', 'prev', 1, 2)).toEqual({ type: 'tour.previous' });
    expect(at('step:after', 'skip')).toEqual({ type: 'tour.skip' });
    // What react-joyride 3 sends for its skip button (the run ends without a step:after).
    expect(at('tour:end', 'skip')).toEqual({ type: 'tour.skip' });
    expect(at('tour:end', 'next')).toBeNull();
    expect(at('step:after', 'close')).toEqual({ type: 'tour.finish' });
    expect(at('error:target_not_found', 'update')).toEqual({ type: 'tour.targetMissing' });
    expect(at('tooltip', 'update')).toBeNull();
    expect(at('step:after', 'update')).toBeNull();
  });

  it('reads its facts from the session user', () => {
    const firstLogin: AuthUser = { ...artist, is_online: 0, is_first_time_login: 1, featured_song_path: null };
    expect(tourFactsFor(firstLogin)).toEqual(due);
    expect(tourFactsFor({ ...firstLogin, featured_song_path: 'songs/a.mp3' })).toEqual(withSong);
    expect(tourFactsFor({ ...firstLogin, is_online: 1 })).toEqual(online);
    expect(tourFactsFor({ ...firstLogin, is_first_time_login: 0 })).toEqual(firstLoginOver);
    expect(tourFactsFor({ ...firstLogin, app_status: 'for_review' }).approved).toBe(false);
    expect(tourFactsFor(customer).approved).toBe(false);
    expect(tourFactsFor(null)).toEqual({
      approved: false,
      isOnline: false,
      isFirstTimeLogin: false,
      hasFeaturedSong: false,
    });
  });
});
