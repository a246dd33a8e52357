// What an admin does to one order (docs/architecture.md §4): validate a recording after a confirmation, send it back
// for a revision with notes (revisionNotesSchema: required), or cancel the order with an optional reason
// (cancelSchema). Which of these the page offers comes from the lifecycle machine (allowedEvents); this
// machine runs the dialogs and the calls. What was typed stays through a failed submit and a closed
// dialog: a 422 lands under its field, a server or network failure keeps the dialog open for another
// try. A 409 or 404 means the order moved on without us: the dialog closes and the page reloads it.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { type AdminOrder, cancelSchema, lifecycleMessages, revisionNotesSchema } from '../contracts/lifecycle';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export interface AdminOrderReviewContext {
  orderId: number;
  /** The revision notes as typed. */
  notes: string;
  /** The cancellation reason as typed. */
  reason: string;
  /** Messages for the open dialog's field (client check or the server's 422). */
  errors: FieldErrors;
}

export type AdminOrderReviewEvent =
  | { type: 'user.validate' }
  | { type: 'user.requestRevision' }
  | { type: 'user.cancelOrder' }
  | { type: 'notes.changed'; value: string }
  | { type: 'reason.changed'; value: string }
  | { type: 'user.confirm' }
  /** Closes the open dialog without acting. */
  | { type: 'user.dismiss' };

/** What each action answers: the server's message and the order as it is now. */
export interface OrderActionAnswer {
  message?: string;
  data: Pick<AdminOrder, 'status' | 'refunds'>;
}

export interface OrderCallInput {
  orderId: number;
}
export interface RevisionCallInput extends OrderCallInput {
  notes: string;
}
export interface CancelCallInput extends OrderCallInput {
  reason: string;
}

/** The schema's first message for each field (empty when the body passes). */
function fieldErrorsOf(schema: v.GenericSchema, body: unknown): FieldErrors {
  const result = v.safeParse(schema, body);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToFieldErrors(result.issues)).map(([key, messages]) => [key, messages.slice(0, 1)]),
  );
}

const validateNotes = (notes: string) => fieldErrorsOf(revisionNotesSchema, { notes });
const validateCancelReason = (reason: string) => fieldErrorsOf(cancelSchema, { reason });

const isEmpty = (errors: FieldErrors) => Object.keys(errors).length === 0;

/** The server's message, or ours when it sent none. */
function messageOf(output: OrderActionAnswer | undefined, fallback: string): string {
  return typeof output?.message === 'string' && output.message !== '' ? output.message : fallback;
}

const failureMessage = ({ event }: { event: { error: unknown } }) => ({ message: readFailure(event.error).message });

