import { type ActorRefFrom, createActor, fromPromise } from 'xstate';
import type { AuthUser, UserType } from '../../contracts/auth';
import { authDialogsMachine } from '../../machines/auth-dialogs.machine';
import { orderDraftMachine, readDraftInput } from '../../machines/order-draft.machine';
import { orderStepPaths } from '../../machines/order-steps';
import { type SessionCallInput, sessionMachine } from '../../machines/session.machine';
import { authApi } from '../api/auth.api';
import { apiBaseFor, createApi, createClient } from '../api/client';
import { orderApi } from '../api/order.api';
import {
  createNotificationsActor,
  followSession,
  type NotificationsActor,
} from '../components/notifications/implementations';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { currentRouteName, invalidateRoutes, navigateTo } from './navigation';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type DialogsActor = ActorRefFrom<typeof authDialogsMachine>;
export type OrderDraftActor = ActorRefFrom<typeof orderDraftMachine>;

export interface AppActors {
  session: SessionActor;
  dialogs: DialogsActor;
  orderDraft: OrderDraftActor;
  /** The bell's notification centre: signed in and out with the session. */
  notifications: NotificationsActor;
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

  const orders = () => orderApi(api.for('user'));
  const storedUser = storage.getJson<AuthUser>('user');
  const orderDraft: OrderDraftActor = createActor(
    orderDraftMachine.provide({
      actors: {
        loadTempOrder: fromPromise(({ input }) => orders().get(input.orderId)),
        createTempOrder: fromPromise(({ input }) => orders().create(input)),
        saveOccasion: fromPromise(({ input }) => orders().saveStep(input.orderId, 'occasion', input.values)),
        saveSong: fromPromise(({ input }) => orders().saveStep(input.orderId, 'song', input.values)),
        saveStory: fromPromise(({ input }) => orders().saveStep(input.orderId, 'story', input.values)),
        commitOrder: fromPromise(({ input }) => orders().commit(input.orderId)),
        startCheckout: fromPromise(({ input }) => orders().checkout(input.orderId, input.paymentMethod)),
      },
      actions: {
        // SPEC §9 keys: the step flags, the pending-order flag, checkout pending and the draft itself.
        persistDraft: (_, p) => {
          storage.setJson('completedSteps', p.completedSteps);
          storage.set('hasPendingOrder', String(p.hasPendingOrder));
          storage.set('checkoutPending', String(p.checkoutPending));
          storage.setJson('tempOrder', p.tempOrder);
        },
        clearStoredDraft,
        goToStep: (_, p) => navigateTo(orderStepPaths[p.step]),
        leaveForPayment: (_, p) => window.location.assign(p.url),
        showErrorToast: (_, p) => notify.error(p.message),
      },
    }),
    {
      input: readDraftInput(
        {
          completedSteps: storage.getJson('completedSteps'),
          hasPendingOrder: storage.getJson('hasPendingOrder'),
          checkoutPending: storage.getJson('checkoutPending'),
          tempOrder: storage.getJson('tempOrder'),
          preselectedArtist: storage.get('preselectedArtist'),
        },
        storedUser?.type === 'user' ? storedUser : null,
      ),
    },
  );
  storage.set('preselectedArtist', null);

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
        clearDraft: () => orderDraft.send({ type: 'session.loggedOut' }),
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

  // The gifter is prefilled from the signed-in customer's account.
  session.subscribe((snapshot) => {
    const user = snapshot.context.user;
    if (snapshot.hasTag('authenticated') && user?.type === 'user')
      orderDraft.send({ type: 'session.loggedIn', account: user });
  });

  const notifications = createNotificationsActor({
    http: () => api.current(),
    base: () => apiBaseFor(storage.get('userType')),
    openTarget: (target) => navigateTo(target.to, target.search ? { search: target.search } : {}),
  });

  orderDraft.start();
  session.start();
  dialogs.start();
  notifications.start();
  followSession(notifications, session, (s) => {
    const user = s.hasTag('authenticated') ? s.context.user : null;
    return user?.type === 'user' || user?.type === 'artist'
      ? { key: `${user.type}:${user.id}`, area: user.type }
      : null;
  });
  return { session, dialogs, orderDraft, notifications, api };
}

export type { UserType };
