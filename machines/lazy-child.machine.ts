// One way to start a part of the app on first use. The account modals, their forms, the order draft,
// the player and a signed-in account's children each run under one of these, so that a visitor who
// never needs a part never downloads its code: the first need downloads it (`load`, a dynamic import
// the app supplies), what the part is told meanwhile is kept (every message in order, or only the
// newest), then its children start and hear what they missed, in order; later messages go straight
// through. A download that fails is reported, what was kept is dropped, and the next need tries again.
import {
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  assign,
  type EventObject,
  enqueueActions,
  fromPromise,
  type InputFrom,
  type SnapshotFrom,
  setup,
  waitFor,
} from 'xstate';

/** One child to start once the code has loaded: its logic and its input. */
export interface ChildToStart {
  logic: AnyActorLogic;
  input: unknown;
}

/** A child to start, its input checked against its logic. */
export const toStart = <L extends AnyActorLogic>(logic: L, input: InputFrom<L>): ChildToStart => ({ logic, input });

/** What `load` gives: the children to start, by name. */
export type LoadedChildren = Record<string, ChildToStart>;

/** A message for one of the children, by name. */
export interface ChildMessage {
  to: string;
  event: EventObject;
}

export interface LazyChildInput {
  /** `all` (default): every message, in order; `latest`: only the newest (a newer play replaces an older one). */
  keep?: 'all' | 'latest';
  /** Messages told before anything needs the part are kept too (by default they are dropped). */
  holdEarly?: boolean;
  /** The children run under their names as systemIds, so `system.get(name)` finds them. */
  systemIds?: boolean;
  /** Kept messages wait until no started child has this tag (the draft: `busy` checking a stored draft). */
  waitWhile?: string;
  /** Who hears `child.started` and `child.failed` (the app root: views find the children there). */
  reportTo?: AnyActorRef;
}

export interface LazyChildContext extends LazyChildInput {
  /** Null until the code has loaded and the children have started. */
  children: Record<string, AnyActorRef> | null;
  /** What the children were told before they could hear it. */
  held: ChildMessage[];
}

export type LazyChildEvent = { type: 'child.needed' } | ({ type: 'child.tell' } & ChildMessage);

/** The part is needed: its code loads if it has not (again, after a failure). */
export const childNeeded: LazyChildEvent = { type: 'child.needed' };
/** A message for the child named `to`: passed on at once, or kept until it runs. */
export const tellChild = (to: string, event: EventObject): LazyChildEvent => ({ type: 'child.tell', to, event });

/** What `reportTo` hears: the children started (by name), or their code did not load. */
export type LazyChildReport =
  | { type: 'child.started'; children: Record<string, AnyActorRef> }
  | { type: 'child.failed' };

/** `loading`: needed, not yet ready to hear what it is told; `failed`: its code did not load. */
export type LazyChildTag = 'loading' | 'failed';

