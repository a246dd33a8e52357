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

/** Where a checkout interrupted by a session reset resumes (docs/product.md §4). */
export const orderCheckoutPath = '/order/checkout';

/** A message from another tab as a session event. */
export function sessionEventOf(message: SessionBroadcast): SessionEvent {
  switch (message.kind) {
    case 'signedIn':
      return {
        type: 'tab.signedIn',
        token: message.token,
        user: message.user,
        userType: message.userType,
        remember: message.remember,
      };
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
  remember: context.remember,
});

/** Writes the session to storage, after every change to it. */
const persist = { type: 'persistSession', params: persistParams } as const;

type SignInEvent = { token: string; user: AuthUser; userType: UserType; remember?: boolean };

/**
 * session.signedIn (signed out, or replacing a token): keep the new token, user and user type, and store them
 * (in this tab only when "Remember me" was off; a replaced token stays where the session was).
 */
const storeSignInAndPersist = [
  {
    type: 'storeSignIn',
    params: ({ context, event }: { context: SessionContext; event: SignInEvent }) => ({
      token: event.token,
      user: event.user,
      userType: event.userType,
      remember: event.remember ?? context.remember,
    }),
  },
  persist,
  {
    type: 'broadcast',
    params: ({ context }: { context: SessionContext }): SessionBroadcast => ({
      kind: 'signedIn',
      token: context.token ?? '',
      user: context.user as AuthUser,
      userType: context.userType ?? 'user',
      remember: context.remember,
    }),
  },
] as const;

