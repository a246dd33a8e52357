import { type ActorRefFrom, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { clientMessages } from '../../contracts/messages';
import { appActorIds, appMachine } from '../../machines/app.machine';
import type { artistGateMachine } from '../../machines/artist-gate.machine';
import { loadingWith, toStart } from '../../machines/lazy-child.machine';
import { liveRouterMachine } from '../../machines/live-router.machine';
import { type SessionCallInput, sessionMachine } from '../../machines/session.machine';
import { authApi } from '../api/auth.api';
import { apiBaseFor, createApi, createClient } from '../api/client';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { clearStoredDraft } from './draft-storage';
import { currentRouteName, invalidateRoutes, navigateTo } from './navigation';
import { listenToOtherTabs, postToOtherTabs } from './session-channel';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

export type AppRootActor = ActorRefFrom<typeof appMachine>;
export type ArtistGateActor = ActorRefFrom<typeof artistGateMachine>;

/** The root and its long-lived children, as components and guards find them. */
export interface AppActors {
  /** Views and guards tell it what the account modals are to do (`dialog.*`); it passes that on. */
  root: AppRootActor;
  session: SessionActor;
  // The account modals start with the first modal or artist login page of the visit: the root's
  // context `dialogs` (useDialogsActor in hooks.ts).
  // The order draft starts with the first order step a customer opens (the root hears of it from the
  // router, src/actors/navigation.ts): the root's context `orderDraft` (useOrderDraftActor in hooks.ts).
  /** The artist's standing: the guards, the menus and the online switch read it. */
  artistGate: ArtistGateActor;
  // The one audio player starts with the first play of the visit: the root's context `player`
  // (usePlayerActor in src/player/player-actor.ts).
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
    // Found in this tab's storage only: "Remember me" was off, and it stays this tab's.
    remember: storage.getFrom('session', 'accessToken') === null,
  };
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

  const sessionLogic = sessionMachine.provide({
    actors: {
      fetchMe: fromPromise(({ input }: { input: SessionCallInput }) => sessionCalls(input).me()),
      refreshToken: fromPromise(({ input }: { input: SessionCallInput }) => sessionCalls(input).refresh()),
      logout: fromPromise<unknown, SessionCallInput>(({ input }) => sessionCalls(input).logout()),
    },
    actions: {
      persistSession: (_, params) => {
        // docs/product.md: without "Remember me" the session is this tab's only (the same keys, session storage).
        const area = params.remember ? 'local' : 'session';
        storage.set('accessToken', params.token, area);
        storage.setJson('user', params.user, area);
        if (params.userType) storage.set('userType', params.userType, area);
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
        // With the first modal or artist login page: a visitor who opens none never downloads them.
        lazyDialogs: loadingWith(() => {
          // The first modal is most often one with a form (Login, Sign Up): the forms' code is fetched
          // alongside, so their frame waits for one round trip, not two. A failure shows when they start.
          import('./auth-forms').catch(() => {});
          return import('./auth-implementations').then(({ authDialogsToStart }) => authDialogsToStart(api));
        }),
        otherTabs: listenToOtherTabs,
        // With the first sign-in of the visit: a guest never downloads the account's children.
        lazyAccount: loadingWith(() =>
          import('./account-children').then(({ accountChildrenToStart }) => accountChildrenToStart(api)),
        ),
        // With the first page that needs it: a visitor who never orders never downloads it.
        lazyDraft: loadingWith(() => import('./order-draft').then(({ orderDraftToStart }) => orderDraftToStart(api))),
        live: liveRouterMachine.provide({ actions: { showInfoToast: (_, p) => notify.info(p.message) } }),
        // With the first play: a visitor who never plays a song never downloads the player.
        lazyPlayer: loadingWith(() =>
          import('../player/player-logic').then(({ playerLogic }) => ({
            [appActorIds.player]: toStart(playerLogic(), {}),
          })),
        ),
      },
      actions: { clearStoredDraft, showLoadFailed: () => notify.error(clientMessages.partNotLoaded) },
    }),
    {
      // The session tells the root by this id what only the root can pass on (the draft's end).
      systemId: appActorIds.app,
      input: { session: readStoredSession() },
    },
  );
  root.start();
  const get = <T>(id: string) => root?.system.get(id) as T;
  const actors: AppActors = {
    root,
    session: get<SessionActor>(appActorIds.session),
    artistGate: get<ArtistGateActor>(appActorIds.artistGate),
    api,
  };

  // Guards read the session: re-run them whenever the signed-in user changes.
  let lastUser: AuthUser | null | undefined;
  const followSession = (snapshot: SnapshotFrom<typeof sessionMachine>) => {
    const user = snapshot.hasTag('authenticated') ? snapshot.context.user : null;
    root?.send({ type: 'session.changed', user, checking: snapshot.hasTag('busy') });
    if (snapshot.context.user?.id !== lastUser?.id || snapshot.context.user?.type !== lastUser?.type) {
      lastUser = snapshot.context.user;
      invalidateRoutes();
    }
  };
  actors.session.subscribe(followSession);
  followSession(actors.session.getSnapshot());
  return actors;
}