export const lazyChildMachine = setup({
  types: {
    context: {} as LazyChildContext,
    events: {} as LazyChildEvent,
    input: {} as LazyChildInput | undefined,
    tags: {} as LazyChildTag,
  },
  actors: {
    /** Downloads the part's code and says which children to start (the app supplies it: a dynamic import). */
    load: fromPromise<LoadedChildren>(() => new Promise(() => {})),
    /** Done when no started child has the tag any more. */
    settled: fromPromise<unknown, { children: AnyActorRef[]; tag: string }>(({ input }) =>
      Promise.all(input.children.map((child) => waitFor(child, (s) => !s.hasTag(input.tag)))),
    ),
  },
  guards: {
    holdsEarly: ({ context }) => context.holdEarly === true,
    waitsForNothing: ({ context }) => !context.waitWhile,
  },
  actions: {
    /** Keeps a message for when the children run (only the newest, where `keep` says so). */
    hold: assign(({ context }, { to, event }: ChildMessage) => ({
      held: context.keep === 'latest' ? [{ to, event }] : [...context.held, { to, event }],
    })),
    dropHeld: assign({ held: [] }),
    start: assign(({ context, spawn }, loaded: LoadedChildren) => ({
      children: Object.fromEntries(
        Object.entries(loaded).map(([name, { logic, input }]) => [
          name,
          spawn(logic, { input, systemId: context.systemIds ? name : undefined }),
        ]),
      ),
    })),
    pass: enqueueActions(({ context, enqueue }, { to, event }: ChildMessage) => {
      const child = context.children?.[to];
      if (child) enqueue.sendTo(child, event);
    }),
    passHeld: enqueueActions(({ context, enqueue }) => {
      for (const { to, event } of context.held) {
        const child = context.children?.[to];
        if (child) enqueue.sendTo(child, event);
      }
      enqueue.assign({ held: [] });
    }),
    /** Tells `reportTo` that the children started (with them), or that their code did not load. */
    report: enqueueActions(({ context: { reportTo, children }, enqueue }) => {
      const report: LazyChildReport = children ? { type: 'child.started', children } : { type: 'child.failed' };
      if (reportTo) enqueue.sendTo(reportTo, report);
    }),
  },
}).createMachine({
  id: 'lazyChild',
  context: ({ input }) => ({ ...input, children: null, held: [] }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing has needed this part of the app yet: its code is not downloaded.',
      on: {
        'child.needed': {
          target: 'loading',
          description: 'Something needs it (a modal opens, a song plays, an order page opens…): its code downloads.',
        },
        'child.tell': {
          guard: 'holdsEarly',
          actions: { type: 'hold', params: ({ event }) => event },
          description: 'What it is told before anything needs it is kept for it (a sign-up prefill, for one).',
        },
      },
    },
    loading: {
      description: 'Its code downloads; what it is told meanwhile is kept (every message in order, or the newest).',
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'starting',
          actions: [{ type: 'start', params: ({ event }) => event.output }, 'report'],
          description: 'Downloaded: it starts, and the parent (the app) learns where to find it.',
        },
        onError: {
          target: 'failed',
          actions: ['dropHeld', 'report'],
          description: 'The code did not download (offline, or a new release replaced it): the visitor is told.',
        },
      },
      on: {
        'child.tell': {
          actions: { type: 'hold', params: ({ event }) => event },
          description: 'What it is told meanwhile is kept.',
        },
      },
    },
    starting: {
      description: 'It runs its own first step (the draft is checked with the server); what it was told waits.',
      tags: ['loading'],
      always: {
        guard: 'waitsForNothing',
        target: 'running',
        actions: 'passHeld',
        description: 'Nothing to wait for (every part but the draft): it hears at once, in order, what it was told.',
      },
      invoke: {
        id: 'settled',
        src: 'settled',
        input: ({ context }) => ({ children: Object.values(context.children ?? {}), tag: context.waitWhile ?? '' }),
        onDone: {
          target: 'running',
          actions: 'passHeld',
          description: 'Its first step is done: it hears, in order, what it was told meanwhile.',
        },
      },
      on: {
        'child.tell': {
          actions: { type: 'hold', params: ({ event }) => event },
          description: 'What it is told meanwhile waits (the server would overwrite it).',
        },
      },
    },
    running: {
      description: 'It runs for the rest of the visit; what it is told reaches it directly.',
      on: {
        'child.tell': {
          actions: { type: 'pass', params: ({ event }) => event },
          description: 'What it is told reaches it at once.',
        },
      },
    },
    failed: {
      description: 'Its code did not download: the visitor was told; the next need (or Try again) downloads it again.',
      tags: ['failed'],
      on: {
        'child.needed': {
          target: 'loading',
          description: 'Needed again (another modal, play or order page, or Try again): the code downloads again.',
        },
        'child.tell': {
          guard: 'holdsEarly',
          actions: { type: 'hold', params: ({ event }) => event },
          description: 'What it is told is kept for when it runs, where the part keeps early messages.',
        },
      },
    },
  },
});

export type LazyChildActor = ActorRefFrom<typeof lazyChildMachine>;

/** What a lazy child holds for its children (none once they run), in order. */
export function heldBy(lazyChild: AnyActorRef | undefined): EventObject[] {
  const snapshot: SnapshotFrom<typeof lazyChildMachine> | undefined = lazyChild?.getSnapshot();
  return snapshot?.context.held.map((message) => message.event) ?? [];
}

/** The lazy child with the app's download of the part's code (a dynamic import). */
export const loadingWith = (load: () => Promise<LoadedChildren>) =>
  lazyChildMachine.provide({ actors: { load: fromPromise(load) } });
