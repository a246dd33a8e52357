import type { FieldErrors } from '../contracts/http';
import type { LifecycleEventType } from '../contracts/lifecycle';
import type { OrderDetail } from '../contracts/order';

/** What the customer can do on the order page: each is a lifecycle event, except sharing a gift link. */
export const customerActions = ['accept', 'reject', 'rate', 'cancel', 'rebook', 'gift'] as const;
export type CustomerAction = (typeof customerActions)[number];

/** The lifecycle event each action sends (the order machine says whether it is allowed now). */
export const lifecycleEventOf = {
  accept: 'customer_accepted',
  reject: 'customer_rejected',
  rate: 'customer_rated',
  cancel: 'cancelled',
  rebook: 'customer_rebooked',
} as const satisfies Record<Exclude<CustomerAction, 'gift'>, LifecycleEventType>;

/** What the person has typed or chosen for each action, kept until the action succeeds. */
export interface CustomerOrderDrafts {
  reject: { reason: string };
  /** The rating as the radio group holds it ('' until chosen). */
  rate: { rating: string; review: string };
  cancel: { reason: string };
  /** Public artist ids, in the order they were chosen (the ranking). */
  rebook: { selected_artists: string[] };
  /** yyyy-mm-dd, '' for no reveal date. */
  gift: { reveal_on: string };
}

/** The text fields of the drafts. */
export type DraftField =
  | { action: 'reject'; name: 'reason' }
  | { action: 'rate'; name: 'rating' | 'review' }
  | { action: 'cancel'; name: 'reason' }
  | { action: 'gift'; name: 'reveal_on' };

export interface CustomerOrderContext {
  orderId: number;
  order: OrderDetail | null;
  /** The action whose dialog is open (accept, reject and cancel ask first). */
  dialog: CustomerAction | null;
  /** The action whose call is running (one at a time). */
  pending: CustomerAction | null;
  drafts: CustomerOrderDrafts;
  /** Per action: the client check's or the server's 422 messages, by field. */
  errors: Partial<Record<CustomerAction, FieldErrors>>;
  /** Why the order could not be loaded. */
  loadError: string | null;
}

export type CustomerOrderEvent =
  | ({ type: 'field.changed'; value: string } & DraftField)
  | { type: 'artist.toggled'; id: string }
  | { type: 'user.open'; action: CustomerAction }
  | { type: 'user.close' }
  | { type: 'user.submit'; action: CustomerAction }
  /** Asking for changes: she confirms spending a revision, or goes back to her notes. */
  | { type: 'user.confirm' }
  | { type: 'user.back' }
  | { type: 'user.retry' }
  /** The order changed elsewhere (an artist accepted, the team validated): the live routing says so. */
  | { type: 'live.changed' };

export interface CustomerOrderInput {
  orderId: number;
}

/** runAction's input: the body already checked against the action's schema (null for accept). */
export interface CustomerOrderCall {
  orderId: number;
  action: CustomerAction;
  body: Record<string, unknown> | null;
}

/** What an action answers: the envelope's message, when the server sent one. */
export interface CustomerOrderCallOutput {
  message?: string | undefined;
}

export type CustomerOrderTag = 'loading' | 'missing' | 'error' | 'busy' | 'reloading';
