// Starting a part of the app on first use (machines/lazy-child.machine.ts): the code loads with the
// first need, what the part is told meanwhile is kept and passed on in order once its children run,
// a failed load is reported and the next need tries again.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, createMachine, type EventObject, fromCallback } from 'xstate';
import {
  heldBy,
  type LazyChildInput,
  type LoadedChildren,
  lazyChildMachine,
  loadingWith,
  toStart,
} from '../../machines/lazy-child.machine';
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
  runPath,
  type StepCheck,
  sentTo,
} from './model';

const loadFailure = new Error('Failed to fetch dynamically imported module');

/**
 * Where the recorders log: the log of the actor a path drives (the traversal starts children too, and
 * what they log is thrown away). A child logs what it hears as `to:<its name>`; the parent `to:parent`.
 */
let log: ActionLog = [];
const recorder = fromCallback<EventObject, { name: string }>(({ input, receive }) => {
  receive((event) => log.push(sentTo(input.name, event as EventObject & Record<string, unknown>)));
});
const parent = createActor(recorder, { input: { name: 'parent' } }).start();

/** Two children, `a` and `b`, as the load gives them. */
const loaded: LoadedChildren = { a: toStart(recorder, { name: 'a' }), b: toStart(recorder, { name: 'b' }) };

const toA = { type: 'child.tell', to: 'a', event: { type: 'first' } } as const;
const toB = { type: 'child.tell', to: 'b', event: { type: 'second' } } as const;

/** The three ways the app uses it: the modals and the draft, the player, the forms. */
const inputs: Record<string, LazyChildInput> = {
  'every message, none before a need (the modals)': { reportTo: parent },
  'every message, after a first step (the draft)': { reportTo: parent, waitWhile: 'busy' },
  'the newest message only (the player)': { reportTo: parent, keep: 'latest' },
  'every message, from the start (the forms)': { reportTo: parent, holdEarly: true },
};

const events = (s: any) => [
  { type: 'child.needed' },
  toA,
  toB,
  // A loader settles only while it runs (an error event nobody invoked would stop the actor).
  ...(s.matches('loading')
    ? [
        { type: 'xstate.done.actor.load', output: loaded },
        { type: 'xstate.error.actor.load', error: loadFailure },
      ]
    : []),
  ...(s.matches('starting') ? [{ type: 'xstate.done.actor.settled', output: [] }] : []),
];

/** A step is told apart by its state, whether the children run and whether anything is held. */
const serializeState = (s: any) => JSON.stringify([s.value, s.context.children !== null, s.context.held.length > 0]);

const harnessFor = (input: LazyChildInput) => (): Harness => {
  const fakes = new FakeCalls();
  log = [];
  const logic = lazyChildMachine.provide({
    actors: { load: fakes.actor<LoadedChildren, unknown>('load'), settled: fakes.actor('settled') },
  });
  return { actor: createActor(logic, { input }).start(), fakes, log };
};

const messages = (held: Array<{ to: string; event: EventObject }>) =>
  held.map(({ to, event }) => sentTo(to, event as any));

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    // Nothing asked for the code: no load, no child, nothing reported.
    expect(h.fakes.calls).toHaveLength(0);
    expect(s.context.children).toBeNull();
    expect(h.log.filter((entry) => entry.type === 'to:parent')).toEqual([]);
  },
  loading: (s, h) => {
    expect(h.fakes.pending.has('load')).toBe(true);
    expect(s.context.children).toBeNull();
    expect(s.hasTag('loading')).toBe(true);
  },
  starting: (s, h) => {
    // Its children run, but hear nothing until their first step is done.
    expect(Object.keys(s.context.children)).toEqual(['a', 'b']);
    expect(h.fakes.pending.has('settled')).toBe(true);
    expect(s.hasTag('loading')).toBe(true);
  },
  running: (s) => {
    expect(Object.keys(s.context.children)).toEqual(['a', 'b']);
    for (const child of Object.values(s.context.children) as AnyActorRef[])
      expect(child.getSnapshot().status).toBe('active');
    expect(s.context.held).toEqual([]);
    expect(s.hasTag('loading')).toBe(false);
  },
  failed: (s, h) => {
    expect(s.hasTag('failed')).toBe(true);
    expect(s.context.children).toBeNull();
    expect(h.fakes.pending.has('load')).toBe(false);
  },
};

