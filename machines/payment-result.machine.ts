// The checkout result page (/checkout/{page}?order=&ref=): it shows what the server says about the
// order's payment, never what the address claims. While the newest attempt is still pending (the
// provider's postback has not landed) it keeps asking for a while with a visible "confirming" state.
import { assign, fromPromise, setup } from 'xstate';
import type { OrderPaymentState } from '../contracts/order';
import { notProvided, readFailure } from './api-error';

export type CheckoutPage = 'success' | 'pending' | 'failed' | 'cancelled';

export interface PaymentResultInput {
  /** ?order= of the address; null when missing or malformed (nothing to read: nothing is claimed). */
  orderId: number | null;
  page: CheckoutPage;
}

export interface PaymentResultContext {
  orderId: number | null;
  page: CheckoutPage;
  payment: OrderPaymentState | null;
  /** Reads made while confirming. */
  polls: number;
  error: string | null;
}

export type PaymentResultEvent = { type: 'user.retry' };

/** How often, and how many times, the page asks again while the payment is being confirmed. */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_MAX_POLLS = 15;

const stateIs =
  (...states: OrderPaymentState['state'][]) =>
  ({ event }: { event: unknown }) =>
    states.includes((event as { output?: OrderPaymentState }).output?.state as OrderPaymentState['state']);

export const paymentResultMachine = setup({
  types: {
    context: {} as PaymentResultContext,
    events: {} as PaymentResultEvent,
    input: {} as PaymentResultInput,
    tags: {} as 'busy' | 'confirming',
  },
  actors: {
    loadPaymentState: fromPromise<OrderPaymentState, { orderId: number }>(notProvided('loadPaymentState')),
  },
  delays: {
    pollDelay: CONFIRM_POLL_MS,
  },
  guards: {
    hasOrder: ({ context }) => context.orderId !== null,
    isPaid: stateIs('paid'),
    isWaiting: stateIs('waiting'),
    isFailed: stateIs('failed'),
    isCancelled: stateIs('cancelled'),
    isClosed: stateIs('closed'),
    isNotFound: ({ event }) => readFailure((event as { error?: unknown }).error).status === 404,
    hasPollsLeft: ({ context }) => context.polls < CONFIRM_MAX_POLLS,
  },
  actions: {
    keepState: assign(({ event }) => ({
      payment: (event as { output?: OrderPaymentState }).output ?? null,
      error: null,
    })),
    keepError: assign(({ event }) => ({ error: readFailure((event as { error?: unknown }).error).message })),
    countPoll: assign(({ context }) => ({ polls: context.polls + 1 })),
    resetPolls: assign({ polls: 0 }),
  },
}).createMachine({
  id: 'paymentResult',
  context: ({ input }) => ({ orderId: input.orderId, page: input.page, payment: null, polls: 0, error: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Without an order in the address there is nothing to read and nothing to claim.',
      always: [
        {
          guard: 'hasOrder',
          target: 'checking',
          description: 'The address names an order: where its payment stands is asked.',
        },
        { target: 'unknown', description: 'No order in the address: nothing is claimed.' },
      ],
    },
    checking: {
      description: 'Asking the server where the order’s payment stands.',
      tags: ['busy'],
      invoke: {
        id: 'loadPaymentState',
        src: 'loadPaymentState',
        input: ({ context }) => ({ orderId: context.orderId as number }),
        onDone: [
          {
            guard: 'isPaid',
            target: 'paid',
            actions: 'keepState',
            description: 'The order is paid: the customer is told so.',
          },
          {
            guard: 'isWaiting',
            target: 'confirming',
            actions: 'keepState',
            description: 'The payment is not confirmed yet: "Confirming your payment", asking again shortly.',
          },
          {
            guard: 'isFailed',
            target: 'failed',
            actions: 'keepState',
            description: 'The payment failed: nothing was charged; the customer can pay again.',
          },
          {
            guard: 'isCancelled',
            target: 'cancelled',
            actions: 'keepState',
            description: 'The customer cancelled the payment: they can pay again when ready.',
          },
          {
            guard: 'isClosed',
            target: 'closed',
            actions: 'keepState',
            description: 'The order was cancelled or is on hold: nothing to pay.',
          },
          {
            target: 'unpaid',
            actions: 'keepState',
            description: 'The order awaits payment and none is under way: the customer can pay.',
          },
        ],
        onError: [
          {
            guard: 'isNotFound',
            target: 'unknown',
            description: 'No such order of this customer: nothing is claimed.',
          },
          {
            target: 'error',
            actions: 'keepError',
            description: 'The server could not be asked: the customer can try again.',
          },
        ],
      },
    },
    confirming: {
      description: 'The provider has not told us yet: “Confirming your payment”, asking again shortly.',
      tags: ['confirming'],
      after: {
        pollDelay: [
          {
            guard: 'hasPollsLeft',
            target: 'checking',
            actions: 'countPoll',
            description: 'A moment later: ask again.',
          },
          {
            target: 'stillWaiting',
            description: 'Still not confirmed after a while: the customer is told, and can check again later.',
          },
        ],
      },
    },
    stillWaiting: {
      description: 'Still not confirmed after a while (some channels take hours): say so, offer to check again.',
      on: { 'user.retry': { target: 'checking', actions: 'resetPolls', description: 'The customer checks again.' } },
    },
    paid: { description: 'The order is paid (a verified callback moved it).', type: 'final' },
    failed: { description: 'The newest attempt failed: nothing charged, pay again.', type: 'final' },
    cancelled: { description: 'The newest attempt was cancelled: pay again when ready.', type: 'final' },
    unpaid: { description: 'The order awaits payment and no attempt is under way.', type: 'final' },
    closed: { description: 'The order was cancelled or is on hold: nothing to pay.', type: 'final' },
    unknown: { description: 'No such order of this customer: nothing is claimed.', type: 'final' },
    error: {
      description: 'The server could not be asked: try again.',
      on: { 'user.retry': { target: 'checking', description: 'The customer tries again.' } },
    },
  },
});
