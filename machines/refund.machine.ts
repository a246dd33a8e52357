// One refund: money that must go back, or went back, to a customer. The server decides every move of a
// refund with this machine (server/payments/refunds.ts), inside the transaction that writes it, as it
// decides orders with orderLifecycleMachine; every screen, notification and mail reads the state it
// leaves (contracts/refunds.ts words it). Pure: the actions are what the server then carries out
// (tell the customer, alert the admins); they do nothing here.
import { setup } from 'xstate';

/** The states a stored refund can be in (`new` is only the moment it is recorded). */
export type RefundState = 'owed' | 'sent' | 'failed';

export type RefundEvent =
  /** The product recorded money it owes back (a cancellation, a price difference, a payment it cannot keep). */
  | { type: 'system.owed' }
  /** The provider returned the payment itself (a chargeback or a refund made in its console). */
  | { type: 'provider.returned' }
  /** An admin made the transfer: how (GCash, bank transfer, the provider's console) and its reference. */
  | { type: 'admin.sent'; method: string; reference: string }
  /** An admin's transfer did not go through. */
  | { type: 'admin.failed'; reason: string }
  /** An admin puts a failed refund back in the queue to send. */
  | { type: 'admin.retry' };

export const refundMachine = setup({
  types: {
    events: {} as RefundEvent,
  },
  actions: {
    /** Tell the customer what is owed (notification and essential mail) and alert every admin. */
    tellOwed: () => {},
    /** Tell the customer it was sent: amount, date, method and reference (notification and essential mail). */
    tellSent: () => {},
    /** Tell the customer the transfer failed and that the team is on it (notification and essential mail). */
    tellFailed: () => {},
    /** Alert every admin that a refund waits to be sent (operations home, digest). */
    alertAdmins: () => {},
  },
}).createMachine({
  id: 'refund',
  initial: 'new',
  states: {
    new: {
      description: 'Money that must go back to the customer is being recorded.',
      on: {
        'system.owed': {
          target: 'owed',
          actions: ['tellOwed', 'alertAdmins'],
          description:
            'We owe it back (a cancelled paid order, a cheaper artist, a payment we cannot keep): the customer and the admins are told.',
        },
        'provider.returned': {
          target: 'sent',
          description:
            'The payment provider already gave the money back (a chargeback or a provider refund): it is recorded as sent.',
        },
      },
    },
    owed: {
      description: 'Owed to the customer: it waits in the admin’s Refunds for someone to send it.',
      on: {
        'admin.sent': {
          target: 'sent',
          actions: 'tellSent',
          description:
            'An admin sent the money (by GCash, bank transfer or the provider’s console) and recorded its reference: the customer is told.',
        },
        'admin.failed': {
          target: 'failed',
          actions: 'tellFailed',
          description:
            'The transfer did not go through: the customer is told the team is on it; it stays to be solved.',
        },
        'provider.returned': {
          target: 'sent',
          description:
            'A chargeback or provider refund returned the payment before we sent this: the provider sent it, so it is never sent twice.',
        },
      },
    },
    failed: {
      description: 'A transfer was tried and failed: the team must solve it and send the money.',
      on: {
        'admin.retry': {
          target: 'owed',
          description: 'An admin puts it back in the refunds to send (for example once the customer gave new details).',
        },
        'admin.sent': {
          target: 'sent',
          actions: 'tellSent',
          description: 'An admin sent it after all and recorded the method and reference: the customer is told.',
        },
        'provider.returned': {
          target: 'sent',
          description:
            'A chargeback or provider refund returned the payment: the provider sent it, so it is never sent twice.',
        },
      },
    },
    sent: {
      description: 'The money went back to the customer (by us or by the provider): nothing more to do.',
      type: 'final',
    },
  },
});
