import type { ArtistStage, LifecycleEventType, LifecycleRole } from '../contracts/lifecycle';

export interface OrderLifecycleContext {
  /** Offers still waiting for an answer (order_artists rows with offer_status 'pending'). */
  openOffers: number;
  /** Customer rejections used so far. */
  revisionsUsed: number;
  /** Customer rejections the order allows (REVISION_LIMIT at payment, default 2). */
  revisionLimit: number;
  /**
   * The artist who has the order deactivated their account or was suspended. A fact of the artist's
   * account, not of the order: the server reads it whenever it rebuilds the snapshot, and no order event
   * changes it.
   */
  artistAway: boolean;
  /**
   * The customer approves the lyrics before the recording (contracts/lyrics.ts): on for a first order with
   * the artist unless the customer turned it off; the server reads it from the order.
   */
  lyricsApproval: boolean;
}

export type OrderLifecycleInput = Partial<OrderLifecycleContext>;

/** Every event names its sender's role; the guards refuse a role that may not send it. */
export type OrderLifecycleEvent =
  | { type: Exclude<LifecycleEventType, 'customer_rebooked' | 'admin_reassigned'>; role: LifecycleRole }
  | { type: 'customer_rebooked'; role: LifecycleRole /** How many new offers the rebooking opens. */; offers: number }
  | {
      type: 'admin_reassigned';
      role: LifecycleRole;
      /** The taken work is past its due date (the server knows the clock; the machine does not). */
      overdue: boolean;
    };

export interface OrderLifecycleMeta {
  /** Position on the customer's timeline (-1: off the line, e.g. cancelled). */
  step: number;
  /** How the customer reads the state. */
  customer: string;
  /** The artist screen that lists orders in this state (docs/architecture.md §4). */
  artistStage?: ArtistStage;
}
