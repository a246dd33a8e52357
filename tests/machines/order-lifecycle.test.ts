import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type AdjacencyMap, getAdjacencyMap, getSimplePaths, type StatePath } from 'xstate/graph';
import {
  type ArtistStage,
  eventRoles,
  type LifecycleEventType,
  type LifecycleFacts,
  type LifecycleRole,
  stageStatuses,
} from '../../contracts/lifecycle';
import type { LyricsStep } from '../../contracts/lyrics';
import { type OrderStatus, orderStatuses } from '../../contracts/order';
import {
  allowedEvents,
  decide,
  factsOf,
  lifecycleSnapshotOf,
  metaOf,
  type OrderLifecycleSnapshot,
  timelineOf,
  timelineStatuses,
} from '../../machines/order-lifecycle';
import {
  type OrderLifecycleContext,
  type OrderLifecycleEvent,
  type OrderLifecycleInput,
  orderLifecycleMachine,
} from '../../machines/order-lifecycle.machine';
import {
  distinctPaths,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafKey,
  leafStateKeys,
  runPath,
  type StepCheck,
} from './model';

// ---- The expectation model: docs/architecture.md §4 as a table, written independently of the machine -------------

/** In progress, the artist first writes the lyrics when the customer approves them (contracts/lyrics.ts), then records. */
type InProgressKey =
  | 'in_progress.lyrics_draft'
  | 'in_progress.lyrics_review'
  | 'in_progress.lyrics_changes'
  | 'in_progress.recording';
type StateKey =
  | Exclude<OrderStatus, 'completed' | 'in_progress'>
  | InProgressKey
  | 'completed.unrated'
  | 'completed.rated';
const LYRICS_KEYS: InProgressKey[] = [
  'in_progress.lyrics_draft',
  'in_progress.lyrics_review',
  'in_progress.lyrics_changes',
];

const STATE_KEYS: StateKey[] = [
  'awaiting_payment',
  'offered',
  'needs_artist',
  ...LYRICS_KEYS,
  'in_progress.recording',
  'in_validation',
  'in_revision',
  'delivered',
  'completed.unrated',
  'completed.rated',
  'disputed',
  'cancelled',
];

const ROLES: LifecycleRole[] = ['customer', 'artist', 'admin', 'system'];

/** Who sends each event (docs/architecture.md §4, docs/product.md): the payment provider and the expiry sweep are the system. */
const senders: Record<LifecycleEventType, LifecycleRole[]> = {
  payment_succeeded: ['system'],
  artist_accepted: ['artist'],
  artist_declined: ['artist'],
  offer_expired: ['system'],
  recording_uploaded: ['artist'],
  admin_validated: ['admin'],
  admin_requested_revision: ['admin'],
  customer_accepted: ['customer'],
  customer_rejected: ['customer'],
  customer_rated: ['customer'],
  customer_rebooked: ['customer'],
  // The system cancels an order left without an artist that the customer did not act on for 7 days.
  cancelled: ['customer', 'admin', 'system'],
  // The artist deactivates, or an admin suspends them (decisions.md: a departure from docs/architecture.md §4).
  artist_left: ['artist', 'admin'],
  admin_reassigned: ['admin'],
  payment_reversed: ['system'],
  // Lyrics for approval: the artist posts, the customer approves, asks for changes or turns it off.
  lyrics_posted: ['artist'],
  lyrics_approved: ['customer'],
  lyrics_changes_requested: ['customer'],
  lyrics_skipped: ['customer'],
};
const EVENT_TYPES = Object.keys(senders) as LifecycleEventType[];

type Counters = OrderLifecycleContext;

interface Move {
  /** The roles that may make this move here (narrower than `senders` for a late cancel). */
  by: LifecycleRole[];
  /** The condition docs/architecture.md §4 puts on the move; without one it always applies. */
  when?: (c: Counters, e: OrderLifecycleEvent) => boolean;
  to: StateKey;
  counters?: (c: Counters, e: OrderLifecycleEvent) => Partial<Counters>;
}

const otherOffersOpen = (c: Counters) => c.openOffers > 1;
const closeOne = (c: Counters) => ({ openOffers: c.openOffers - 1 });
const closeAll = () => ({ openOffers: 0 });
/** An offer that closes (a decline, an expiry): the order waits for the others, or needs a new artist. */
const offerCloses = (by: LifecycleRole[]): Move[] => [
  { by, when: otherOffersOpen, to: 'offered', counters: closeOne },
  { by, to: 'needs_artist', counters: closeAll },
];

const oneOffer = () => ({ openOffers: 1 });
/**
 * Taken work loses its artist: when they leave, the customer chooses again; when it is overdue, or its
 * artist left or was suspended (whatever its due date), an admin may offer it to another artist.
 */
const artistGoes: Partial<Record<LifecycleEventType, Move[]>> = {
  artist_left: [{ by: ['artist', 'admin'], to: 'needs_artist' }],
  admin_reassigned: [
    {
      by: ['admin'],
      when: (c, e) => e.type === 'admin_reassigned' && (e.overdue || c.artistAway),
      to: 'offered',
      counters: oneOffer,
    },
  ],
};

/** Taken work, whatever the lyrics: only an admin may cancel (an overdue order); the artist may go; a chargeback stops it. */
const inProgress: Partial<Record<LifecycleEventType, Move[]>> = {
  cancelled: [{ by: ['admin'], to: 'cancelled' }],
  ...artistGoes,
  payment_reversed: [{ by: ['system'], to: 'disputed' }],
};
/** The customer turns lyrics approval off: the artist records straight away. */
const skipLyrics: Move[] = [
  { by: ['customer'], to: 'in_progress.recording', counters: () => ({ lyricsApproval: false }) },
];

