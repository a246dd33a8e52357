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
      always: [
        { guard: 'hasValidStoredToken', target: 'loadingUser' },
        { guard: 'hasExpiredStoredToken', target: 'refreshing' },
        { target: 'signedOut', actions: ['clearSession', { type: 'persistToken', params: { token: null } }] },
      ],
    },
    loadingUser: {
      tags: ['busy'],
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        input: tokenInput,
        onDone: {
          target: 'authenticated',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        // A refused or unreachable check: the console asks for a login (the customer session does the same).
        onError: { target: 'signedOut', actions: ['clearSession', { type: 'persistToken', params: { token: null } }] },
      },
    },
    /** An expired token found at start: renew it before trusting it. */
    refreshing: {
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
        },
        onError: { target: 'signedOut', actions: ['clearSession', { type: 'persistToken', params: { token: null } }] },
      },
    },
    signedOut: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.changed': { actions: 'setField' },
            'user.submit': {
              target: 'submitting',
              actions: [
                'clearErrors',
                { type: 'rememberRedirect', params: ({ event }) => ({ path: event.redirectTo ?? null }) },
              ],
            },
          },
        },
        submitting: {
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
            },
            onError: [
              {
                guard: 'hasFieldErrors',
                target: 'editing',
                actions: { type: 'setErrors', params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: 'editing',
                actions: {
                  type: 'showErrorToast',
                  params: ({ event }) => ({ message: readFailure(event.error).message }),
                },
              },
            ],
          },
        },
      },
    },
    authenticated: {
      tags: ['authenticated'],
      initial: 'active',
      states: {
        active: {
          after: { refreshLead: 'renewing' },
        },
        /** Renewing the token shortly before it expires; the admin stays signed in meanwhile. */
        renewing: {
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
            },
            onError: {
              target: '#adminSession.signedOut',
              actions: ['clearSession', { type: 'persistToken', params: { token: null } }, 'afterSessionExpired'],
            },
          },
        },
      },
      on: {
        'user.signOut': { target: 'signingOut' },
        'http.unauthorized': {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }, 'afterSessionExpired'],
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: tokenInput,
        // Whatever the server answers (a revoked token is a 401), the session ends here.
        onDone: {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }, 'afterSignOut'],
        },
        onError: {
          target: 'signedOut',
          actions: ['clearSession', { type: 'persistToken', params: { token: null } }, 'afterSignOut'],
        },
      },
    },
  },
});
