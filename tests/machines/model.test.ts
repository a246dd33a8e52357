// The coverage helpers themselves: what they read from XState, pinned so that an upgrade that moves it
// fails here, by name, rather than making every machine's coverage silently empty.
import { describe, expect, it } from 'vitest';
import {
  type AnyTransitionDefinition,
  createActor,
  createMachine,
  fromPromise,
  getMicrosteps,
  type InspectionEvent,
  setup,
} from 'xstate';
import { definedTransitions, distinctPaths, expectAllTransitionsCovered, transitionsTaken } from './model';

const sample = setup({
  types: { context: {} as { n: number }, events: {} as { type: 'go'; n: number } | { type: 'back' } },
  guards: { isBig: ({ event }) => event.type === 'go' && event.n > 9 },
  actors: { load: fromPromise(async () => 1) },
}).createMachine({
  id: 'sample',
  context: { n: 0 },
  initial: 'a',
  states: {
    a: {
      on: {
        go: [{ guard: 'isBig', target: 'big' }, { target: 'b' }],
      },
    },
    b: { always: { target: 'c' } },
    c: { after: { 100: 'a' }, invoke: { id: 'load', src: 'load', onDone: 'a', onError: 'a' }, on: { back: 'a' } },
    big: { type: 'final' },
  },
});

const node = (key: 'a' | 'b' | 'c') => {
  const found = sample.root.states[key];
  if (!found) throw new Error(`no state ${key}`);
  return found;
};
const go = (n: number) => ({ type: 'go', n }) as const;

describe('what the coverage reads from XState', () => {
  it('inspection reports each microstep with the transition definitions of the state nodes (`_transitions`)', () => {
    const microsteps: AnyTransitionDefinition[][] = [];
    const actor = createActor(sample, {
      inspect: (inspection: InspectionEvent) => {
        if (inspection.type === '@xstate.microstep') microsteps.push(inspection._transitions);
      },
    }).start();
    microsteps.length = 0;
    actor.send(go(1));
    const sent = [...microsteps];
    actor.stop();
    // The go alternative and the eventless step after it, as the very objects the state nodes hold.
    expect(sent).toHaveLength(2);
    expect(sent[0]?.[0]).toBe(node('a').transitions.get('go')?.[1]);
    expect(sent[1]?.[0]).toBe(node('b').always?.[0]);
  });

  it('lists every defined transition from the public state nodes: events, alternatives, always, after, invoke', () => {
    expect([...definedTransitions(sample).keys()]).toEqual([
      'a —go [isBig]→ big',
      'a —go→ b',
      'b —always→ c',
      'c —back→ a',
      'c —done.actor.load→ a',
      'c —error.actor.load→ a',
      'c —after.100.sample.c→ a',
    ]);
    // The same transitions as the public `on`, `after` and `always` views of each node.
    const viaViews = Object.values(sample.root.states).flatMap((n) => [
      ...Object.values(n.on).flat(),
      ...(n.always ?? []),
    ]);
    expect(new Set(viaViews)).toEqual(new Set(definedTransitions(sample).values()));
    expect(node('c').after.map((t) => t.eventType)).toEqual(['xstate.after.100.sample.c']);
  });

  it('names the transition a step takes, guarded alternative and eventless followers included', () => {
    const start = createActor(sample).getSnapshot();
    const label = (ts: AnyTransitionDefinition[]) => {
      const byTransition = new Map([...definedTransitions(sample)].map(([l, t]) => [t, l]));
      return ts.map((t) => byTransition.get(t));
    };
    expect(label(transitionsTaken(sample, start, go(1), undefined))).toEqual(['a —go→ b', 'b —always→ c']);
    expect(label(transitionsTaken(sample, start, go(10), undefined))).toEqual(['a —go [isBig]→ big']);
    expect(transitionsTaken(sample, start, { type: 'back' }, undefined)).toEqual([]);
  });

  it('agrees with the public API: getTransitionData picks the same alternative, getMicrosteps counts the same steps', () => {
    const start = createActor(sample).getSnapshot();
    for (const event of [go(1), go(10)]) {
      const taken = transitionsTaken(sample, start, event, undefined);
      expect(taken[0]).toBe(sample.getTransitionData(start, event)[0]);
      expect(taken).toHaveLength(getMicrosteps(sample, start, event).length);
    }
  });

  it("counts the machine's own (root) transitions, and a step that only consumes the event", () => {
    const withRoot = createMachine({
      id: 'withRoot',
      initial: 'a',
      on: { ping: {}, reset: '.a' },
      states: { a: { on: { next: 'b' } }, b: {} },
    });
    expect([...definedTransitions(withRoot).keys()]).toEqual([
      '(machine) —ping→ (stays)',
      '(machine) —reset→ a',
      'a —next→ b',
    ]);
    const start = createActor(withRoot).getSnapshot();
    // `can` says no to a transition without target or actions; it is still defined, and taken.
    expect(start.can({ type: 'ping' })).toBe(false);
    expect(transitionsTaken(withRoot, start, { type: 'ping' }, undefined)).toHaveLength(1);
  });
});

describe('distinct paths and the coverage rule', () => {
  const path = (...events: Array<ReturnType<typeof go> | { type: 'back' }>) => {
    const actor = createActor(sample).start();
    const steps = [{ state: actor.getSnapshot(), event: { type: 'xstate.init' } }];
    for (const event of events) {
      actor.send(event);
      steps.push({ state: actor.getSnapshot(), event });
    }
    actor.stop();
    return { state: actor.getSnapshot(), steps, weight: events.length };
  };

  it('keeps a path only if it takes a transition (state, event, alternative) no earlier one took', () => {
    const paths = [path(go(1)), path(go(1), { type: 'back' }), path(go(1), { type: 'back' }), path(go(10))];
    expect(distinctPaths(sample, paths).map((p) => p.steps.length)).toEqual([2, 2, 3]);
    // A payload the test lists apart is its own step, even when it takes the same alternative.
    expect(distinctPaths(sample, [path(go(1)), path(go(2))])).toHaveLength(2);
  });

  it('fails on a transition no path takes, and on a listed one that a path does take', () => {
    const paths = distinctPaths(sample, [path(go(1), { type: 'back' }), path(go(10))]);
    const notTimed = {
      'c —done.actor.load→ a': 'not played here',
      'c —error.actor.load→ a': 'not played here',
      'c —after.100.sample.c→ a': 'not played here',
    };
    expect(expectAllTransitionsCovered(sample, paths, notTimed)).toEqual({ taken: 4, total: 7, unreachable: 3 });
    expect(() => expectAllTransitionsCovered(sample, paths)).toThrow(/no generated path takes/);
    expect(() => expectAllTransitionsCovered(sample, paths, { ...notTimed, 'c —back→ a': 'wrong' })).toThrow(
      /yet taken/,
    );
  });
});
