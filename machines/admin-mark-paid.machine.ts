// Marking an artist's payout as paid (POST /admin/payouts/{id}/mark-paid): a dialog that confirms the
// transfer and takes its optional reference (markPaidSchema), then the call. Once paid — or when the
// server says it already was (409) or no longer exists (404) — the payout leaves the pending list. A
// reference typed for a payout stays while the dialog is closed and opened again for the same payout.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { issuesToFieldErrors } from '../contracts/auth';
import type { FieldErrors } from '../contracts/http';
import { type AdminPayout, lifecycleMessages, markPaidSchema } from '../contracts/lifecycle';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';

export interface AdminMarkPaidContext {
  /** The payout the dialog is about. */
  payoutId: number | null;
  reference: string;
  errors: FieldErrors;
}

export type AdminMarkPaidEvent =
  | { type: 'user.markPaid'; id: number }
  | { type: 'reference.changed'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.dismiss' };

export interface MarkPaidInput {
  id: number;
  reference: string;
}

export interface MarkPaidAnswer {
  message?: string;
  data: Pick<AdminPayout, 'id' | 'status'>;
}

/** markPaidSchema's first message for the reference (empty when it passes). */
function validateTransferReference(reference: string): FieldErrors {
  const result = v.safeParse(markPaidSchema, { reference });
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(issuesToFieldErrors(result.issues)).map(([key, messages]) => [key, messages.slice(0, 1)]),
  );
}

const statusOf = (event: unknown) => readFailure((event as { error?: unknown }).error).status;

export const adminMarkPaidMachine = setup({
  types: {
    context: {} as AdminMarkPaidContext,
    events: {} as AdminMarkPaidEvent,
    tags: {} as 'busy' | 'dialogOpen',
  },
  actors: {
    markPaid: fromPromise<MarkPaidAnswer, MarkPaidInput>(notProvided('markPaid')),
  },
  guards: {
    isReferenceValid: ({ context }) => Object.keys(validateTransferReference(context.reference)).length === 0,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    /** 409 (already paid) or 404 (gone): either way it is no longer a pending payout. */
    isNoLongerPending: ({ event }) => statusOf(event) === 409 || statusOf(event) === 404,
  },
  actions: {
    choosePayout: assign(({ context, event }) => {
      if (event.type !== 'user.markPaid') return {};
      return event.id === context.payoutId ? { errors: {} } : { payoutId: event.id, reference: '', errors: {} };
    }),
    setReference: assign(({ context, event }) =>
      event.type === 'reference.changed'
        ? { reference: event.value, errors: withoutField(context.errors, 'reference') }
        : {},
    ),
    showReferenceErrors: assign(({ context }) => ({ errors: validateTransferReference(context.reference) })),
    setServerErrors: assign(({ event }) => ({
      errors: readFailure((event as { error?: unknown }).error).errors ?? {},
    })),
    forgetPayout: assign({ payoutId: null, reference: '', errors: {} }),
    // Supplied by the page:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    /** The payout is no longer pending: take it out of the pending list. */
    removePayout: (_, _params: { id: number }) => {},
  },
}).createMachine({
  id: 'adminMarkPaid',
  context: { payoutId: null, reference: '', errors: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'The payouts list; no payout is being marked.',
      on: {
        'user.markPaid': {
          target: 'asking',
          actions: 'choosePayout',
          description: "The admin chooses to mark a payout as paid: a dialog asks for the transfer's reference.",
        },
      },
    },
    asking: {
      description: 'The admin is marking one payout as paid in a dialog.',
      tags: ['dialogOpen'],
      initial: 'editing',
      states: {
        editing: {
          description: 'The dialog asks for the transfer reference (optional).',
          on: {
            'reference.changed': { actions: 'setReference', description: "The admin types the transfer's reference." },
            'user.confirm': [
              {
                guard: 'isReferenceValid',
                target: 'submitting',
                description: 'The admin confirms: the payout is marked paid.',
              },
              {
                actions: 'showReferenceErrors',
                description: 'The reference is too long or malformed: the dialog says what to fix.',
              },
            ],
            'user.dismiss': {
              target: '#adminMarkPaid.idle',
              description: 'The admin closes the dialog: nothing changes; the reference typed is kept for this payout.',
            },
          },
        },
        submitting: {
          description: 'The payout is being marked paid with the server.',
          tags: ['busy'],
          invoke: {
            id: 'markPaid',
            src: 'markPaid',
            input: ({ context }) => ({ id: context.payoutId ?? 0, reference: context.reference.trim() }),
            onDone: {
              target: '#adminMarkPaid.idle',
              actions: [
                {
                  type: 'showSuccessToast',
                  params: ({ event }) => ({
                    message: event.output?.message ? event.output.message : lifecycleMessages.payoutPaid,
                  }),
                },
                { type: 'removePayout', params: ({ context }) => ({ id: context.payoutId ?? 0 }) },
                'forgetPayout',
              ],
              description: 'Marked paid: the admin sees a confirmation and the payout leaves the pending list.',
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: 'setServerErrors',
                description: 'The server refused the reference: the dialog shows what to fix.',
              },
              {
                guard: 'isNoLongerPending',
                target: '#adminMarkPaid.idle',
                actions: [
                  { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
                  { type: 'removePayout', params: ({ context }) => ({ id: context.payoutId ?? 0 }) },
                  'forgetPayout',
                ],
                description:
                  'The payout was already paid or no longer exists: the admin is told and it leaves the pending list.',
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