export const adminOrderReviewMachine = setup({
  types: {
    context: {} as AdminOrderReviewContext,
    events: {} as AdminOrderReviewEvent,
    input: {} as { orderId: number } | undefined,
    tags: {} as 'busy' | 'dialogOpen',
  },
  actors: {
    /** POST /admin/orders/{id}/validate. */
    validateOrder: fromPromise<OrderActionAnswer, OrderCallInput>(notProvided('validateOrder')),
    /** POST /admin/orders/{id}/request-revision {notes}. */
    requestRevision: fromPromise<OrderActionAnswer, RevisionCallInput>(notProvided('requestRevision')),
    /** POST /admin/orders/{id}/cancel {reason?}. */
    cancelOrder: fromPromise<OrderActionAnswer, CancelCallInput>(notProvided('cancelOrder')),
  },
  guards: {
    areNotesValid: ({ context }) => isEmpty(validateNotes(context.notes)),
    isReasonValid: ({ context }) => isEmpty(validateCancelReason(context.reason)),
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    /** 409 (not now) or 404 (gone): the order is no longer what the page shows. */
    isStale: ({ event }) => {
      const status = 'error' in event ? readFailure(event.error).status : undefined;
      return status === 409 || status === 404;
    },
  },
  actions: {
    setNotes: assign(({ context, event }) =>
      event.type === 'notes.changed' ? { notes: event.value, errors: withoutField(context.errors, 'notes') } : {},
    ),
    setReason: assign(({ context, event }) =>
      event.type === 'reason.changed' ? { reason: event.value, errors: withoutField(context.errors, 'reason') } : {},
    ),
    showNotesErrors: assign(({ context }) => ({ errors: validateNotes(context.notes) })),
    showReasonErrors: assign(({ context }) => ({ errors: validateCancelReason(context.reason) })),
    setServerErrors: assign(({ event }) => ({
      errors: readFailure((event as { error?: unknown }).error).errors ?? {},
    })),
    clearErrors: assign({ errors: {} }),
    clearNotes: assign({ notes: '', errors: {} }),
    clearReason: assign({ reason: '', errors: {} }),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    /** Load the order again: it changed (after an action, or under us). */
    reload: () => {},
  },
}).createMachine({
  id: 'adminOrderReview',
  context: ({ input }) => ({ orderId: input?.orderId ?? 0, notes: '', reason: '', errors: {} }),
  initial: 'idle',
  states: {
    idle: {
      description: "The order's page; no dialog is open.",
      on: {
        'user.validate': {
          target: 'confirmingValidation',
          description: 'The admin chooses to validate the recording: a dialog asks to confirm.',
        },
        'user.requestRevision': {
          target: 'revising',
          actions: 'clearErrors',
          description:
            'The admin asks for a revision: a dialog asks for notes to the artist (notes typed earlier are still there).',
        },
        'user.cancelOrder': {
          target: 'cancelling',
          actions: 'clearErrors',
          description: 'The admin chooses to cancel the order: a dialog asks for an optional reason.',
        },
      },
    },
    confirmingValidation: {
      description: '"Validate this recording?": the admin confirms or closes the dialog.',
      tags: ['dialogOpen'],
      on: {
        'user.confirm': { target: 'validating', description: 'The admin confirms: the recording is validated.' },
        'user.dismiss': { target: 'idle', description: 'The admin closes the dialog: nothing changes.' },
      },
    },
    validating: {
      description: 'The recording is being validated.',
      tags: ['busy', 'dialogOpen'],
      invoke: {
        id: 'validateOrder',
        src: 'validateOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'showSuccessToast',
              params: ({ event }) => ({ message: messageOf(event.output, lifecycleMessages.validated) }),
            },
            'reload',
          ],
          description: 'Validated: the admin sees a confirmation and the order reloads.',
        },
        onError: [
          {
            guard: 'isStale',
            target: 'idle',
            actions: [{ type: 'showErrorToast', params: failureMessage }, 'reload'],
            description: 'The order moved on meanwhile: the admin is told and the order reloads.',
          },
          {
            target: 'idle',
            actions: { type: 'showErrorToast', params: failureMessage },
            description: 'It failed (offline, or the server): the admin is told and can try again.',
          },
        ],
      },
    },
    revising: {
      description: 'The admin is sending the recording back to the artist for a revision.',
      tags: ['dialogOpen'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The dialog asks for the notes to the artist (required).',
          on: {
            'notes.changed': { actions: 'setNotes', description: 'The admin types the notes.' },
            'user.confirm': [
              {
                guard: 'areNotesValid',
                target: 'submitting',
                description: 'The admin confirms with notes: the revision is requested.',
              },
              {
                actions: 'showNotesErrors',
                description: 'The notes are missing or too long: the dialog says what to fix.',
              },
            ],
            'user.dismiss': {
              target: '#adminOrderReview.idle',
              description: 'The admin closes the dialog: nothing changes; the notes typed are kept.',
            },
          },
        },
        submitting: {
          description: 'The revision request is being sent.',
          tags: ['busy'],
          invoke: {
            id: 'requestRevision',
            src: 'requestRevision',
            input: ({ context }) => ({ orderId: context.orderId, notes: context.notes.trim() }),
            onDone: {
              target: '#adminOrderReview.idle',
              actions: [
                {
                  type: 'showSuccessToast',
                  params: ({ event }) => ({ message: messageOf(event.output, lifecycleMessages.revisionRequested) }),
                },
                'clearNotes',
                'reload',
              ],
              description: 'Requested: the admin sees a confirmation and the order reloads.',
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: 'setServerErrors',
                description: 'The server refused the notes: the dialog shows what to fix.',
              },
              {
                guard: 'isStale',
                target: '#adminOrderReview.idle',
                actions: [{ type: 'showErrorToast', params: failureMessage }, 'reload'],
                description: 'The order moved on meanwhile: the admin is told and the order reloads.',
              },
              {
                target: 'editing',
                actions: { type: 'showErrorToast', params: failureMessage },
                description: 'It failed (offline, or the server): the admin is told and can try again.',
              },
            ],
          },
        },
      },
    },
    cancelling: {
      description: 'The admin is cancelling the order.',
      tags: ['dialogOpen'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The dialog asks for the reason (optional).',
          on: {
            'reason.changed': { actions: 'setReason', description: 'The admin types the reason.' },
            'user.confirm': [
              {
                guard: 'isReasonValid',
                target: 'submitting',
                description: 'The admin confirms: the order is cancelled.',
              },
              { actions: 'showReasonErrors', description: 'The reason is too long: the dialog says what to fix.' },
            ],
            'user.dismiss': {
              target: '#adminOrderReview.idle',
              description: 'The admin closes the dialog: nothing changes; the reason typed is kept.',
            },
          },
        },
        submitting: {
          description: 'The cancellation is being sent.',
          tags: ['busy'],
          invoke: {
            id: 'cancelOrder',
            src: 'cancelOrder',
            input: ({ context }) => ({ orderId: context.orderId, reason: context.reason.trim() }),
            onDone: {
              target: '#adminOrderReview.idle',
              actions: [
                {
                  type: 'showSuccessToast',
                  params: ({ event }) => ({
                    message: messageOf(
                      event.output,
                      event.output?.data?.refunds?.length
                        ? lifecycleMessages.cancelledRefund
                        : lifecycleMessages.cancelled,
                    ),
                  }),
                },
                'clearReason',
                'reload',
              ],
              description:
                'Cancelled: the admin sees a confirmation (saying whether the customer is refunded) and the order reloads.',
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: 'setServerErrors',
                description: 'The server refused the reason: the dialog shows what to fix.',
              },
              {
                guard: 'isStale',
                target: '#adminOrderReview.idle',
                actions: [{ type: 'showErrorToast', params: failureMessage }, 'reload'],
                description: 'The order moved on meanwhile: the admin is told and the order reloads.',
              },
              {
                target: 'editing',
                actions: { type: 'showErrorToast', params: failureMessage },
                description: 'It failed (offline, or the server): the admin is told and can try again.',
              },
            ],
          },
        },
      },
    },
  },
});
