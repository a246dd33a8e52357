// docs/product.md §5 Login: no client-side bounds, the server validates; its field errors clear one by one as
// the user edits. The app supplies logIn and showErrorToast. A login tells the session (it signs in)
// and then the account modals (they close and lead on: machines/auth-dialogs.machine.ts), by systemId.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import { appActorIds } from './app-system';
import type {
  LogInInput,
  LogInOutput,
  LoginFormContext,
  LoginFormEvent,
  LoginFormInput,
  LoginFormTag,
  LoginValues,
  SignedInParams,
} from './login-form.types';

export type * from './login-form.types';

export const emptyLoginValues: LoginValues = { email: '', password: '', remember: false };

export const loginFormMachine = setup({
  types: {
    context: {} as LoginFormContext,
    events: {} as LoginFormEvent,
    input: {} as LoginFormInput | undefined,
    tags: {} as LoginFormTag,
  },
  actors: {
    /** POST /auth/login → {user, token}; rejects with {status?, message, errors?}. */
    logIn: fromPromise<LogInOutput, LogInInput>(notProvided('logIn')),
  },
  guards: {
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return {
        values: { ...context.values, [event.name]: event.value },
        errors: withoutField(context.errors, event.name),
      };
    }),
    togglePasswordVisibility: assign(({ context }) => ({ passwordVisible: !context.passwordVisible })),
    setErrors: assign((_, params: { error: unknown }) => ({ errors: readFailure(params.error).errors ?? {} })),
    clearErrors: assign({ errors: {} }),
    resetForm: assign({ values: emptyLoginValues, errors: {}, passwordVisible: false }),
    /** The session keeps the token and the user (session.machine's session.signedIn). */
    announceSignedIn: sendTo(
      ({ system }) => system.get(appActorIds.session),
      (_, params: SignedInParams & { remember: boolean }) => ({ type: 'session.signedIn', ...params }),
    ),
    /** The account modals close and lead the person on (docs/product.md §4 Customer login; the artist dashboard). */
    afterLogin: sendTo(
      ({ system }) => system.get(appActorIds.authDialogs),
      (_, params: SignedInParams) => ({ type: 'login.succeeded', user: params.user, userType: params.userType }),
    ),
    // Supplied by the app:
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'loginForm',
  context: ({ input }) => ({
    userType: input?.userType ?? 'user',
    values: emptyLoginValues,
    errors: {},
    passwordVisible: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The login fields, with any errors the server gave; the person types and submits.',
      on: {
        'field.changed': { actions: 'setField', description: 'The person types in a field; its error clears.' },
        'password.toggleVisibility': {
          actions: 'togglePasswordVisibility',
          description: 'The person shows or hides the password.',
        },
        'user.submit': { target: 'submitting', actions: 'clearErrors', description: 'The person logs in.' },
        'dialog.closed': { actions: 'resetForm', description: 'The modal or page closes: the form empties.' },
      },
    },
    submitting: {
      description: 'The email and password are with the server; the button waits.',
      tags: ['busy'],
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ context }) => ({ ...context.values, userType: context.userType }),
        onDone: {
          target: 'editing',
          actions: [
            {
              type: 'announceSignedIn',
              params: ({ context, event }) => ({
                token: event.output.token,
                user: event.output.user,
                userType: context.userType,
                remember: context.values.remember,
              }),
            },
            {
              type: 'afterLogin',
              params: ({ context, event }) => ({
                token: event.output.token,
                user: event.output.user,
                userType: context.userType,
              }),
            },
            'resetForm',
          ],
          description: 'Signed in: the person goes on (the modal closes, or the artist goes to their dashboard).',
        },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing',
            actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
            description: 'The email or password was refused: the fields say why.',
          },
          {
            target: 'editing',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description: 'It failed (offline, or the server): the person is told and can try again.',
          },
        ],
      },
      on: {
        'password.toggleVisibility': {
          actions: 'togglePasswordVisibility',
          description: 'The person shows or hides the password.',
        },
      },
    },
  },
});
