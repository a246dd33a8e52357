// The review of one application (docs/architecture.md §5): approve after a confirmation, or reject with a reason
// (rejectSchema: at least 10 characters). A 409 (no longer waiting for review) and other refusals are
// toasts; either way the page reloads the application so it shows what the server now holds. The
// admin console supplies the network, the toasts and the reload.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { rejectSchema } from '../contracts/artist';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export interface ApplicationReviewContext {
  id: number;
  reason: string;
  /** Messages for the reason field (client check or the server's 422). */
  errors: FieldErrors;
}

export type ApplicationReviewEvent =
  | { type: 'user.approve' }
  | { type: 'user.reject' }
  | { type: 'reason.changed'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

export interface ReviewCallInput {
  id: number;
}

/** What approve and reject answer (the envelope's message, when the server sends one). */
export interface ReviewCallOutput {
  message?: string;
}

export interface RejectCallInput extends ReviewCallInput {
  reason: string;
}

/** rejectSchema's messages for a reason, one per field (empty when it passes). */
export function validateReason(reason: string): FieldErrors {
  const result = v.safeParse(rejectSchema, { reason });
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToFieldErrors(result.issues)).map(([key, messages]) => [key, messages.slice(0, 1)]),
  );
}

/** The server's message when it sent one. */
function messageOf(output: ReviewCallOutput | undefined, fallback: string): string {
  const message = output?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

export const applicationReviewMachine = setup({
  types: {
    context: {} as ApplicationReviewContext,
    events: {} as ApplicationReviewEvent,
    input: {} as { id: number },
    tags: {} as 'busy' | 'dialogOpen',
  },
  actors: {
    /** POST /admin/applications/{id}/approve. */
    approveApplication: fromPromise<ReviewCallOutput, ReviewCallInput>(notProvided('approveApplication')),
    /** POST /admin/applications/{id}/reject {reason}. */
    rejectApplication: fromPromise<ReviewCallOutput, RejectCallInput>(notProvided('rejectApplication')),
  },
  guards: {
    isReasonValid: ({ context }) => Object.keys(validateReason(context.reason)).length === 0,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  actions: {
    setReason: assign(({ context, event }) =>
      event.type === 'reason.changed' ? { reason: event.value, errors: withoutField(context.errors, 'reason') } : {},
    ),
    showReasonErrors: assign(({ context }) => ({ errors: validateReason(context.reason) })),
    setServerErrors: assign((_, params: { error: unknown }) => ({ errors: readFailure(params.error).errors ?? {} })),
    resetReason: assign({ reason: '', errors: {} }),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    /** Reload the application (and the lists) from the server. */
    reload: () => {},
  },
}).createMachine({
  id: 'applicationReview',
  context: ({ input }) => ({ id: input.id, reason: '', errors: {} }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The application is shown with Approve and Reject.',
      on: {
        'user.approve': {
          target: 'confirmingApproval',
          description: 'The admin chooses to approve: a dialog asks to confirm.',
        },
        'user.reject': {
          target: 'rejecting',
          actions: 'resetReason',
          description: 'The admin chooses to reject: a dialog asks for the reason.',
        },
      },
    },
    confirmingApproval: {
      description: 'The approval confirmation is open.',
      tags: ['dialogOpen'],
      on: {
        'user.confirm': {
          target: 'approving',
          description: 'The admin confirms: the applicant is approved as an artist.',
        },
        'user.cancel': { target: 'idle', description: 'The admin closes the dialog: nothing changes.' },
      },
    },
    approving: {
      description: 'POST approve is on its way; the confirmation shows it busy.',
      tags: ['busy', 'dialogOpen'],
      invoke: {
        id: 'approveApplication',
        src: 'approveApplication',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'showSuccessToast',
              params: ({ event }) => ({ message: messageOf(event.output, 'Application approved.') }),
            },
            'reload',
          ],
          description: 'Approved: the admin sees a confirmation and the application reloads.',
        },
        onError: {
          target: 'idle',
          actions: [
            { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            'reload',
          ],
          description:
            'It was refused (no longer waiting for review) or failed: the admin is told and the application reloads.',
        },
      },
    },
    rejecting: {
      description: 'The rejection dialog is open: a reason of at least 10 characters.',
      tags: ['dialogOpen'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The admin types the reason for the applicant.',
          on: {
            'reason.changed': { actions: 'setReason', description: 'The admin types the reason.' },
            'user.confirm': [
              {
                guard: 'isReasonValid',
                target: 'submitting',
                description: 'The admin confirms with a reason: the application is rejected.',
              },
              { actions: 'showReasonErrors', description: 'The reason is too short: the dialog says what to fix.' },
            ],
            'user.cancel': {
              target: '#applicationReview.idle',
              actions: 'resetReason',
              description: 'The admin closes the dialog: nothing changes.',
            },
          },
        },
        submitting: {
          description: 'The rejection is being sent.',
          tags: ['busy'],
          invoke: {
            id: 'rejectApplication',
            src: 'rejectApplication',
            input: ({ context }) => ({ id: context.id, reason: context.reason.trim() }),
            onDone: {
              target: '#applicationReview.idle',
              actions: [
                {
                  type: 'showSuccessToast',
                  params: ({ event }) => ({ message: messageOf(event.output, 'Application rejected.') }),
                },
                'resetReason',
                'reload',
              ],
              description: 'Rejected: the admin sees a confirmation and the application reloads.',
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: { type: 'setServerErrors', params: ({ event }) => ({ error: event.error }) },
                description: 'The server refused the reason: the dialog shows what to fix.',
              },
              {
                target: '#applicationReview.idle',
                actions: [
                  { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
                  'resetReason',
                  'reload',
                ],
                description:
                  'It was refused (no longer waiting for review) or failed: the admin is told and the application reloads.',
              },
            ],
          },
        },
      },
    },
  },
});
