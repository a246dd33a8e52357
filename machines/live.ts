// What a live hint is and which open screen it concerns. The notification stream carries two kinds:
// `change` messages (contracts/live.ts: the thing, its id and new status) and notifications, whose text
// carries the order's reference. Either one tells an open screen that what it shows may be stale; the
// screen decides how to catch up (refetch, or take a row out). Pure functions, shared by the routing
// machine and its tests; the hints are made from messages in live-hints.ts (with the notification
// centre, which every page does not need).
import type { LiveChangeKind } from '../contracts/live';

/** One thing that changed, as the routing reads it. */
export interface LiveHint {
  kind: LiveChangeKind;
  /** The order it concerns, when known by id (a change message). */
  orderId: number | null;
  /** The order it concerns, when known by reference (a notification, or a change that names it). */
  reference: string | null;
  /** The new status of a change message; a notification's type otherwise. */
  status: string;
  /** Where it came from: a change message is exact, a notification only says "something about this order". */
  source: 'change' | 'notification';
  /** For an offer change: the offer's own id. */
  offerId: number | null;
}

/** What an open screen shows, so the routing knows which hints concern it. */
export interface LiveWatch {
  /** The kinds of change it shows (an order page: order, offer, refund). */
  kinds: readonly LiveChangeKind[];
  /** Only this order (an order page); absent: every order of these kinds (a list). */
  orderId?: number;
  /** The same order by reference, so a notification (which names only the reference) reaches it. */
  reference?: string | null;
}

/** Kinds a notification about an order may stand for: it says the order moved, so offers on it may have too. */
const orderRelated: readonly LiveChangeKind[] = ['order', 'offer', 'payout', 'refund'];

/** Whether the screen that watches `watch` shows the thing `hint` is about. */
export function concerns(watch: LiveWatch, hint: LiveHint): boolean {
  const kindMatches =
    watch.kinds.includes(hint.kind) ||
    (hint.source === 'notification' && hint.kind === 'order' && watch.kinds.some((k) => orderRelated.includes(k)));
  if (!kindMatches) return false;
  const pinned = watch.orderId !== undefined || (watch.reference ?? null) !== null;
  if (!pinned) return true;
  if (hint.orderId !== null && watch.orderId !== undefined && hint.orderId === watch.orderId) return true;
  return hint.reference !== null && (watch.reference ?? null) !== null && hint.reference === watch.reference;
}

/** An offer that is no longer open: it leaves the artist's "new song orders". */
export function isClosedOffer(hint: LiveHint): boolean {
  return hint.source === 'change' && hint.kind === 'offer' && hint.status !== 'pending';
}

/** Why an offer left the artist's list, for a toast; null when the artist's own answer took it out (its own toast said so). */
export function closedOfferMessage(hint: LiveHint): string | null {
  const order = hint.reference ? `order ${hint.reference}` : 'an order';
  switch (hint.status) {
    case 'withdrawn':
      return `The offer for ${order} was withdrawn: another artist accepted it or the customer cancelled it.`;
    case 'expired':
      return `The offer for ${order} expired before it was accepted.`;
    default:
      return null;
  }
}
