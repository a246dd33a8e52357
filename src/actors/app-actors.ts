import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { AuthUser, UserType } from '../../contracts/auth';
import { clientMessages } from '../../contracts/messages';
import { appActorIds, appMachine } from '../../machines/app.machine';
import type { artistGateMachine } from '../../machines/artist-gate.machine';
import type { authDialogsMachine } from '../../machines/auth-dialogs.machine';
import { liveRouterMachine } from '../../machines/live-router.machine';
import { orderDraftMachine, readDraftInput } from '../../machines/order-draft.machine';
import { orderStepPaths } from '../../machines/order-steps';
import type { playerMachine } from '../../machines/player.machine';
import { type SessionCallInput, sessionMachine } from '../../machines/session.machine';
import { authApi } from '../api/auth.api';
import { apiBaseFor, createApi, createClient } from '../api/client';
import { orderApi } from '../api/order.api';
import { canStreamNotifications } from '../api/stream-support';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { bindMediaSession } from '../player/media-session';
import { playerLogic } from '../player/player-actor';
import { authDialogsLogicFor } from './auth-implementations';
import { currentRouteName, invalidateRoutes, navigateTo } from './navigation';
import { listenToOtherTabs, postToOtherTabs } from './session-channel';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type DialogsActor = ActorRefFrom<typeof authDialogsMachine>;
export type OrderDraftActor = ActorRefFrom<typeof orderDraftMachine>;

export type AppRootActor = ActorRefFrom<typeof appMachine>;
export type ArtistGateActor = ActorRefFrom<typeof artistGateMachine>;
export type PlayerActor = ActorRefFrom<typeof playerMachine>;

/** The root and its long-lived children, as components and guards find them. */
export interface AppActors {
  root: AppRootActor;
  session: SessionActor;
  dialogs: DialogsActor;
  orderDraft: OrderDraftActor;
  /** The artist's standing: the guards, the menus and the online switch read it. */
  artistGate: ArtistGateActor;
  /** The one audio player: the bar and every play button share it across pages. */
  player: PlayerActor;
  // The bell's notification centre, the online switch and the tour start with the first sign-in:
  // the root's context `accountChildren` (useAccountChild in hooks.ts).
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

/** Starts the app's one root actor (machines/app.machine.ts) with the real implementations of its children. */
export function createAppActors(): AppActors {
  let root: AppRootActor | undefined;
  const session = () => root?.system.get(appActorIds.session) as SessionActor | undefined;

  const api = createApi({
    getUserType: () => storage.get('userType'),
    getToken: () => session()?.getSnapshot().context.token ?? null,
    onUnauthorized: () =>
      session()?.send({
        type: 'http.unauthorized',
        checkoutPending: storage.get('checkoutPending') === 'true',
        routeName: currentRouteName(),
      }),
  });

  const orders = () => orderApi(api.for('user'));
  const storedUser = storage.getJson<AuthUser>('user');
  const orderDraftLogic = orderDraftMachine.provide({
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
  });
  const orderDraftInput = readDraftInput(
    {
      completedSteps: storage.getJson('completedSteps'),
      hasPendingOrder: storage.getJson('hasPendingOrder'),
      checkoutPending: storage.getJson('checkoutPending'),
      tempOrder: storage.getJson('tempOrder'),
      preselectedArtist: storage.get('preselectedArtist'),
    },
    storedUser?.type === 'user' ? storedUser : null,
  );
  storage.set('preselectedArtist', null);

  const sessionLogic = sessionMachine.provide({
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
      goHome: () => navigateTo('/'),
      goTo: (_, params) => navigateTo(params.path),
      goToArtistLogin: () => navigateTo('/artist/login'),
      goToCustomerAccount: () => navigateTo('/customer/account'),
      replaceWithHome: () => navigateTo('/', { replace: true }),
      broadcast: (_, message) => postToOtherTabs(message),
    },
  });

  root = createActor(
    appMachine.provide({
      actors: {
        session: sessionLogic,
        authDialogs: authDialogsLogicFor(api),
        orderDraft: orderDraftLogic,
        otherTabs: listenToOtherTabs,
        // With the first sign-in of the visit: a guest never downloads the account's children.
        loadAccountChildren: fromPromise(() =>
          import('./account-children').then(({ accountChildrenLogic }) => accountChildrenLogic(api)),
        ),
        live: liveRouterMachine.provide({ actions: { showInfoToast: (_, p) => notify.info(p.message) } }),
        player: playerLogic(),
      },
      actions: { showLoadFailed: () => notify.error(clientMessages.partNotLoaded) },
    }),
    {
      input: {
        session: readStoredSession(),
        orderDraft: orderDraftInput,
        notifications: { canStream: canStreamNotifications() },
      },
    },
  );
  root.start();
  const get = <T>(id: string) => root?.system.get(id) as T;
  const actors: AppActors = {
    root,
    session: get<SessionActor>(appActorIds.session),
    dialogs: get<DialogsActor>(appActorIds.authDialogs),
    orderDraft: get<OrderDraftActor>(appActorIds.orderDraft),
    artistGate: get<ArtistGateActor>(appActorIds.artistGate),
    player: get<PlayerActor>(appActorIds.player),
    api,
  };
  // The OS media controls (lock screen, keyboard keys) drive the player; unbound when the root stops.
  const unbindMedia = bindMediaSession(actors.player);
  root.subscribe({ complete: unbindMedia, error: unbindMedia });

  // Guards read the session: re-run them whenever the signed-in user changes.
  let lastUser: AuthUser | null | undefined;
  const followSession = (snapshot: SnapshotFrom<typeof sessionMachine>) => {
    const user = snapshot.hasTag('authenticated') ? snapshot.context.user : null;
    root?.send({ type: 'session.changed', user });
    if (snapshot.context.user?.id !== lastUser?.id || snapshot.context.user?.type !== lastUser?.type) {
      lastUser = snapshot.context.user;
      invalidateRoutes();
    }
  };
  actors.session.subscribe(followSession);
  followSession(actors.session.getSnapshot());
  return actors;
}

export type { UserType };
