// One payment attempt of an order (a checkout: its own txnid at the provider). The server decides every
// provider callback and every system step with this machine (server/payments/attempts.ts), inside one
// transaction with the order row locked, as it does the order lifecycle with orderLifecycleMachine.
// Pure: no actors, no timers. The actions are the decisions the server carries out (pay the order,
// record a refund owed, stop the order); they do nothing here.
import { setup } from 'xstate';
import type { RefundReason } from '../contracts/order';
import type { OrderStanding, PaymentAttemptEvent } from './payment-attempt.types';

export type * from './payment-attempt.types';

const orderIs = (event: PaymentAttemptEvent, order: OrderStanding) =>
  event.type === 'provider.succeeded' && event.order === order;

/** Money for another amount or currency than the attempt asked for: kept aside for an admin to decide. */
const held = {
  guard: 'isWrongAmount',
  target: 'held',
  actions: 'holdForDecision',
  description: 'The money arrived for another amount or currency: it is held for an admin to accept or refund.',
} as const;

/**
 * Money for an attempt that was not closed: it pays an order that still waits for it; otherwise (the
 * order was paid by another attempt, or cancelled, while this one was open) it is owed back.
 */
const success = [
  held,
  {
    guard: 'isOrderAwaiting',
    target: 'succeeded',
    actions: 'payOrder',
    description: 'The money arrived for an order awaiting payment: the order is paid.',
  },
  {
    guard: 'isOrderCancelled',
    target: 'refunded',
    actions: { type: 'recordRefundOwed', params: { reason: 'paid_after_cancel' } },
    description: 'The money arrived for an order cancelled meanwhile: it is owed back to the customer.',
  },
  {
    guard: 'isRightAmount',
    target: 'refunded',
    actions: { type: 'recordRefundOwed', params: { reason: 'paid_twice' } },
    description: 'The money arrived for an order already paid by another checkout: it is owed back to the customer.',
  },
] as const;

export const paymentAttemptMachine = setup({
  types: {
    events: {} as PaymentAttemptEvent,
  },
  guards: {
    /** Money counts only for the amount and currency the attempt asked for. */
    isRightAmount: ({ event }) => event.type === 'provider.succeeded' && event.amountMatches,
    isWrongAmount: ({ event }) => event.type === 'provider.succeeded' && !event.amountMatches,
    /** Held money can pay the order only if it still waits for it and the money covers its price. */
    canAccept: ({ event }) => event.type === 'admin.accepted' && event.covers && event.order === 'awaiting_payment',
    /** The order still waits for this money: it can be kept. */
    isOrderAwaiting: ({ event }) =>
      event.type === 'provider.succeeded' && event.amountMatches && orderIs(event, 'awaiting_payment'),
    isOrderCancelled: ({ event }) =>
      event.type === 'provider.succeeded' && event.amountMatches && orderIs(event, 'cancelled'),
  },
  actions: {
    /** Move the order with the lifecycle's payment_succeeded, then void the order's other pending attempts. */
    payOrder: () => {},
    /** The money arrived but cannot be kept: record a refund owed, tell the customer and the admins. */
    recordRefundOwed: (_, _params: { reason: RefundReason }) => {},
    /** The provider took the money back: stop the order (lifecycle payment_reversed) and record it. */
    stopOrder: (_, _params: { reason: RefundReason }) => {},
    /** Record the payment exception an admin must resolve, and alert the admins. */
    holdForDecision: () => {},
    /** Accepted money above the order's price: the surplus is owed back to the customer. */
    recordSurplusOwed: () => {},
  },
}).createMachine({
  id: 'paymentAttempt',
  initial: 'pending',
  states: {
    pending: {
      description: 'Checkout started; the customer is on the provider’s page or the money is on its way.',
      on: {
        'provider.pending': { target: 'pending', description: 'The provider’s code changed, still no money.' },
        'provider.succeeded': success,
        'provider.failed': { target: 'failed', description: 'The provider refused the payment.' },
        'provider.cancelled': {
          target: 'cancelled',
          description: "The customer left the provider's page without paying.",
        },
        'system.expired': { target: 'expired', description: 'Nobody paid in time.' },
        'system.voided': {
          target: 'voided',
          description: 'The order was paid by another checkout, or cancelled: this one closes.',
        },
      },
    },
    succeeded: {
      description: 'The money arrived and paid the order (or is owed back: see the refund).',
      on: {
        'provider.refunded': {
          target: 'refunded',
          actions: { type: 'stopOrder', params: { reason: 'provider_refund' } },
          description: 'The provider refunded the customer: the order stops.',
        },
        'provider.charged_back': {
          target: 'charged_back',
          actions: { type: 'stopOrder', params: { reason: 'charged_back' } },
          description: "The customer's bank reversed the payment: the order stops.",
        },
        'system.refunded': {
          target: 'refunded',
          actions: { type: 'recordRefundOwed', params: { reason: 'order_cancelled' } },
          description: 'The order was cancelled after payment: the money is owed back to the customer.',
        },
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
      description: 'Nobody paid in time. Late money still counts.',
      on: { 'provider.succeeded': success },
    },
    voided: {
      description: 'The order was paid by another attempt or cancelled: this checkout is closed.',
      on: {
        'provider.succeeded': [
          held,
          {
            guard: 'isRightAmount',
            target: 'refunded',
            actions: { type: 'recordRefundOwed', params: { reason: 'paid_after_void' } },
            description: 'Money arrived for this closed checkout: it is owed back to the customer.',
          },
        ],
      },
    },
    held: {
      description:
        'The money arrived for another amount or currency than asked: it did not pay the order and waits for an admin.',
      on: {
        'admin.accepted': {
          guard: 'canAccept',
          target: 'succeeded',
          actions: ['payOrder', 'recordSurplusOwed'],
          description:
            'An admin accepts it as the payment (it covers the price in the right currency): the order is paid, any surplus owed back.',
        },
        'admin.refunded': {
          target: 'refunded',
          actions: { type: 'recordRefundOwed', params: { reason: 'wrong_payment' } },
          description: 'An admin refunds it: the whole amount is owed back and the order still awaits payment.',
        },
      },
    },
    refunded: {
      description: 'The money went back (or is owed back) to the customer.',
      type: 'final',
    },
    charged_back: {
      description: 'The customer’s bank reversed the payment.',
      type: 'final',
    },
  },
});