/** Which (state, event, role, counters) moves where. Anything not listed is refused. */
const design: Record<StateKey, Partial<Record<LifecycleEventType, Move[]>>> = {
  awaiting_payment: {
    payment_succeeded: [{ by: ['system'], to: 'offered' }],
    // The chosen artists' offers are withdrawn with the order.
    cancelled: [{ by: ['customer', 'admin'], to: 'cancelled', counters: closeAll }],
  },
  offered: {
    // The first artist to accept takes the order; the other offers are withdrawn.
    // On an order whose customer approves the lyrics, the artist writes them first.
    artist_accepted: [
      { by: ['artist'], when: (c) => c.lyricsApproval, to: 'in_progress.lyrics_draft', counters: closeAll },
      { by: ['artist'], to: 'in_progress.recording', counters: closeAll },
    ],
    artist_declined: offerCloses(['artist']),
    offer_expired: offerCloses(['system']),
    // A departing artist's open offer closes like a decline.
    artist_left: offerCloses(['artist', 'admin']),
    cancelled: [{ by: ['customer', 'admin'], to: 'cancelled', counters: closeAll }],
    // A chargeback or provider refund: before work starts the order is cancelled, after it is disputed.
    payment_reversed: [{ by: ['system'], to: 'cancelled', counters: closeAll }],
  },
  needs_artist: {
    customer_rebooked: [
      {
        by: ['customer'],
        when: (_, e) => e.type === 'customer_rebooked' && e.offers >= 1,
        to: 'offered',
        counters: (_, e) => ({ openOffers: e.type === 'customer_rebooked' ? e.offers : 0 }),
      },
    ],
    // The admin offers the order to one artist of their choice.
    admin_reassigned: [{ by: ['admin'], to: 'offered', counters: oneOffer }],
    // The system cancels it once the customer let it wait 7 days (the server's job decides when).
    cancelled: [{ by: ['customer', 'admin', 'system'], to: 'cancelled' }],
    payment_reversed: [{ by: ['system'], to: 'cancelled' }],
  },
  // No recording before the customer approved the lyrics; asking for changes is not a revision.
  'in_progress.lyrics_draft': {
    lyrics_posted: [{ by: ['artist'], to: 'in_progress.lyrics_review' }],
    lyrics_skipped: skipLyrics,
    ...inProgress,
  },
  'in_progress.lyrics_review': {
    lyrics_approved: [{ by: ['customer'], to: 'in_progress.recording' }],
    lyrics_changes_requested: [{ by: ['customer'], to: 'in_progress.lyrics_changes' }],
    // A corrected draft before the customer answered.
    lyrics_posted: [{ by: ['artist'], to: 'in_progress.lyrics_review' }],
    lyrics_skipped: skipLyrics,
    ...inProgress,
  },
  'in_progress.lyrics_changes': {
    lyrics_posted: [{ by: ['artist'], to: 'in_progress.lyrics_review' }],
    lyrics_skipped: skipLyrics,
    ...inProgress,
  },
  'in_progress.recording': {
    recording_uploaded: [{ by: ['artist'], to: 'in_validation' }],
    ...inProgress,
  },
  in_validation: {
    admin_validated: [{ by: ['admin'], to: 'delivered' }],
    // The admin's request does not use the customer's revisions; nobody revises for an artist who left.
    admin_requested_revision: [{ by: ['admin'], when: (c) => !c.artistAway, to: 'in_revision' }],
    // The artist who sent it left or was suspended: an admin gives the order to another artist.
    admin_reassigned: [{ by: ['admin'], when: (c) => c.artistAway, to: 'offered', counters: oneOffer }],
    payment_reversed: [{ by: ['system'], to: 'disputed' }],
  },
  in_revision: {
    recording_uploaded: [{ by: ['artist'], to: 'in_validation' }],
    cancelled: [{ by: ['admin'], to: 'cancelled' }],
    ...artistGoes,
    payment_reversed: [{ by: ['system'], to: 'disputed' }],
  },
  delivered: {
    customer_accepted: [{ by: ['customer'], to: 'completed.unrated' }],
    customer_rejected: [
      {
        by: ['customer'],
        when: (c) => c.revisionsUsed < c.revisionLimit,
        to: 'in_revision',
        counters: (c) => ({ revisionsUsed: c.revisionsUsed + 1 }),
      },
    ],
    payment_reversed: [{ by: ['system'], to: 'disputed' }],
  },
  'completed.unrated': {
    customer_rated: [{ by: ['customer'], to: 'completed.rated' }],
    payment_reversed: [{ by: ['system'], to: 'disputed' }],
  },
  'completed.rated': {
    payment_reversed: [{ by: ['system'], to: 'disputed' }],
  },
  // Only an admin settles a dispute, by cancelling.
  disputed: {
    cancelled: [{ by: ['admin'], to: 'cancelled' }],
  },
  cancelled: {},
};

type Expected =
  | { ok: true; to: StateKey; counters: Counters }
  | { ok: false; reason: 'role' | 'state' | 'revisions' | 'artist_away' };

/** What docs/architecture.md §4 says happens to an order in `state` with `counters` when `event` arrives. */
function expected(state: StateKey, counters: Counters, event: OrderLifecycleEvent): Expected {
  if (!senders[event.type].includes(event.role)) return { ok: false, reason: 'role' };
  const move = (design[state][event.type] ?? []).find(
    (m) => m.by.includes(event.role) && (m.when?.(counters, event) ?? true),
  );
  if (move) return { ok: true, to: move.to, counters: { ...counters, ...move.counters?.(counters, event) } };
  const outOfRevisions =
    state === 'delivered' && event.type === 'customer_rejected' && counters.revisionsUsed >= counters.revisionLimit;
  const artistAway = state === 'in_validation' && event.type === 'admin_requested_revision' && counters.artistAway;
  return { ok: false, reason: outOfRevisions ? 'revisions' : artistAway ? 'artist_away' : 'state' };
}

/** The event types `role` may send now, by the table (a rebooking naming one artist stands for all). */
function expectedAllowed(state: StateKey, counters: Counters, role: LifecycleRole): LifecycleEventType[] {
  return EVENT_TYPES.filter((type) => expected(state, counters, eventOf(type, role, 1)).ok);
}

// ---- Events, facts and snapshots -----------------------------------------------------------------

function eventOf(type: LifecycleEventType, role: LifecycleRole, offers = 1, overdue = false): OrderLifecycleEvent {
  if (type === 'customer_rebooked') return { type, role, offers };
  if (type === 'admin_reassigned') return { type, role, overdue };
  return { type, role };
}

/** Every event type from every role; rebookings naming 0 to 3 artists; reassignments of work on time and overdue. */
const events: OrderLifecycleEvent[] = EVENT_TYPES.flatMap((type) => {
  if (type === 'customer_rebooked')
    return [0, 1, 2, 3].flatMap((offers) => ROLES.map((role) => eventOf(type, role, offers)));
  if (type === 'admin_reassigned')
    return [false, true].flatMap((overdue) => ROLES.map((role) => eventOf(type, role, 1, overdue)));
  return ROLES.map((role) => eventOf(type, role));
});

const label = (e: OrderLifecycleEvent) => {
  if (e.type === 'customer_rebooked') return `${e.type}(${e.role}, ${e.offers} offer${e.offers === 1 ? '' : 's'})`;
  if (e.type === 'admin_reassigned') return `${e.type}(${e.role}, ${e.overdue ? 'overdue' : 'on time'})`;
  return `${e.type}(${e.role})`;
};

