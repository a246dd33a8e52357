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
      description: 'The person types the email of their account, to be sent a link to reset the password.',
      initial: 'pristine',
      states: {
        pristine: { description: 'Not typed in yet: no message, and Send is disabled.' },
        invalid: {
          description: 'The email does not look right: the field says so and Send is disabled.',
          tags: ['error'],
        },
        valid: {
          description: 'The email looks right: Send is enabled.',
          on: {
            'user.submit': {
              target: '#forgotPasswordForm.sending',
              description: 'The person sends: a reset link is asked for.',
            },
          },
        },
      },
      on: {
        'field.changed': [
          {
            guard: 'isChangedEmailValid',
            target: '.valid',
            actions: 'setEmail',
            description: 'The person types an email that looks right: Send is enabled.',
          },
          {
            target: '.invalid',
            actions: 'setEmail',
            description: 'The person types an email that does not look right: the field says so and Send is disabled.',
          },
        ],
        'dialog.closed': { target: 'closing.form', description: 'The modal closes: the form empties a while later.' },
      },
    },
    sending: {
      description: 'The reset link is being asked for.',
      tags: ['busy'],
      invoke: {
        id: 'sendResetLink',
        src: 'sendResetLink',
        input: ({ context }) => ({ email: context.email.trim(), userType: context.userType }),
        onDone: { target: 'sent', description: 'Asked for: the form gives way to a message to check the inbox.' },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing.invalid',
            actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
            description: 'The server refused the email: the field says why.',
          },
          {
            target: 'editing.valid',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description: 'It failed (offline, or the server): the person is told and can send again.',
          },
        ],
      },
      on: {
        'dialog.closed': {
          target: 'closing.form',
          description: 'The modal closes meanwhile: the form empties a while later.',
        },
      },
    },
    sent: {
      description: 'The form gave way to a message: check your inbox for the link.',
      tags: ['sent'],
      on: {
        'dialog.closed': {
          target: 'closing.sent',
          description: 'The modal closes: the message stays until the form empties a while later.',
        },
      },
    },
    closing: {
      description: 'The modal has closed; what it showed stays a while, then the form empties.',
      initial: 'form',
      states: {
        form: { description: 'Closed while the form showed.' },
        sent: { description: 'Closed while the "check your inbox" message showed.', tags: ['sent'] },
      },
      after: {
        resetAfterClose: {
          target: 'editing',
          actions: 'resetForm',
          description: 'A while after the modal closed: the form empties.',
        },
      },
      on: {
        'dialog.opened': {
          target: 'editing',
          actions: 'resetForm',
          description: 'The modal opens again: the form is empty.',
        },
        'field.changed': [
          {
            guard: 'isChangedEmailValid',
            target: 'editing.valid',
            actions: ['resetForm', 'setEmail'],
            description:
              'The person types again (the modal is open again): a fresh form, with an email that looks right.',
          },
          {
            target: 'editing.invalid',
            actions: ['resetForm', 'setEmail'],
            description:
              'The person types again (the modal is open again): a fresh form, with an email that does not look right yet.',
          },
        ],
      },
    },
  },
});
