// The forms of the account modals and of the artist's own pages: the customer's login, sign-up and
// forgot-password forms in the modals, the artist's login and forgot-password forms on /artist/login
// and /artist/forgot-password. Their code (with the sign-up's country list and the forms' rules) loads
// when a modal or page first needs one, so a visitor who never opens one never downloads it. What the
// modals and pages tell a form meanwhile (a social sign-up's prefill, an opening, a closing) is held
// and passed on, in order, once the forms run. The account modals (auth-dialogs.machine.ts) invoke this
// machine and are the only ones who talk to it; the app supplies `loadForms` (a dynamic import).
import { type ActorRefFrom, assign, type DoneActorEvent, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { UserType } from '../contracts/account';
import type { SignUpPrefill } from './auth-dialogs.types';
import type { forgotPasswordFormMachine } from './forgot-password-form.machine';
import type { loginFormMachine } from './login-form.machine';
import type { signUpFormMachine } from './sign-up-form.machine';
import { spawnLoaded } from './spawn-loaded';

/** The forms, by the id each runs under (snapshot.children[id] of this machine). */
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
 * on the SPEC's schedule), or a social sign-up's names and email to start from.
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
  /** A modal or page with a form opened: the forms start if they have not. */
  { type: 'forms.needed' } | ({ type: 'form.signal' } & FormSignalFor);

export interface AuthFormsContext {
  /** Null until a modal or page first needs them and their code has loaded. */
  forms: AuthForms | null;
  /** What the forms were told before they ran, in order. */
  held: FormSignalFor[];
}

/** `failed`: their code did not load (the modal or page says so, with Try again). */
export type AuthFormsTag = 'failed';

const loginInput = (userType: UserType) => ({ userType });

export const authFormsMachine = setup({
  types: {
    context: {} as AuthFormsContext,
    events: {} as AuthFormsEvent,
    tags: {} as AuthFormsTag,
  },
  actors: {
    /** Loads the forms' code (the app supplies it: a dynamic import). */
    loadForms: fromPromise<AuthFormsLogic>(() => new Promise(() => {})),
  },
  actions: {
    /** Starts the loaded forms (the event: loadForms's done). */
    startForms: assign(({ event, spawn }) => {
      const logic = (event as unknown as DoneActorEvent<AuthFormsLogic>).output;
      return {
        forms: {
          login: spawnLoaded(spawn, logic.loginForm, { id: authFormIds.login, input: loginInput('user') }),
          signUp: spawnLoaded(spawn, logic.signUpForm, { id: authFormIds.signUp, input: undefined }),
          forgot: spawnLoaded(spawn, logic.forgotPasswordForm, { id: authFormIds.forgot, input: loginInput('user') }),
          artistLogin: spawnLoaded(spawn, logic.loginForm, {
            id: authFormIds.artistLogin,
            input: loginInput('artist'),
          }),
          artistForgot: spawnLoaded(spawn, logic.forgotPasswordForm, {
            id: authFormIds.artistForgot,
            input: loginInput('artist'),
          }),
        },
      };
    }),
    /** Keeps what a form is told until the forms run. */
    holdSignal: assign({
      held: ({ context, event }) => {
        const { form, signal } = event as Extract<AuthFormsEvent, { type: 'form.signal' }>;
        return [...context.held, { form, signal }];
      },
    }),
    /** Tells the started forms what they were told meanwhile, in order. */
    passHeld: enqueueActions(({ context, enqueue }) => {
      const forms = context.forms;
      if (!forms) return;
      for (const { form, signal } of context.held) enqueue.sendTo(forms[form], signal);
      enqueue.assign({ held: [] });
    }),
    /** Their code did not load: what they were told is dropped (the app said so). */
    dropHeld: assign({ held: [] }),
    passSignal: sendTo(
      ({ context, event }) =>
        (context.forms as AuthForms)[(event as Extract<AuthFormsEvent, { type: 'form.signal' }>).form],
      ({ event }) => (event as Extract<AuthFormsEvent, { type: 'form.signal' }>).signal,
    ),
  },
}).createMachine({
  id: 'authForms',
  context: { forms: null, held: [] },
  initial: 'withoutForms',
  states: {
    withoutForms: {
      description: 'No modal or page with a form has opened yet.',
      on: {
        'forms.needed': {
          target: 'loadingForms',
          description: "The first modal or page with a form opens: the forms' code loads.",
        },
        'form.signal': {
          actions: 'holdSignal',
          description: 'What a form is told (an opening, a closing, a prefill) is kept until the forms run.',
        },
      },
    },
    loadingForms: {
      description: 'Their code loads; the modal or page shows its frame, and what the forms are told is held.',
      invoke: {
        id: 'loadForms',
        src: 'loadForms',
        onDone: {
          target: 'withForms',
          actions: ['startForms', 'passHeld'],
          description: 'The forms are ready: they catch up on what they were told meanwhile.',
        },
        onError: {
          target: 'formsFailed',
          actions: 'dropHeld',
          description:
            'The forms could not load (offline, or a new release): the modal or page says so, with Try again.',
        },
      },
      on: { 'form.signal': { actions: 'holdSignal', description: 'What a form is told meanwhile is kept, in order.' } },
    },
    formsFailed: {
      description:
        'Their code did not load: the modal or page says so with Try again; Try again, or the next opening, loads it again.',
      tags: ['failed'],
      on: {
        'forms.needed': {
          target: 'loadingForms',
          description: "Try again, or the next opening: the forms' code loads again.",
        },
        'form.signal': { actions: 'holdSignal', description: 'What a form is told is kept until the forms run.' },
      },
    },
    withForms: {
      description: 'They run for the rest of the visit, keeping what a person typed between openings.',
      on: {
        'form.signal': {
          actions: 'passSignal',
          description: 'The form concerned is told (an opening, a closing, a prefill).',
        },
      },
    },
  },
});
