// Revealing an artist's full payout destination in the admin console: an explicit action (the server
// writes it to the audit), the number shown until hidden again. One machine per payout row.
import { assign, fromPromise, setup } from 'xstate';
import type { RevealedPayoutDestination } from '../contracts/lifecycle';
import { notProvided, readFailure } from './api-error';

export interface PayoutRevealContext {
  payoutId: number;
  destination: RevealedPayoutDestination | null;
  error: string | null;
}

export type PayoutRevealEvent = { type: 'user.reveal' } | { type: 'user.hide' };

export const payoutRevealMachine = setup({
  types: {
    context: {} as PayoutRevealContext,
    events: {} as PayoutRevealEvent,
    input: {} as { payoutId: number },
    tags: {} as 'busy',
  },
  actors: {
    revealPayout: fromPromise<RevealedPayoutDestination, { payoutId: number }>(notProvided('revealPayout')),
  },
  actions: {
    keepDestination: assign(({ event }) => ({
      destination: (event as unknown as { output: RevealedPayoutDestination }).output,
      error: null,
    })),
    keepError: assign(({ event }) => ({ error: readFailure((event as { error?: unknown }).error).message })),
    forget: assign({ destination: null }),
    // Supplied by the page: the payout's audit list gains this reveal.
    recordReveal: (_, _params: { at: string }) => {},
  },
}).createMachine({
  id: 'payoutReveal',
  context: ({ input }) => ({ payoutId: input.payoutId, destination: null, error: null }),
  initial: 'hidden',
  states: {
    hidden: {
      description: 'Only the last four digits are shown.',
      on: {
        'user.reveal': {
          target: 'revealing',
          description: 'The admin asks to see the whole payout destination (it is recorded that they looked).',
        },
      },
    },
    revealing: {
      description: 'Asking the server, which records who looked.',
      tags: ['busy'],
      invoke: {
        id: 'revealPayout',
        src: 'revealPayout',
        input: ({ context }) => ({ payoutId: context.payoutId }),
        onDone: {
          target: 'shown',
          actions: [
            'keepDestination',
            { type: 'recordReveal', params: ({ event }) => ({ at: event.output.revealed_at }) },
          ],
          description: 'The whole destination shows, with when it was revealed.',
        },
        onError: {
          target: 'hidden',
          actions: 'keepError',
          description: 'It could not be revealed: the admin is told why; it stays hidden.',
        },
      },
    },
    shown: {
      description: 'The whole destination, for the transfer.',
      on: { 'user.hide': { target: 'hidden', actions: 'forget', description: 'The admin hides it again.' } },
    },
  },
});
