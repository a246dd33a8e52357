// The admin's moves on one refund from the refunds page: "Mark sent" (a dialog for the method and the
// transfer's reference, markRefundSentSchema), "Mark failed" (a dialog for the reason,
// markRefundFailedSchema) and "Retry" (a failed refund back to the refunds to send, no dialog). Once a
// move is done — or the server says the refund's state no longer takes it (409) or it is gone (404) —
// the refund leaves the list it was in; the server's machine (refund.machine.ts) decides the move.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { markRefundFailedSchema, markRefundSentSchema } from '../contracts/lifecycle';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export type RefundMove = 'sent' | 'failed' | 'retry';

export interface RefundActionValues {
  method: string;
  reference: string;
  reason: string;
}

export interface AdminRefundActionContext {
  /** The refund the dialog (or the retry) is about. */
  refundId: number | null;
  move: RefundMove | null;
  values: RefundActionValues;
  errors: FieldErrors;
}

export type AdminRefundActionEvent =
  | { type: 'user.markSent'; id: number }
  | { type: 'user.markFailed'; id: number }
  | { type: 'user.retry'; id: number }
  | { type: 'field.changed'; name: keyof RefundActionValues; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' };

export interface RefundMoveInput {
  id: number;
  move: RefundMove;
  body: Partial<RefundActionValues>;
}

export interface RefundMoveAnswer {
  message?: string;
}

const empty: RefundActionValues = { method: '', reference: '', reason: '' };

/** What the move sends: the fields of its schema, trimmed. */
function bodyOf(move: RefundMove | null, values: RefundActionValues): Partial<RefundActionValues> {
  if (move === 'sent') return { method: values.method.trim(), reference: values.reference.trim() };
  if (move === 'failed') return { reason: values.reason.trim() };
  return {};
}

/** The schema's first message per field (empty when the values pass). */
function validate(move: RefundMove | null, values: RefundActionValues): FieldErrors {
  const schema = move === 'sent' ? markRefundSentSchema : move === 'failed' ? markRefundFailedSchema : null;
  if (!schema) return {};
  const result = v.safeParse(schema, bodyOf(move, values));
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToFieldErrors(result.issues)).map(([key, messages]) => [key, messages.slice(0, 1)]),
  );
}

