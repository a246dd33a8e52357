// A message to the team (docs/api.md "Support"): the contact page's form, or "Report a problem" on a
// customer's order, which is the same form in a dialog with the message alone. The form is checked
// against the contract's schema before it goes; the server's per-field refusal lands under the fields.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { contactRequestSchema, orderProblemSchema, type SupportRequestReceipt } from '../contracts/support';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export type SupportField = 'name' | 'email' | 'topic' | 'message';
export type SupportFields = Record<SupportField, string>;

/** `page`: the contact page (all fields). `order`: "Report a problem" on order `orderId` (the message). */
export type SupportMode = { kind: 'page' } | { kind: 'order'; orderId: number };

export interface SupportRequestInput {
  mode: SupportMode;
  /** A signed-in customer's name and email: filled in and not editable. */
  identity?: { name: string; email: string } | null;
}

export interface SupportRequestContext {
  mode: SupportMode;
  /** True when the name and email are the signed-in account's. */
  identityFixed: boolean;
  fields: SupportFields;
  errors: FieldErrors;
  /** A failure that belongs to no field (offline, the server), shown above the button. */
  formError: string | null;
  /** What the server said once it was sent. */
  sentMessage: string | null;
}

export type SupportRequestEvent =
  | { type: 'user.open' }
  | { type: 'field.changed'; field: SupportField; value: string }
  | { type: 'user.submit' }
  | { type: 'user.dismiss' }
  | { type: 'user.again' };

export interface SendSupportInput {
  mode: SupportMode;
  fields: SupportFields;
}
export interface SendSupportAnswer {
  message?: string;
  data: SupportRequestReceipt;
}

/** The contract's messages for the fields this mode sends, the first one per field. */
export function validateSupport(mode: SupportMode, fields: SupportFields): FieldErrors {
  const result =
    mode.kind === 'order'
      ? v.safeParse(orderProblemSchema, { message: fields.message })
      : v.safeParse(contactRequestSchema, fields);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToFieldErrors(result.issues)).map(([key, messages]) => [key, messages.slice(0, 1)]),
  );
}

const emptyFields = (identity: SupportRequestInput['identity']): SupportFields => ({
  name: identity?.name ?? '',
  email: identity?.email ?? '',
  topic: '',
  message: '',
});

/** The contact page's form, as the state chart shows it (scripts/export-charts.ts). */
export const supportRequestMachineChartInput: SupportRequestInput = { mode: { kind: 'page' } };

export const supportRequestMachine = setup({
  types: {
    context: {} as SupportRequestContext,
    events: {} as SupportRequestEvent,
    input: {} as SupportRequestInput,
    tags: {} as 'open' | 'busy' | 'sent',
  },
  actors: {
    sendRequest: fromPromise<SendSupportAnswer, SendSupportInput>(notProvided('sendRequest')),
  },
  guards: {
    isPage: ({ context }) => context.mode.kind === 'page',
    isValid: ({ context }) => Object.keys(validateSupport(context.mode, context.fields)).length === 0,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      // The account's name and email stay the account's.
      if (context.identityFixed && (event.field === 'name' || event.field === 'email')) return {};
      return {
        fields: { ...context.fields, [event.field]: event.value },
        errors: withoutField(context.errors, event.field),
        formError: null,
      };
    }),
    showErrors: assign(({ context }) => ({ errors: validateSupport(context.mode, context.fields), formError: null })),
    clearErrors: assign({ errors: {}, formError: null }),
    setServerErrors: assign(({ event }) => ({
      errors: readFailure((event as { error?: unknown }).error).errors ?? {},
    })),
    setFormError: assign(({ event }) => ({ formError: readFailure((event as { error?: unknown }).error).message })),
    rememberSent: assign(({ event }) => ({
      sentMessage: (event as { output?: SendSupportAnswer }).output?.message ?? null,
    })),
    startOver: assign(({ context }) => ({
      fields: { ...context.fields, topic: '', message: '' },
      errors: {},
      formError: null,
      sentMessage: null,
    })),
  },
}).createMachine({
  id: 'supportRequest',
  context: ({ input }) => ({
    mode: input.mode,
    identityFixed: Boolean(input.identity),
    fields: emptyFields(input.identity),
    errors: {},
    formError: null,
    sentMessage: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      description: 'The order page with its "Report a problem" button; the dialog is not open.',
      always: {
        guard: 'isPage',
        target: 'editing',
        description: 'The contact page shows its form at once.',
      },
      on: {
        'user.open': {
          target: 'editing',
          description: 'The customer chooses "Report a problem": a dialog asks what happened.',
        },
      },
    },
    editing: {
      description: 'The person writes their message (and, as a guest, their name and email).',
      tags: ['open'],
      on: {
        'field.changed': { actions: 'setField', description: 'The person types in a field; its message clears.' },
        'user.submit': [
          {
            guard: 'isValid',
            target: 'sending',
            actions: 'clearErrors',
            description: 'The form is complete: it is sent.',
          },
          { actions: 'showErrors', description: 'Something is missing or too long: each field says what to fix.' },
        ],
        'user.dismiss': {
          target: 'closed',
          actions: 'clearErrors',
          description: 'The customer closes the dialog; what they typed is kept if they open it again.',
        },
      },
    },
    sending: {
      description: 'The message is on its way to the team.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({ mode: context.mode, fields: context.fields }),
        onDone: {
          target: 'sent',
          actions: 'rememberSent',
          description: 'The team has it: the person sees a confirmation and that a copy was mailed.',
        },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing',
            actions: 'setServerErrors',
            description: 'The server refused a field: the message shows under it.',
          },
          {
            target: 'editing',
            actions: 'setFormError',
            description:
              'It could not be sent (offline, too many messages, the server): the person is told and can try again.',
          },
        ],
      },
    },
    sent: {
      description: 'The confirmation: the message reached the team and a copy was mailed.',
      tags: ['open', 'sent'],
      on: {
        'user.again': {
          target: 'editing',
          actions: 'startOver',
          description: 'The person wants to write another message.',
        },
        'user.dismiss': {
          target: 'closed',
          actions: 'startOver',
          description: 'The customer closes the confirmation; the next report starts empty.',
        },
      },
    },
  },
});
