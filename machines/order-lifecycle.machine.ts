// The order lifecycle of DESIGN §4: the one definition of an order's states, its events, who may send
// each event and the guards (offers left, revisions left). The server decides every transition with it
// (server/lifecycle/transition.ts: an event the state does not accept is a 409) and the SPA draws the
// timeline and offers only the actions `snapshot.can()` allows (machines/order-lifecycle.ts).
// It is pure: no actors, no timers. Offer expiry is an event the server's scheduler sends.
import { assign, setup } from 'xstate';
import { eventRoles } from '../contracts/lifecycle';
import type {
  OrderLifecycleContext,
  OrderLifecycleEvent,
  OrderLifecycleInput,
  OrderLifecycleMeta,
} from './order-lifecycle.types';

export type * from './order-lifecycle.types';

const meta = (m: OrderLifecycleMeta) => m;

/** The sender's role may send this event at all (contracts/lifecycle.ts eventRoles). */
const fromRightRole = (event: OrderLifecycleEvent) =>
  (eventRoles[event.type] as readonly string[]).includes(event.role);

export const orderLifecycleMachine = setup({
  types: {
    context: {} as OrderLifecycleContext,
    events: {} as OrderLifecycleEvent,
    input: {} as OrderLifecycleInput | undefined,
  },
  guards: {
    byRightRole: ({ event }) => fromRightRole(event),
    /** Another artist's offer is still open after this one closes. */
    hasOtherOffers: ({ context, event }) => fromRightRole(event) && context.openOffers > 1,
    /** The customer has not used up the revisions the order allows (admins' requests do not count). */
    hasRevisionsLeft: ({ context, event }) => fromRightRole(event) && context.revisionsUsed < context.revisionLimit,
    /** A rebooking names at least one new artist. */
    rebooksSomeone: ({ event }) => fromRightRole(event) && event.type === 'customer_rebooked' && event.offers >= 1,
    /** Only an admin cancels work an artist has started (an overdue order): the customer cannot. */
    byAdmin: ({ event }) => fromRightRole(event) && event.role === 'admin',
    /** An admin gives taken work to another artist only once it is past its due date (it has stalled). */
    overdueForReassignment: ({ event }) =>
      fromRightRole(event) && event.type === 'admin_reassigned' && event.overdue === true,
  },
  actions: {
    closeOffer: assign(({ context }) => ({ openOffers: Math.max(0, context.openOffers - 1) })),
    closeAllOffers: assign({ openOffers: 0 }),
    openOffers: assign((_, params: { offers: number }) => ({ openOffers: params.offers })),
    useRevision: assign(({ context }) => ({ revisionsUsed: context.revisionsUsed + 1 })),
  },
}).createMachine({
  id: 'orderLifecycle',
  context: ({ input }) => ({
    openOffers: input?.openOffers ?? 1,
    revisionsUsed: input?.revisionsUsed ?? 0,
    revisionLimit: input?.revisionLimit ?? 2,
  }),
  initial: 'awaiting_payment',
  states: {
    awaiting_payment: {
      description: 'Committed by the customer; nothing happens until a verified payment arrives.',
      meta: meta({ step: 0, customer: 'Awaiting payment' }),
      on: {
        payment_succeeded: { guard: 'byRightRole', target: 'offered' },
        // The chosen artists' offers never opened; cancelling withdraws them.
        cancelled: { guard: 'byRightRole', target: 'cancelled', actions: 'closeAllOffers' },
      },
    },
    offered: {
      description: 'Paid: the chosen artists each have an open offer; the first to accept takes the order.',
      meta: meta({ step: 1, customer: 'Waiting for an artist to accept', artistStage: 'new' }),
      on: {
        artist_accepted: { guard: 'byRightRole', target: 'in_progress', actions: 'closeAllOffers' },
        artist_declined: [
          { guard: 'hasOtherOffers', actions: 'closeOffer' },
          { guard: 'byRightRole', target: 'needs_artist', actions: 'closeAllOffers' },
        ],
        offer_expired: [
          { guard: 'hasOtherOffers', actions: 'closeOffer' },
          { guard: 'byRightRole', target: 'needs_artist', actions: 'closeAllOffers' },
        ],
        // The artist deactivated or was suspended: their open offer is withdrawn, like a decline.
        artist_left: [
          { guard: 'hasOtherOffers', actions: 'closeOffer' },
          { guard: 'byRightRole', target: 'needs_artist', actions: 'closeAllOffers' },
        ],
        cancelled: { guard: 'byRightRole', target: 'cancelled', actions: 'closeAllOffers' },
        // The provider took the money back before anyone started: the order stops.
        payment_reversed: { guard: 'byRightRole', target: 'cancelled', actions: 'closeAllOffers' },
      },
    },
    needs_artist: {
      description: 'Every offer was declined or expired: the customer may offer it to other artists or cancel.',
      meta: meta({ step: 1, customer: 'Choose another artist' }),
      on: {
        customer_rebooked: {
          guard: 'rebooksSomeone',
          target: 'offered',
          actions: {
            type: 'openOffers',
            params: ({ event }) => ({ offers: event.type === 'customer_rebooked' ? event.offers : 0 }),
          },
        },
        // An admin offers the order to one artist they chose.
        admin_reassigned: {
          guard: 'byRightRole',
          target: 'offered',
          actions: { type: 'openOffers', params: { offers: 1 } },
        },
        cancelled: { guard: 'byRightRole', target: 'cancelled' },
        // The provider took the money back before anyone started: the order stops.
        payment_reversed: { guard: 'byRightRole', target: 'cancelled' },
      },
    },
    in_progress: {
      description: 'An artist accepted and is recording the song, due the day before it is needed.',
      meta: meta({ step: 2, customer: 'The artist is working on your song', artistStage: 'ongoing' }),
      on: {
        recording_uploaded: { guard: 'byRightRole', target: 'in_validation' },
        cancelled: { guard: 'byAdmin', target: 'cancelled' },
        // The artist left (deactivated, suspended): the customer chooses someone else (decisions.md).
        artist_left: { guard: 'byRightRole', target: 'needs_artist' },
        admin_reassigned: {
          guard: 'overdueForReassignment',
          target: 'offered',
          actions: { type: 'openOffers', params: { offers: 1 } },
        },
        // The money went back after an artist started: work stops and an admin settles it.
        payment_reversed: { guard: 'byRightRole', target: 'disputed' },
      },
    },
    in_validation: {
      description: 'The artist sent a recording; an admin checks it before the customer hears it.',
      meta: meta({ step: 3, customer: 'Our team is checking the recording', artistStage: 'validation' }),
      on: {
        admin_validated: { guard: 'byRightRole', target: 'delivered' },
        admin_requested_revision: { guard: 'byRightRole', target: 'in_revision' },
        // The money went back after an artist started: work stops and an admin settles it.
        payment_reversed: { guard: 'byRightRole', target: 'disputed' },
      },
    },
    in_revision: {
      description: 'The admin or the customer asked for changes; the artist records again.',
      meta: meta({ step: 3, customer: 'The artist is revising your song', artistStage: 'revision' }),
      on: {
        recording_uploaded: { guard: 'byRightRole', target: 'in_validation' },
        cancelled: { guard: 'byAdmin', target: 'cancelled' },
        // The artist left (deactivated, suspended): the customer chooses someone else (decisions.md).
        artist_left: { guard: 'byRightRole', target: 'needs_artist' },
        admin_reassigned: {
          guard: 'overdueForReassignment',
          target: 'offered',
          actions: { type: 'openOffers', params: { offers: 1 } },
        },
        // The money went back after an artist started: work stops and an admin settles it.
        payment_reversed: { guard: 'byRightRole', target: 'disputed' },
      },
    },
    delivered: {
      description: 'The customer can listen, then accept the song or send it back (within the revision limit).',
      meta: meta({ step: 4, customer: 'Ready to listen', artistStage: 'validation' }),
      on: {
        customer_accepted: { guard: 'byRightRole', target: 'completed' },
        customer_rejected: { guard: 'hasRevisionsLeft', target: 'in_revision', actions: 'useRevision' },
        // The money went back after an artist started: work stops and an admin settles it.
        payment_reversed: { guard: 'byRightRole', target: 'disputed' },
      },
    },
    completed: {
      description: 'The customer accepted the song; the artist is credited and the customer may rate it.',
      meta: meta({ step: 5, customer: 'Completed', artistStage: 'completed' }),
      initial: 'unrated',
      on: {
        // A chargeback after completion: the artist's payout is held until an admin settles it.
        payment_reversed: { guard: 'byRightRole', target: 'disputed' },
      },
      states: {
        unrated: {
          description: 'Completed and not rated yet; rating is the only thing left to do.',
          on: { customer_rated: { guard: 'byRightRole', target: 'rated' } },
        },
        rated: {},
      },
    },
    disputed: {
      meta: meta({ step: -1, customer: 'On hold: the payment was reversed', artistStage: 'ongoing' }),
      description: 'The payment was refunded or charged back after work started. No payout is released.',
      on: {
        cancelled: { guard: 'byAdmin', target: 'cancelled' },
      },
    },
    cancelled: {
      description: 'Cancelled by the customer or an admin; open offers were withdrawn and a payment refunded.',
      meta: meta({ step: -1, customer: 'Cancelled' }),
      type: 'final',
    },
  },
});
