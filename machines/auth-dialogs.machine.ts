// The account modals of the header and footer, and the forms they show. The forms run under this
// machine's child `forms` (auth-forms.machine.ts), which loads their code when a modal or page with a
// form first opens: the customer's login, sign-up and forgot-password forms in the modals, and the
// artist's login and forgot-password forms on their own pages (src/routes/artist.login.tsx and
// artist.forgot-password.tsx). A modal tells its form when it closes (the form resets on the product's
// schedule) and opens; a login tells this machine, which closes and leads on (the app supplies
// where to). Signing out is the session's: the confirmations send it user.signOut by systemId.
import { assign, sendTo, setup } from 'xstate';
import type { AuthUser } from '../contracts/account';
import { clientMessages, specMessages } from '../contracts/messages';
import { appActorIds } from './app-system';
import {
  type ArtistAuthForm,
  type AuthDialogsContext,
  type AuthDialogsEvent,
  type AuthDialogsTag,
  authFormsId,
  type LogoutIntent,
  type SignUpPrefill,
} from './auth-dialogs.types';
import { type AuthFormId, authFormsMachine, type FormSignal } from './auth-forms.machine';

export type * from './auth-dialogs.types';

/** docs/product.md §2 Footer: the warning's sentence and where Logout goes. */
export const logoutIntents: Record<LogoutIntent, { message: string; path: string }> = {
  application: { message: specMessages.logoutForApplication, path: '/artist/application' },
  artistLogin: { message: specMessages.logoutForArtistLogin, path: '/artist/login' },
};

interface ArtistFormSignal {
  form: ArtistAuthForm;
  type: 'dialog.opened' | 'dialog.closed';
}

/** What a modal or page tells its form, through the forms' machine (which holds it until they run). */
const toForm = (form: AuthFormId, signal: FormSignal) => ({ type: 'form.signal' as const, form, signal });

