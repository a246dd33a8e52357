// View model of the customer's order page: what to show and which actions exist, from the snapshot.
// The page never matches raw state names or order statuses.

import type { SnapshotFrom } from 'xstate';
import { countOf } from '../contracts/format';
import type { FieldErrors } from '../contracts/http';
import { MAX_SELECTED_ARTISTS } from '../contracts/order';
import { type CustomerAction, type customerOrderMachine, isActionAllowed } from './customer-order.machine';
import { metaOf, timelineOf } from './order-lifecycle';

type CustomerOrderSnapshot = SnapshotFrom<typeof customerOrderMachine>;

const none: FieldErrors = {};

/** An artist as the rebook picker lists them: the rate is what they ask per song (whole pesos). */
export interface RebookCandidate {
  id: string;
  stage_name: string;
  rate: number;
}

/** A chosen artist who asks more than the order's price, and by how much (whole pesos). */
export interface RateAbovePaid {
  id: string;
  stage_name: string;
  rate: number;
  difference: number;
}

/**
 * The chosen artists whose rate is above what the customer paid. Rebooking never charges again
 * (docs/decisions.md): such an artist is offered the order at the price paid and may decline it.
 */
export function ratesAbovePaid(
  paid: number,
  chosen: readonly string[],
  candidates: readonly RebookCandidate[],
): RateAbovePaid[] {
  return chosen.flatMap((id) => {
    const artist = candidates.find((a) => a.id === id);
    return artist && artist.rate > paid
      ? [{ id, stage_name: artist.stage_name, rate: artist.rate, difference: artist.rate - paid }]
      : [];
  });
}

/** The confirmation before a revision is used: how many remain after this one. */
export function revisionConfirmText(left: number): string {
  const after = Math.max(0, left - 1);
  return after === 0
    ? 'This uses your last revision: after it you can accept the song, but not ask for more changes.'
    : `This uses one of your ${countOf(left, 'revision')}. After it, you will have ${countOf(after, 'revision')} left.`;
}

export function connectCustomerOrder(snapshot: CustomerOrderSnapshot) {
  const { context } = snapshot;
  const order = snapshot.matches('ready') ? context.order : null;
  const lifecycle = order?.lifecycle ?? null;
  const allowed = (action: CustomerAction) => isActionAllowed(order, action);
  const revisionsLeft = lifecycle ? Math.max(0, lifecycle.revision_limit - lifecycle.revisions_used) : 0;
  const busy = snapshot.hasTag('busy');
  const chosen = context.drafts.rebook.selected_artists;
  return {
    loading: snapshot.hasTag('loading'),
    missing: snapshot.hasTag('missing'),
    failed: snapshot.hasTag('error'),
    loadError: context.loadError,
    order,
    statusLabel: order ? metaOf(order.status).customer : '',
    timeline: lifecycle ? timelineOf(lifecycle) : [],
    /** An action is shown only when the order lifecycle allows it now. */
    allowed,
    /** Busy running an action or reloading after one: every action waits. */
    busy: busy || snapshot.hasTag('reloading'),
    /** The action whose call is running (its button shows the spinner). */
    pending: busy ? context.pending : null,
    dialog: order && context.dialog && allowed(context.dialog) ? context.dialog : null,
    drafts: context.drafts,
    errorsOf: (action: CustomerAction): FieldErrors => context.errors[action] ?? none,
    revisionsLeft,
    revisionsLeftText: `${countOf(revisionsLeft, 'revision')} left`,
    /** Asking for changes: 'confirm' while she is asked to spend a revision (and while it is sent). */
    revisionStep:
      snapshot.matches({ ready: 'confirming' }) || (busy && context.pending === 'reject') ? 'confirm' : 'notes',
    /** What confirming spends, and what remains after it. */
    revisionConfirmText: revisionConfirmText(revisionsLeft),
    /** Delivered, and the revisions this order includes are used up: accepting is what is left. */
    noRevisionsLeft: allowed('accept') && !allowed('reject') && lifecycle !== null && revisionsLeft === 0,
    /** The song once validated (also while revised after a rejection). */
    song: order?.recording ?? null,
    isArtistChosen: (id: string) => chosen.includes(id),
    /** Already offered this order before: cannot be asked again. */
    wasOffered: (id: string) => order?.artists.some((a) => a.id === id) ?? false,
    canChooseMoreArtists: chosen.length < MAX_SELECTED_ARTISTS,
    /** The chosen artists (from the listed ones) who ask more than this order's price. */
    ratesAbovePaid: (candidates: readonly RebookCandidate[]) =>
      order ? ratesAbovePaid(order.price, chosen, candidates) : [],
    maxArtists: MAX_SELECTED_ARTISTS,
  };
}

export type CustomerOrderView = ReturnType<typeof connectCustomerOrder>;
