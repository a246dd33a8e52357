// Model-based testing helpers: paths are generated from the real machines with xstate/graph
// (getShortestPaths/getSimplePaths), then a real actor is driven along each path. Actor results and
// timers in a path are played by in-memory fakes: `xstate.done.actor.<id>` resolves the pending fake
// call, `xstate.error.actor.<id>` rejects it, `xstate.after.<delay>.<state>` advances fake timers.
import { expect, vi } from 'vitest';
import {
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  createActor,
  type EventObject,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  type StateValue,
  setup,
} from 'xstate';
import {
  type AdjacencyMap,
  getAdjacencyMap,
  getStateNodes,
  type SerializedSnapshot,
  type StatePath,
  serializeSnapshot,
  type TraversalOptions,
} from 'xstate/graph';

/**
 * Transition coverage: for every state the traversal finds and every event that state handles
 * (the machine's public getTransitionData), the shortest path to the state followed by that event. Shortest paths alone cover
 * states, and a transition into an already-known state would otherwise never be played. Only the
 * paths that take a transition no shorter path took are kept (see distinctPaths); pass one `seen`
 * to several calls (one per input) to keep only what each start adds.
 */
export function getTransitionPaths<M extends AnyStateMachine>(
  machine: M,
  options: TraversalOptions<any, any, any>,
  seen: Set<string> = new Set(),
): StatePath<any, any>[] {
  const adjacency = getAdjacencyMap(machine, options) as AdjacencyMap<any, any>;
  const shortest = shortestPaths(adjacency, options);
  const paths: StatePath<any, any>[] = [];
  for (const [key, { state, transitions }] of Object.entries(adjacency)) {
    const head = shortest.get(key);
    if (!head) continue;
    let played = false;
    for (const { event, state: next } of Object.values(transitions) as Array<{ event: EventObject; state: any }>) {
      // Any transition the event selects, one that does nothing visible included (`can` leaves those out).
      if (machine.getTransitionData(state, event).length === 0) continue;
      played = true;
      paths.push({ state: next, steps: [...head.steps, { event, state: next }], weight: head.weight + 1 });
    }
    // A state that takes no event (a final one) is still a path's end when the start leads there.
    if (!played && head.steps.length === 1) paths.push(head);
  }
  return distinctPaths(machine, paths, { input: options.input, seen });
}

/**
 * The shortest path to every state of the adjacency map, breadth first from its first entry (the
 * start): what getShortestPaths returns, without traversing the machine a second time.
 */
function shortestPaths(
  adjacency: AdjacencyMap<any, any>,
  options: TraversalOptions<any, any, any>,
): Map<string, StatePath<any, any>> {
  const serialize = (s: any) =>
    (options.serializeState
      ? options.serializeState(s, undefined, undefined)
      : serializeSnapshot(s)) as SerializedSnapshot;
  const [startKey] = Object.keys(adjacency) as SerializedSnapshot[];
  const paths = new Map<string, StatePath<any, any>>();
  if (startKey === undefined) return paths;
  const start = adjacency[startKey]?.state;
  paths.set(startKey, { state: start, steps: [{ state: start, event: { type: 'xstate.init' } }], weight: 0 });
  const queue: SerializedSnapshot[] = [startKey];
  for (const key of queue) {
    const head = paths.get(key);
    const node = adjacency[key];
    if (!head || !node) continue;
    for (const { event, state } of Object.values(node.transitions) as Array<{ event: EventObject; state: any }>) {
      const next = serialize(state);
      if (paths.has(next)) continue;
      paths.set(next, { state, steps: [...head.steps, { event, state }], weight: head.weight + 1 });
      queue.push(next);
    }
  }
  return paths;
}

/** Every key a state value matches: { a: { b: {} } } → ['a', 'a.b']. */
export function valueKeys(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, child]) => [
    prefix + key,
    ...(child === undefined ? [] : valueKeys(child as StateValue, `${prefix}${key}.`)),
  ]);
}

/** The deepest key of a state value (of a machine without parallel states). */
export function leafKey(value: StateValue): string {
  const keys = valueKeys(value);
  return keys[keys.length - 1] ?? '';
}

/** The key of each active leaf: one, or one per region of a parallel state. */
function leafKeys(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
      ? [prefix + key]
      : leafKeys(child as StateValue, `${prefix}${key}.`),
  );
}

