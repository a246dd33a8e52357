// Pure helpers over orderLifecycleMachine, shared by the server (deciding transitions) and the SPA
// (timeline, allowed buttons). An order's state is rebuilt from its stored facts, never kept alive.
import { type SnapshotFrom, transition } from 'xstate';
import { eventRoles, type LifecycleEventType, type LifecycleFacts, type LifecycleRole } from '../contracts/lifecycle';
import { lyricsSteps } from '../contracts/lyrics';
import type { OrderStatus } from '../contracts/order';
import { type OrderLifecycleEvent, type OrderLifecycleMeta, orderLifecycleMachine } from './order-lifecycle.machine';

export type OrderLifecycleSnapshot = SnapshotFrom<typeof orderLifecycleMachine>;

/** The snapshot an order with these facts is in. */
export function lifecycleSnapshotOf(facts: LifecycleFacts): OrderLifecycleSnapshot {
  const value =
    facts.status === 'completed'
      ? { completed: facts.rated ? 'rated' : 'unrated' }
      : facts.status === 'in_progress'
        ? { in_progress: facts.lyrics_step ? `lyrics_${facts.lyrics_step}` : 'recording' }
        : facts.status;
  return orderLifecycleMachine.resolveState({
    value,
    context: {
      openOffers: facts.open_offers,
      revisionsUsed: facts.revisions_used,
      revisionLimit: facts.revision_limit,
      artistAway: facts.artist_away === true,
      lyricsApproval: facts.lyrics_approval === true,
    },
  });
}

/** The facts a snapshot stands for (the inverse of lifecycleSnapshotOf). */
export function factsOf(snapshot: OrderLifecycleSnapshot): LifecycleFacts {
  const value = snapshot.value;
  const status = (typeof value === 'string' ? value : Object.keys(value)[0]) as OrderStatus;
  const lyricsStep = lyricsSteps.find((step) => snapshot.matches({ in_progress: `lyrics_${step}` }));
  return {
    status,
    rated: snapshot.matches({ completed: 'rated' }),
    open_offers: snapshot.context.openOffers,
    revisions_used: snapshot.context.revisionsUsed,
    revision_limit: snapshot.context.revisionLimit,
    ...(snapshot.context.artistAway ? { artist_away: true as const } : {}),
    ...(snapshot.context.lyricsApproval ? { lyrics_approval: true as const } : {}),
    ...(lyricsStep ? { lyrics_step: lyricsStep } : {}),
  };
}

export type Decision =
  | { ok: true; facts: LifecycleFacts; changed: boolean }
  /**
   * `role`: this role never sends this event (403); `state`: not now (409); `revisions`: none left (409);
   * `artist_away`: a revision asked of an artist who left or was suspended (409: reassign first).
   */
  | { ok: false; reason: 'role' | 'state' | 'revisions' | 'artist_away' };

/** What the machine says about `event` for an order with `facts`. */
export function decide(facts: LifecycleFacts, event: OrderLifecycleEvent): Decision {
  if (!(eventRoles[event.type] as readonly LifecycleRole[]).includes(event.role)) return { ok: false, reason: 'role' };
  const snapshot = lifecycleSnapshotOf(facts);
  if (!snapshot.can(event)) {
    const outOfRevisions =
      event.type === 'customer_rejected' &&
      facts.status === 'delivered' &&
      facts.revisions_used >= facts.revision_limit;
    const artistAway =
      event.type === 'admin_requested_revision' && facts.status === 'in_validation' && facts.artist_away === true;
    return { ok: false, reason: outOfRevisions ? 'revisions' : artistAway ? 'artist_away' : 'state' };
  }
  const [next] = transition(orderLifecycleMachine, snapshot, event);
  const after = factsOf(next);
  return {
    ok: true,
    facts: after,
    changed: after.status !== facts.status || after.rated !== facts.rated || after.lyrics_step !== facts.lyrics_step,
  };
}

/** The event `type` as `role` would send it now (`overdue`: the order's work is past its due date). */
function probeEvent(type: LifecycleEventType, role: LifecycleRole, overdue: boolean): OrderLifecycleEvent {
  if (type === 'customer_rebooked') return { type, role, offers: 1 };
  if (type === 'admin_reassigned') return { type, role, overdue };
  return { type, role };
}

/** The events `role` may send now (the SPA shows only these actions). */
export function allowedEvents(
  facts: LifecycleFacts,
  role: LifecycleRole,
  options: { overdue?: boolean } = {},
): LifecycleEventType[] {
  const snapshot = lifecycleSnapshotOf(facts);
  return (Object.keys(eventRoles) as LifecycleEventType[]).filter((type) =>
    snapshot.can(probeEvent(type, role, options.overdue ?? false)),
  );
}

/** The state's meta (label, timeline step, artist screen). */
export function metaOf(status: OrderStatus): OrderLifecycleMeta {
  return orderLifecycleMachine.states[status]?.config.meta as OrderLifecycleMeta;
}

export interface TimelineStep {
  status: OrderStatus;
  label: string;
  state: 'done' | 'current' | 'upcoming';
}

/** The customer's timeline: the main path of the machine, with the order's place on it. */
export const timelineStatuses: OrderStatus[] = [
  'awaiting_payment',
  'offered',
  'in_progress',
  'in_validation',
  'delivered',
  'completed',
];

export function timelineOf(facts: LifecycleFacts): TimelineStep[] {
  const step = metaOf(facts.status).step;
  return timelineStatuses.map((status) => {
    const at = metaOf(status).step;
    const current = status === facts.status || (at === step && !timelineStatuses.includes(facts.status));
    return {
      status,
      label: current ? metaOf(facts.status).customer : metaOf(status).customer,
      state: current ? 'current' : at < step || (facts.status === 'completed' && at <= step) ? 'done' : 'upcoming',
    };
  });
}
