// The signed-in state of the SPA. Storage, navigation and the network are named actions and actors
// that the app supplies with sessionMachine.provide(); the defaults let the chart run on its own.
// What the app must hear is sent by systemId: to another child (the login-again modal opens), or to
// the root when the child may not have started (the order draft ends).
import { and, assign, fromPromise, not, sendTo, setup } from 'xstate';
import { type AuthUser, type UserType, userTypes } from '../contracts/account';
import { session as sessionTiming } from '../contracts/constants';
import { notProvided } from './api-error';
import { appActorIds } from './app-system';
import type {
  FetchMeOutput,
  PersistSessionParams,
  RefreshTokenOutput,
  SessionBroadcast,
  SessionCallInput,
  SessionContext,
  SessionEvent,
  SessionInput,
  SessionTag,
} from './session.types';
import { isTokenExpired, isTokenValid, tokenExpiresAt } from './token';

export type * from './session.types';

/** Where a checkout interrupted by a session reset resumes (SPEC §4). */
export const orderCheckoutPath = '/order/checkout';

/** A message from another tab as a session event. */
export function sessionEventOf(message: SessionBroadcast): SessionEvent {
  switch (message.kind) {
    case 'signedIn':
      return { type: 'tab.signedIn', token: message.token, user: message.user, userType: message.userType };
    case 'refreshed':
      return { type: 'tab.refreshed', token: message.token, user: message.user };
    default:
      return { type: 'tab.signedOut' };
  }
}

/** How long the signed-in state waits before renewing the token: exp − lead, at least 0, at most what setTimeout can hold. */
export function refreshDelayMs(token: string | null, nowMs: number): number {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) return 0;
  return Math.min(sessionTiming.maxTimerMs, Math.max(0, expiresAt - sessionTiming.refreshLeadMs - nowMs));
}

function asUserType(value: unknown): UserType | null {
  return (userTypes as readonly unknown[]).includes(value) ? (value as UserType) : null;
}

function callInput(context: SessionContext): SessionCallInput {
  // Only invoked from states entered with a token and a user type (see the guards).
  return { token: context.token ?? '', userType: context.userType ?? 'user' };
}

const persistParams = ({ context }: { context: SessionContext }): PersistSessionParams => ({
  token: context.token,
  user: context.user,
  userType: context.userType,
});

/** Writes the session to storage, after every change to it. */
const persist = { type: 'persistSession', params: persistParams } as const;

/** session.signedIn (signed out, or replacing a token): keep the new token, user and user type, and store them. */
const storeSignInAndPersist = [
  {
    type: 'storeSignIn',
    params: ({ event }: { event: { token: string; user: AuthUser; userType: UserType } }) => ({
      token: event.token,
      user: event.user,
      userType: event.userType,
    }),
  },
  persist,
  {
    type: 'broadcast',
    params: ({ event }: { event: { token: string; user: AuthUser; userType: UserType } }): SessionBroadcast => ({
      kind: 'signedIn',
      token: event.token,
      user: event.user,
      userType: event.userType,
    }),
  },
] as const;

/** tab.signedIn: another tab signed in (and stored it): take its session as it is. */
const takeSignInFromTab = {
  type: 'storeSignIn',
  params: ({ event }: { event: { token: string; user: AuthUser; userType: UserType } }) => ({
    token: event.token,
    user: event.user,
    userType: event.userType,
  }),
} as const;

/** Tells the other tabs the session ended here. */
const broadcastSignedOut = { type: 'broadcast', params: { kind: 'signedOut' } } as const;

/** Renews the token (an expired one at start, or shortly before it expires), keeps and stores it, then `target`. */
function refreshTokenInvoke(target: 'authenticated' | 'active') {
  return {
    id: 'refreshToken',
    src: 'refreshToken',
    input: ({ context }: { context: SessionContext }) => callInput(context),
    onDone: {
      target,
      actions: [
        {
          type: 'storeRefresh',
          params: ({ event }: { event: { output: RefreshTokenOutput } }) => ({
            token: event.output.token,
            user: event.output.user,
          }),
        },
        persist,
        {
          type: 'broadcast',
          params: ({ event }: { event: { output: RefreshTokenOutput } }): SessionBroadcast => ({
            kind: 'refreshed',
            token: event.output.token,
            user: event.output.user,
          }),
        },
      ],
    },
    onError: { target: '#session.signedOut', actions: ['clearSession', 'clearStoredSession'] },
  } as const;
}

/** signingOut's end, on any answer: clear everything and go to the remembered path, or home. */
const endSession = [
  {
    guard: 'hasRedirectAfterSignOut',
    target: 'signedOut',
    actions: [
      'clearStoredSession',
      'clearDraft',
      {
        type: 'goTo',
        params: ({ context }: { context: SessionContext }) => ({ path: context.redirectAfterSignOut ?? '/' }),
      },
      'clearSession',
      broadcastSignedOut,
    ],
  },
  { target: 'signedOut', actions: ['clearStoredSession', 'clearDraft', 'goHome', 'clearSession', broadcastSignedOut] },
] as const;

