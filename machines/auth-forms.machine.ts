// The forms of the account modals and of the artist's own pages: the customer's login, sign-up and
// forgot-password forms in the modals, the artist's login and forgot-password forms on /artist/login
// and /artist/forgot-password. Their code (with the sign-up's country list and the forms' rules) loads
// when a modal or page first needs one, under the lazy child `forms` (lazy-child.machine.ts), so a
// visitor who never opens one never downloads it; what a form is told before then (a social sign-up's
// prefill, an opening, a closing) is held and passed on in order. The account modals
// (auth-dialogs.machine.ts) invoke this machine and are the only ones who talk to it; the app supplies
// the forms' code (`loadingWith` a dynamic import) and starts them with `formsToStart`.
import { type ActorRefFrom, sendTo, setup } from 'xstate';
import type { UserType } from '../contracts/account';
import type { SignUpPrefill } from './auth-dialogs.types';
import type { forgotPasswordFormMachine } from './forgot-password-form.machine';
import { type LazyChildEvent, type LoadedChildren, lazyChildMachine, toStart } from './lazy-child.machine';
import type { loginFormMachine } from './login-form.machine';
import type { signUpFormMachine } from './sign-up-form.machine';

/** The forms, by the name each runs under. */
export const authFormIds = {
  login: 'login',
  signUp: 'signUp',
  forgot: 'forgot',
  artistLogin: 'artistLogin',
  artistForgot: 'artistForgot',
} as const;
export type AuthFormId = keyof typeof authFormIds;

/** The forms' logic as the app loads it (implementations provided). */
export interface AuthFormsLogic {
  loginForm: typeof loginFormMachine;
  signUpForm: typeof signUpFormMachine;
  forgotPasswordForm: typeof forgotPasswordFormMachine;
}

/** The forms once started. */
export interface AuthForms {
  login: ActorRefFrom<typeof loginFormMachine>;
  signUp: ActorRefFrom<typeof signUpFormMachine>;
  forgot: ActorRefFrom<typeof forgotPasswordFormMachine>;
  artistLogin: ActorRefFrom<typeof loginFormMachine>;
  artistForgot: ActorRefFrom<typeof forgotPasswordFormMachine>;
}

/**
 * What a modal or page tells its form: it opened (the form starts afresh), it closed (the form resets
 * on the product's schedule), or a social sign-up's names and email to start from.
 */
export type FormSignal =
  | { type: 'dialog.opened' }
  | { type: 'dialog.closed' }
  | ({ type: 'form.prefill' } & SignUpPrefill);

export interface FormSignalFor {
  form: AuthFormId;
  signal: FormSignal;
}

export type AuthFormsEvent =
  /** A modal or page with a form opened (or Try again): the forms start if they have not. */
  { type: 'forms.needed' } | ({ type: 'form.signal' } & FormSignalFor);

const userType = (type: UserType) => ({ userType: type });

/** The five forms to start from the loaded logic: the customer's and the artist's. */
export function formsToStart(logic: AuthFormsLogic): LoadedChildren {
  return {
    login: toStart(logic.loginForm, userType('user')),
    signUp: toStart(logic.signUpForm, undefined),
    forgot: toStart(logic.forgotPasswordForm, userType('user')),
    artistLogin: toStart(logic.loginForm, userType('artist')),
    artistForgot: toStart(logic.forgotPasswordForm, userType('artist')),
  };
}

export const authFormsMachine = setup({
  types: { events: {} as AuthFormsEvent },
  actors: { forms: lazyChildMachine },
  actions: {
    needForms: sendTo('forms', { type: 'child.needed' } satisfies LazyChildEvent),
    tellForm: sendTo('forms', (_, { form, signal }: FormSignalFor) => ({
      type: 'child.tell' as const,
      to: form,
      event: signal,
    })),
  },
}).createMachine({
  id: 'authForms',
  // A social sign-up's prefill comes before the modal asks for the forms: early signals are held too.
  invoke: { id: 'forms', src: 'forms', input: { holdEarly: true } },
  initial: 'ready',
  states: {
    ready: {
      description: "The account's forms: their code loads with the first modal or page that shows one.",
      on: {
        'forms.needed': {
          actions: 'needForms',
          description: "A modal or page with a form opens, or Try again: the forms' code loads if it has not.",
        },
        'form.signal': {
          actions: { type: 'tellForm', params: ({ event }) => ({ form: event.form, signal: event.signal }) },
          description: 'A form is told it opened, closed or is prefilled: at once, or once the forms run.',
        },
      },
    },
  },
});
