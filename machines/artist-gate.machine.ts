// The artist's standing, derived from the session's user: each change re-runs the gating (the
// transient `deciding` state), so the chart shows SPEC §4's order. Route guards use the same rules
// synchronously through artist-gate.ts.
import { assign, setup } from 'xstate';
import type { AuthUser } from '../contracts/account';
import { artistStatusOf } from './artist-gate';
import type { ArtistGateContext, ArtistGateEvent, ArtistGateInput, ArtistGateTag } from './artist-gate.types';

export type * from './artist-gate.types';

export const artistGateMachine = setup({
  types: {
    context: {} as ArtistGateContext,
    events: {} as ArtistGateEvent,
    input: {} as ArtistGateInput | undefined,
    tags: {} as ArtistGateTag,
  },
  guards: {
    isNotArtist: ({ context }) => artistStatusOf(context.user) === 'notArtist',
    isApplicationUnfinished: ({ context }) => artistStatusOf(context.user) === 'applicationUnfinished',
    isApproved: ({ context }) => artistStatusOf(context.user) === 'approved',
  },
  actions: {
    setUser: assign((_, params: { user: AuthUser | null }) => ({ user: params.user })),
  },
}).createMachine({
  id: 'artistGate',
  context: ({ input }) => ({ user: input?.user ?? null }),
  initial: 'deciding',
  on: {
    'session.userChanged': {
      target: '.deciding',
      actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
    },
  },
  states: {
    deciding: {
      always: [
        { guard: 'isNotArtist', target: 'notArtist' },
        // Not all four progress flags: only the application form.
        { guard: 'isApplicationUnfinished', target: 'applicationUnfinished' },
        { guard: 'isApproved', target: 'approved' },
        // Finished but for_review, rejected (or still incomplete): profile and account settings only.
        { target: 'awaitingApproval' },
      ],
    },
    /** Signed out or a customer: the other guards decide. */
    notArtist: {},
    applicationUnfinished: {},
    awaitingApproval: {},
    approved: { tags: ['fullMenu', 'onlineSwitch'] },
  },
});
