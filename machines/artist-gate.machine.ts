// The artist's standing, derived from the session's user: each change re-runs the gating (the
// transient `deciding` state), so the chart shows docs/product.md §4's order. Route guards use the same rules
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
      description: 'Someone signed in or out, or the account changed: what an artist may open is decided again.',
    },
  },
  states: {
    deciding: {
      description: 'Deciding what the signed-in person may open as an artist.',
      always: [
        {
          guard: 'isNotArtist',
          target: 'notArtist',
          description: 'Signed out, or a customer: the artist pages are not theirs.',
        },
        // Not all four progress flags: only the application form.
        {
          guard: 'isApplicationUnfinished',
          target: 'applicationUnfinished',
          description: 'An artist who has not finished the application form: only the form opens.',
        },
        { guard: 'isApproved', target: 'approved', description: 'An approved artist: everything opens.' },
        // Finished but for_review, rejected (or still incomplete): profile and account settings only.
        {
          target: 'awaitingApproval',
          description: 'Application finished but under review or rejected: only the profile and account settings open.',
        },
      ],
    },
    notArtist: {
      description: 'Signed out, or a customer: the artist area is not theirs (the other rules of the pages decide).',
    },
    applicationUnfinished: {
      description: 'An artist with an unfinished application: only the application form is open to them.',
    },
    awaitingApproval: {
      description: 'An artist waiting for approval (or rejected): only the profile and account settings are open.',
    },
    approved: {
      description: 'An approved artist: the full menu and the online switch.',
      tags: ['fullMenu', 'onlineSwitch'],
    },
  },
});