const stateKeyOf = (s: OrderLifecycleSnapshot) => leafKey(s.value) as StateKey;
const statusOf = (key: StateKey) =>
  (key.startsWith('completed') ? 'completed' : key.startsWith('in_progress') ? 'in_progress' : key) as OrderStatus;
const countersOf = ({ openOffers, revisionsUsed, revisionLimit, artistAway, lyricsApproval }: Counters): Counters => ({
  openOffers,
  revisionsUsed,
  revisionLimit,
  artistAway,
  lyricsApproval,
});
const lyricsStepOf = (key: StateKey) =>
  (LYRICS_KEYS as StateKey[]).includes(key) ? (key.slice('in_progress.lyrics_'.length) as LyricsStep) : undefined;

function factsAt(key: StateKey, counters: Counters): LifecycleFacts {
  return {
    status: statusOf(key),
    rated: key === 'completed.rated',
    open_offers: counters.openOffers,
    revisions_used: counters.revisionsUsed,
    revision_limit: counters.revisionLimit,
    ...(counters.artistAway ? { artist_away: true as const } : {}),
    ...(counters.lyricsApproval ? { lyrics_approval: true as const } : {}),
    ...(lyricsStepOf(key) ? { lyrics_step: lyricsStepOf(key) } : {}),
  };
}

const facts = (status: OrderStatus, more: Partial<LifecycleFacts> = {}): LifecycleFacts => ({
  status,
  rated: false,
  open_offers: status === 'offered' ? 1 : 0,
  revisions_used: 0,
  revision_limit: 2,
  ...more,
});

/** A state and its counters, the same for the machine's snapshots and the table's moves. */
const keyOf = (key: StateKey, c: Counters) =>
  JSON.stringify([key, c.openOffers, c.revisionsUsed, c.revisionLimit, c.artistAway, c.lyricsApproval]);
const serializeState = (s: any) => keyOf(stateKeyOf(s), s.context);
/**
 * Each start reaches a few dozen orders (a few thousand traversal steps with the lyrics steps): a counter that grows without
 * bound stops the traversal here instead of exhausting memory.
 */
const limit = 20_000;

// ---- Starting orders -----------------------------------------------------------------------------

const starts: Array<{ name: string; input: OrderLifecycleInput }> = [
  ...[1, 2, 3].flatMap((openOffers) =>
    [0, 1, 2].map((revisionLimit) => ({
      name: `${openOffers} offer${openOffers > 1 ? 's' : ''}, ${revisionLimit} revision${revisionLimit === 1 ? '' : 's'} allowed`,
      input: { openOffers, revisionLimit },
    })),
  ),
  // The artist's account is read with the order: here, whoever has it left or was suspended.
  {
    name: '1 offer, 1 revision allowed, its artist away',
    input: { openOffers: 1, revisionLimit: 1, artistAway: true },
  },
  // The customer approves the lyrics before the recording (a first order with the artist).
  ...[1, 2].map((openOffers) => ({
    name: `${openOffers} offer${openOffers > 1 ? 's' : ''}, 1 revision allowed, lyrics for approval`,
    input: { openOffers, revisionLimit: 1, lyricsApproval: true },
  })),
  {
    name: '1 offer, 1 revision allowed, lyrics for approval, its artist away',
    input: { openOffers: 1, revisionLimit: 1, artistAway: true, lyricsApproval: true },
  },
];

function start(input: OrderLifecycleInput): Harness {
  return { actor: createActor(orderLifecycleMachine, { input }).start(), fakes: new FakeCalls(), log: [] };
}

/** Every (state, counters) the table reaches from a new order with `input`, by the same events. */
function tableReachable(input: OrderLifecycleInput): Map<string, { key: StateKey; counters: Counters }> {
  const first = {
    key: 'awaiting_payment' as StateKey,
    counters: {
      openOffers: input.openOffers ?? 1,
      revisionsUsed: 0,
      revisionLimit: input.revisionLimit ?? 2,
      artistAway: input.artistAway ?? false,
      lyricsApproval: input.lyricsApproval ?? false,
    },
  };
  const seen = new Map([[keyOf(first.key, first.counters), first]]);
  const queue = [first];
  for (let at = queue.shift(); at; at = queue.shift()) {
    for (const event of events) {
      const next = expected(at.key, at.counters, event);
      if (!next.ok) continue;
      const id = keyOf(next.to, next.counters);
      if (seen.has(id)) continue;
      const entry = { key: next.to, counters: next.counters };
      seen.set(id, entry);
      queue.push(entry);
    }
  }
  return seen;
}

// ---- What holds in each state and on each step ---------------------------------------------------

/** The snapshot agrees with the table for every event and role, and the helpers agree with it. */
function expectAsTheTableSays(s: OrderLifecycleSnapshot) {
  const key = stateKeyOf(s);
  const counters = countersOf(s.context);
  for (const event of events)
    expect(s.can(event), `${key} can ${label(event)}`).toBe(expected(key, counters, event).ok);
  for (const role of ROLES)
    expect(allowedEvents(factsOf(s), role), `${key}: allowed for ${role}`).toEqual(
      expectedAllowed(key, counters, role),
    );
  // The facts the server stores rebuild the same snapshot.
  expect(factsOf(s)).toEqual(factsAt(key, counters));
  const rebuilt = lifecycleSnapshotOf(factsOf(s));
  expect(rebuilt.value).toEqual(s.value);
  expect(rebuilt.context).toEqual(s.context);
  expect(s.context.revisionsUsed).toBeLessThanOrEqual(s.context.revisionLimit);
  expect(metaOf(statusOf(key)).customer).toBeTruthy();
}

const noOpenOffers = (s: OrderLifecycleSnapshot) => {
  expectAsTheTableSays(s);
  expect(s.context.openOffers).toBe(0);
};

const lyricsFirst = (s: OrderLifecycleSnapshot) => {
  noOpenOffers(s);
  expect(s.context.lyricsApproval).toBe(true);
  expect(s.can(eventOf('recording_uploaded', 'artist'))).toBe(false);
};

