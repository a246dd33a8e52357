// The admin console's session: the stored admin token is checked with GET /admin/auth/me, renewed
// shortly before it expires, and dropped on any 401. Storage, navigation, toasts and the network are
// named actions and actors the app supplies (src/admin/admin-actors.ts); the defaults let the chart
// run on its own in the visualiser.
import { assign, fromPromise, setup } from 'xstate';
import type { AuthUser } from '../contracts/account';
import {
  type AdminLogInInput,
  type AdminLoginValues,
  type AdminSessionContext,
  type AdminSessionEvent,
  type AdminSessionInput,
  type AdminSessionTag,
  type AdminSignInOutput,
  type AdminTokenInput,
  adminHomePath,
} from './admin-session.types';
import { hasFieldErrors, notProvided, readFailure, withoutField } from './api-error';
import { refreshDelayMs } from './session.machine';
import { isTokenExpired, isTokenValid } from './token';

export type * from './admin-session.types';
export { adminHomePath };

const emptyAdminLogin: AdminLoginValues = { email: '', password: '' };

const tokenInput = ({ context }: { context: AdminSessionContext }): AdminTokenInput => ({ token: context.token ?? '' });

export const adminSessionMachine = setup({
  types: {
    context: {} as AdminSessionContext,
    events: {} as AdminSessionEvent,
    input: {} as AdminSessionInput | undefined,
    tags: {} as AdminSessionTag,
  },
  actors: {
    /** GET /api/v1/admin/auth/me with the stored token. */
    fetchMe: fromPromise<AuthUser, AdminTokenInput>(notProvided('fetchMe')),
    /** POST /api/v1/admin/auth/refresh → {token, user}. */
    refreshToken: fromPromise<AdminSignInOutput, AdminTokenInput>(notProvided('refreshToken')),
    /** POST /api/v1/admin/auth/login → {user, token}; rejects with {status?, message, errors?}. */
    logIn: fromPromise<AdminSignInOutput, AdminLogInInput>(notProvided('logIn')),
    /** POST /api/v1/admin/auth/logout; its answer does not matter. */
    logout: fromPromise<unknown, AdminTokenInput>(notProvided('logout')),
  },
  guards: {
    hasValidStoredToken: ({ context }) => isTokenValid(context.token, Date.now()),
    hasExpiredStoredToken: ({ context }) => isTokenExpired(context.token, Date.now()),
    hasFieldErrors: ({ event }) => 'error' in event && hasFieldErrors(event.error),
  },
  delays: {
    refreshLead: ({ context }) => refreshDelayMs(context.token, Date.now()),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return {
        values: { ...context.values, [event.name]: event.value },
        errors: withoutField(context.errors, event.name),
      };
    }),
    rememberRedirect: assign((_, params: { path: string | null }) => ({ redirectTo: params.path })),
    clearErrors: assign({ errors: {} }),
    setErrors: assign((_, params: { error: unknown }) => ({ errors: readFailure(params.error).errors ?? {} })),
    storeSignIn: assign((_, params: AdminSignInOutput) => ({
      token: params.token,
      user: params.user,
      values: emptyAdminLogin,
      errors: {},
    })),
    setUser: assign((_, params: { user: AuthUser }) => ({ user: params.user })),
    clearSession: assign({ token: null, user: null, redirectTo: null }),
    // Supplied by the app:
    persistToken: (_, _params: { token: string | null }) => {},
    afterSignIn: (_, _params: { redirectTo: string }) => {},
    afterSignOut: () => {},
    /** A 401 while signed in: say the session expired and go to the login page. */
    afterSessionExpired: () => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'adminSession',
  context: ({ input }) => ({
    token: typeof input?.token === 'string' && input.token !== '' ? input.token : null,
    user: null,
    values: emptyAdminLogin,
    errors: {},
    redirectTo: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'The admin console opens: is the admin still signed in from an earlier visit?',
      always: [
        {
          guard: 'hasValidStoredToken',
          target: 'loadingUser',
          description: "A sign-in is kept from an earlier visit: the admin's account is checked with the server.",
        },
        {
          guard: 'hasExpiredStoredToken',
          target: 'refreshing',
          description: 'The sign-in kept has expired: it is renewed first.',
        },
        {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }],
          description: 'No sign-in kept: the admin is asked to sign in.',
        },
      ],
    },
    loadingUser: {
      description: "The admin's account is being checked with the server.",
      tags: ['busy'],
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        input: tokenInput,
        onDone: {
          target: 'authenticated',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
          description: 'The admin is signed in: the console opens.',
        },
        // A refused or unreachable check: the console asks for a login (the customer session does the same).
        onError: {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }],
          description: 'The sign-in was refused or could not be checked: the admin is asked to sign in.',
        },
      },
    },
    refreshing: {
      description: 'An expired sign-in found at start is being renewed before it is trusted.',
      tags: ['busy'],
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        input: tokenInput,
        onDone: {
          target: 'authenticated',
          actions: [
            { type: 'storeSignIn', params: ({ event }) => event.output },
            { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
          ],
          description: 'Renewed: the admin is signed in.',
        },
        onError: {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }],
          description: 'It could not be renewed: the admin is asked to sign in.',
        },
      },
    },
    signedOut: {
      description: 'Nobody is signed in: the console shows its sign-in form.',
      initial: 'editing',
      states: {
        editing: {
          description: 'The admin types an email and a password.',
          on: {
            'field.changed': { actions: 'setField', description: 'The admin types in a field.' },
            'user.submit': {
              target: 'submitting',
              actions: [
                'clearErrors',
                { type: 'rememberRedirect', params: ({ event }) => ({ path: event.redirectTo ?? null }) },
              ],
              description: 'The admin signs in; the page they were going to is remembered.',
            },
          },
        },
        submitting: {
          description: 'The sign-in is being checked.',
          tags: ['busy'],
          invoke: {
            id: 'logIn',
            src: 'logIn',
            input: ({ context }) => context.values,
            onDone: {
              target: '#adminSession.authenticated',
              actions: [
                { type: 'storeSignIn', params: ({ event }) => event.output },
                { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
                {
                  type: 'afterSignIn',
                  params: ({ context }) => ({ redirectTo: context.redirectTo ?? adminHomePath }),
                },
              ],
              description: "Signed in: the admin goes on to the page they asked for, or the console's home.",
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
                description: 'The email or password was refused: the form says what is wrong.',
              },
              {
                target: 'editing',
                actions: {
                  type: 'showErrorToast',
                  params: ({ event }) => ({ message: readFailure(event.error).message }),
                },
                description: 'It failed (offline, or the server): the admin is told and can try again.',
              },
            ],
          },
        },
      },
    },
    authenticated: {
      description: 'The admin is signed in and uses the console.',
      tags: ['authenticated'],
      initial: 'active',
      states: {
        active: {
          description: 'Signed in; the sign-in is renewed shortly before it expires.',
          after: {
            refreshLead: { target: 'renewing', description: 'Shortly before the sign-in expires: it is renewed.' },
          },
        },
        renewing: {
          description: 'The sign-in is being renewed; the admin stays signed in meanwhile.',
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: tokenInput,
            onDone: {
              target: 'active',
              actions: [
                { type: 'storeSignIn', params: ({ event }) => event.output },
                { type: 'persistToken', params: ({ event }) => ({ token: event.output.token }) },
              ],
              description: 'Renewed: the admin carries on.',
            },
            onError: {
              target: '#adminSession.signedOut',
              actions: ['clearSession', { type: 'persistToken', params: { token: null } }, 'afterSessionExpired'],
              description: 'It could not be renewed: the admin is told the session expired and is asked to sign in.',
            },
          },
        },
      },
      on: {
        'user.signOut': { target: 'signingOut', description: 'The admin signs out.' },
        'http.unauthorized': {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }, 'afterSessionExpired'],
          description:
            'The server no longer accepts the sign-in: the admin is told the session expired and is asked to sign in.',
        },
      },
    },
    signingOut: {
      description: 'The admin is being signed out.',
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: tokenInput,
        // Whatever the server answers (a revoked token is a 401), the session ends here.
        onDone: {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }, 'afterSignOut'],
          description: 'Signed out: the console shows its sign-in form.',
        },
        onError: {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }, 'afterSignOut'],
          description: 'Signed out on this device anyway, whatever the server answered.',
        },
      },
    },
  },
});
