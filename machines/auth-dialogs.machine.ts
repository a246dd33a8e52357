// The account modals of the header and footer. Signing out is the session's: the confirmations send it
// user.signOut by systemId.
import { assign, sendTo, setup } from 'xstate';
import { clientMessages, specMessages } from '../contracts/messages';
import { appActorIds } from './app-system';
import type {
  AuthDialogsContext,
  AuthDialogsEvent,
  AuthDialogsTag,
  LogoutIntent,
  SignUpPrefill,
} from './auth-dialogs.types';

export type * from './auth-dialogs.types';

/** SPEC §2 Footer: the warning's sentence and where Logout goes. */
export const logoutIntents: Record<LogoutIntent, { message: string; path: string }> = {
  application: { message: specMessages.logoutForApplication, path: '/artist/application' },
  artistLogin: { message: specMessages.logoutForArtistLogin, path: '/artist/login' },
};

export const authDialogsMachine = setup({
  types: {
    context: {} as AuthDialogsContext,
    events: {} as AuthDialogsEvent,
    tags: {} as AuthDialogsTag,
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
    setLoginAgain: assign((_, params: { returnTo: string | null }) => ({
      intent: null,
      message: clientMessages.sessionExpired,
      returnTo: params.returnTo,
    })),
    /** The sign-out confirmation: the session signs out (and goes home). */
    signOut: sendTo(({ system }) => system.get(appActorIds.session), { type: 'user.signOut' }),
    /** SPEC §2 Footer: the session signs out, then goes where the warning said. */
    signOutThenGo: sendTo(
      ({ system }) => system.get(appActorIds.session),
      (_, params: { path: string }) => ({ type: 'user.signOut', redirectTo: params.path }),
    ),
  },
}).createMachine({
  id: 'authDialogs',
  context: { intent: null, message: null, prefill: null, returnTo: null },
  initial: 'closed',
  on: {
    'dialog.openLogin': { target: '.login' },
    'dialog.openLoginAgain': {
      target: '.loginAgain',
      actions: { type: 'setLoginAgain', params: ({ event }) => ({ returnTo: event.returnTo }) },
    },
    'dialog.openSignUp': {
      target: '.signUp',
      actions: { type: 'setPrefill', params: ({ event }) => ({ prefill: event.prefill ?? null }) },
    },
    'dialog.openForgotPassword': { target: '.forgotPassword' },
    'dialog.openLogoutWarning': {
      target: '.logoutWarning',
      actions: { type: 'setLogoutWarning', params: ({ event }) => ({ intent: event.intent }) },
    },
    'dialog.openSignOutConfirm': { target: '.signOutConfirm', actions: 'setSignOutMessage' },
  },
  states: {
    // The warning sentence belongs to the two confirmation modals only.
    closed: { entry: 'clearMessage' },
    login: { tags: ['open'], entry: 'clearMessage', on: { 'dialog.close': '#authDialogs.closed' } },
    /** The login modal after a session reset: it says why, and remembers where to go back to. */
    loginAgain: { tags: ['open'], on: { 'dialog.close': '#authDialogs.closed' } },
    signUp: { tags: ['open'], entry: 'clearMessage', on: { 'dialog.close': '#authDialogs.closed' } },
    forgotPassword: { tags: ['open'], entry: 'clearMessage', on: { 'dialog.close': '#authDialogs.closed' } },
    logoutWarning: {
      tags: ['open'],
      on: {
        'user.confirm': {
          target: '#authDialogs.closed',
          actions: {
            type: 'signOutThenGo',
            params: ({ context }) => ({ path: logoutIntents[context.intent ?? 'application'].path }),
          },
        },
        'dialog.close': '#authDialogs.closed',
      },
    },
    signOutConfirm: {
      tags: ['open'],
      on: {
        'user.confirm': { target: '#authDialogs.closed', actions: 'signOut' },
        'dialog.close': '#authDialogs.closed',
      },
    },
  },
});
