// "Tip the artist" on a completed order (issue 28 "Tips"): the order's tips and the payment methods are
// read, the customer picks a preset amount or types one (checked against the limits here and again by
// the server, which stores the amount and decides what is charged), chooses how to pay, and the browser
// leaves for the provider's page. The actors and the navigation are supplied by src/actors/tips.ts.
import { assign, fromPromise, setup } from 'xstate';
import type { FieldErrors } from '../contracts/http';
import type { Option } from '../contracts/options';
import { type OrderTips, TIP_MAX_PESOS, TIP_MIN_PESOS, type TipCheckout, tipMessages } from '../contracts/tips';
import { notProvided, readFailure } from './api-error';

export interface TipInput {
  orderId: number;
}

/** What the panel needs: the order's tips (and whether it can be tipped) and the payment methods. */
export interface TipSetup {
  tips: OrderTips;
  methods: Option[];
}

export interface TipContext {
  orderId: number;
  tips: OrderTips | null;
  methods: Option[];
  /** The amount as typed or chosen (pesos, text). */
  amount: string;
  method: string;
  errors: FieldErrors;
  error: string | null;
}

export type TipEvent =
  | { type: 'amount.changed'; value: string }
  | { type: 'method.changed'; value: string }
  | { type: 'user.tip' }
  | { type: 'user.retry' };

const failure = (event: unknown) => readFailure((event as { error?: unknown }).error);

/** A whole number of pesos within the limits (the server checks it again). */
export function tipAmountOf(text: string): number | null {
  if (!/^\d{1,6}$/.test(text.trim())) return null;
  const amount = Number(text.trim());
  return amount >= TIP_MIN_PESOS && amount <= TIP_MAX_PESOS ? amount : null;
}

export const tipMachine = setup({
  types: {
    context: {} as TipContext,
    events: {} as TipEvent,
    input: {} as TipInput,
    tags: {} as 'busy',
  },
  actors: {
    loadTips: fromPromise<TipSetup, { orderId: number }>(notProvided('loadTips')),
    startTip: fromPromise<TipCheckout, { orderId: number; amount: number; paymentMethod: string }>(
      notProvided('startTip'),
    ),
  },
  guards: {
    canTip: ({ event }) => (event as { output?: TipSetup }).output?.tips.can_tip === true,
    isValid: ({ context }) =>
      tipAmountOf(context.amount) !== null && context.methods.some((m) => m.value === context.method),
    /** 422: the server refused a field (shown under it). */
    isFieldError: ({ event }) => failure(event).status === 422 && failure(event).errors !== undefined,
    /** 409 or 404: the order can no longer be tipped. */
    isClosed: ({ event }) => failure(event).status === 409 || failure(event).status === 404,
  },
  actions: {
    keepSetup: assign(({ event }) => {
      const output = (event as unknown as { output: TipSetup }).output;
      return { tips: output.tips, methods: output.methods, method: output.methods[0]?.value ?? '', error: null };
    }),
    setAmount: assign(({ context, event }) =>
      event.type === 'amount.changed' ? { amount: event.value, errors: { ...context.errors, amount: [] } } : {},
    ),
    setMethod: assign(({ context, event }) =>
      event.type === 'method.changed' ? { method: event.value, errors: { ...context.errors, paymentMethod: [] } } : {},
    ),
    showInvalid: assign(({ context }) => ({
      errors: {
        amount: tipAmountOf(context.amount) === null ? [tipMessages.amountInvalid] : [],
        paymentMethod: context.methods.some((m) => m.value === context.method)
          ? []
          : [tipMessages.paymentMethodRequired],
      },
    })),
    keepFieldErrors: assign(({ event }) => ({ errors: failure(event).errors ?? {}, error: null })),
    keepError: assign(({ event }) => ({ error: failure(event).message })),
    // Supplied by the app:
    leaveForPayment: (_, _params: { url: string }) => {},
    focusFirstError: () => {},
  },
}).createMachine({
  id: 'tip',
  description: 'Tipping the artist of an accepted song, from choosing an amount to the provider’s page.',
  context: ({ input }) => ({
    orderId: input.orderId,
    tips: null,
    methods: [],
    amount: '',
    method: '',
    errors: {},
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the order’s tips, whether it can be tipped, and the payment methods.',
      tags: ['busy'],
      invoke: {
        id: 'loadTips',
        src: 'loadTips',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: 'canTip',
            target: 'choosing',
            actions: 'keepSetup',
            description: 'The song is accepted: the customer may tip the artist.',
          },
          {
            target: 'closed',
            actions: 'keepSetup',
            description: 'The song is not accepted (or the order has no artist): there is nothing to tip yet.',
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: 'keepError',
          description: 'The tips could not be read: the customer is told and can try again.',
        },
      },
    },
    choosing: {
      description: 'The customer picks a preset amount or types one, chooses how to pay, and presses Tip.',
      on: {
        'amount.changed': { actions: 'setAmount', description: 'The customer picks or types an amount.' },
        'method.changed': { actions: 'setMethod', description: 'The customer picks a payment method.' },
        'user.tip': [
          {
            guard: 'isValid',
            target: 'starting',
            description: 'An amount within the limits and a method are chosen: the tip is started.',
          },
          {
            actions: ['showInvalid', 'focusFirstError'],
            description: 'The amount is outside the limits or no method is chosen: the field says why.',
          },
        ],
      },
    },
    starting: {
      description: 'The server stores the tip with its amount and starts the payment at the provider.',
      tags: ['busy'],
      invoke: {
        id: 'startTip',
        src: 'startTip',
        input: ({ context }) => ({
          orderId: context.orderId,
          amount: tipAmountOf(context.amount) as number,
          paymentMethod: context.method,
        }),
        onDone: {
          target: 'leaving',
          actions: { type: 'leaveForPayment', params: ({ event }) => ({ url: event.output.payment.Url }) },
          description: "The tip is started: the customer goes to the provider's payment page.",
        },
        onError: [
          {
            guard: 'isFieldError',
            target: 'choosing',
            actions: ['keepFieldErrors', 'focusFirstError'],
            description: 'The server refused the amount or the method: the field says why.',
          },
          {
            guard: 'isClosed',
            target: 'closed',
            actions: 'keepError',
            description: 'The order can no longer be tipped: the customer is told.',
          },
          {
            target: 'choosing',
            actions: 'keepError',
            description: 'It failed (the provider or the network): the customer is told and can press Tip again.',
          },
        ],
      },
    },
    leaving: { description: 'The browser is on its way to the provider’s page.', tags: ['busy'], type: 'final' },
    closed: { description: 'Nothing to tip: the song is not accepted yet.', type: 'final' },
    loadFailed: {
      description: 'The tips could not be read.',
      on: { 'user.retry': { target: 'loading', description: 'The customer tries again.' } },
    },
  },
});
