// One tip's payment (issue 28 "Tips"): the customer thanks the artist of an accepted song with money,
// paid at the provider like an order. The server decides every provider callback and every system
// step with this machine (server/payments/tips.ts), inside one transaction with the tip row locked.
// Pure: no actors, no timers. The actions are the decisions the server carries out; they do nothing here.
import { setup } from 'xstate';

/** `provider.*` come from a verified callback; `system.expired` from the maintenance job. */
export type TipPaymentEvent =
  | { type: 'provider.pending' }
  | { type: 'provider.succeeded'; amountMatches: boolean }
  | { type: 'provider.failed' }
  | { type: 'provider.cancelled' }
  | { type: 'system.expired' };

/** Money arrived: for the amount the tip asked, it is the artist's; for another, it waits for a person. */
const success = [
  {
    guard: 'isRightAmount',
    target: 'paid',
    actions: 'creditArtist',
    description: 'The money arrived for the amount of the tip: the whole tip is credited to the artist, who is told.',
  },
  {
    target: 'held',
    actions: 'holdTip',
    description:
      'The money arrived for another amount or currency than the tip asked: nothing is credited; the team decides.',
  },
] as const;

export const tipPaymentMachine = setup({
  types: { events: {} as TipPaymentEvent },
  guards: {
    /** Money counts only for the amount and currency stored when the tip was made. */
    isRightAmount: ({ event }) => event.type === 'provider.succeeded' && event.amountMatches,
  },
  actions: {
    /** A payout of the whole tip for the order's artist (no platform share), a notification and a mail. */
    creditArtist: () => {},
    /** Record why nothing was credited (the log, for the team). */
    holdTip: () => {},
  },
}).createMachine({
  id: 'tipPayment',
  description: 'The payment of one tip, from the provider’s page to the artist’s earnings.',
  initial: 'pending',
  states: {
    pending: {
      description: 'The customer chose an amount; they are on the provider’s page or the money is on its way.',
      on: {
        'provider.pending': { target: 'pending', description: 'The provider’s code changed, still no money.' },
        'provider.succeeded': success,
        'provider.failed': { target: 'failed', description: 'The provider refused the payment.' },
        'provider.cancelled': {
          target: 'cancelled',
          description: "The customer left the provider's page without paying.",
        },
        'system.expired': { target: 'expired', description: 'Nobody paid the tip in time.' },
      },
    },
    failed: {
      description: 'The provider refused the payment. Late money (over-the-counter payments) still counts.',
      on: { 'provider.succeeded': success },
    },
    cancelled: {
      description: 'The customer left the provider’s page. Late money still counts.',
      on: { 'provider.succeeded': success },
    },
    expired: {
      description: 'Nobody paid the tip in time. Late money still counts.',
      on: { 'provider.succeeded': success },
    },
    paid: {
      description: 'The tip is paid and credited to the artist. A repeated callback changes nothing.',
      type: 'final',
    },
    held: {
      description: 'Money arrived for another amount than the tip asked: it was not credited and waits for the team.',
      type: 'final',
    },
  },
});
