// The email rule is contracts/auth emailSchema, the server's own. Validation shows from the first
// edit; Send is allowed (snapshot.can) only in editing.valid. The app supplies sendResetLink and
// showErrorToast.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { emailSchema } from '../contracts/auth';
import { forgotPassword } from '../contracts/constants';
import { hasFieldErrors, notProvided, readFailure } from './api-error';
import type {
  ForgotPasswordFormContext,
  ForgotPasswordFormEvent,
  ForgotPasswordFormInput,
  ForgotPasswordFormTag,
  SendResetLinkInput,
} from './forgot-password-form.types';

export type * from './forgot-password-form.types';

/** The first message emailSchema gives for `value`, or null when it is a valid address. */
export function emailMessage(value: string): string | null {
  const result = v.safeParse(emailSchema, value, { abortPipeEarly: true });
  return result.success ? null : (result.issues[0]?.message ?? null);
}

export const forgotPasswordFormMachine = setup({
  types: {
    context: {} as ForgotPasswordFormContext,
    events: {} as ForgotPasswordFormEvent,
    input: {} as ForgotPasswordFormInput | undefined,
    tags: {} as ForgotPasswordFormTag,
  },
  actors: {
    /** POST /password/forgot {email} in the area of `userType`; the answer is not read. */
    sendResetLink: fromPromise<unknown, SendResetLinkInput>(notProvided('sendResetLink')),
  },
  guards: {
    isChangedEmailValid: ({ event }) => event.type === 'field.changed' && emailMessage(event.value) === null,
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  delays: {
    resetAfterClose: forgotPassword.resetAfterCloseMs,
  },
  actions: {
    setEmail: assign(({ event }): Partial<ForgotPasswordFormContext> => {
      if (event.type !== 'field.changed') return {};
      const message = emailMessage(event.value);
      return { email: event.value, errors: message ? { email: [message] } : {} };
    }),
    setErrors: assign((_, params: { error: unknown }) => ({ errors: readFailure(params.error).errors ?? {} })),
    resetForm: assign({ email: '', errors: {} }),
    // Supplied by the app:
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'forgotPasswordForm',
  context: ({ input }) => ({ userType: input?.userType ?? 'user', email: '', errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'pristine',
      states: {
        /** Not edited yet: no message, and Send stays disabled (the email is empty). */
        pristine: {},
        invalid: { tags: ['error'] },
        valid: {
          on: { 'user.submit': '#forgotPasswordForm.sending' },
        },
      },
      on: {
        'field.changed': [
          { guard: 'isChangedEmailValid', target: '.valid', actions: 'setEmail' },
          { target: '.invalid', actions: 'setEmail' },
        ],
        'dialog.closed': 'closing.form',
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendResetLink',
        src: 'sendResetLink',
        input: ({ context }) => ({ email: context.email.trim(), userType: context.userType }),
        onDone: 'sent',
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing.invalid',
            actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing.valid',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
          },
        ],
      },
      on: { 'dialog.closed': 'closing.form' },
    },
    /** The form is replaced by a confirmation. */
    sent: {
      tags: ['sent'],
      on: { 'dialog.closed': 'closing.sent' },
    },
    /** The modal is closing; what it showed stays until the reset. */
    closing: {
      initial: 'form',
      states: {
        form: {},
        sent: { tags: ['sent'] },
      },
      after: {
        resetAfterClose: { target: 'editing', actions: 'resetForm' },
      },
      on: {
        'dialog.opened': { target: 'editing', actions: 'resetForm' },
        // Typing means the modal is open again, even if the app did not say so.
        'field.changed': [
          { guard: 'isChangedEmailValid', target: 'editing.valid', actions: ['resetForm', 'setEmail'] },
          { target: 'editing.invalid', actions: ['resetForm', 'setEmail'] },
        ],
      },
    },
  },
});