/** Every state node of the machine by dotted path. */
function allStateKeys(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.path.join('.'));
}

/** State nodes without children. */
export function leafStateKeys(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => Object.keys(node.states).length === 0)
    .map((node) => node.path.join('.'));
}

/** States a machine only passes through (eventless `always` transitions): no snapshot rests there. */
export function transientStateKeys(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.always !== undefined && node.always.length > 0)
    .map((node) => node.path.join('.'));
}

/** Every state key some step of some path rests in. */
function visitedStateKeys(paths: StatePath<any, any>[]): Set<string> {
  return new Set(paths.flatMap((path) => path.steps.flatMap((step) => valueKeys(step.state.value))));
}

/** The coverage rule: every non-transient state node is reached by at least one path. */
export function expectAllStatesCovered(
  machine: AnyStateMachine,
  paths: StatePath<any, any>[],
  /** States these paths do not reach on purpose, each with where it is tested instead. */
  elsewhere: Record<string, string> = {},
): void {
  const transient = new Set(transientStateKeys(machine));
  const visited = visitedStateKeys(paths);
  const missing = allStateKeys(machine).filter(
    (key) => !transient.has(key) && !visited.has(key) && !(key in elsewhere),
  );
  expect(missing, 'states no generated path reaches').toEqual([]);
  const stale = Object.keys(elsewhere).filter((key) => visited.has(key));
  expect(stale, 'listed as tested elsewhere, yet reached here').toEqual([]);
}

// ---- Transition coverage ---------------------------------------------------------------------------
// The transitions a machine defines are read from its public state nodes (`transitions`, `always`).
// Which of them a step takes is what XState reports to inspectors (`@xstate.microstep`); its
// `_transitions` field is the one unstable part used, and model.test.ts pins its shape.

/** How a transition is named in coverage reports: `source —event [guard]→ target`. */
function transitionLabel(transition: AnyTransitionDefinition): string {
  const source = transition.source.path.join('.') || '(machine)';
  const event = transition.eventType === '' ? 'always' : transition.eventType.replace(/^xstate\./, '');
  const guard = transition.guard ? ` [${guardName(transition.guard)}]` : '';
  const targets = (transition.target ?? []).map((t: AnyStateNode) => t.path.join('.') || '(machine)');
  return `${source} —${event}${guard}→ ${targets.length ? targets.join(', ') : '(stays)'}`;
}

/** A named guard by its name; a combinator (and, or, not) or an inline guard by its function's name. */
function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return `${guard.name || 'inline'}(…)`;
  return 'guard';
}

/** Every transition the machine defines (events, invocations, timers, eventless), by label. */
export function definedTransitions(machine: AnyStateMachine): Map<string, AnyTransitionDefinition> {
  const byLabel = new Map<string, AnyTransitionDefinition>();
  // The root's own transitions (events any state handles) count too.
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    const all = [...node.transitions.values()].flat().concat((node.always ?? []) as AnyTransitionDefinition[]);
    for (const transition of all) {
      let label = transitionLabel(transition);
      // Two candidates alike in every named part (combinators, inline guards): told apart by their order.
      for (let n = 2; byLabel.has(label); n++) label = `${transitionLabel(transition)} #${n}`;
      byLabel.set(label, transition);
    }
  }
  return byLabel;
}

/**
 * The transitions taken on the way from `snapshot` by `event`, the eventless ones after it included,
 * as XState reports them to an inspector of the actor's system (the transition is computed with the
 * machine's public `transition`/`getInitialSnapshot`; no action runs).
 */
export function transitionsTaken(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot | undefined,
  event: EventObject,
  input: unknown,
): AnyTransitionDefinition[] {
  const { scope, sink } = inspectedScope(machine, input);
  sink.length = 0;
  if (event.type === 'xstate.init' || !snapshot) machine.getInitialSnapshot(scope, input);
  else {
    // A snapshot whose invoked actor failed to start (the machine's own actors are stubs until the app
    // provides them) says `error`; the graph moved on from it as from an active one, and so does this.
    const from =
      snapshot.status === 'error' ? ({ ...snapshot, status: 'active', error: undefined } as never) : snapshot;
    machine.transition(from, event, scope);
  }
  return [...sink];
}

