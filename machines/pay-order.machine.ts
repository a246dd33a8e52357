// "Pay now" for an order that awaits payment (after a failed or cancelled payment, or a closed tab):
// the payment methods of GET /options, a choice, then a new checkout attempt for that order; the
// browser leaves for the provider's page. The server decides whether the order can still be paid.
import { assign, fromPromise, setup } from 'xstate';
import type { Option } from '../contracts/options';
import type { CheckoutAnswer, OrderPaymentState } from '../contracts/order';
import { notProvided, readFailure } from './api-error';

export interface PayOrderInput {
  orderId: number;
}

/** What the page needs before offering to pay: the methods and where the order stands. */
export interface PayOrderSetup {
  methods: Option[];
  payment: OrderPaymentState;
}

export interface PayOrderContext {
  orderId: number;
  methods: Option[];
  method: string;
  payment: OrderPaymentState | null;
  error: string | null;
}

export type PayOrderEvent = { type: 'method.changed'; value: string } | { type: 'user.pay' } | { type: 'user.retry' };

export const payMethodMessage = 'Choose how you want to pay';

const failure = (event: unknown) => readFailure((event as { error?: unknown }).error);

export const payOrderMachine = setup({
  types: {
    context: {} as PayOrderContext,
    events: {} as PayOrderEvent,
    input: {} as PayOrderInput,
    tags: {} as 'busy',
  },
  actors: {
    loadPayOptions: fromPromise<PayOrderSetup, { orderId: number }>(notProvided('loadPayOptions')),
    startCheckout: fromPromise<CheckoutAnswer, { orderId: number; paymentMethod: string }>(
      notProvided('startCheckout'),
    ),
  },
  guards: {
    isPayable: ({ event }) => (event as { output?: PayOrderSetup }).output?.payment.payable === true,
    isMissing: ({ event }) => failure(event).status === 404,
    /** 409: the order was paid or cancelled meanwhile. */
    isNoLongerPayable: ({ event }) => failure(event).status === 409,
    hasMethod: ({ context }) => context.methods.some((m) => m.value === context.method),
  },
  actions: {
    keepSetup: assign(({ event }) => {
      const setup = (event as unknown as { output: PayOrderSetup }).output;
      return { methods: setup.methods, payment: setup.payment, method: setup.methods[0]?.value ?? '', error: null };
    }),
    chooseMethod: assign(({ event }) => (event.type === 'method.changed' ? { method: event.value, error: null } : {})),
    showMethodError: assign({ error: payMethodMessage }),
    keepError: assign(({ event }) => ({ error: failure(event).message })),
    // Supplied by the app:
    leaveForPayment: (_, _params: { url: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'payOrder',
  context: ({ input }) => ({ orderId: input.orderId, methods: [], method: '', payment: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the payment methods and whether the order still awaits payment.',
      tags: ['busy'],
      invoke: {
        id: 'loadPayOptions',
        src: 'loadPayOptions',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: 'isPayable',
            target: 'choosing',
            actions: 'keepSetup',
            description: 'The order awaits payment: the customer picks a payment method.',
          },
          {
            target: 'notPayable',
            actions: 'keepSetup',
            description: 'The order no longer awaits payment (paid, cancelled, on hold): nothing to pay.',
          },
        ],
        onError: [
          { guard: 'isMissing', target: 'missing', description: 'Not one of this customer\'s orders: "not found".' },
          {
            target: 'loadFailed',
            actions: 'keepError',
            description: 'It could not load: the customer is told and can try again.',
          },
        ],
      },
    },
    choosing: {
      description: 'The customer picks a payment method and presses Pay.',
      on: {
        'method.changed': { actions: 'chooseMethod', description: 'The customer picks a payment method.' },
        'user.pay': [
          { guard: 'hasMethod', target: 'starting', description: 'The customer presses Pay with a method chosen.' },
          { actions: 'showMethodError', description: 'No method chosen yet: the customer is asked to pick one.' },
        ],
      },
    },
    starting: {
      description: 'A new checkout attempt for this order (the server prices it).',
      tags: ['busy'],
      invoke: {
        id: 'startCheckout',
        src: 'startCheckout',
        input: ({ context }) => ({ orderId: context.orderId, paymentMethod: context.method }),
        onDone: {
          target: 'leaving',
          actions: { type: 'leaveForPayment', params: ({ event }) => ({ url: event.output.payment.Url }) },
          description: "Payment started: the customer goes to the provider's payment page.",
        },
        onError: [
          {
            guard: 'isNoLongerPayable',
            target: 'notPayable',
            actions: 'keepError',
            description: 'The order can no longer be paid (paid or cancelled meanwhile): the customer is told.',
          },
          {
            target: 'choosing',
            actions: [
              'keepError',
              { type: 'showErrorToast', params: ({ event }) => ({ message: failure(event).message }) },
            ],
            description: 'It failed: the customer is told and can press Pay again.',
          },
        ],
      },
    },
    leaving: { description: 'The browser is on its way to the provider’s page.', tags: ['busy'], type: 'final' },
    notPayable: { description: 'Paid, cancelled or on hold: nothing to pay here.', type: 'final' },
    missing: { description: 'Not one of this customer’s orders.', type: 'final' },
    loadFailed: {
      description: 'The methods or the order could not be read.',
      on: { 'user.retry': { target: 'loading', description: 'The customer tries again.' } },
    },
  },
});
