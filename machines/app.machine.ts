// The app's one root actor. Its long-lived children run for the whole visit and are found by their
// systemId (`system.get('session')`): the session, the account modals, the order draft, the artist's
// standing, the live routing and the player. The children only a signed-in account uses (the
// notification centre, the online switch, the first-login tour) start with the first sign-in of the
// visit, once their code has loaded: a guest never downloads them. The root passes on what one child
// learns to the others that need it:
// - the session's signed-in user → the artist gate (menus, switch, guards), the online switch, the
//   tour (its facts; a new account starts it afresh), the order draft (the gifter), the notification
//   centre (signed in per account, signed out with the session);
// - another tab's sign-in, token renewal or sign-out → the session;
// - a live hint from the notification stream → the live routing (the open screens that show it),
//   and for an artist's application, the session (the user again: the gate and menus follow).
// The children are plain machines; src/actors provides their network, storage and navigation.
import {
  type ActorRefFrom,
  type ActorRefFromLogic,
  type AnyActorLogic,
  type AnyActorRef,
  assign,
  type DoneActorEvent,
  type EventObject,
  enqueueActions,
  fromCallback,
  fromPromise,
  type InputFrom,
  sendTo,
  setup,
} from 'xstate';
import type { AccountType, AuthUser } from '../contracts/auth';
import { appActorIds } from './app-system';
import { artistGateMachine } from './artist-gate.machine';
import { authDialogsMachine } from './auth-dialogs.machine';
import type { LiveHint } from './live';
import { type LiveScreen, liveRouterMachine } from './live-router.machine';
import type { NotificationsInput, notificationsMachine } from './notifications.machine';
import type { onlineStatusMachine } from './online-status.machine';
import { orderDraftMachine } from './order-draft.machine';
import type { OrderDraftInput } from './order-draft.types';
import { playerMachine } from './player.machine';
import { sessionMachine } from './session.machine';
import type { SessionEvent, SessionInput } from './session.types';
import type { tourMachine } from './tour.machine';
import { tourFactsFor } from './tour-facts';

/** What another tab of this browser did to the shared session (session.machine's `tab.*` events). */
export type OtherTabEvent = Extract<SessionEvent, { type: 'tab.signedIn' | 'tab.refreshed' | 'tab.signedOut' }>;

export { appActorIds };

/** What the children start from (the app reads it from storage and the browser). */
export interface AppInput {
  session: SessionInput;
  orderDraft: OrderDraftInput;
  notifications: NotificationsInput;
}

/** The signed-in account as the root last heard it: a new key signs the notification centre in afresh. */
export interface AppAccount {
  key: string;
  area: AccountType;
}

/** The logic of the children only a signed-in account uses, as the app loads it (implementations provided). */
export interface AccountChildrenLogic {
  notifications: typeof notificationsMachine;
  onlineStatus: typeof onlineStatusMachine;
  tour: typeof tourMachine;
}

/** Those children once started (their systemIds are their names). */
export interface AccountChildren {
  notifications: ActorRefFrom<typeof notificationsMachine>;
  onlineStatus: ActorRefFrom<typeof onlineStatusMachine>;
  tour: ActorRefFrom<typeof tourMachine>;
}

export interface AppContext {
  startup: AppInput;
  /** The signed-in user as the session last said (null: nobody). */
  user: AuthUser | null;
  account: AppAccount | null;
  /** Null until the first sign-in of the visit has loaded and started them. */
  accountChildren: AccountChildren | null;
}

export type AppEvent =
  /** The session's snapshot changed: who is signed in now (null: nobody). */
  | { type: 'session.changed'; user: AuthUser | null }
  /** Something the account may have open changed (the notification centre's `live.hint`). */
  | { type: 'live.hint'; hint: LiveHint }
  /** An open screen registers what it shows, or leaves. */
  | ({ type: 'screen.watch' } & LiveScreen)
  | { type: 'screen.unwatch'; ref: AnyActorRef }
  | OtherTabEvent;