const statusOf = (event: unknown) => readFailure((event as { error?: unknown }).error).status;
export const adminRefundActionMachine = setup({
  types: {
    context: {} as AdminRefundActionContext,
    events: {} as AdminRefundActionEvent,
    tags: {} as 'busy' | 'dialogOpen',
  },
  actors: {
    moveRefund: fromPromise<RefundMoveAnswer, RefundMoveInput>(notProvided('moveRefund')),
  },
  guards: {
    isValid: ({ context }) => Object.keys(validate(context.move, context.values)).length === 0,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    /** 409 (its state no longer takes the move) or 404 (gone): either way it leaves this list. */
    isNoLongerHere: ({ event }) => statusOf(event) === 409 || statusOf(event) === 404,
  },
  actions: {
    choose: assign(({ context, event }, params: { move: RefundMove }) => {
      if (!('id' in event)) return {};
      // What was typed stays while the same dialog of the same refund is opened again.
      return event.id === context.refundId && params.move === context.move
        ? { errors: {} }
        : { refundId: event.id, move: params.move, values: empty, errors: {} };
    }),
    setField: assign(({ context, event }) =>
      event.type === 'field.changed'
        ? { values: { ...context.values, [event.name]: event.value }, errors: withoutField(context.errors, event.name) }
        : {},
    ),
    showFieldErrors: assign(({ context }) => ({ errors: validate(context.move, context.values) })),
    setServerErrors: assign(({ event }) => ({
      errors: readFailure((event as { error?: unknown }).error).errors ?? {},
    })),
    forgetRefund: assign({ refundId: null, move: null, values: empty, errors: {} }),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    /** The refund moved to another state: take it out of the list shown. */
    removeRefund: (_, _params: { id: number }) => {},
  },
}).createMachine({
  id: 'adminRefundAction',
  context: { refundId: null, move: null, values: empty, errors: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'The refunds list; no refund is being moved.',
      on: {
        'user.markSent': {
          target: 'asking',
          actions: { type: 'choose', params: { move: 'sent' } },
          description: 'The admin sent a refund: a dialog asks how it was sent and for the transfer reference.',
        },
        'user.markFailed': {
          target: 'asking',
          actions: { type: 'choose', params: { move: 'failed' } },
          description: 'The admin’s transfer failed: a dialog asks why (the customer is told the team is on it).',
        },
        'user.retry': {
          target: 'retrying',
          actions: { type: 'choose', params: { move: 'retry' } },
          description: 'The admin puts a failed refund back in the refunds to send.',
        },
      },
    },
    asking: {
      description: 'A dialog for one refund: its method and reference, or why it failed.',
      tags: ['dialogOpen'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The admin fills in the dialog.',
          on: {
            'field.changed': { actions: 'setField', description: 'The admin types in a field; its error clears.' },
            'user.confirm': [
              { guard: 'isValid', target: 'submitting', description: 'The admin confirms: the move is sent.' },
              {
                actions: 'showFieldErrors',
                description: 'A field is empty or too long: the dialog says what to fix, under the field.',
              },
            ],
            'user.dismiss': {
              target: '#adminRefundAction.idle',
              description: 'The admin closes the dialog: nothing changes; what was typed is kept for this refund.',
            },
          },
        },
        submitting: {
          description: 'The move is being recorded with the server.',
          tags: ['busy'],
          invoke: {
            id: 'moveRefund',
            src: 'moveRefund',
            input: ({ context }) => ({
              id: context.refundId ?? 0,
              move: context.move ?? 'sent',
              body: bodyOf(context.move, context.values),
            }),
            onDone: {
              target: '#adminRefundAction.idle',
              actions: [
                { type: 'showSuccessToast', params: ({ event }) => ({ message: event.output?.message ?? '' }) },
                { type: 'removeRefund', params: ({ context }) => ({ id: context.refundId ?? 0 }) },
                'forgetRefund',
              ],
              description: 'Recorded: the admin sees a confirmation and the refund leaves this list.',
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: 'setServerErrors',
                description: 'The server refused a field: the dialog shows what to fix.',
              },
              {
                guard: 'isNoLongerHere',
                target: '#adminRefundAction.idle',
                actions: [
                  { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
                  { type: 'removeRefund', params: ({ context }) => ({ id: context.refundId ?? 0 }) },
                  'forgetRefund',
                ],
                description:
                  'The refund was moved meanwhile (already sent, for example) or is gone: the admin is told and it leaves this list.',
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
    retrying: {
      description: 'A failed refund is being put back in the refunds to send.',
      tags: ['busy'],
      invoke: {
        id: 'moveRefund',
        src: 'moveRefund',
        input: ({ context }) => ({ id: context.refundId ?? 0, move: 'retry' as const, body: {} }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'showSuccessToast', params: ({ event }) => ({ message: event.output?.message ?? '' }) },
            { type: 'removeRefund', params: ({ context }) => ({ id: context.refundId ?? 0 }) },
            'forgetRefund',
          ],
          description: 'It is owed again: the admin sees a confirmation and it leaves the failed list.',
        },
        onError: [
          {
            guard: 'isNoLongerHere',
            target: 'idle',
            actions: [
              { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
              { type: 'removeRefund', params: ({ context }) => ({ id: context.refundId ?? 0 }) },
              'forgetRefund',
            ],
            description: 'It was moved meanwhile or is gone: the admin is told and it leaves the failed list.',
          },
          {
            target: 'idle',
            actions: [
              { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
              'forgetRefund',
            ],
            description: 'It failed (offline, or the server): the admin is told and can try again.',
          },
        ],
      },
    },
  },
});
