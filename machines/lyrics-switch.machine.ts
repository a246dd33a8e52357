// The customer's "Approve the lyrics before the recording" switch on their order page (contracts/lyrics.ts,
// PUT /user/orders/{id}/lyrics-approval). The server decides whether the change is allowed (free before an
// artist takes the order; off while the artist works on the lyrics; on after acceptance is refused) and its
// message is shown as it is. One change at a time; the order page's facts keep the switch in step.
import { assign, fromPromise, setup } from 'xstate';
import { notProvided, readFailure } from './api-error';

export interface LyricsSwitchContext {
  orderId: number;
  /** Whether the order asks for lyrics approval, as the server last said. */
  on: boolean;
  /** The value on its way to the server. */
  wanted: boolean;
  problem: string | null;
}

export type LyricsSwitchEvent = { type: 'user.toggle' } | { type: 'order.changed'; on: boolean };

export const lyricsSwitchMachine = setup({
  types: {
    context: {} as LyricsSwitchContext,
    events: {} as LyricsSwitchEvent,
    input: {} as { orderId: number; on: boolean },
    tags: {} as 'busy',
  },
  actors: {
    setApproval: fromPromise<unknown, { orderId: number; on: boolean }>(notProvided('setApproval')),
  },
  actions: {
    want: assign(({ context }) => ({ wanted: !context.on, problem: null })),
    saved: assign(({ context }) => ({ on: context.wanted })),
    follow: assign(({ event }) => (event.type === 'order.changed' ? { on: event.on } : {})),
    setProblem: assign(({ event }) => ({
      problem: readFailure((event as unknown as { error: unknown }).error).message,
    })),
  },
}).createMachine({
  id: 'lyricsSwitch',
  context: ({ input }) => ({ orderId: input.orderId, on: input.on, wanted: input.on, problem: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The switch shows whether the customer approves the lyrics before the recording.',
      on: {
        'user.toggle': {
          target: 'saving',
          actions: 'want',
          description: 'The customer turns lyrics approval on or off.',
        },
        'order.changed': {
          actions: 'follow',
          description: 'The order was reloaded (an artist accepted, the lyrics were skipped): the switch follows it.',
        },
      },
    },
    saving: {
      description: 'The change is on its way to the server.',
      tags: ['busy'],
      invoke: {
        id: 'setApproval',
        src: 'setApproval',
        input: ({ context }) => ({ orderId: context.orderId, on: context.wanted }),
        onDone: {
          target: 'idle',
          actions: 'saved',
          description: 'The server kept the change: the switch shows the new value.',
        },
        onError: {
          target: 'idle',
          actions: 'setProblem',
          description:
            'The server refused (an artist already accepted on these terms) or could not be reached: the switch stays as it was and says why.',
        },
      },
    },
  },
});
