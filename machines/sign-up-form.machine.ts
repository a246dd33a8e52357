// Registration: the confirmation mismatch shows as the user types; everything else is the server's
// to judge (its per-field errors clear as the user edits that field). A sign-up signs the person in:
// it tells the session and the account modals what a login tells them (by systemId), so whatever
// follows a login (closing, where to go, the greeting) follows a sign-up too, with a first welcome.
// The app supplies register and the error toast.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { phone } from '../contracts/constants';
import { findCountry } from '../contracts/countries';
import type { FieldErrors } from '../contracts/http';
import { specMessages } from '../contracts/messages';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import { appActorIds } from './app-system';
import type {
  RegisterInput,
  RegisterOutput,
  SignUpFormContext,
  SignUpFormEvent,
  SignUpFormTag,
  SignUpValues,
} from './sign-up-form.types';

export type * from './sign-up-form.types';

export function initialSignUpValues(): SignUpValues {
  return {
    first_name: '',
    middle_name: '',
    last_name: '',
    email: '',
    password: '',
    password_confirmation: '',
    contact_number: '',
    country: phone.defaultCountry,
    dial_code: findCountry(phone.defaultCountry)?.dial_code ?? '',
  };
}

/** docs/product.md §5: a non-empty confirmation that differs from the password. */
export function isPasswordMismatch(values: Pick<SignUpValues, 'password' | 'password_confirmation'>): boolean {
  return values.password_confirmation !== '' && values.password_confirmation !== values.password;
}

/** Re-derives the mismatch message on password_confirmation, leaving any other message there alone. */
export function withMismatch(
  errors: FieldErrors,
  values: Pick<SignUpValues, 'password' | 'password_confirmation'>,
): FieldErrors {
  const others = (errors.password_confirmation ?? []).filter((m) => m !== specMessages.passwordsDoNotMatch);
  const next = isPasswordMismatch(values) ? [specMessages.passwordsDoNotMatch, ...others] : others;
  const rest = withoutField(errors, 'password_confirmation');
  return next.length > 0 ? { ...rest, password_confirmation: next } : rest;
}

export const signUpFormMachine = setup({
  types: {
    context: {} as SignUpFormContext,
    events: {} as SignUpFormEvent,
    tags: {} as SignUpFormTag,
  },
  actors: {
    /** POST /auth/register (user area) with the payload and dial_code → {user, token}, as a login answers. */
    register: fromPromise<RegisterOutput, RegisterInput>(notProvided('register')),
  },
  guards: {
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
    isPasswordConfirmed: ({ context }) => !isPasswordMismatch(context.values),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      let values: SignUpValues = { ...context.values, [event.name]: event.value };
      let errors = withoutField(context.errors, event.name);
      if (event.name === 'country') {
        // docs/product.md §5: changing the country clears contact_number; the dial code follows the country.
        // The phone input reports its preselected country too: the same country is no change.
        const code = event.value.toUpperCase();
        const changed = code !== context.values.country;
        values = { ...values, country: code, dial_code: findCountry(code)?.dial_code ?? '' };
        if (changed) {
          values.contact_number = '';
          errors = withoutField(errors, 'contact_number');
        }
        errors = withoutField(errors, 'dial_code');
      }
      if (event.name === 'password' || event.name === 'password_confirmation') errors = withMismatch(errors, values);
      return { values, errors };
    }),
    prefill: assign(({ context, event }) => {
      if (event.type !== 'form.prefill') return {};
      const values = {
        ...context.values,
        first_name: event.first_name,
        last_name: event.last_name,
        email: event.email,
      };
      return { values };
    }),
    setErrors: assign(({ context }, params: { error: unknown }) => ({
      errors: withMismatch(readFailure(params.error).errors ?? {}, context.values),
    })),
    resetForm: assign(() => ({ values: initialSignUpValues(), errors: {} })),
    /** The session keeps the token and the user, for the tab's life as an unticked "Remember me" login. */
    announceSignedIn: sendTo(
      ({ system }) => system.get(appActorIds.session),
      (_, params: RegisterOutput) => ({
        type: 'session.signedIn',
        token: params.token,
        user: params.user,
        userType: 'user',
        remember: false,
      }),
    ),
    /** The account modals close and lead on as after a login (docs/product.md §4 Customer login), with a first welcome. */
    afterSignUp: sendTo(
      ({ system }) => system.get(appActorIds.authDialogs),
      (_, params: RegisterOutput) => ({
        type: 'login.succeeded',
        user: params.user,
        userType: 'user',
        firstVisit: true,
      }),
    ),
    // Supplied by the app:
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'signUpForm',
  context: () => ({ values: initialSignUpValues(), errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      description: "The visitor fills in the sign-up form; the server's errors show under the fields.",
      on: {
        'field.changed': {
          actions: 'setField',
          description: 'The visitor types; a password confirmation that differs says so at once.',
        },
        'form.prefill': {
          actions: 'prefill',
          description: 'Back from a social sign-up: the form fills with what that account gave.',
        },
        'user.submit': {
          guard: 'isPasswordConfirmed',
          target: 'submitting',
          description: 'The visitor signs up with a password confirmed twice.',
        },
        'dialog.closed': { actions: 'resetForm', description: 'The modal closes: the form empties.' },
      },
    },
    submitting: {
      description: 'The account is being created.',
      tags: ['busy'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context }) => context.values,
        onDone: {
          target: 'editing',
          // docs/product.md §4 Registration: signed in, then on as after a login.
          actions: [
            { type: 'announceSignedIn', params: ({ event }) => event.output },
            { type: 'afterSignUp', params: ({ event }) => event.output },
            'resetForm',
          ],
          description:
            'Created and signed in: the modal closes and the new customer is welcomed and goes on, as after a login.',
        },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing',
            actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
            description: 'The server refused some answers (an email in use, say): the fields say why.',
          },
          {
            target: 'editing',
            actions: { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
            description: 'It failed (offline, or the server): the visitor is told and can try again.',
          },
        ],
      },
    },
  },
});
