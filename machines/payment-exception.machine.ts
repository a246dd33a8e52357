// The admin's decision on a payment that did not match its order (/admin/payments): "Accept as payment"
// or "Refund it", confirmed in a dialog with an optional note, then POST
// /admin/payment-exceptions/{id}/resolve. What the money does is the server's payment-attempt machine;
// this is the dialog. Decided — or refused because it was already decided or is not allowed (409), or
// gone (404) — the list is refreshed so it shows the server's truth.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { type AdminPaymentException, resolvePaymentExceptionSchema } from '../contracts/payment-exceptions';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export type PaymentDecisionAction = 'accept' | 'refund';

export interface PaymentExceptionContext {
  /** The exception the dialog is about. */
  exceptionId: number | null;
  action: PaymentDecisionAction | null;
  note: string;
  errors: FieldErrors;
}

export type PaymentExceptionEvent =
  | { type: 'user.decide'; id: number; action: PaymentDecisionAction }
  | { type: 'note.changed'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' };

export interface ResolveInput {
  id: number;
  action: PaymentDecisionAction;
  note: string;
}

export interface ResolveAnswer {
  message?: string;
  data: Pick<AdminPaymentException, 'id' | 'resolution'>;
}

/** The schema's first message for the note (empty when it passes). */
function validateNote(note: string): FieldErrors {
  const result = v.safeParse(resolvePaymentExceptionSchema, { action: 'refund', note });
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToFieldErrors(result.issues)).map(([key, messages]) => [key, messages.slice(0, 1)]),
  );
}

const statusOf = (event: unknown) => readFailure((event as { error?: unknown }).error).status;

export const paymentExceptionMachine = setup({
  types: {
    context: {} as PaymentExceptionContext,
    events: {} as PaymentExceptionEvent,
    tags: {} as 'busy' | 'dialogOpen',
  },
  actors: {
    resolve: fromPromise<ResolveAnswer, ResolveInput>(notProvided('resolve')),
  },
  guards: {
    isNoteValid: ({ context }) => Object.keys(validateNote(context.note)).length === 0,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    /** 409 (already decided, or not allowed now) or 404 (gone): the list is out of date. */
    isOutOfDate: ({ event }) => statusOf(event) === 409 || statusOf(event) === 404,
  },
  actions: {
    choose: assign(({ context, event }) => {
      if (event.type !== 'user.decide') return {};
      // The note typed for this payment stays if the admin reopens it, whichever button.
      return event.id === context.exceptionId
        ? { action: event.action, errors: {} }
        : { exceptionId: event.id, action: event.action, note: '', errors: {} };
    }),
    setNote: assign(({ context, event }) =>
      event.type === 'note.changed' ? { note: event.value, errors: withoutField(context.errors, 'note') } : {},
    ),
    showNoteErrors: assign(({ context }) => ({ errors: validateNote(context.note) })),
    setServerErrors: assign(({ event }) => ({
      errors: readFailure((event as { error?: unknown }).error).errors ?? {},
    })),
    forget: assign({ exceptionId: null, action: null, note: '', errors: {} }),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    /** Fetch the list again: the decided payment leaves the open ones. */
    refreshList: () => {},
  },
}).createMachine({
  id: 'paymentException',
  context: { exceptionId: null, action: null, note: '', errors: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'The list of payments to decide; no decision is being made.',
      on: {
        'user.decide': {
          target: 'asking',
          actions: 'choose',
          description: 'The admin chooses "Accept as payment" or "Refund it": a dialog asks to confirm.',
        },
      },
    },
    asking: {
      description: 'A dialog says what the decision does and asks the admin to confirm it.',
      tags: ['dialogOpen'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The admin may write a note for the record, then confirms or cancels.',
          on: {
            'note.changed': { actions: 'setNote', description: 'The admin types a note.' },
            'user.confirm': [
              { guard: 'isNoteValid', target: 'submitting', description: 'The admin confirms: the decision is sent.' },
              { actions: 'showNoteErrors', description: 'The note is too long: the dialog says what to fix.' },
            ],
            'user.dismiss': {
              target: '#paymentException.idle',
              description: 'The admin cancels: nothing changes; the note typed is kept for this payment.',
            },
          },
        },
        submitting: {
          description: 'The decision is being recorded by the server.',
          tags: ['busy'],
          invoke: {
            id: 'resolve',
            src: 'resolve',
            input: ({ context }) => ({
              id: context.exceptionId ?? 0,
              action: context.action ?? 'refund',
              note: context.note.trim(),
            }),
            onDone: {
              target: '#paymentException.idle',
              actions: [
                {
                  type: 'showSuccessToast',
                  params: ({ event }) => ({ message: event.output?.message ?? 'Decision recorded.' }),
                },
                'refreshList',
                'forget',
              ],
              description: 'Recorded: the admin sees what happened and the payment leaves the open list.',
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: 'setServerErrors',
                description: 'The server refused the input: the dialog shows what to fix.',
              },
              {
                guard: 'isOutOfDate',
                target: '#paymentException.idle',
                actions: [
                  { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
                  'refreshList',
                  'forget',
                ],
                description:
                  'Already decided, not allowed now (the order was paid or the money does not cover it) or gone: the admin is told why and the list is refreshed.',
              },
              {
                target: 'editing',
                actions: {
                  type: 'showErrorToast',
                  params: ({ event }) => ({ message: readFailure(event.error).message }),
                },
                description: 'It failed (offline, or the server): the admin is told and can try again.',
              },
            ],
          },
        },
      },
    },
  },
});