export const authDialogsMachine = setup({
  types: {
    context: {} as AuthDialogsContext,
    events: {} as AuthDialogsEvent,
    tags: {} as AuthDialogsTag,
  },
  actors: { forms: authFormsMachine },
  guards: {
    /** A social sign-up's details come with the opening. */
    hasPrefill: ({ event }) => event.type === 'dialog.openSignUp' && event.prefill !== undefined,
    isArtistLogin: ({ event }) => event.type === 'login.succeeded' && event.userType === 'artist',
  },
  actions: {
    setPrefill: assign((_, params: { prefill: SignUpPrefill | null }) => ({ prefill: params.prefill })),
    setLogoutWarning: assign((_, params: { intent: LogoutIntent }) => ({
      intent: params.intent,
      message: logoutIntents[params.intent].message,
      returnTo: null,
    })),
    setSignOutMessage: assign({ intent: null, message: specMessages.signOutConfirm, returnTo: null }),
    clearMessage: assign({ intent: null, message: null, returnTo: null }),
    setLogin: assign((_, params: { returnTo: string | null }) => ({
      intent: null,
      message: null,
      returnTo: params.returnTo,
    })),
    setArtistReturnTo: assign((_, params: { returnTo: string | null }) => ({ artistReturnTo: params.returnTo })),
    setLoginAgain: assign((_, params: { returnTo: string | null }) => ({
      intent: null,
      message: clientMessages.sessionExpired,
      returnTo: params.returnTo,
    })),
    /** A modal or page with a form opened: the forms start if they have not (their code loads first). */
    needForms: sendTo(authFormsId, { type: 'forms.needed' }),
    /** The login form resets when its modal closes. */
    closeLoginForm: sendTo(authFormsId, toForm('login', { type: 'dialog.closed' })),
    closeSignUpForm: sendTo(authFormsId, toForm('signUp', { type: 'dialog.closed' })),
    /** docs/product.md §4 Social registration return: the sign-up form starts from the decoded names and email. */
    prefillSignUpForm: sendTo(authFormsId, (_, params: { prefill: SignUpPrefill }) =>
      toForm('signUp', { type: 'form.prefill', ...params.prefill }),
    ),
    openForgotForm: sendTo(authFormsId, toForm('forgot', { type: 'dialog.opened' })),
    closeForgotForm: sendTo(authFormsId, toForm('forgot', { type: 'dialog.closed' })),
    /** The form of an artist page: its page opened (it starts afresh) or was left (it resets). */
    tellArtistForm: sendTo(authFormsId, (_, params: ArtistFormSignal) =>
      toForm(params.form === 'login' ? 'artistLogin' : 'artistForgot', { type: params.type }),
    ),
    /** The confirmation's sign-out: the session signs out (and goes home). */
    signOut: sendTo(({ system }) => system.get(appActorIds.session), { type: 'user.signOut' }),
    /** docs/product.md §2 Footer: the session signs out, then goes where the warning said. */
    signOutThenGo: sendTo(
      ({ system }) => system.get(appActorIds.session),
      (_, params: { path: string }) => ({ type: 'user.signOut', redirectTo: params.path }),
    ),
    // Supplied by the app:
    /**
     * docs/product.md §4 Customer login: back to a checkout (pending, or `returnTo`), else /order with a welcome
     * ("Welcome to Labsongs" after a sign-up, `firstVisit`; "Welcome back" otherwise).
     */
    afterCustomerLogin: (_, _params: { user: AuthUser; returnTo: string | null; firstVisit: boolean }) => {},
    /** The artist's page a signed-out visit asked for (`returnTo`), else the dashboard, with a welcome. */
    afterArtistLogin: (_, _params: { user: AuthUser; returnTo: string | null }) => {},
  },
}).createMachine({
  id: 'authDialogs',
  context: { intent: null, message: null, prefill: null, returnTo: null, artistReturnTo: null },
  invoke: { id: authFormsId, src: 'forms' },
  initial: 'closed',
  on: {
    'dialog.openLogin': {
      target: '.login',
      actions: { type: 'setLogin', params: ({ event }) => ({ returnTo: event.returnTo ?? null }) },
      description: 'The visitor opens the login modal (Login in the header, or after a password reset).',
    },
    'dialog.openLoginAgain': {
      target: '.loginAgain',
      actions: { type: 'setLoginAgain', params: ({ event }) => ({ returnTo: event.returnTo }) },
      description: 'The session ended: the login modal says why, and remembers where to go back to.',
    },
    'dialog.openSignUp': [
      {
        guard: 'hasPrefill',
        target: '.signUp',
        actions: [
          { type: 'setPrefill', params: ({ event }) => ({ prefill: event.prefill ?? null }) },
          {
            type: 'prefillSignUpForm',
            params: ({ event }) => ({ prefill: event.prefill as SignUpPrefill }),
          },
        ],
        description: 'The sign-up modal opens filled in with what a social account gave (name, email).',
      },
      {
        target: '.signUp',
        actions: { type: 'setPrefill', params: { prefill: null } },
        description: 'The visitor opens the sign-up modal, empty.',
      },
    ],
    'dialog.openForgotPassword': {
      target: '.forgotPassword',
      description: 'The visitor opens the forgot-password modal.',
    },
    'dialog.openLogoutWarning': {
      target: '.logoutWarning',
      actions: { type: 'setLogoutWarning', params: ({ event }) => ({ intent: event.intent }) },
      description:
        'A signed-in person follows a footer link meant for the signed-out (apply as an artist...): a modal asks them to log out first.',
    },
    'dialog.openSignOutConfirm': {
      target: '.signOutConfirm',
      actions: 'setSignOutMessage',
      description: 'The person chooses to sign out: a modal asks whether they are sure.',
    },
    'login.succeeded': [
      {
        guard: 'isArtistLogin',
        target: '.closed',
        actions: [
          {
            type: 'afterArtistLogin',
            params: ({ context, event }) => ({ user: event.user, returnTo: context.artistReturnTo }),
          },
          { type: 'setArtistReturnTo', params: { returnTo: null } },
        ],
        description:
          'An artist signed in on the artist login page: they go to their dashboard, or the page they had asked for.',
      },
      {
        target: '.closed',
        actions: {
          type: 'afterCustomerLogin',
          params: ({ context, event }) => ({
            user: event.user,
            returnTo: context.returnTo,
            firstVisit: event.firstVisit === true,
          }),
        },
        description:
          'A customer signed in or signed up: the modal closes and they go on where they were going (a checkout, for one), welcomed.',
      },
    ],
    'page.opened': {
      actions: [
        'needForms',
        { type: 'tellArtistForm', params: ({ event }) => ({ form: event.form, type: 'dialog.opened' }) },
        { type: 'setArtistReturnTo', params: ({ event }) => ({ returnTo: event.returnTo ?? null }) },
      ],
      description:
        'The artist login or forgot-password page opens: its form is ready, and the page a signed-out visit asked for is remembered.',
    },
    'page.left': {
      actions: [
        { type: 'tellArtistForm', params: ({ event }) => ({ form: event.form, type: 'dialog.closed' }) },
        { type: 'setArtistReturnTo', params: { returnTo: null } },
      ],
      description: 'The artist leaves that page: its form resets and the remembered page is forgotten.',
    },
  },
  states: {
    closed: {
      description: 'No account modal is open.',
      entry: 'clearMessage',
      on: {
        // Only here: a modal already open (the session reset's) says what to do already.
        'dialog.openLoginForPage': {
          target: 'login',
          actions: { type: 'setLogin', params: ({ event }) => ({ returnTo: event.returnTo }) },
          description:
            'Someone signed out arrived at a customer page: the login modal opens and leads back there (an open modal stays).',
        },
      },
    },
    login: {
      description:
        'The Account Login modal (after a signed-out visit to a customer page, it leads back there); its form resets when it closes.',
      tags: ['open'],
      entry: 'needForms',
      exit: 'closeLoginForm',
      on: { 'dialog.close': { target: '#authDialogs.closed', description: 'The visitor closes the modal.' } },
    },
    loginAgain: {
      description: 'The login modal after a session reset: it says why, and remembers where to go back to.',
      tags: ['open'],
      entry: 'needForms',
      exit: 'closeLoginForm',
      on: { 'dialog.close': { target: '#authDialogs.closed', description: 'The visitor closes the modal.' } },
    },
    signUp: {
      description: 'The Account Sign Up modal (prefilled after a social registration); its form resets when it closes.',
      tags: ['open'],
      entry: ['clearMessage', 'needForms'],
      exit: 'closeSignUpForm',
      on: { 'dialog.close': { target: '#authDialogs.closed', description: 'The visitor closes the modal.' } },
    },
    forgotPassword: {
      description: 'The Forgot Password modal; its form starts afresh on opening and resets a while after closing.',
      tags: ['open'],
      entry: ['clearMessage', 'needForms', 'openForgotForm'],
      exit: 'closeForgotForm',
      on: { 'dialog.close': { target: '#authDialogs.closed', description: 'The visitor closes the modal.' } },
    },
    logoutWarning: {
      description: 'docs/product.md §2 Footer: signed in, the person must log out first; Logout signs out and goes on.',
      tags: ['open'],
      on: {
        'user.confirm': {
          target: '#authDialogs.closed',
          actions: {
            type: 'signOutThenGo',
            params: ({ context }) => ({ path: logoutIntents[context.intent ?? 'application'].path }),
          },
          description: 'The person logs out and goes on to the page they asked for.',
        },
        'dialog.close': {
          target: '#authDialogs.closed',
          description: 'The person closes the modal and stays signed in.',
        },
      },
    },
    signOutConfirm: {
      description: 'Are you sure you want to end your session? Yes signs out.',
      tags: ['open'],
      on: {
        'user.confirm': {
          target: '#authDialogs.closed',
          actions: 'signOut',
          description: 'Yes: the person is signed out.',
        },
        'dialog.close': { target: '#authDialogs.closed', description: 'No: the person stays signed in.' },
      },
    },
  },
});