const stateExpectations: Record<string, (s: OrderLifecycleSnapshot) => void> = {
  awaiting_payment: (s) => {
    expectAsTheTableSays(s);
    expect(s.context.revisionsUsed).toBe(0);
    expect(s.status).toBe('active');
  },
  offered: (s) => {
    expectAsTheTableSays(s);
    expect(s.context.openOffers).toBeGreaterThanOrEqual(1);
    // Revisions are used only after a delivery; reassigned work keeps what was used before.
    expect(s.context.revisionsUsed).toBeLessThanOrEqual(s.context.revisionLimit);
  },
  needs_artist: (s) => {
    noOpenOffers(s);
    expect(s.can(eventOf('customer_rebooked', 'customer', 0))).toBe(false);
  },
  // The lyrics steps: the customer approves them, so no recording is accepted yet.
  'in_progress.lyrics_draft': lyricsFirst,
  'in_progress.lyrics_review': lyricsFirst,
  'in_progress.lyrics_changes': lyricsFirst,
  'in_progress.recording': noOpenOffers,
  in_validation: noOpenOffers,
  in_revision: noOpenOffers,
  delivered: noOpenOffers,
  'completed.unrated': noOpenOffers,
  'completed.rated': (s) => {
    noOpenOffers(s);
    expect(factsOf(s).rated).toBe(true);
  },
  // Work stopped by a chargeback: only an admin's cancel moves it on.
  disputed: (s) => {
    noOpenOffers(s);
    expect(s.status).toBe('active');
    expect(allowedEvents(factsOf(s), 'admin')).toEqual(['cancelled']);
  },
  cancelled: (s) => {
    noOpenOffers(s);
    expect(s.status).toBe('done');
  },
};

function stepExpectations({ event, before, after }: StepCheck<Harness>) {
  const want = expected(stateKeyOf(before), countersOf(before.context), event as OrderLifecycleEvent);
  expect(want.ok, `${label(event as OrderLifecycleEvent)} is a move of docs/architecture.md §4`).toBe(true);
  if (!want.ok) return;
  expect(stateKeyOf(after)).toBe(want.to);
  expect(countersOf(after.context)).toEqual(want.counters);
  // The server's decision is the same move.
  const decision = decide(factsOf(before), event as OrderLifecycleEvent);
  expect(decision).toEqual({
    ok: true,
    facts: factsOf(after),
    changed: stateKeyOf(before) !== stateKeyOf(after),
  });
}

function nameOf(path: StatePath<any, any>) {
  const moves = path.steps.slice(1).map((step) => label(step.event));
  return `${stateKeyOf(path.state)} ${JSON.stringify(countersOf(path.state.context))} via ${moves.join(' → ') || '(start)'}`;
}

// ---- Model-based paths ---------------------------------------------------------------------------

describe('orderLifecycleMachine: the machine is the table of docs/architecture.md §4', () => {
  it('the roles of contracts/lifecycle.ts are those of the table', () => {
    expect(eventRoles).toEqual(senders);
  });

  it('has the states of the order statuses', () => {
    expect(Object.keys(orderLifecycleMachine.states).sort()).toEqual([...orderStatuses].sort());
    expect(leafStateKeys(orderLifecycleMachine).sort()).toEqual([...STATE_KEYS].sort());
  });

  for (const { name, input } of starts) {
    it(`reaches exactly the orders the table reaches, by the same moves, from ${name}`, () => {
      const adjacency: AdjacencyMap<OrderLifecycleSnapshot, OrderLifecycleEvent> = getAdjacencyMap(
        orderLifecycleMachine,
        { input, events, serializeState, limit },
      );
      const table = tableReachable(input);
      expect(Object.keys(adjacency).sort()).toEqual([...table.keys()].sort());
      for (const { state, transitions } of Object.values(adjacency)) {
        const from = stateKeyOf(state);
        for (const { event, state: next } of Object.values(transitions) as Array<{
          event: OrderLifecycleEvent;
          state: OrderLifecycleSnapshot;
        }>) {
          const want = expected(from, countersOf(state.context), event);
          const to = want.ok ? keyOf(want.to, want.counters) : keyOf(from, countersOf(state.context));
          expect(serializeState(next), `${from} + ${label(event)}`).toBe(to);
        }
      }
    });
  }
});