/**
 * What each step did, written from the rules rather than the machine: a message reaches its child at
 * once when the children run, else it is kept (only the newest, for the player; before any need, only
 * where early messages are kept) and passed on in order once they run; a load reports to the parent.
 */
function checkStep({ event, before, after, actions }: StepCheck<Harness>) {
  const { keep, holdEarly, waitWhile } = before.context;
  const toParent = actions.filter((entry) => entry.type === 'to:parent');
  const toChildren = actions.filter((entry) => entry.type !== 'to:parent');
  if (event.type === 'child.tell') {
    const message = { to: event.to as string, event: event.event as EventObject };
    const waiting = before.matches('loading') || before.matches('starting');
    if (before.matches('running')) expect(toChildren).toEqual(messages([message]));
    else expect(toChildren).toEqual([]);
    if (before.matches('running')) expect(after.context.held).toEqual([]);
    else if (waiting || holdEarly)
      expect(after.context.held).toEqual(keep === 'latest' ? [message] : [...before.context.held, message]);
    else expect(after.context.held).toEqual(before.context.held);
  }
  if (event.type === 'xstate.done.actor.load') {
    expect(toParent).toHaveLength(1);
    const report = toParent[0]?.params as any;
    expect(report.type).toBe('child.started');
    expect(Object.keys(report.children)).toEqual(['a', 'b']);
    // Held messages wait for the first step where there is one.
    expect(toChildren).toEqual(waitWhile ? [] : messages(before.context.held));
  } else if (event.type === 'xstate.done.actor.settled') {
    expect(toChildren).toEqual(messages(before.context.held));
  } else if (event.type === 'xstate.error.actor.load') {
    expect(toParent).toEqual([sentTo('parent', { type: 'child.failed' })]);
    expect(after.context.held).toEqual([]);
  } else expect(toParent).toEqual([]);
  // A need loads the code, unless it is loading or loaded.
  if (event.type === 'child.needed')
    expect(after.matches('loading')).toBe(
      before.matches('idle') || before.matches('failed') || before.matches('loading'),
    );
}

describe('lazyChildMachine: model-based paths', () => {
  // Each way of use walks every transition it can take (the rules that hang on context alone, such as
  // keeping only the newest message, are the targeted tests below).
  const machinePaths = Object.entries(inputs).flatMap(([name, input]) =>
    getTransitionPaths(lazyChildMachine, { events, serializeState, input }).map((path) => ({
      name,
      input,
      path,
    })),
  );

  it('takes every transition and reaches every state', () => {
    const paths = machinePaths.map(({ path }) => path);
    expectAllTransitionsCovered(lazyChildMachine, paths);
    expectAllStatesCovered(lazyChildMachine, paths);
  });
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(lazyChildMachine).sort());
  });

  it.each(machinePaths.map(({ name, input, path }) => [`${name}: ${describePath(path)}`, input, path] as const))(
    '%s',
    async (_name, input, path) => {
      await runPath(path, harnessFor(input), { states: stateExpectations, step: checkStep, serializeState });
    },
  );
});

