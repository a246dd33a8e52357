// The customer's email address, confirmed by the link of the welcome mail (docs/product.md §4
// Registration). Two places use it: the /confirm-email page, which confirms the link's token, and the
// account page's reminder (no token), which reads whether the address is confirmed yet. Both can mail
// the link again to a signed-in customer. Nothing else waits for the confirmation. The app supplies
// the three calls.
import { assign, fromPromise, setup } from 'xstate';
import type { EmailConfirmationState } from '../contracts/email-confirmation';
import { notProvided, readFailure } from './api-error';

export interface EmailConfirmationInput {
  /** The mailed link's token (the page), or null (the account page's reminder). */
  token: string | null;
}

export interface EmailConfirmationContext {
  token: string | null;
  /** The account's address, once known. */
  email: string | null;
  /** What the person reads: the server's words on a confirmation, a refusal or a new link sent. */
  message: string | null;
}

export type EmailConfirmationEvent = { type: 'user.resend' };

export type EmailConfirmationTag = 'busy' | 'canResend';

/** What a confirmation or a reading answers, with the server's words. */
export interface ConfirmationAnswer {
  data: EmailConfirmationState;
  message?: string;
}

/** The first message under any field, else the failure's own (docs/product.md §5 shared error handling). */
const refusalOf = (error: unknown): string => {
  const failure = readFailure(error);
  return Object.values(failure.errors ?? {})[0]?.[0] ?? failure.message;
};

export const emailConfirmationMachine = setup({
  types: {
    context: {} as EmailConfirmationContext,
    events: {} as EmailConfirmationEvent,
    input: {} as EmailConfirmationInput,
    tags: {} as EmailConfirmationTag,
  },
  actors: {
    /** POST /email-confirmation/confirm {token} → the address and when it was confirmed. */
    confirm: fromPromise<ConfirmationAnswer, { token: string }>(notProvided('confirm')),
    /** GET /email-confirmation (signed in) → the address and whether it is confirmed. */
    loadState: fromPromise<ConfirmationAnswer>(notProvided('loadState')),
    /** POST /email-confirmation/resend (signed in) → {message}. */
    resend: fromPromise<{ message: string }>(notProvided('resend')),
  },
  guards: {
    hasToken: ({ context }) => context.token !== null,
    isConfirmed: ({ event }) => 'output' in event && (event.output as ConfirmationAnswer).data.confirmed_at !== null,
  },
  actions: {
    setAnswer: assign((_, params: { answer: ConfirmationAnswer }) => ({
      email: params.answer.data.email,
      message: params.answer.message ?? null,
    })),
    setMessage: assign((_, params: { message: string }) => ({ message: params.message })),
  },
}).createMachine({
  id: 'emailConfirmation',
  context: ({ input }) => ({ token: input.token, email: null, message: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'The page opened from the mailed link, or the account page opened.',
      always: [
        {
          guard: 'hasToken',
          target: 'confirming',
          description: 'From the mailed link: the address is confirmed with it.',
        },
        { target: 'loading', description: 'On the account page: is the address confirmed yet?' },
      ],
    },
    confirming: {
      description: 'The link is being checked.',
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: {
          target: 'confirmed',
          actions: { type: 'setAnswer', params: ({ event }) => ({ answer: event.output }) },
          description: 'The address is confirmed: the person is thanked.',
        },
        onError: {
          target: 'refused',
          actions: { type: 'setMessage', params: ({ event }) => ({ message: refusalOf(event.error) }) },
          description:
            'The link is used, expired or not valid: the page says which, and offers a new link to the signed-in customer.',
        },
      },
    },
    loading: {
      description: 'The account page asks whether the address is confirmed.',
      invoke: {
        id: 'loadState',
        src: 'loadState',
        onDone: [
          {
            guard: 'isConfirmed',
            target: 'confirmed',
            description: 'Confirmed already: nothing to remind.',
          },
          {
            target: 'unconfirmed',
            actions: { type: 'setAnswer', params: ({ event }) => ({ answer: event.output }) },
            description: 'Not confirmed yet: the account page reminds the customer, with a way to get the link again.',
          },
        ],
        onError: {
          target: 'unknown',
          description: 'It could not be read: the reminder stays out of the way (nothing waits for it).',
        },
      },
    },
    unconfirmed: {
      description: 'Not confirmed yet: "Confirm your email", with "Send the link again".',
      tags: ['canResend'],
      on: { 'user.resend': { target: 'resending', description: 'The customer asks for the link again.' } },
    },
    refused: {
      description:
        'The link did not confirm the address; the reason shows, and a signed-in customer can get a new link.',
      tags: ['canResend'],
      on: { 'user.resend': { target: 'resending', description: 'The signed-in customer asks for a new link.' } },
    },
    resending: {
      description: 'A new link is being mailed.',
      tags: ['busy'],
      invoke: {
        id: 'resend',
        src: 'resend',
        onDone: {
          target: 'sent',
          actions: { type: 'setMessage', params: ({ event }) => ({ message: event.output.message }) },
          description: 'Mailed: the customer is told where it went.',
        },
        onError: {
          target: 'refused',
          actions: { type: 'setMessage', params: ({ event }) => ({ message: refusalOf(event.error) }) },
          description:
            'It was refused (too many links this hour, already confirmed, offline): the reason shows and they may try again.',
        },
      },
    },
    sent: {
      description: 'A new link is on its way; the customer may ask again (a few times an hour).',
      tags: ['canResend'],
      on: { 'user.resend': { target: 'resending', description: 'The customer asks for the link once more.' } },
    },
    confirmed: {
      description: 'The address is confirmed.',
      type: 'final',
    },
    unknown: {
      description: 'Whether the address is confirmed is not known; nothing shows.',
      type: 'final',
    },
  },
});