describe('orderLifecycleMachine: model-based paths', () => {
  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const all = starts.map(({ name, input }) => ({
    name,
    input,
    paths: getTransitionPaths(orderLifecycleMachine, { input, events, serializeState, limit }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      orderLifecycleMachine,
      all.flatMap((s) => s.paths),
    ));
  it('reaches every state', () =>
    expectAllStatesCovered(
      orderLifecycleMachine,
      all.flatMap((s) => s.paths),
    ));
  it('has expectations for every state', () =>
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(orderLifecycleMachine).sort()));
  it('plays every move of the table from some start', () => {
    const played = new Set(
      all.flatMap((s) =>
        s.paths.flatMap((p) =>
          p.steps.slice(1).map((step, i) => `${stateKeyOf(p.steps[i]?.state)}:${step.event.type}:${step.event.role}`),
        ),
      ),
    );
    const moves = STATE_KEYS.flatMap((key) =>
      Object.entries(design[key]).flatMap(([type, list]) =>
        [...new Set((list ?? []).flatMap((m) => m.by))].map((role) => `${key}:${type}:${role}`),
      ),
    );
    expect(moves.filter((move) => !played.has(move))).toEqual([]);
  });

  // A start that adds no transition has no paths of its own.
  for (const { name, input, paths } of all.filter((s) => s.paths.length > 0)) {
    describe(`from ${name}`, () => {
      for (const path of paths) {
        it(nameOf(path), async () => {
          await runPath(path, () => start(input), {
            states: stateExpectations,
            step: stepExpectations,
            serializeState,
          });
        });
      }
    });
  }

  // Whole journeys: every path that visits no order twice, from one start that has every kind of step
  // (a second offer to wait on, a revision to use, then none left).
  const journeyStart: OrderLifecycleInput = { openOffers: 2, revisionLimit: 1 };
  const journeys = getSimplePaths(orderLifecycleMachine, {
    input: journeyStart,
    // Only events some role may send: the others change nothing and only multiply the paths. An
    // artist leaving and a reassignment loop back to an earlier step: with them the simple journeys
    // number in the tens of thousands, so they are played by the transition paths above instead.
    events: events.filter(
      (e) => senders[e.type].includes(e.role) && e.type !== 'artist_left' && e.type !== 'admin_reassigned',
    ),
    serializeState,
    limit,
  }).filter((p) => p.state.matches('completed') || p.state.matches('cancelled'));

  it('simple journeys end in completed (rated and unrated) and cancelled', () => {
    const ends = new Set(journeys.map((p) => stateKeyOf(p.state)));
    expect([...ends].sort()).toEqual(['cancelled', 'completed.rated', 'completed.unrated']);
  });
  // Played: only the journeys that take a step (state, event, alternative) no transition path took.
  for (const path of distinctPaths(orderLifecycleMachine, journeys, { input: journeyStart, seen })) {
    it(`journey from 2 offers and 1 revision allowed: ${nameOf(path)}`, async () => {
      await runPath(path, () => start(journeyStart), {
        states: stateExpectations,
        step: stepExpectations,
        serializeState,
      });
    });
  }
});

// ---- Targeted rules ------------------------------------------------------------------------------

/** Orders in every state, with counters on both sides of each guard. */
const sampleOrders: LifecycleFacts[] = STATE_KEYS.flatMap((key) => {
  const at = (c: Partial<Counters>) =>
    factsAt(key, {
      openOffers: 0,
      revisionsUsed: 0,
      revisionLimit: 2,
      artistAway: false,
      lyricsApproval: (LYRICS_KEYS as StateKey[]).includes(key),
      ...c,
    });
  if (key === 'awaiting_payment') return [at({ openOffers: 1 }), at({ openOffers: 3 })];
  if (key === 'offered') return [at({ openOffers: 1 }), at({ openOffers: 2 }), at({ openOffers: 3 })];
  return [
    at({}),
    at({ revisionsUsed: 1 }),
    at({ revisionsUsed: 2 }),
    at({ revisionLimit: 0 }),
    at({ revisionsUsed: 1, revisionLimit: 1 }),
    // The artist who has it left or was suspended.
    at({ artistAway: true }),
    at({ revisionsUsed: 1, artistAway: true }),
  ];
});
const keyOfFacts = (f: LifecycleFacts): StateKey =>
  f.status === 'completed'
    ? f.rated
      ? 'completed.rated'
      : 'completed.unrated'
    : f.status === 'in_progress'
      ? f.lyrics_step
        ? `in_progress.lyrics_${f.lyrics_step}`
        : 'in_progress.recording'
      : f.status;
const countersOfFacts = (f: LifecycleFacts): Counters => ({
  openOffers: f.open_offers,
  revisionsUsed: f.revisions_used,
  revisionLimit: f.revision_limit,
  artistAway: f.artist_away === true,
  lyricsApproval: f.lyrics_approval === true,
});

describe('orderLifecycleMachine: who may send what', () => {
  it.each(STATE_KEYS)('in %s, a role outside eventRoles is never accepted (403)', (key) => {
    for (const f of sampleOrders.filter((o) => keyOfFacts(o) === key)) {
      const snapshot = lifecycleSnapshotOf(f);
      for (const event of events.filter((e) => !(eventRoles[e.type] as readonly string[]).includes(e.role))) {
        expect(snapshot.can(event), label(event)).toBe(false);
        expect(decide(f, event), label(event)).toEqual({ ok: false, reason: 'role' });
      }
    }
  });

  it.each(STATE_KEYS)('in %s, a right-role event the state does not accept is refused as not now (409)', (key) => {
    for (const f of sampleOrders.filter((o) => keyOfFacts(o) === key)) {
      const snapshot = lifecycleSnapshotOf(f);
      for (const event of events.filter((e) => (eventRoles[e.type] as readonly string[]).includes(e.role))) {
        const want = expected(key, countersOfFacts(f), event);
        expect(snapshot.can(event), `${label(event)} with ${JSON.stringify(f)}`).toBe(want.ok);
        if (!want.ok) expect(decide(f, event), label(event)).toEqual({ ok: false, reason: want.reason });
        else expect(decide(f, event)).toMatchObject({ ok: true, facts: { status: statusOf(want.to) } });
      }
    }
  });

  it("customer_rejected with no revisions left answers 'revisions'; elsewhere it is 'state'", () => {
    for (const limit of [0, 1, 2]) {
      const spent = facts('delivered', { revisions_used: limit, revision_limit: limit });
      const reject = eventOf('customer_rejected', 'customer');
      expect(lifecycleSnapshotOf(spent).can(reject)).toBe(false);
      expect(decide(spent, reject)).toEqual({ ok: false, reason: 'revisions' });
      // Who sends it is checked first.
      expect(decide(spent, eventOf('customer_rejected', 'admin'))).toEqual({ ok: false, reason: 'role' });
      // Out of revisions, but the song is not delivered: simply not now.
      for (const status of ['in_progress', 'in_revision', 'in_validation', 'completed'] as const)
        expect(decide({ ...spent, status }, reject), status).toEqual({ ok: false, reason: 'state' });
    }
  });
});

describe('orderLifecycleMachine: offers', () => {
  const live = (input: OrderLifecycleInput) => createActor(orderLifecycleMachine, { input }).start();
  const now = (actor: ReturnType<typeof live>) => ({
    state: stateKeyOf(actor.getSnapshot()),
    openOffers: actor.getSnapshot().context.openOffers,
  });

  it('a new order starts awaiting payment with the offers it was given (1 and 2 revisions by default)', () => {
    expect(createActor(orderLifecycleMachine, { input: undefined }).getSnapshot().context).toEqual({
      openOffers: 1,
      revisionsUsed: 0,
      revisionLimit: 2,
      artistAway: false,
      lyricsApproval: false,
    });
    expect(now(live({ openOffers: 3 }))).toEqual({ state: 'awaiting_payment', openOffers: 3 });
  });

  it.each([1, 2, 3])('the first accept of %i offers wins: in progress, no offer left open', (n) => {
    const actor = live({ openOffers: n });
    actor.send(eventOf('payment_succeeded', 'system'));
    expect(now(actor)).toEqual({ state: 'offered', openOffers: n });
    actor.send(eventOf('artist_accepted', 'artist'));
    expect(now(actor)).toEqual({ state: 'in_progress.recording', openOffers: 0 });
    // A second artist accepting (a race the server serialises) is refused: the order is taken.
    const after = factsOf(actor.getSnapshot());
    expect(actor.getSnapshot().can(eventOf('artist_accepted', 'artist'))).toBe(false);
    expect(decide(after, eventOf('artist_accepted', 'artist'))).toEqual({ ok: false, reason: 'state' });
    expect(decide(after, eventOf('artist_declined', 'artist'))).toEqual({ ok: false, reason: 'state' });
    expect(decide(after, eventOf('offer_expired', 'system'))).toEqual({ ok: false, reason: 'state' });
  });

  it.each([
    ['artist_declined', 'artist'],
    ['offer_expired', 'system'],
  ] as const)(
    '%s with other offers open stays offered and counts down; the last moves to needs_artist',
    (type, role) => {
      const actor = live({ openOffers: 3 });
      actor.send(eventOf('payment_succeeded', 'system'));
      actor.send(eventOf(type, role));
      expect(now(actor)).toEqual({ state: 'offered', openOffers: 2 });
      expect(decide(factsOf(actor.getSnapshot()), eventOf(type, role))).toMatchObject({
        ok: true,
        facts: { status: 'offered', open_offers: 1 },
        changed: false,
      });
      actor.send(eventOf(type, role));
      expect(now(actor)).toEqual({ state: 'offered', openOffers: 1 });
      expect(decide(factsOf(actor.getSnapshot()), eventOf(type, role))).toMatchObject({
        ok: true,
        facts: { status: 'needs_artist', open_offers: 0 },
        changed: true,
      });
      actor.send(eventOf(type, role));
      expect(now(actor)).toEqual({ state: 'needs_artist', openOffers: 0 });
      // Nothing is open any more to decline or expire.
      expect(actor.getSnapshot().can(eventOf(type, role))).toBe(false);
    },
  );

  it('declines and expiries mix: each closes one offer', () => {
    const actor = live({ openOffers: 2 });
    actor.send(eventOf('payment_succeeded', 'system'));
    actor.send(eventOf('offer_expired', 'system'));
    expect(now(actor)).toEqual({ state: 'offered', openOffers: 1 });
    actor.send(eventOf('artist_declined', 'artist'));
    expect(now(actor)).toEqual({ state: 'needs_artist', openOffers: 0 });
  });

  it.each([1, 2, 3])('rebooking %i artists returns to offered with that many offers open', (n) => {
    const needing = facts('needs_artist');
    const rebook = eventOf('customer_rebooked', 'customer', n);
    expect(lifecycleSnapshotOf(needing).can(rebook)).toBe(true);
    expect(decide(needing, rebook)).toEqual({
      ok: true,
      facts: { ...needing, status: 'offered', open_offers: n },
      changed: true,
    });
    const actor = live({ openOffers: 1 });
    actor.send(eventOf('payment_succeeded', 'system'));
    actor.send(eventOf('artist_declined', 'artist'));
    actor.send(rebook);
    expect(now(actor)).toEqual({ state: 'offered', openOffers: n });
  });

  it('a rebooking naming nobody is refused; only the customer rebooks, and only when the order needs an artist', () => {
    const needing = facts('needs_artist');
    const nobody = eventOf('customer_rebooked', 'customer', 0);
    expect(lifecycleSnapshotOf(needing).can(nobody)).toBe(false);
    expect(decide(needing, nobody)).toEqual({ ok: false, reason: 'state' });
    const actor = live({ openOffers: 1 });
    actor.send(eventOf('payment_succeeded', 'system'));
    actor.send(eventOf('offer_expired', 'system'));
    actor.send(nobody);
    expect(now(actor)).toEqual({ state: 'needs_artist', openOffers: 0 });
    for (const role of ['artist', 'admin', 'system'] as const)
      expect(decide(needing, eventOf('customer_rebooked', role, 2)), role).toEqual({ ok: false, reason: 'role' });
    for (const status of ['awaiting_payment', 'offered', 'in_progress', 'delivered'] as const)
      expect(decide(facts(status), eventOf('customer_rebooked', 'customer', 2)), status).toEqual({
        ok: false,
        reason: 'state',
      });
  });
});

describe('orderLifecycleMachine: revisions', () => {
  /** An actor at delivered, `used` customer revisions into an order allowing `limit`. */
  function deliveredActor(limit: number) {
    const actor = createActor(orderLifecycleMachine, { input: { openOffers: 1, revisionLimit: limit } }).start();
    for (const [type, role] of [
      ['payment_succeeded', 'system'],
      ['artist_accepted', 'artist'],
      ['recording_uploaded', 'artist'],
      ['admin_validated', 'admin'],
    ] as const)
      actor.send(eventOf(type, role));
    expect(stateKeyOf(actor.getSnapshot())).toBe('delivered');
    return actor;
  }
  const redeliver = (actor: ReturnType<typeof deliveredActor>) => {
    actor.send(eventOf('recording_uploaded', 'artist'));
    actor.send(eventOf('admin_validated', 'admin'));
  };

  it.each([0, 1, 2])('with %i revisions allowed, the customer rejects that many times, then is refused', (limit) => {
    const actor = deliveredActor(limit);
    const reject = eventOf('customer_rejected', 'customer');
    for (let used = 0; used < limit; used++) {
      expect(actor.getSnapshot().context.revisionsUsed).toBe(used);
      expect(allowedEvents(factsOf(actor.getSnapshot()), 'customer')).toEqual([
        'customer_accepted',
        'customer_rejected',
      ]);
      actor.send(reject);
      expect(stateKeyOf(actor.getSnapshot())).toBe('in_revision');
      expect(actor.getSnapshot().context.revisionsUsed).toBe(used + 1);
      redeliver(actor);
      expect(stateKeyOf(actor.getSnapshot())).toBe('delivered');
    }
    expect(actor.getSnapshot().can(reject)).toBe(false);
    expect(decide(factsOf(actor.getSnapshot()), reject)).toEqual({ ok: false, reason: 'revisions' });
    expect(allowedEvents(factsOf(actor.getSnapshot()), 'customer')).toEqual(['customer_accepted']);
    actor.send(reject);
    expect(stateKeyOf(actor.getSnapshot())).toBe('delivered');
    expect(actor.getSnapshot().context.revisionsUsed).toBe(limit);
    // Accepting is still open.
    actor.send(eventOf('customer_accepted', 'customer'));
    expect(stateKeyOf(actor.getSnapshot())).toBe('completed.unrated');
  });

  it("an admin's revision requests do not use the customer's revisions", () => {
    const actor = createActor(orderLifecycleMachine, { input: { openOffers: 1, revisionLimit: 1 } }).start();
    actor.send(eventOf('payment_succeeded', 'system'));
    actor.send(eventOf('artist_accepted', 'artist'));
    for (let i = 0; i < 3; i++) {
      actor.send(eventOf('recording_uploaded', 'artist'));
      expect(stateKeyOf(actor.getSnapshot())).toBe('in_validation');
      const before = factsOf(actor.getSnapshot());
      expect(decide(before, eventOf('admin_requested_revision', 'admin'))).toEqual({
        ok: true,
        facts: { ...before, status: 'in_revision' },
        changed: true,
      });
      actor.send(eventOf('admin_requested_revision', 'admin'));
      expect(stateKeyOf(actor.getSnapshot())).toBe('in_revision');
      expect(actor.getSnapshot().context.revisionsUsed).toBe(0);
    }
    actor.send(eventOf('recording_uploaded', 'artist'));
    actor.send(eventOf('admin_validated', 'admin'));
    // The customer still has the one revision the order allows.
    actor.send(eventOf('customer_rejected', 'customer'));
    expect(stateKeyOf(actor.getSnapshot())).toBe('in_revision');
    expect(actor.getSnapshot().context.revisionsUsed).toBe(1);
  });

  it('an order resumed from its facts keeps counting from what was used', () => {
    const f = facts('delivered', { revisions_used: 1, revision_limit: 2 });
    const once = decide(f, eventOf('customer_rejected', 'customer'));
    expect(once).toEqual({ ok: true, facts: { ...f, status: 'in_revision', revisions_used: 2 }, changed: true });
    expect(decide({ ...f, revisions_used: 2 }, eventOf('customer_rejected', 'customer'))).toEqual({
      ok: false,
      reason: 'revisions',
    });
  });
});

describe('orderLifecycleMachine: cancelling', () => {
  /** docs/product.md, docs/architecture.md §4: the customer before work starts; an admin also while an artist works (overdue). */
  const mayCancel: Record<'customer' | 'admin' | 'system', StateKey[]> = {
    customer: ['awaiting_payment', 'offered', 'needs_artist'],
    admin: [
      'awaiting_payment',
      'offered',
      'needs_artist',
      ...LYRICS_KEYS,
      'in_progress.recording',
      'in_revision',
      'disputed',
    ],
    // An order left without an artist, once the customer let it wait (the server's job).
    system: ['needs_artist'],
  };

  it.each(STATE_KEYS)('in %s', (key) => {
    for (const f of sampleOrders.filter((o) => keyOfFacts(o) === key)) {
      for (const role of ROLES) {
        const cancel = eventOf('cancelled', role);
        const allowed = role === 'artist' ? false : mayCancel[role].includes(key);
        expect(lifecycleSnapshotOf(f).can(cancel), `${role} in ${key}`).toBe(allowed);
        expect(allowedEvents(f, role).includes('cancelled'), `${role} in ${key}`).toBe(allowed);
        const decision = decide(f, cancel);
        if (allowed) {
          // Cancelling withdraws every offer, whether or not the artists were told yet.
          expect(decision).toMatchObject({ ok: true, facts: { status: 'cancelled', open_offers: 0 }, changed: true });
        } else
          expect(decision, `${role} in ${key}`).toEqual({
            ok: false,
            reason: role === 'artist' ? 'role' : 'state',
          });
      }
    }
  });

  it('nobody cancels in validation, once delivered, completed or cancelled', () => {
    for (const key of ['in_validation', 'delivered', 'completed.unrated', 'completed.rated', 'cancelled'] as const)
      for (const role of ROLES)
        expect(
          decide(
            factsAt(key, {
              openOffers: 0,
              revisionsUsed: 0,
              revisionLimit: 2,
              artistAway: false,
              lyricsApproval: false,
            }),
            eventOf('cancelled', role),
          ),
        ).toMatchObject({ ok: false });
  });

  it('a cancelled order is final: no event of any role moves it', () => {
    const snapshot = lifecycleSnapshotOf(facts('cancelled'));
    expect(snapshot.status).toBe('done');
    for (const event of events) expect(snapshot.can(event), label(event)).toBe(false);
    for (const role of ROLES) expect(allowedEvents(facts('cancelled'), role)).toEqual([]);
  });
});

describe('orderLifecycleMachine: an artist leaves; an admin reassigns', () => {
  it.each(['in_progress', 'in_revision'] as const)('taken work in %s goes back to the customer to rebook', (status) => {
    for (const role of ['artist', 'admin'] as const) {
      const f = facts(status, { revisions_used: 1 });
      expect(decide(f, eventOf('artist_left', role))).toEqual({
        ok: true,
        facts: { ...f, status: 'needs_artist' },
        changed: true,
      });
    }
    expect(decide(facts(status), eventOf('artist_left', 'customer'))).toEqual({ ok: false, reason: 'role' });
    // The customer's rebook path is open afterwards.
    expect(allowedEvents(facts('needs_artist'), 'customer')).toContain('customer_rebooked');
  });

  it('a recording waiting from an artist who left: no revision (artist_away), an admin reassigns whatever its due date', () => {
    const away = facts('in_validation', { artist_away: true });
    expect(decide(away, eventOf('admin_requested_revision', 'admin'))).toEqual({ ok: false, reason: 'artist_away' });
    expect(allowedEvents(away, 'admin')).toEqual(['admin_validated', 'admin_reassigned']);
    expect(decide(away, eventOf('admin_reassigned', 'admin', 1, false))).toMatchObject({
      ok: true,
      facts: { status: 'offered', open_offers: 1 },
    });
    // The artist is here: a revision, and no reassignment.
    expect(decide(facts('in_validation'), eventOf('admin_reassigned', 'admin', 1, true))).toEqual({
      ok: false,
      reason: 'state',
    });
    // Taken work of an artist who left is reassigned on time too.
    for (const status of ['in_progress', 'in_revision'] as const)
      expect(
        decide(facts(status, { artist_away: true }), eventOf('admin_reassigned', 'admin', 1, false)),
      ).toMatchObject({ ok: true, facts: { status: 'offered' } });
  });

  it('work with a recording waiting or delivered stays with its artist', () => {
    for (const status of ['in_validation', 'delivered', 'completed', 'cancelled'] as const)
      expect(decide(facts(status), eventOf('artist_left', 'artist')), status).toEqual({ ok: false, reason: 'state' });
  });

  it("a departing artist's open offer closes like a decline", () => {
    expect(decide(facts('offered', { open_offers: 2 }), eventOf('artist_left', 'admin'))).toEqual({
      ok: true,
      facts: facts('offered', { open_offers: 1 }),
      changed: false,
    });
    expect(decide(facts('offered'), eventOf('artist_left', 'artist'))).toMatchObject({
      ok: true,
      facts: { status: 'needs_artist', open_offers: 0 },
    });
  });

  it('an admin reassigns an order needing an artist, or overdue work, as one new offer', () => {
    for (const overdue of [false, true])
      expect(decide(facts('needs_artist'), eventOf('admin_reassigned', 'admin', 1, overdue))).toMatchObject({
        ok: true,
        facts: { status: 'offered', open_offers: 1 },
      });
    for (const status of ['in_progress', 'in_revision'] as const) {
      expect(decide(facts(status), eventOf('admin_reassigned', 'admin', 1, false)), status).toEqual({
        ok: false,
        reason: 'state',
      });
      expect(decide(facts(status), eventOf('admin_reassigned', 'admin', 1, true)), status).toMatchObject({
        ok: true,
        facts: { status: 'offered', open_offers: 1 },
      });
    }
    for (const status of [
      'awaiting_payment',
      'offered',
      'in_validation',
      'delivered',
      'completed',
      'cancelled',
    ] as const)
      expect(decide(facts(status), eventOf('admin_reassigned', 'admin', 1, true)), status).toEqual({
        ok: false,
        reason: 'state',
      });
    for (const role of ['customer', 'artist', 'system'] as const)
      expect(decide(facts('needs_artist'), eventOf('admin_reassigned', role, 1, true)), role).toEqual({
        ok: false,
        reason: 'role',
      });
  });
});

// ---- The pure helpers ----------------------------------------------------------------------------

describe('order lifecycle helpers', () => {
  it('lifecycleSnapshotOf and factsOf are inverses for every status (completed rated and unrated)', () => {
    for (const f of sampleOrders) {
      const snapshot = lifecycleSnapshotOf(f);
      expect(factsOf(snapshot), JSON.stringify(f)).toEqual(f);
      expect(stateKeyOf(snapshot)).toBe(keyOfFacts(f));
      expect(snapshot.context).toEqual(countersOfFacts(f));
    }
    expect(lifecycleSnapshotOf(facts('completed', { rated: true })).value).toEqual({ completed: 'rated' });
    expect(lifecycleSnapshotOf(facts('completed')).value).toEqual({ completed: 'unrated' });
    expect(new Set(sampleOrders.map(keyOfFacts))).toEqual(new Set(STATE_KEYS));
  });

  it('decide reports a change of status or rating, not of counters alone', () => {
    expect(decide(facts('completed'), eventOf('customer_rated', 'customer'))).toEqual({
      ok: true,
      facts: facts('completed', { rated: true }),
      changed: true,
    });
    expect(decide(facts('offered', { open_offers: 2 }), eventOf('offer_expired', 'system'))).toEqual({
      ok: true,
      facts: facts('offered', { open_offers: 1 }),
      changed: false,
    });
    expect(decide(facts('completed', { rated: true }), eventOf('customer_rated', 'customer'))).toEqual({
      ok: false,
      reason: 'state',
    });
  });

  it.each(STATE_KEYS)('allowedEvents in %s, for each role, is what the table allows', (key) => {
    for (const f of sampleOrders.filter((o) => keyOfFacts(o) === key))
      for (const role of ROLES)
        expect(allowedEvents(f, role), `${role} with ${JSON.stringify(f)}`).toEqual(
          expectedAllowed(key, countersOfFacts(f), role),
        );
  });

  it('allowedEvents: the main moves, role by role', () => {
    expect(allowedEvents(facts('awaiting_payment'), 'system')).toEqual(['payment_succeeded']);
    expect(allowedEvents(facts('offered', { open_offers: 2 }), 'artist')).toEqual([
      'artist_accepted',
      'artist_declined',
      'artist_left',
    ]);
    expect(allowedEvents(facts('offered'), 'system')).toEqual(['offer_expired', 'payment_reversed']);
    expect(allowedEvents(facts('delivered'), 'system')).toEqual(['payment_reversed']);
    expect(allowedEvents(facts('disputed'), 'admin')).toEqual(['cancelled']);
    expect(allowedEvents(facts('needs_artist'), 'customer')).toEqual(['customer_rebooked', 'cancelled']);
    expect(allowedEvents(facts('in_progress'), 'customer')).toEqual([]);
    expect(allowedEvents(facts('in_progress'), 'admin')).toEqual(['cancelled', 'artist_left']);
    expect(allowedEvents(facts('in_progress'), 'admin', { overdue: true })).toEqual([
      'cancelled',
      'artist_left',
      'admin_reassigned',
    ]);
    expect(allowedEvents(facts('needs_artist'), 'admin')).toEqual(['cancelled', 'admin_reassigned']);
    expect(allowedEvents(facts('in_validation'), 'admin')).toEqual(['admin_validated', 'admin_requested_revision']);
    expect(allowedEvents(facts('in_revision'), 'artist')).toEqual(['recording_uploaded', 'artist_left']);
    expect(allowedEvents(facts('completed'), 'customer')).toEqual(['customer_rated']);
    expect(allowedEvents(facts('completed', { rated: true }), 'customer')).toEqual([]);
  });

  // The customer's timeline, in order (docs/architecture.md §4's main line).
  const mainPath: OrderStatus[] = [
    'awaiting_payment',
    'offered',
    'in_progress',
    'in_validation',
    'delivered',
    'completed',
  ];
  /** Where an order off the main line shows on it. */
  const shownAs: Partial<Record<OrderStatus, OrderStatus>> = { needs_artist: 'offered', in_revision: 'in_validation' };

  it('the timeline is the main line of docs/architecture.md §4', () => {
    expect(timelineStatuses).toEqual(mainPath);
  });

  it.each([
    ...mainPath.map((status) => [status, facts(status)] as const),
    ['completed (rated)', facts('completed', { rated: true })] as const,
    ['needs_artist', facts('needs_artist')] as const,
    ['in_revision', facts('in_revision', { revisions_used: 1 })] as const,
  ])('timelineOf %s: one current step, done before it, upcoming after', (_, f) => {
    const timeline = timelineOf(f);
    const at = shownAs[f.status] ?? f.status;
    const here = mainPath.indexOf(at);
    expect(timeline.map((step) => step.status)).toEqual(mainPath);
    expect(timeline.filter((step) => step.state === 'current').map((step) => step.status)).toEqual([at]);
    expect(timeline.map((step) => step.state)).toEqual(
      mainPath.map((_, i) => (i < here ? 'done' : i === here ? 'current' : 'upcoming')),
    );
    // The current step reads as the order's own state; the others as theirs.
    expect(timeline.map((step) => step.label)).toEqual(
      mainPath.map((status) => metaOf(status === at ? f.status : status).customer),
    );
  });

  it('timelineOf a cancelled order marks no step current', () => {
    expect(timelineOf(facts('cancelled')).filter((step) => step.state === 'current')).toEqual([]);
  });

  it('metaOf gives every state a customer label and its place on the timeline', () => {
    for (const status of orderStatuses) {
      const meta = metaOf(status);
      expect(typeof meta.customer, status).toBe('string');
      expect(meta.customer.trim(), status).not.toBe('');
    }
    expect(new Set(orderStatuses.map((status) => metaOf(status).customer)).size).toBe(orderStatuses.length);
    const steps = mainPath.map((status) => metaOf(status).step);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(new Set(steps).size).toBe(mainPath.length);
    for (const [off, on] of Object.entries(shownAs)) expect(metaOf(off as OrderStatus).step).toBe(metaOf(on).step);
    expect(metaOf('cancelled').step).toBeLessThan(0);
  });

  it("metaOf names the artist screen of docs/architecture.md §4 that lists each state (contracts' stageStatuses)", () => {
    const stageOf = (status: OrderStatus) =>
      (Object.entries(stageStatuses) as Array<[ArtistStage, readonly OrderStatus[]]>).find(([, list]) =>
        list.includes(status),
      )?.[0];
    for (const status of orderStatuses) expect(metaOf(status).artistStage, status).toBe(stageOf(status));
  });
});