describe('lazyChildMachine: a part started on first use', () => {
  /** A parent that invokes the lazy child with `input` and keeps its reports. */
  function startUnder(input: LazyChildInput, load: () => Promise<LoadedChildren>) {
    const reports: EventObject[] = [];
    const host = createMachine({
      invoke: { id: 'part', src: loadingWith(load), input: ({ self }) => ({ ...input, reportTo: self }) },
      on: { '*': { actions: ({ event }) => reports.push(event) } },
    });
    const actor = createActor(host).start();
    const part = actor.getSnapshot().children.part as AnyActorRef;
    return { actor, part, reports };
  }

  /** A child that records what it hears, busy until told `ready`. */
  const busyUntilReady = (heard: string[]) =>
    createMachine({
      initial: 'busy',
      states: {
        busy: { tags: ['busy'], on: { ready: 'idle', '*': { actions: ({ event }) => heard.push(event.type) } } },
        idle: { on: { '*': { actions: ({ event }) => heard.push(event.type) } } },
      },
    });

  it('starts the children under their names as systemIds and reports them to the parent', async () => {
    const heard: string[] = [];
    const { actor, part, reports } = startUnder({ systemIds: true }, async () => ({
      draft: toStart(busyUntilReady(heard), undefined),
    }));
    part.send({ type: 'child.needed' });
    await flush();
    const draft = actor.system.get('draft');
    expect(draft).toBeDefined();
    expect(reports).toEqual([{ type: 'child.started', children: { draft } }]);
  });

  it('with waitWhile, what it was told waits until no child has the tag, then arrives in order', async () => {
    const heard: string[] = [];
    const { part } = startUnder({ waitWhile: 'busy' }, async () => ({
      draft: toStart(busyUntilReady(heard), undefined),
    }));
    part.send({ type: 'child.needed' });
    part.send({ type: 'child.tell', to: 'draft', event: { type: 'one' } });
    part.send({ type: 'child.tell', to: 'draft', event: { type: 'two' } });
    await flush();
    expect(part.getSnapshot().value).toBe('starting');
    expect(heard).toEqual([]);
    expect(heldBy(part).map((event) => event.type)).toEqual(['one', 'two']);
    part.getSnapshot().context.children.draft.send({ type: 'ready' });
    await flush();
    expect(part.getSnapshot().value).toBe('running');
    expect(heard).toEqual(['one', 'two']);
    part.send({ type: 'child.tell', to: 'draft', event: { type: 'three' } });
    expect(heard).toEqual(['one', 'two', 'three']);
  });

  it('keeps only the newest message where told so, and drops what came before any need', async () => {
    const heard: string[] = [];
    let release: (children: LoadedChildren) => void = () => {};
    const { part } = startUnder({ keep: 'latest' }, () => new Promise((resolve) => (release = resolve)));
    part.send({ type: 'child.tell', to: 'player', event: { type: 'early' } });
    expect(heldBy(part)).toEqual([]);
    part.send({ type: 'child.needed' });
    part.send({ type: 'child.tell', to: 'player', event: { type: 'ana' } });
    part.send({ type: 'child.tell', to: 'player', event: { type: 'ben' } });
    release({ player: toStart(busyUntilReady(heard), undefined) });
    await flush();
    expect(heard).toEqual(['ben']);
  });

  it('reports a failed load, drops what it kept, and loads again with the next need', async () => {
    let attempt = 0;
    const heard: string[] = [];
    const { part, reports } = startUnder({ holdEarly: true }, async () => {
      attempt += 1;
      if (attempt === 1) throw loadFailure;
      return { form: toStart(busyUntilReady(heard), undefined) };
    });
    part.send({ type: 'child.tell', to: 'form', event: { type: 'lost' } });
    part.send({ type: 'child.needed' });
    await flush();
    expect(reports).toEqual([{ type: 'child.failed' }]);
    expect(part.getSnapshot().hasTag('failed')).toBe(true);
    expect(heldBy(part)).toEqual([]);
    // Kept even after a failure, where early messages are kept (a prefill before Try again).
    part.send({ type: 'child.tell', to: 'form', event: { type: 'kept' } });
    part.send({ type: 'child.needed' });
    await flush();
    expect(attempt).toBe(2);
    expect(heard).toEqual(['kept']);
  });
});
