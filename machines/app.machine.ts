// The app's one root actor. Its long-lived children run for the whole visit and are found by their
// systemId (`system.get('session')`): the session, the account modals, the order draft, the
// notification centre, the artist's standing, the online switch, the first-login tour, the live
// routing and the player. The root passes on what one of them learns to the others that need it:
// - the session's signed-in user → the artist gate (menus, switch, guards), the online switch, the
//   tour (its facts; a new account starts it afresh), the order draft (the gifter), the notification centre (signed in per account, signed out with the session);
// - another tab's sign-in, token renewal or sign-out → the session;
// - a live hint from the notification stream → the live routing (the open screens that show it),
//   and for an artist's application, the session (the user again: the gate and menus follow).
// The children are plain machines; src/actors provides their network, storage and navigation.
import { type AnyActorRef, type EventObject, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import type { AccountType, AuthUser } from '../contracts/auth';
import { appActorIds } from './app-system';
import { artistGateMachine } from './artist-gate.machine';
import { authDialogsMachine } from './auth-dialogs.machine';
import type { LiveHint } from './live';
import { type LiveScreen, liveRouterMachine } from './live-router.machine';
import type { NotificationsInput } from './notifications.machine';
import { notificationsMachine } from './notifications.machine';
import { onlineStatusMachine } from './online-status.machine';
import { orderDraftMachine } from './order-draft.machine';
import type { OrderDraftInput } from './order-draft.types';
import { playerMachine } from './player.machine';
import { sessionMachine } from './session.machine';
import type { SessionEvent, SessionInput } from './session.types';
import { tourFactsFor } from './tour.connect';
import { tourMachine } from './tour.machine';

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

export interface AppContext {
  startup: AppInput;
  account: AppAccount | null;
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
    notifications: notificationsMachine,
    artistGate: artistGateMachine,
    onlineStatus: onlineStatusMachine,
    live: liveRouterMachine,
    player: playerMachine,
    tour: tourMachine,
    /** Listens to the other tabs of this browser (BroadcastChannel or the storage event); the app supplies it. */
    otherTabs: fromCallback<EventObject, void, OtherTabEvent>(() => () => {}),
  },
  guards: {
    /** Approval or rejection of the signed-in artist's own application. */
    isOwnApplication: ({ context, event }) =>
      event.type === 'live.hint' && event.hint.kind === 'application' && context.account?.area === 'artist',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ startup: input, account: null }),
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
      id: appActorIds.notifications,
      systemId: appActorIds.notifications,
      src: 'notifications',
      input: ({ context }) => context.startup.notifications,
    },
    {
      id: appActorIds.artistGate,
      systemId: appActorIds.artistGate,
      src: 'artistGate',
      input: ({ context }) => ({ user: context.startup.session.user ?? null }),
    },
    {
      id: appActorIds.onlineStatus,
      systemId: appActorIds.onlineStatus,
      src: 'onlineStatus',
      input: ({ context }) => ({ isOnline: context.startup.session.user?.is_online ?? 0 }),
    },
    { id: appActorIds.live, systemId: appActorIds.live, src: 'live' },
    // The one player: the bar and every page share it, and the music survives route changes.
    { id: appActorIds.player, systemId: appActorIds.player, src: 'player', input: {} },
    {
      id: appActorIds.tour,
      systemId: appActorIds.tour,
      src: 'tour',
      input: ({ context }) => tourFactsFor(context.startup.session.user ?? null),
    },
    { id: 'otherTabs', src: 'otherTabs' },
  ],
  initial: 'running',
  states: {
    running: {
      description: 'The visit: the children run, the root passes on what one of them learns to the others.',
      on: {
        'session.changed': {
          actions: enqueueActions(({ context, event, enqueue }) => {
            enqueue.sendTo(appActorIds.artistGate, { type: 'session.userChanged', user: event.user });
            // The switch shows what the account says (a toggle in another tab, a reload of the user).
            enqueue.sendTo(appActorIds.onlineStatus, {
              type: 'session.userChanged',
              isOnline: event.user?.is_online ? 1 : 0,
            });
            // The gifter is prefilled from the signed-in customer's account.
            if (event.user?.type === 'user')
              enqueue.sendTo(appActorIds.orderDraft, { type: 'session.loggedIn', account: event.user });
            const account = accountOf(event.user);
            const sameAccount = (account?.key ?? null) === (context.account?.key ?? null);
            // The first-login tour: the same artist's facts, or another account's start afresh.
            enqueue.sendTo(appActorIds.tour, {
              type: sameAccount ? 'user.changed' : 'account.changed',
              ...tourFactsFor(event.user),
            });
            if (sameAccount) return;
            if (context.account) enqueue.sendTo(appActorIds.notifications, { type: 'session.signedOut' });
            if (account) enqueue.sendTo(appActorIds.notifications, { type: 'session.signedIn', area: account.area });
            enqueue.assign({ account });
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
