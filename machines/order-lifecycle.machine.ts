// The order lifecycle of docs/architecture.md §4: the one definition of an order's states, its events, who may send
// each event and the guards (offers left, revisions left). The server decides every transition with it
// (server/lifecycle/transition.ts: an event the state does not accept is a 409) and the SPA draws the
// timeline and offers only the actions `snapshot.can()` allows (machines/order-lifecycle.ts).
// It is pure: no actors, no timers. Offer expiry, and the cancellation of an order left 7 days without an
// artist, are events the server's scheduler sends.
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
    /** A person cancels (the customer or an admin); the system cancels only an order left without an artist. */
    byPerson: ({ event }) => fromRightRole(event) && event.role !== 'system',
    /** Changes are asked of an artist who is still here (not deactivated, not suspended). */
    artistStays: ({ context, event }) => fromRightRole(event) && !context.artistAway,
    /**
     * An admin gives taken work to another artist once it is past its due date (it has stalled), or
     * whatever its due date once its artist left or was suspended.
     */
    reassignable: ({ context, event }) =>
      fromRightRole(event) && event.type === 'admin_reassigned' && (event.overdue === true || context.artistAway),
    /** The artist who sent the recording left or was suspended. */
    artistGone: ({ context, event }) => fromRightRole(event) && context.artistAway,
    /** The customer approves the lyrics before the recording. */
    lyricsFirst: ({ context, event }) => fromRightRole(event) && context.lyricsApproval,
  },
  actions: {
    closeOffer: assign(({ context }) => ({ openOffers: Math.max(0, context.openOffers - 1) })),
    closeAllOffers: assign({ openOffers: 0 }),
    openOffers: assign((_, params: { offers: number }) => ({ openOffers: params.offers })),
    useRevision: assign(({ context }) => ({ revisionsUsed: context.revisionsUsed + 1 })),
    skipLyrics: assign({ lyricsApproval: false }),
  },
}).createMachine({
  id: 'orderLifecycle',
  context: ({ input }) => ({
    openOffers: input?.openOffers ?? 1,
    revisionsUsed: input?.revisionsUsed ?? 0,
    revisionLimit: input?.revisionLimit ?? 2,
    artistAway: input?.artistAway ?? false,
    lyricsApproval: input?.lyricsApproval ?? false,
  }),
  initial: 'awaiting_payment',
  states: {
    awaiting_payment: {
      description: 'Committed by the customer; nothing happens until a verified payment arrives.',
      meta: meta({ step: 0, customer: 'Awaiting payment' }),
      on: {
        payment_succeeded: {
          guard: 'byRightRole',
          target: 'offered',
          description: 'The payment is confirmed: the chosen artists are offered the order.',
        },
        cancelled: {
          guard: 'byPerson',
          target: 'cancelled',
          actions: 'closeAllOffers',
          description: 'The customer or an admin cancels before payment; the offers that never opened are withdrawn.',
        },
      },
    },
    offered: {
      description: 'Paid: the chosen artists each have an open offer; the first to accept takes the order.',
      meta: meta({ step: 1, customer: 'Waiting for an artist to accept', artistStage: 'new' }),
      on: {
        artist_accepted: [
          {
            guard: 'lyricsFirst',
            target: 'in_progress.lyrics_draft',
            actions: 'closeAllOffers',
            description:
              'An artist accepts an order whose customer approves the lyrics: the order is theirs, the other offers close, and the artist writes the lyrics first.',
          },
          {
            guard: 'byRightRole',
            target: 'in_progress',
            actions: 'closeAllOffers',
            description: 'An artist accepts: the order is theirs and the other offers close.',
          },
        ],
        artist_declined: [
          {
            guard: 'hasOtherOffers',
            actions: 'closeOffer',
            description: 'An artist declines, and other offers are still open: only theirs closes.',
          },
          {
            guard: 'byRightRole',
            target: 'needs_artist',
            actions: 'closeAllOffers',
            description: 'The last artist with an open offer declines: the customer must choose another artist.',
          },
        ],
        offer_expired: [
          {
            guard: 'hasOtherOffers',
            actions: 'closeOffer',
            description: 'An artist let the offer expire, and other offers are still open: only theirs closes.',
          },
          {
            guard: 'byRightRole',
            target: 'needs_artist',
            actions: 'closeAllOffers',
            description: 'The last open offer expired: the customer must choose another artist.',
          },
        ],
        artist_left: [
          {
            guard: 'hasOtherOffers',
            actions: 'closeOffer',
            description:
              'An artist left the platform (deactivated, suspended), and other offers are still open: only theirs is withdrawn.',
          },
          {
            guard: 'byRightRole',
            target: 'needs_artist',
            actions: 'closeAllOffers',
            description:
              'The last artist with an open offer left the platform: the customer must choose another artist.',
          },
        ],
        cancelled: {
          guard: 'byPerson',
          target: 'cancelled',
          actions: 'closeAllOffers',
          description: 'The customer or an admin cancels: the offers are withdrawn and the payment refunded.',
        },
        payment_reversed: {
          guard: 'byRightRole',
          target: 'cancelled',
          actions: 'closeAllOffers',
          description: 'The payment provider took the money back before any artist started: the order stops.',
        },
      },
    },
    needs_artist: {
      description:
        'Every offer was declined or expired, or the artist left: the customer may offer it to other artists or cancel; after 7 days without either it is cancelled and refunded.',
      meta: meta({ step: 1, customer: 'Choose another artist' }),
      on: {
        customer_rebooked: {
          guard: 'rebooksSomeone',
          target: 'offered',
          actions: {
            type: 'openOffers',
            params: ({ event }) => ({ offers: event.type === 'customer_rebooked' ? event.offers : 0 }),
          },
          description: 'The customer chooses other artists: they are offered the order.',
        },
        admin_reassigned: {
          guard: 'byRightRole',
          target: 'offered',
          actions: { type: 'openOffers', params: { offers: 1 } },
          description: 'An admin offers the order to one artist they chose.',
        },
        cancelled: {
          guard: 'byRightRole',
          target: 'cancelled',
          description:
            'The customer or an admin cancels, or the system does once the order waited 7 days without her choosing: the payment is refunded.',
        },
        payment_reversed: {
          guard: 'byRightRole',
          target: 'cancelled',
          description: 'The payment provider took the money back before any artist started: the order stops.',
        },
      },
    },
    in_progress: {
      description:
        'An artist accepted and is making the song, due the day before it is needed: first the lyrics when the customer approves them, then the recording.',
      meta: meta({ step: 2, customer: 'The artist is working on your song', artistStage: 'ongoing' }),
      initial: 'recording',
      states: {
        lyrics_draft: {
          description:
            'The customer approves the lyrics before the recording: the artist writes a lyrics draft and posts it in the order messages.',
          on: {
            lyrics_posted: {
              guard: 'byRightRole',
              target: 'lyrics_review',
              description: 'The artist posts the lyrics draft: the customer reads it.',
            },
            lyrics_skipped: {
              guard: 'byRightRole',
              target: 'recording',
              actions: 'skipLyrics',
              description: 'The customer turns lyrics approval off: the artist may record straight away.',
            },
          },
        },
        lyrics_review: {
          description:
            'The lyrics draft waits for the customer: they approve it or ask for changes. The recording waits too.',
          on: {
            lyrics_approved: {
              guard: 'byRightRole',
              target: 'recording',
              description: 'The customer approves the lyrics: the artist may record the song.',
            },
            lyrics_changes_requested: {
              guard: 'byRightRole',
              target: 'lyrics_changes',
              description: 'The customer asks for changes to the lyrics, with a note. This does not use a revision.',
            },
            lyrics_posted: {
              guard: 'byRightRole',
              target: 'lyrics_review',
              description:
                'The artist posts a corrected draft before the customer answered: the customer reads the newest.',
            },
            lyrics_skipped: {
              guard: 'byRightRole',
              target: 'recording',
              actions: 'skipLyrics',
              description: 'The customer turns lyrics approval off: the artist may record straight away.',
            },
          },
        },
        lyrics_changes: {
          description: 'The customer asked for changes to the lyrics: the artist posts a new draft.',
          on: {
            lyrics_posted: {
              guard: 'byRightRole',
              target: 'lyrics_review',
              description: 'The artist posts the changed lyrics: the customer reads them again.',
            },
            lyrics_skipped: {
              guard: 'byRightRole',
              target: 'recording',
              actions: 'skipLyrics',
              description: 'The customer turns lyrics approval off: the artist may record straight away.',
            },
          },
        },
        recording: {
          description: 'The artist records the song (the lyrics are approved, or the customer does not approve them).',
          on: {
            recording_uploaded: {
              guard: 'byRightRole',
              target: '#orderLifecycle.in_validation',
              description: 'The artist sends the recording: an admin checks it.',
            },
          },
        },
      },
      on: {
        cancelled: { guard: 'byAdmin', target: 'cancelled', description: 'An admin cancels the order.' },
        artist_left: {
          guard: 'byRightRole',
          target: 'needs_artist',
          description: 'The artist left the platform (deactivated, suspended): the customer chooses someone else.',
        },
        admin_reassigned: {
          guard: 'reassignable',
          target: 'offered',
          actions: { type: 'openOffers', params: { offers: 1 } },
          description:
            'The artist is late, or left or was suspended: an admin offers the order to another artist, with a reason.',
        },
        payment_reversed: {
          guard: 'byRightRole',
          target: 'disputed',
          description: 'The money went back after the artist started: work stops until an admin settles it.',
        },
      },
    },
    in_validation: {
      description: 'The artist sent a recording; an admin checks it before the customer hears it.',
      meta: meta({ step: 3, customer: 'Our team is checking the recording', artistStage: 'validation' }),
      on: {
        admin_validated: {
          guard: 'byRightRole',
          target: 'delivered',
          description: 'An admin approves the recording: the customer can listen.',
        },
        admin_requested_revision: {
          guard: 'artistStays',
          target: 'in_revision',
          description: 'An admin asks the artist for changes (only an artist who is still here).',
        },
        admin_reassigned: {
          guard: 'artistGone',
          target: 'offered',
          actions: { type: 'openOffers', params: { offers: 1 } },
          description:
            'The artist left or was suspended before the recording was validated: an admin offers the order to another artist, with a reason.',
        },
        payment_reversed: {
          guard: 'byRightRole',
          target: 'disputed',
          description: 'The money went back after the artist started: work stops until an admin settles it.',
        },
      },
    },
    in_revision: {
      description: 'The admin or the customer asked for changes; the artist records again.',
      meta: meta({ step: 3, customer: 'The artist is revising your song', artistStage: 'revision' }),
      on: {
        recording_uploaded: {
          guard: 'byRightRole',
          target: 'in_validation',
          description: 'The artist sends the new recording: an admin checks it.',
        },
        cancelled: { guard: 'byAdmin', target: 'cancelled', description: 'An admin cancels the order.' },
        artist_left: {
          guard: 'byRightRole',
          target: 'needs_artist',
          description: 'The artist left the platform (deactivated, suspended): the customer chooses someone else.',
        },
        admin_reassigned: {
          guard: 'reassignable',
          target: 'offered',
          actions: { type: 'openOffers', params: { offers: 1 } },
          description:
            'The artist is late, or left or was suspended: an admin offers the order to another artist, with a reason.',
        },
        payment_reversed: {
          guard: 'byRightRole',
          target: 'disputed',
          description: 'The money went back after the artist started: work stops until an admin settles it.',
        },
      },
    },
    delivered: {
      description: 'The customer can listen, then accept the song or send it back (within the revision limit).',
      meta: meta({ step: 4, customer: 'Ready to listen', artistStage: 'validation' }),
      on: {
        customer_accepted: {
          guard: 'byRightRole',
          target: 'completed',
          description: 'The customer accepts the song: the order is complete and the artist is credited.',
        },
        customer_rejected: {
          guard: 'hasRevisionsLeft',
          target: 'in_revision',
          actions: 'useRevision',
          description: 'The customer asks for changes (revisions left): the artist records again.',
        },
        payment_reversed: {
          guard: 'byRightRole',
          target: 'disputed',
          description: 'The money went back after the artist started: work stops until an admin settles it.',
        },
      },
    },
    completed: {
      description: 'The customer accepted the song; the artist is credited and the customer may rate it.',
      meta: meta({ step: 5, customer: 'Completed', artistStage: 'completed' }),
      initial: 'unrated',
      on: {
        payment_reversed: {
          guard: 'byRightRole',
          target: 'disputed',
          description: "A chargeback after completion: the artist's payout is held until an admin settles it.",
        },
      },
      states: {
        unrated: {
          description: 'Completed and not rated yet; rating is the only thing left to do.',
          on: {
            customer_rated: { guard: 'byRightRole', target: 'rated', description: 'The customer rates the song.' },
          },
        },
        rated: { description: 'Completed and rated: nothing left to do.' },
      },
    },
    disputed: {
      meta: meta({ step: -1, customer: 'On hold: the payment was reversed', artistStage: 'ongoing' }),
      description: 'The payment was refunded or charged back after work started. No payout is released.',
      on: {
        cancelled: {
          guard: 'byAdmin',
          target: 'cancelled',
          description: 'An admin settles it by cancelling the order.',
        },
      },
    },
    cancelled: {
      description: 'Cancelled by the customer or an admin; open offers were withdrawn and a payment refunded.',
      meta: meta({ step: -1, customer: 'Cancelled' }),
      type: 'final',
    },
  },
});
