import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { AuthUser, UserType } from '../../contracts/auth';
import { authDialogsMachine } from '../../machines/auth-dialogs.machine';
import { type SessionCallInput, sessionMachine } from '../../machines/session.machine';
import { authApi } from '../api/auth.api';
import { apiBaseFor, createApi, createClient } from '../api/client';
import { storage } from '../lib/storage';
import { currentRouteName, invalidateRoutes, navigateTo } from './navigation';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type DialogsActor = ActorRefFrom<typeof authDialogsMachine>;

export interface AppActors {
  session: SessionActor;
  dialogs: DialogsActor;
  api: ReturnType<typeof createApi>;
}

/** An auth API bound to an explicit token: the session's own calls must not trigger the 401 reset. */
function sessionCalls({ token, userType }: SessionCallInput) {
  return authApi(createClient(apiBaseFor(userType), { getToken: () => token, onUnauthorized: () => {} }));
}

function readStoredSession() {
  return {
    token: storage.get('accessToken'),
    user: storage.getJson<AuthUser>('user'),
    userType: storage.get('userType'),
  };
}

/** Everything the order draft keeps locally (SPEC §9 keys); cleared on logout. */
export function clearStoredDraft(): void {
  for (const key of ['tempOrder', 'completedSteps', 'hasPendingOrder', 'checkoutPending'] as const)
    storage.set(key, null);
}

/** Starts the app's long-lived actors once, with their real implementations. */
export function createAppActors(): AppActors {
  let session: SessionActor | undefined;

  const api = createApi({
    getUserType: () => storage.get('userType'),
    getToken: () => session?.getSnapshot().context.token ?? null,
    onUnauthorized: () =>
      session?.send({
        type: 'http.unauthorized',
        checkoutPending: storage.get('checkoutPending') === 'true',
        routeName: currentRouteName(),
      }),
  });

  session = createActor(
    sessionMachine.provide({
      actors: {
        fetchMe: fromPromise(({ input }: { input: SessionCallInput }) => sessionCalls(input).me()),
        refreshToken: fromPromise(({ input }: { input: SessionCallInput }) => sessionCalls(input).refresh()),
        logout: fromPromise<unknown, SessionCallInput>(({ input }) => sessionCalls(input).logout()),
      },
      actions: {
        persistSession: (_, params) => {
          storage.set('accessToken', params.token);
          storage.setJson('user', params.user);
          if (params.userType) storage.set('userType', params.userType);
        },
        clearStoredSession: () => {
          storage.set('accessToken', null);
          storage.set('user', null);
        },
        clearDraft: clearStoredDraft,
        goHome: () => navigateTo('/'),
        goTo: (_, params) => navigateTo(params.path),
        goToArtistLogin: () => navigateTo('/artist/login'),
        goToCustomerAccount: () => navigateTo('/customer/account'),
        replaceWithHome: () => navigateTo('/', { replace: true }),
      },
    }),
    { input: readStoredSession() },
  );

  const dialogs = createActor(
    authDialogsMachine.provide({
      actions: {
        signOut: () => session?.send({ type: 'user.signOut' }),
        signOutThenGo: (_, params) => session?.send({ type: 'user.signOut', redirectTo: params.path }),
      },
    }),
  );

  // Guards read the session: re-run them whenever the signed-in user changes.
  let lastUser: AuthUser | null | undefined;
  session.subscribe((snapshot) => {
    if (snapshot.context.user?.id !== lastUser?.id || snapshot.context.user?.type !== lastUser?.type) {
      lastUser = snapshot.context.user;
      invalidateRoutes();
    }
  });

  session.start();
  dialogs.start();
  return { session, dialogs, api };
}

export type { UserType };