/** social.loginReturned (signed out, or replacing a token): a bad token goes home; a good one is kept and used. */
const socialLoginReturned = [
  { guard: not('isSocialTokenValid'), actions: 'replaceWithHome' },
  {
    target: 'loadingSocialUser',
    actions: [
      { type: 'storeSocialToken', params: ({ event }: { event: { value: string } }) => ({ token: event.value }) },
      persist,
    ],
  },
] as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput | undefined,
    tags: {} as SessionTag,
  },
  actors: {
    /** GET /auth/me in the area of `userType`. */
    fetchMe: fromPromise<FetchMeOutput, SessionCallInput>(notProvided('fetchMe')),
    /** POST /auth/refresh → {token, user, message}. */
    refreshToken: fromPromise<RefreshTokenOutput, SessionCallInput>(notProvided('refreshToken')),
    /** POST /auth/logout; its answer does not matter. */
    logout: fromPromise<unknown, SessionCallInput>(notProvided('logout')),
  },
  guards: {
    hasValidStoredSession: ({ context }) => context.userType !== null && isTokenValid(context.token, Date.now()),
    hasExpiredStoredSession: ({ context }) => context.userType !== null && isTokenExpired(context.token, Date.now()),
    isArtist: ({ context }) => context.userType === 'artist',
    /** SPEC §4 Session reset: a pending checkout on the order.checkout page keeps an artist where they are. */
    isCheckoutPendingOnCheckout: ({ event }) =>
      event.type === 'http.unauthorized' && event.checkoutPending && event.routeName === 'order.checkout',
    isSocialTokenValid: ({ event }) => event.type === 'social.loginReturned' && isTokenValid(event.value, Date.now()),
    hasRedirectAfterSignOut: ({ context }) => context.redirectAfterSignOut !== null,
  },
  delays: {
    refreshLead: ({ context }) => refreshDelayMs(context.token, Date.now()),
  },
  actions: {
    storeSignIn: assign((_, params: { token: string; user: AuthUser; userType: UserType }) => ({
      token: params.token,
      user: params.user,
      userType: params.userType,
    })),
    storeSocialToken: assign((_, params: { token: string }) => ({
      token: params.token,
      user: null,
      userType: 'user' as const,
    })),
    setUser: assign((_, params: { user: AuthUser }) => ({ user: params.user })),
    storeRefresh: assign((_, params: { token: string; user: AuthUser }) => ({
      token: params.token,
      user: params.user,
    })),
    patchUser: assign(({ context }, params: { user: Partial<AuthUser> }) => ({
      user: context.user ? { ...context.user, ...params.user } : context.user,
    })),
    rememberRedirect: assign((_, params: { path: string | null }) => ({ redirectAfterSignOut: params.path })),
    clearSession: assign({ token: null, user: null, redirectAfterSignOut: null }),
    /**
     * The order draft ends with the session (SPEC §9: its stored keys are cleared on logout). The root
     * passes it on, or clears the stored draft when no page has started the draft yet.
     */
    clearDraft: sendTo(({ system }) => system.get(appActorIds.app), { type: 'session.loggedOut' }),
    /** SPEC §4 Session reset: the login-again modal, with where to go back to after it (a pending checkout). */
    offerLoginAgain: sendTo(
      // Through the root: the account modals may not have started yet (it holds what they are told).
      ({ system }) => system.get(appActorIds.app),
      (_, params: { returnTo: string | null }) => ({ type: 'dialog.openLoginAgain', returnTo: params.returnTo }),
    ),
    // Supplied by the app:
    persistSession: (_, _params: PersistSessionParams) => {},
    clearStoredSession: () => {},
    goHome: () => {},
    goTo: (_, _params: { path: string }) => {},
    goToArtistLogin: () => {},
    goToCustomerAccount: () => {},
    replaceWithHome: () => {},
    /** Tells the other tabs of this browser (SessionBroadcast). */
    broadcast: (_, _params: SessionBroadcast) => {},
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const token = typeof input?.token === 'string' && input.token !== '' ? input.token : null;
    return {
      token,
      user: token ? (input?.user ?? null) : null,
      userType: asUserType(input?.userType),
      redirectAfterSignOut: null,
    };
  },
  initial: 'checking',
  states: {
    checking: {
      description: 'At start: is there a stored session, and is its token still good?',
      always: [
        { guard: 'hasValidStoredSession', target: 'withToken.loadingUser' },
        { guard: 'hasExpiredStoredSession', target: 'withToken.refreshing' },
        { target: 'signedOut', actions: ['clearSession', 'clearStoredSession'] },
      ],
    },
    signedOut: {
      description: 'Nobody is signed in; the public pages and the login are offered.',
      on: {
        'session.signedIn': {
          target: 'withToken.authenticated',
          actions: storeSignInAndPersist,
        },
        'social.loginReturned': socialLoginReturned,
        'tab.signedIn': { target: 'withToken.authenticated', actions: takeSignInFromTab },
      },
    },
    /**
     * A token is held (checked at start, renewed, or in use). A new sign-in or a social return
     * replaces it; any 401 resets the session (SPEC §4 Session reset).
     */
    withToken: {
      on: {
        'session.signedIn': {
          target: '.authenticated',
          reenter: true,
          actions: storeSignInAndPersist,
        },
        'social.loginReturned': socialLoginReturned,
        'http.unauthorized': [
          {
            guard: and(['isArtist', not('isCheckoutPendingOnCheckout')]),
            target: 'signedOut',
            actions: ['clearSession', 'clearStoredSession', 'goToArtistLogin'],
          },
          // Everyone else is asked to log in again where they are; a pending checkout resumes after it.
          {
            target: 'signedOut',
            actions: [
              'clearSession',
              'clearStoredSession',
              {
                type: 'offerLoginAgain',
                params: ({ event }) => ({
                  returnTo: event.checkoutPending && event.routeName === 'order.checkout' ? orderCheckoutPath : null,
                }),
              },
            ],
          },
        ],
        'tab.signedIn': { target: '.authenticated', reenter: true, actions: takeSignInFromTab },
        // Another tab signed out (or was deactivated): the stored session is gone already.
        'tab.signedOut': { target: 'signedOut', actions: ['clearSession', 'clearDraft'] },
        'account.deactivated': {
          target: 'signedOut',
          actions: ['clearSession', 'clearStoredSession', 'clearDraft', broadcastSignedOut],
        },
      },
      initial: 'loadingUser',
      states: {
        loadingUser: {
          description: 'Signed in with a token; the account is being read from the server.',
          tags: ['busy'],
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            input: ({ context }) => callInput(context),
            onDone: {
              target: 'authenticated',
              actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, persist],
            },
            onError: { target: '#session.signedOut', actions: ['clearSession', 'clearStoredSession'] },
          },
        },
        /** An expired token found at start: renew it before trusting it. */
        refreshing: {
          tags: ['busy'],
          invoke: refreshTokenInvoke('authenticated'),
        },
        authenticated: {
          description: 'Signed in, the account known; the app shows the person’s area.',
          tags: ['authenticated'],
          initial: 'active',
          states: {
            active: {
              description: 'Signed in and in use; the token is renewed before it runs out.',
              after: { refreshLead: 'renewing' },
            },
            /** Renewing the token shortly before it expires; the user stays signed in meanwhile. */
            renewing: {
              invoke: refreshTokenInvoke('active'),
            },
            /** The account changed on the server (approval, rejection): the user again, still signed in. */
            reloadingUser: {
              invoke: {
                id: 'fetchMe',
                src: 'fetchMe',
                input: ({ context }) => callInput(context),
                onDone: {
                  target: 'active',
                  actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, persist],
                },
                // What is shown stays; the next change or reload tries again.
                onError: 'active',
              },
            },
          },
          on: {
            'user.signOut': {
              target: '#session.signingOut',
              actions: { type: 'rememberRedirect', params: ({ event }) => ({ path: event.redirectTo ?? null }) },
            },
            'user.updated': {
              actions: [{ type: 'patchUser', params: ({ event }) => ({ user: event.user }) }, persist],
            },
            'user.reload': '.reloadingUser',
            // Another tab renewed the shared token (and got the user with it): use both, and time the
            // next renewal from it; a renewal or reload of this tab's own is no longer needed.
            'tab.refreshed': {
              target: '.active',
              actions: {
                type: 'storeRefresh',
                params: ({ event }) => ({ token: event.token, user: event.user }),
              },
            },
          },
        },
      },
    },
    loadingSocialUser: {
      description: 'Back from a social login; the account is being read with the new token.',
      tags: ['busy'],
      invoke: {
        id: 'fetchMe',
        src: 'fetchMe',
        input: ({ context }) => callInput(context),
        onDone: {
          target: 'withToken.authenticated',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            persist,
            'goToCustomerAccount',
          ],
        },
        // The login parameter did not give a session: drop it like a rejected one.
        onError: { target: 'signedOut', actions: ['clearSession', 'clearStoredSession', 'replaceWithHome'] },
      },
      on: {
        'http.unauthorized': {
          target: 'signedOut',
          actions: ['clearSession', 'clearStoredSession', 'replaceWithHome'],
        },
      },
    },
    signingOut: {
      description: 'Signing out with the server; the stored session is then cleared.',
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => callInput(context),
        // Whatever the server answers (a revoked token is a 401), the session ends here.
        onDone: endSession,
        onError: endSession,
      },
    },
  },
});
