// The password reset page (/reset-password and /artist/reset-password): the token and email come
// from the mailed link; the new password's confirmation mismatch shows as the user types (as on
// sign-up). The app supplies resetPassword, the toasts and where to go afterwards.
import { assign, fromPromise, setup } from 'xstate';
import type { UserType } from '../contracts/account';
import type { FieldErrors } from '../contracts/http';
import { specMessages } from '../contracts/messages';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import { isPasswordMismatch } from './sign-up-form.machine';

export interface ResetPasswordValues {
  password: string;
  password_confirmation: string;
}

export interface ResetPasswordFormContext {
  userType: UserType;
  token: string;
  email: string;
  values: ResetPasswordValues;
  errors: FieldErrors;
}

export interface ResetPasswordFormInput {
  userType: UserType;
  token: string;
  email: string;
}

export type ResetPasswordFormEvent =
  | { type: 'field.changed'; name: keyof ResetPasswordValues; value: string }
  | { type: 'user.submit' };

export interface ResetPasswordInput extends ResetPasswordValues {
  userType: UserType;
  token: string;
  email: string;
}

function withMismatch(errors: FieldErrors, values: ResetPasswordValues): FieldErrors {
  const rest = withoutField(errors, 'password_confirmation');
  return isPasswordMismatch(values) ? { ...rest, password_confirmation: [specMessages.passwordsDoNotMatch] } : rest;
}

export const resetPasswordFormMachine = setup({
  types: {
    context: {} as ResetPasswordFormContext,
    events: {} as ResetPasswordFormEvent,
    input: {} as ResetPasswordFormInput,
    tags: {} as 'busy' | 'done' | 'linkIncomplete',
  },
  actors: {
    /** PATCH /password/reset in the area of `userType` → {message}. */
    resetPassword: fromPromise<{ message: string }, ResetPasswordInput>(notProvided('resetPassword')),
  },
  guards: {
    hasLink: ({ context }) => context.token !== '' && context.email !== '',
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    isPasswordConfirmed: ({ context }) => !isPasswordMismatch(context.values),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const values = { ...context.values, [event.name]: event.value };
      return { values, errors: withMismatch(withoutField(context.errors, event.name), values) };
    }),
    setServerErrors: assign(({ event }) => ('error' in event ? { errors: readFailure(event.error).errors ?? {} } : {})),
    // Supplied by the app:
    showSuccessToast: (_, _params: { message: string }) => {},
    showErrorToast: (_, _params: { message: string }) => {},
    goToLogin: (_, _params: { userType: UserType }) => {},
  },
}).createMachine({
  id: 'resetPasswordForm',
  context: ({ input }) => ({
    userType: input.userType,
    token: input.token,
    email: input.email,
    values: { password: '', password_confirmation: '' },
    errors: {},
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      description: 'The page opens from the mailed link: is the link complete?',
      always: [
        {
          guard: 'hasLink',
          target: 'editing',
          description: 'The link is complete: the person chooses a new password.',
        },
        { target: 'linkIncomplete', description: 'The link lacks a part: it cannot reset anything.' },
      ],
    },
    linkIncomplete: {
      description: 'The link is incomplete: it cannot reset anything, and the page offers to send a new one.',
      tags: ['linkIncomplete'],
    },
    editing: {
      description: 'The person types the new password twice.',
      on: {
        'field.changed': {
          actions: 'setField',
          description: 'The person types; a confirmation that differs says so at once.',
        },
        'user.submit': {
          guard: 'isPasswordConfirmed',
          target: 'submitting',
          description: 'The person sends a new password confirmed twice.',
        },
      },
    },
    submitting: {
      description: 'The new password is being saved.',
      tags: ['busy'],
      invoke: {
        id: 'resetPassword',
        src: 'resetPassword',
        input: ({ context }) => ({
          ...context.values,
          userType: context.userType,
          token: context.token,
          email: context.email,
        }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'showSuccessToast', params: ({ event }) => ({ message: event.output.message }) },
            { type: 'goToLogin', params: ({ context }) => ({ userType: context.userType }) },
          ],
          description: 'Saved: the person is told and goes to the login.',
        },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing',
            actions: 'setServerErrors',
            description: 'The server refused it (a weak password, an expired link): the fields say why.',
          },
          {
            target: 'editing',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description: 'It failed (offline, or the server): the person is told and can try again.',
          },
        ],
      },
    },
    done: { description: 'The password is reset.', tags: ['done'], type: 'final' },
  },
});