/** One inert scope per machine and input (an actor is costly to create), its inspector filling `sink`. */
const scopes = new WeakMap<AnyStateMachine, Map<unknown, { scope: AnyActorScope; sink: AnyTransitionDefinition[] }>>();
function inspectedScope(machine: AnyStateMachine, input: unknown) {
  const byInput = scopes.get(machine) ?? new Map();
  scopes.set(machine, byInput);
  const known = byInput.get(input);
  if (known) return known;
  const sink: AnyTransitionDefinition[] = [];
  // Inspected from here on: the actor's own start (computed as it is created) is not a step.
  const self = createActor(machine, { input });
  self.system.inspect((inspection: InspectionEvent) => {
    if (inspection.type === '@xstate.microstep') sink.push(...inspection._transitions);
  });
  // An inert scope (XState's own pure `transition` builds the same): actions are computed, not run.
  const scope: AnyActorScope = {
    self,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    emit: () => {},
    system: self.system,
    stopChild: () => {},
    actionExecutor: () => {},
  };
  const entry = { scope, sink };
  byInput.set(input, entry);
  return entry;
}

const inputs = new WeakMap<object, unknown>();
/** The labels of the transitions each step of a path takes (its start step included). */
const stepsTaken = new WeakMap<object, string[][]>();

/**
 * Keeps, in order of length, only the paths that take a transition no path before them took: a
 * transition here is the state value it leaves, the event as listed (type and payload) and the
 * alternative (guarded candidate) taken, with any eventless ones after it. Paths that differ only in context add no coverage. `seen`
 * carries what earlier lists took, so that several starts (inputs) share one budget.
 */
export function distinctPaths<P extends StatePath<any, any>>(
  machine: AnyStateMachine,
  paths: P[],
  { input, seen = new Set() }: { input?: unknown; seen?: Set<string> } = {},
): P[] {
  const labelOf = labelsByTransition(machine);
  // One computation per (snapshot, event), both told apart by identity: paths share their heads'
  // snapshots and the listed events (JSON would be slow, and would make every File payload `{}`).
  const cache = new Map<string, string[]>();
  const ids = new Map<object, number>();
  const idOf = (item: object) => {
    if (!ids.has(item)) ids.set(item, ids.size);
    return ids.get(item);
  };
  const kept: P[] = [];
  const byLength = [...paths].sort((a, b) => a.steps.length - b.steps.length);
  for (const path of byLength) {
    inputs.set(path, input);
    let previous: AnyMachineSnapshot | undefined;
    const taken: string[][] = [];
    let adds = false;
    for (const step of path.steps) {
      const cacheKey = `${previous ? idOf(previous) : '(start)'} ${idOf(step.event)}`;
      let labels = cache.get(cacheKey);
      if (!labels) {
        labels = transitionsTaken(machine, previous, step.event, input).flatMap((t) => labelOf.get(t) ?? []);
        cache.set(cacheKey, labels);
      }
      taken.push(labels);
      const key = `${previous ? JSON.stringify(previous.value) : '(start)'} ${eventKey(step.event)} ${labels.join(' | ')}`;
      if (!seen.has(key)) {
        seen.add(key);
        adds = true;
      }
      previous = step.state;
    }
    stepsTaken.set(path, taken);
    if (adds) kept.push(path);
  }
  return kept;
}

/**
 * An event as the test lists it: its JSON, with any object that is not plain data (a File, a Blob)
 * named by identity, since its JSON would be `{}` whatever it holds.
 */
function eventKey(event: EventObject): string {
  return JSON.stringify(event, (_key, value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return value;
    if (!objectIds.has(value)) objectIds.set(value, objectIds.size + 1);
    return `#object ${objectIds.get(value)}`;
  });
}
const objectIds = new Map<object, number>();

function labelsByTransition(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  return new Map([...definedTransitions(machine)].map(([label, transition]) => [transition, label]));
}