/** tab.signedIn: another tab signed in (and stored it): take its session as it is. */
const takeSignInFromTab = {
  type: 'storeSignIn',
  params: ({ event }: { event: SignInEvent & { remember: boolean } }) => ({
    token: event.token,
    user: event.user,
    userType: event.userType,
    remember: event.remember,
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
      description: 'Renewed: the person stays signed in, and other tabs take the renewed sign-in too.',
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
    onError: {
      target: '#session.signedOut',
      actions: ['clearSession', 'clearStoredSession'],
      description: 'The sign-in could not be renewed: the person is signed out.',
    },
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
    description: 'Signed out: the person goes on to the page they asked for, in every tab.',
  },
  {
    target: 'signedOut',
    actions: ['clearStoredSession', 'clearDraft', 'goHome', 'clearSession', broadcastSignedOut],
    description: 'Signed out: the person goes to the home page, in every tab.',
  },
] as const;

/** social.loginReturned (signed out, or replacing a token): a bad token goes home; a good one is kept and used. */
const socialLoginReturned = [
  {
    guard: not('isSocialTokenValid'),
    actions: 'replaceWithHome',
    description: 'Back from a social login without a usable sign-in: the home page shows.',
  },
  {
    target: 'loadingSocialUser',
    actions: [
      { type: 'storeSocialToken', params: ({ event }: { event: { value: string } }) => ({ token: event.value }) },
      persist,
    ],
    description: 'Back from a social login: the account is read with the new sign-in.',
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
    /** docs/product.md §4 Session reset: a pending checkout on the order.checkout page keeps an artist where they are. */
    isCheckoutPendingOnCheckout: ({ event }) =>
      event.type === 'http.unauthorized' && event.checkoutPending && event.routeName === 'order.checkout',
    isSocialTokenValid: ({ event }) => event.type === 'social.loginReturned' && isTokenValid(event.value, Date.now()),
    hasRedirectAfterSignOut: ({ context }) => context.redirectAfterSignOut !== null,
  },
  delays: {
    refreshLead: ({ context }) => refreshDelayMs(context.token, Date.now()),
  },
  actions: {
    storeSignIn: assign((_, params: { token: string; user: AuthUser; userType: UserType; remember: boolean }) => ({
      token: params.token,
      user: params.user,
      userType: params.userType,
      remember: params.remember,
    })),
    // A social login has no "Remember me": it is kept, as before.
    storeSocialToken: assign((_, params: { token: string }) => ({
      token: params.token,
      user: null,
      userType: 'user' as const,
      remember: true,
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
     * The order draft ends with the session (docs/product.md §9: its stored keys are cleared on logout). The root
     * passes it on, or clears the stored draft when no page has started the draft yet.
     */
    clearDraft: sendTo(({ system }) => system.get(appActorIds.app), { type: 'session.loggedOut' }),
    /**
     * The session ended in another tab: this tab's order draft (typed text included) is kept for the same
     * account's next sign-in rather than lost (issue 27); the draft clears it if another account signs in.
     */
    keepDraftForSignIn: sendTo(({ system }) => system.get(appActorIds.app), { type: 'session.endedElsewhere' }),
    /** docs/product.md §4 Session reset: the login-again modal, with where to go back to after it (a pending checkout). */
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
      remember: input?.remember ?? true,
    };
  },
  initial: 'checking',
  states: {
    checking: {
      description: 'At start: is there a stored session, and is its token still good?',
      always: [
        {
          guard: 'hasValidStoredSession',
          target: 'withToken.loadingUser',
          description: 'A sign-in is kept from an earlier visit: the account is read from the server.',
        },
        {
          guard: 'hasExpiredStoredSession',
          target: 'withToken.refreshing',
          description: 'The sign-in kept has expired: it is renewed first.',
        },
        {
          target: 'signedOut',
          actions: ['clearSession', 'clearStoredSession'],
          description: 'No sign-in kept: the visitor is signed out.',
        },
      ],
    },
    signedOut: {
      description: 'Nobody is signed in; the public pages and the login are offered.',
      on: {
        'session.signedIn': {
          target: 'withToken.authenticated',
          actions: storeSignInAndPersist,
          description: 'The person signs in: they are signed in, in every tab of this browser.',
        },
        'social.loginReturned': socialLoginReturned,
        'tab.signedIn': {
          target: 'withToken.authenticated',
          actions: takeSignInFromTab,
          description: 'Someone signed in in another tab: this tab is signed in too.',
        },
      },
    },
    withToken: {
      description:
        'Someone is signed in (checked at start, renewed, or in use). A new sign-in replaces it; a refused sign-in ends it.',
      on: {
        'session.signedIn': {
          target: '.authenticated',
          reenter: true,
          actions: storeSignInAndPersist,
          description: 'Someone signs in again (another account, say): it replaces the current sign-in.',
        },
        'social.loginReturned': socialLoginReturned,
        'http.unauthorized': [
          {
            guard: and(['isArtist', not('isCheckoutPendingOnCheckout')]),
            target: 'signedOut',
            actions: ['clearSession', 'clearStoredSession', 'goToArtistLogin'],
            description:
              "The server no longer accepts an artist's sign-in: they are signed out and go to the artist login.",
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
            description:
              'The server no longer accepts the sign-in: the person is signed out and asked to log in again where they are; a pending checkout resumes after it.',
          },
        ],
        'tab.signedIn': {
          target: '.authenticated',
          reenter: true,
          actions: takeSignInFromTab,
          description: 'Someone signed in in another tab: this tab takes that sign-in.',
        },
        'tab.signedOut': {
          target: 'signedOut',
          actions: ['clearSession', 'keepDraftForSignIn'],
          description:
            "Another tab signed out (or the account was deactivated there): this tab signs out too, keeping its order draft and typed text for the same account's next sign-in.",
        },
        'account.deactivated': {
          target: 'signedOut',
          actions: ['clearSession', 'clearStoredSession', 'clearDraft', broadcastSignedOut],
          description:
            'The person deactivated their account: they are signed out everywhere and their order draft is cleared.',
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
              description: "The account is known: the person's area shows.",
            },
            onError: {
              target: '#session.signedOut',
              actions: ['clearSession', 'clearStoredSession'],
              description: 'The sign-in was refused or could not be checked: the person is signed out.',
            },
          },
        },
        refreshing: {
          description: 'An expired sign-in found at start is being renewed before it is trusted.',
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
              after: {
                refreshLead: { target: 'renewing', description: 'Shortly before the sign-in expires: it is renewed.' },
              },
            },
            renewing: {
              description:
                'The sign-in is being renewed shortly before it expires; the person stays signed in meanwhile.',
              invoke: refreshTokenInvoke('active'),
            },
            reloadingUser: {
              description:
                'The account changed on the server (an application approved or rejected): it is read again; the person stays signed in.',
              invoke: {
                id: 'fetchMe',
                src: 'fetchMe',
                input: ({ context }) => callInput(context),
                onDone: {
                  target: 'active',
                  actions: [{ type: 'setUser', params: ({ event }) => ({ user: event.output }) }, persist],
                  description: 'The pages and menus follow the account as it is now.',
                },
                // What is shown stays; the next change or reload tries again.
                onError: {
                  target: 'active',
                  description: 'It could not be read: what is shown stays; the next change tries again.',
                },
              },
            },
          },
          on: {
            'user.signOut': {
              target: '#session.signingOut',
              actions: { type: 'rememberRedirect', params: ({ event }) => ({ path: event.redirectTo ?? null }) },
              description: 'The person signs out; where they go next is remembered.',
            },
            'user.updated': {
              actions: [{ type: 'patchUser', params: ({ event }) => ({ user: event.user }) }, persist],
              description: "The person's account changed here (a profile saved): the pages show it.",
            },
            'user.reload': {
              target: '.reloadingUser',
              description: 'The account changed on the server (an application decided): it is read again.',
            },
            'tab.refreshed': {
              target: '.active',
              actions: {
                type: 'storeRefresh',
                params: ({ event }) => ({ token: event.token, user: event.user }),
              },
              description: 'Another tab renewed the shared sign-in: this tab uses it too.',
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
          description: 'Signed in with the social account: the customer goes to their account.',
        },
        // The login parameter did not give a session: drop it like a rejected one.
        onError: {
          target: 'signedOut',
          actions: ['clearSession', 'clearStoredSession', 'replaceWithHome'],
          description:
            'The social login did not give a usable sign-in: the person is signed out and the home page shows.',
        },
      },
      on: {
        'http.unauthorized': {
          target: 'signedOut',
          actions: ['clearSession', 'clearStoredSession', 'replaceWithHome'],
          description:
            'The social login did not give a usable sign-in: the person is signed out and the home page shows.',
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