/** Who has a bell: customers and artists here (the admin console has its own session). */
export function accountOf(user: AuthUser | null): AppAccount | null {
  if (user?.type !== 'user' && user?.type !== 'artist') return null;
  return { key: `${user.type}:${user.id}`, area: user.type };
}

/**
 * Starts loaded logic as a child under its systemId. The root's spawn is typed by the root's own
 * actors, which the account's children are not (their code is not in the root's module).
 */
function spawnLoaded<L extends AnyActorLogic>(spawn: unknown, logic: L, id: string, input: InputFrom<L>) {
  return (spawn as (logic: L, options: object) => ActorRefFromLogic<L>)(logic, { id, systemId: id, input });
}

/** A signed-out start with every child's defaults, for the chart export (scripts/export-charts.ts). */
export const appMachineChartInput = { session: {}, orderDraft: {}, notifications: {} } as AppInput;

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    authDialogs: authDialogsMachine,
    orderDraft: orderDraftMachine,
    artistGate: artistGateMachine,
    live: liveRouterMachine,
    player: playerMachine,
    /** Loads the code of the account's children (the app supplies it: a dynamic import). */
    loadAccountChildren: fromPromise<AccountChildrenLogic>(() => new Promise(() => {})),
    /** Passes the notification centre's `live.hint`s to the root (they are emitted, not sent). */
    relayLiveHints: fromCallback<EventObject, AccountChildren['notifications'], { type: 'live.hint'; hint: LiveHint }>(
      ({ input, sendBack }) => input.on('live.hint', sendBack).unsubscribe,
    ),
    /** Listens to the other tabs of this browser (BroadcastChannel or the storage event); the app supplies it. */
    otherTabs: fromCallback<EventObject, void, OtherTabEvent>(() => () => {}),
  },
  actions: {
    /** Starts the loaded children from the user as it is by now (the event: loadAccountChildren's done). */
    startAccountChildren: assign(({ context, event, spawn }) => {
      const logic = (event as unknown as DoneActorEvent<AccountChildrenLogic>).output;
      return {
        accountChildren: {
          notifications: spawnLoaded(
            spawn,
            logic.notifications,
            appActorIds.notifications,
            context.startup.notifications,
          ),
          onlineStatus: spawnLoaded(spawn, logic.onlineStatus, appActorIds.onlineStatus, {
            isOnline: context.user?.is_online ? 1 : 0,
          }),
          tour: spawnLoaded(spawn, logic.tour, appActorIds.tour, tourFactsFor(context.user)),
        },
      };
    }),
    /**
     * The started notification centre signs in with the account. It may have signed out while their
     * code loaded: then the centre waits for the next sign-in.
     */
    signInLoadedCentre: enqueueActions(({ context, enqueue }) => {
      if (context.account && context.accountChildren)
        enqueue.sendTo(context.accountChildren.notifications, {
          type: 'session.signedIn',
          area: context.account.area,
        });
    }),
    /** The account's code did not load (offline, or a release replaced it): the app says so. */
    showLoadFailed: () => {},
  },
  guards: {
    /** A customer or an artist is signed in (the admin console has its own session). */
    isAccountSignedIn: ({ context }) => context.account !== null,
    /** Approval or rejection of the signed-in artist's own application. */
    isOwnApplication: ({ context, event }) =>
      event.type === 'live.hint' && event.hint.kind === 'application' && context.account?.area === 'artist',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ startup: input, user: null, account: null, accountChildren: null }),
  invoke: [
    {
      id: appActorIds.session,
      systemId: appActorIds.session,
      src: 'session',
      input: ({ context }) => context.startup.session,
    },
    { id: appActorIds.authDialogs, systemId: appActorIds.authDialogs, src: 'authDialogs' },
    {
      id: appActorIds.orderDraft,
      systemId: appActorIds.orderDraft,
      src: 'orderDraft',
      input: ({ context }) => context.startup.orderDraft,
    },
    {
      id: appActorIds.artistGate,
      systemId: appActorIds.artistGate,
      src: 'artistGate',
      input: ({ context }) => ({ user: context.startup.session.user ?? null }),
    },
    { id: appActorIds.live, systemId: appActorIds.live, src: 'live' },
    // The one player: the bar and every page share it, and the music survives route changes.
    { id: appActorIds.player, systemId: appActorIds.player, src: 'player', input: {} },
    { id: 'otherTabs', src: 'otherTabs' },
  ],
  initial: 'running',
  states: {
    running: {
      description: 'The visit: the children run, the root passes on what one of them learns to the others.',
      initial: 'withoutAccountChildren',
      states: {
        withoutAccountChildren: {
          description: "A guest's visit: the bell, the online switch and the tour are not loaded.",
          always: { guard: 'isAccountSignedIn', target: 'loadingAccountChildren' },
        },
        loadingAccountChildren: {
          description:
            'The first sign-in of the visit: their code loads, then they start from the user as it is by then.',
          invoke: {
            id: 'loadAccountChildren',
            src: 'loadAccountChildren',
            onDone: {
              target: 'withAccountChildren',
              actions: ['startAccountChildren', 'signInLoadedCentre'],
            },
            onError: { target: 'accountChildrenFailed', actions: 'showLoadFailed' },
          },
        },
        withAccountChildren: {
          description: 'They run for the rest of the visit, signed in and out with the session.',
          invoke: {
            src: 'relayLiveHints',
            input: ({ context }) => context.accountChildren?.notifications as AccountChildren['notifications'],
          },
        },
        accountChildrenFailed: {
          description: 'Their code did not load: the pages work without them until a reload.',
        },
      },
      on: {
        'session.changed': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.sendTo(appActorIds.artistGate, { type: 'session.userChanged', user: event.user });
            // The gifter is prefilled from the signed-in customer's account.
            if (event.user?.type === 'user')
              enqueue.sendTo(appActorIds.orderDraft, { type: 'session.loggedIn', account: event.user });
            const account = accountOf(event.user);
            const sameAccount = (account?.key ?? null) === (context.account?.key ?? null);
            enqueue.assign({ user: event.user, account });
            const children = context.accountChildren;
            // Not started yet: they start from the user and account assigned here.
            if (!children) return;
            // The switch shows what the account says (a toggle in another tab, a reload of the user).
            enqueue.sendTo(children.onlineStatus, {
              type: 'session.userChanged',
              isOnline: event.user?.is_online ? 1 : 0,
            });
            // The first-login tour: the same artist's facts, or another account's start afresh.
            enqueue.sendTo(children.tour, {
              type: sameAccount ? 'user.changed' : 'account.changed',
              ...tourFactsFor(event.user),
            });
            if (sameAccount) return;
            if (context.account) enqueue.sendTo(children.notifications, { type: 'session.signedOut' });
            if (account) enqueue.sendTo(children.notifications, { type: 'session.signedIn', area: account.area });
          }),
        },
        'live.hint': [
          {
            guard: 'isOwnApplication',
            actions: [
              sendTo(appActorIds.live, ({ event }) => event),
              sendTo(appActorIds.session, { type: 'user.reload' }),
            ],
          },
          { actions: sendTo(appActorIds.live, ({ event }) => event) },
        ],
        'screen.watch': { actions: sendTo(appActorIds.live, ({ event }) => event) },
        'screen.unwatch': { actions: sendTo(appActorIds.live, ({ event }) => event) },
        // Sign-in, renewal and sign-out in another tab: this tab's session follows.
        'tab.signedIn': { actions: sendTo(appActorIds.session, ({ event }) => event) },
        'tab.refreshed': { actions: sendTo(appActorIds.session, ({ event }) => event) },
        'tab.signedOut': { actions: sendTo(appActorIds.session, ({ event }) => event) },
      },
    },
  },
});