/** The labels every step of `path` takes: remembered by distinctPaths, or computed here. */
function labelsTakenBy(machine: AnyStateMachine, path: StatePath<any, any>): string[] {
  const remembered = stepsTaken.get(path);
  if (remembered) return remembered.flat();
  const labelOf = labelsByTransition(machine);
  const input = inputs.get(path);
  let previous: AnyMachineSnapshot | undefined;
  const labels: string[] = [];
  for (const step of path.steps) {
    for (const t of transitionsTaken(machine, previous, step.event, input)) labels.push(labelOf.get(t) ?? '');
    previous = step.state;
  }
  return labels;
}

/**
 * The transition-coverage rule, one for every machine: every transition the machine defines is taken
 * by some step of some path, or is listed in `unreachable` (by its label) with the reason no path can
 * take it. A listed transition that a path does take, or one the machine no longer defines, fails
 * too, so the list stays true. Returns the counts for reports.
 */
export function expectAllTransitionsCovered(
  machine: AnyStateMachine,
  paths: StatePath<any, any>[],
  unreachable: Record<string, string> = {},
): { taken: number; total: number; unreachable: number } {
  const defined = definedTransitions(machine);
  const taken = new Set(paths.flatMap((path) => labelsTakenBy(machine, path)));
  const missing = [...defined.keys()].filter((label) => !taken.has(label) && !(label in unreachable));
  expect(missing, 'transitions no generated path takes (add a path, or list them with a reason)').toEqual([]);
  const stale = Object.keys(unreachable).filter((label) => taken.has(label) || !defined.has(label));
  expect(stale, 'listed as unreachable, yet taken or no longer defined').toEqual([]);
  for (const [label, reason] of Object.entries(unreachable)) expect(reason.trim(), `reason for ${label}`).not.toBe('');
  const counts = { taken: [...defined.keys()].filter((l) => taken.has(l)).length, total: defined.size };
  // COVERAGE_REPORT=1 prints the figures of each machine.
  if (process.env.COVERAGE_REPORT)
    console.log(
      `coverage ${machine.id}: ${counts.taken}/${counts.total}, unreachable ${Object.keys(unreachable).length}`,
    );
  return { ...counts, unreachable: Object.keys(unreachable).length };
}

export function describePath(path: StatePath<any, any>): string {
  const events = path.steps.slice(1).map((step) => step.event.type.replace(/^xstate\./, ''));
  return `${leafKey(path.state.value)} via ${events.length ? events.join(' → ') : '(start)'}`;
}

interface PendingCall {
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Promise actors whose calls wait until the test settles them (by invoke id = actor name). */
export class FakeCalls {
  readonly pending = new Map<string, PendingCall>();
  readonly calls: Array<{ src: string; input: unknown }> = [];

  actor<TOutput, TInput>(src: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.calls.push({ src, input });
          this.pending.set(src, { input, resolve: resolve as (o: unknown) => void, reject });
          signal.addEventListener('abort', () => this.pending.delete(src));
        }),
    );
  }

  resolve(src: string, output: unknown): void {
    const call = this.take(src);
    call.resolve(output);
  }

  reject(src: string, error: unknown): void {
    const call = this.take(src);
    call.reject(error);
  }

  private take(src: string): PendingCall {
    const call = this.pending.get(src);
    if (!call)
      throw new Error(`no pending ${src} call to settle (pending: ${[...this.pending.keys()].join(', ') || 'none'})`);
    this.pending.delete(src);
    return call;
  }
}

/** Named actions that only record what they were called with. */
export type ActionLog = Array<{ type: string; params: unknown }>;
export function recordingActions<const N extends string>(
  names: readonly N[],
  log: ActionLog,
): Record<N, (args: unknown, params: unknown) => void> {
  return Object.fromEntries(
    names.map((name) => [
      name,
      (_args: unknown, params: unknown) => {
        log.push({ type: name, params });
      },
    ]),
  ) as Record<N, (args: unknown, params: unknown) => void>;
}

/** How a peer's received event is logged: `{ type: 'to:<systemId>', params: event }`. */
export const sentTo = (systemId: string, event: EventObject & Record<string, unknown>) => ({
  type: `to:${systemId}`,
  params: event,
});

/**
 * Starts `logic` (with `input`) in a small actor system beside a recorder registered under each of
 * `peers`' systemIds, as the app root registers its children: every event the subject sends to
 * `system.get(peer)` is logged into `log` as `sentTo(peer, event)`, in the order it arrives.
 * Returns the subject, whose stop() stops the whole system (XState stops no child on its own).
 */
