// Deactivating one's own account, customer or artist (issues 13 and 25): asking first reads what it
// would leave behind (GET /{area}/profile/deactivation: a customer's paid orders in progress, an
// artist's open orders and earnings still to be paid), so the question says what happens; confirming
// needs the current password (PATCH /profile/deactivate), whose 422 is shown under the field. The app
// supplies both calls and what follows.
import { assign, fromPromise, setup } from 'xstate';
import type { DeactivationPreview } from '../contracts/account-care';
import type { FieldErrors } from '../contracts/http';
import { hasFieldErrors, notProvided, readFailure } from './api-error';

export interface AccountDeactivationContext {
  preview: DeactivationPreview | null;
  /** Why the preview could not be loaded. */
  loadError: string | null;
  password: string;
  /** The server's 422 errors (the password's). */
  errors: FieldErrors;
}

export type AccountDeactivationEvent =
  | { type: 'user.request' }
  | { type: 'user.retry' }
  | { type: 'password.changed'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.cancel' };

export const accountDeactivationMachine = setup({
  types: {
    context: {} as AccountDeactivationContext,
    events: {} as AccountDeactivationEvent,
    tags: {} as 'open' | 'loading' | 'busy',
  },
  actors: {
    loadPreview: fromPromise<DeactivationPreview>(notProvided('loadPreview')),
    deactivate: fromPromise<{ message: string }, { current_password: string }>(notProvided('deactivate')),
  },
  guards: {
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  actions: {
    reset: assign({ preview: null, loadError: null, password: '', errors: {} }),
    clearLoadError: assign({ loadError: null }),
    setPreview: assign((_, params: { preview: DeactivationPreview }) => ({ preview: params.preview })),
    setLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    setPassword: assign((_, params: { value: string }) => ({ password: params.value, errors: {} })),
    setErrors: assign((_, params: { error: unknown }) => ({ errors: readFailure(params.error).errors ?? {} })),
    // Supplied by the app:
    onDone: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'accountDeactivation',
  context: { preview: null, loadError: null, password: '', errors: {} },
  initial: 'idle',
  states: {
    idle: {
      description: 'The settings page; nothing asked yet.',
      entry: 'reset',
      on: {
        'user.request': {
          target: 'loading',
          description: 'The person asks to deactivate their account: what it would leave behind is read first.',
        },
      },
    },
    loading: {
      description: 'The dialog is open and the orders (and an artist’s earnings) are being read.',
      tags: ['open', 'loading'],
      entry: 'clearLoadError',
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        onDone: {
          target: 'confirming',
          actions: { type: 'setPreview', params: ({ event }) => ({ preview: event.output }) },
          description: 'The dialog asks to confirm, saying what happens to orders and earnings.',
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'setLoadError', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          description: 'It could not be read: the person is told and can try again.',
        },
      },
      on: { 'user.cancel': { target: 'idle', description: 'The person closes the dialog: nothing changes.' } },
    },
    loadFailed: {
      description: 'What would happen could not be read: deactivating blind is not offered, only a retry.',
      tags: ['open'],
      on: {
        'user.retry': { target: 'loading', description: 'The person tries again.' },
        'user.cancel': { target: 'idle', description: 'The person closes the dialog: nothing changes.' },
      },
    },
    confirming: {
      description: 'The question: what happens to orders and earnings, the 30 days to restore, and the password.',
      tags: ['open'],
      on: {
        'password.changed': {
          actions: { type: 'setPassword', params: ({ event }) => ({ value: event.value }) },
          description: 'The person types their current password; its error clears.',
        },
        'user.confirm': {
          target: 'running',
          description: 'The person confirms with their password: the account is deactivated.',
        },
        'user.cancel': { target: 'idle', description: 'The person closes the dialog: nothing changes.' },
      },
    },
    running: {
      description: 'Deactivating; an artist’s open work is released on the server in the same step.',
      tags: ['open', 'busy'],
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ context }) => ({ current_password: context.password }),
        onDone: {
          target: 'done',
          actions: { type: 'onDone', params: ({ event }) => ({ message: event.output.message }) },
          description: 'Deactivated: the person is signed out and told until when signing in restores it.',
        },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'confirming',
            actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
            description: 'The password is missing or wrong: it says so under the field.',
          },
          {
            target: 'confirming',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description: 'It failed: the person is told and can confirm again.',
          },
        ],
      },
    },
    done: { description: 'Deactivated and signed out.', type: 'final' },
  },
});