export function startWithPeers<T extends AnyActorLogic>(
  logic: T,
  { peers, log, input }: { peers: readonly string[]; log: ActionLog; input?: unknown },
): ActorRefFrom<T> {
  const recorder = (systemId: string) =>
    fromCallback<EventObject>(({ receive }) => {
      receive((event) => {
        log.push(sentTo(systemId, event));
      });
    });
  const system = setup({
    actors: { subject: logic, ...Object.fromEntries(peers.map((id) => [id, recorder(id)])) } as Record<
      string,
      AnyActorLogic
    >,
  }).createMachine({
    // The peers first: the subject may send to them from its very first step.
    invoke: [
      ...peers.map((id) => ({ id: `peer:${id}`, systemId: id, src: id })),
      { id: 'subject', src: 'subject', input: () => input },
    ],
  });
  const root = createActor(system).start();
  const subject = root.getSnapshot().children.subject as AnyActorRef;
  subject.stop = () => {
    root.stop();
    return subject;
  };
  return subject as ActorRefFrom<T>;
}

/** Lets settled promises reach the actor (all microtasks, then one macrotask turn). */
export async function flush(): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await new Promise<void>((resolve) => setImmediate(resolve));
}

export interface Harness {
  actor: AnyActorRef;
  fakes: FakeCalls;
  log: ActionLog;
}

export interface StepCheck<H extends Harness> {
  harness: H;
  event: EventObject & Record<string, unknown>;
  before: ReturnType<AnyActorRef['getSnapshot']>;
  after: ReturnType<AnyActorRef['getSnapshot']>;
  /** Actions recorded while this step ran. */
  actions: ActionLog;
}

/** Plays one generated event on a live actor. */
async function playEvent(harness: Harness, event: EventObject & Record<string, unknown>): Promise<void> {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (done?.[1]) {
    harness.fakes.resolve(done[1], event.output);
    await flush();
  } else if (error?.[1]) {
    harness.fakes.reject(error[1], event.error);
    await flush();
  } else if (event.type.startsWith('xstate.after.')) {
    await vi.advanceTimersToNextTimerAsync();
    await flush();
  } else {
    harness.actor.send(event);
    await flush();
  }
}

/**
 * Drives a fresh actor along `path`: after each step the live snapshot must equal the one the graph
 * predicted (value and context), then the state's and the step's expectations run.
 */
export async function runPath<H extends Harness>(
  path: StatePath<any, any>,
  start: () => H,
  expectations: {
    states: Record<string, (snapshot: any, harness: H) => void>;
    step?: (check: StepCheck<H>) => void;
    /**
     * When the traversal told states apart by an abstraction (a custom serializeState), the path's
     * snapshots are representatives: compare the live actor to them through the same abstraction.
     */
    serializeState?: (snapshot: any) => string;
  },
): Promise<void> {
  const same = (live: any, predicted: any, label: string) => {
    if (expectations.serializeState) {
      expect(expectations.serializeState(live), label).toEqual(expectations.serializeState(predicted));
    } else {
      expect(live.value, label).toEqual(predicted.value);
      expect(live.context, `context ${label}`).toEqual(predicted.context);
    }
  };
  const harness = start();
  const [first, ...rest] = path.steps;
  // Each active leaf's expectations: one, or one per region of a parallel state.
  const checkState = () => {
    const snapshot = harness.actor.getSnapshot();
    for (const key of leafKeys(snapshot.value)) {
      const expectState = expectations.states[key];
      if (!expectState) throw new Error(`no expectations for state ${key}`);
      expectState(snapshot, harness);
    }
  };
  same(harness.actor.getSnapshot(), first?.state, 'at start');
  checkState();
  for (const step of rest) {
    const before = harness.actor.getSnapshot();
    const logStart = harness.log.length;
    await playEvent(harness, step.event);
    const after = harness.actor.getSnapshot();
    same(after, step.state, `after ${step.event.type}`);
    checkState();
    expectations.step?.({ harness, event: step.event, before, after, actions: harness.log.slice(logStart) });
  }
  harness.actor.stop();
}

/** Action types in the order they ran. */
export function types(log: ActionLog): string[] {
  return log.map((entry) => entry.type);
}
