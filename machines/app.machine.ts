// The app's one root actor. Its long-lived children run for the whole visit and are found by their
// systemId (`system.get('session')`): the session, the artist's standing and the live routing start
// with it. Others start only when first needed, once their code has loaded, so a visitor who never
// needs them never downloads them:
// - the account modals start with the first modal or artist login page of the visit; what they are
//   told meanwhile is held and passed on in order once they run;
// - the children only a signed-in account uses (the notification centre, the online switch, the
//   first-login tour) start with the first sign-in of the visit;
// - the order draft starts when a page first needs it (an order step's guard, "Order with this
//   artist"); what it is told meanwhile is held and passed on in order once it runs;
// - the player starts with the first play; the list asked for meanwhile is passed on once it runs.
// The root passes on what one child learns to the others that need it:
// - the session's signed-in user → the artist gate (menus, switch, guards), the online switch, the
//   tour (its facts; a new account starts it afresh), the order draft (the gifter), the notification
//   centre (signed in per account, signed out with the session);
// - the session's logout → the order draft (it ends with the session; not started yet, its storage
//   is cleared);
// - another tab's sign-in, token renewal or sign-out → the session;
// - a live hint from the notification stream → the live routing (the open screens that show it),
//   and for an artist's application, the session (the user again: the gate and menus follow).
// The children are plain machines; src/actors provides their network, storage and navigation.
import {
  type ActorRefFrom,
  type AnyActorRef,
  assign,
  type DoneActorEvent,
  type EventObject,
  enqueueActions,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  waitFor,
} from 'xstate';
import type { AccountType, AuthUser } from '../contracts/account';
import { appActorIds } from './app-system';
import { artistGateMachine } from './artist-gate.machine';
import type { authDialogsMachine } from './auth-dialogs.machine';
import type { AuthDialogsEvent } from './auth-dialogs.types';
import type { LiveHint } from './live';
import { type LiveScreen, liveRouterMachine } from './live-router.machine';
import type { NotificationsInput, notificationsMachine } from './notifications.machine';
import type { onlineStatusMachine } from './online-status.machine';
import type { orderDraftMachine } from './order-draft.machine';
import type { OrderDraftEvent, OrderDraftInput } from './order-draft.types';
import type { playerMachine } from './player.machine';
import type { PlayerEvent } from './player.types';
import { sessionMachine } from './session.machine';
import type { SessionEvent, SessionInput } from './session.types';
import { spawnLoaded } from './spawn-loaded';
import type { tourMachine } from './tour.machine';
import { tourFactsFor } from './tour-facts';

/** What another tab of this browser did to the shared session (session.machine's `tab.*` events). */
export type OtherTabEvent = Extract<SessionEvent, { type: 'tab.signedIn' | 'tab.refreshed' | 'tab.signedOut' }>;

export { appActorIds };

/** What the children start from (the app reads it from storage and the browser). */
export interface AppInput {
  session: SessionInput;
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

/** The order draft's logic with what it starts from (the app reads storage when the code has loaded). */
export interface LoadedOrderDraft {
  logic: typeof orderDraftMachine;
  /** The stored draft; the gifter's account is the root's (the signed-in user when it starts). */
  input: Omit<OrderDraftInput, 'account'>;
}

export type OrderDraftActor = ActorRefFrom<typeof orderDraftMachine>;

export type PlayerActor = ActorRefFrom<typeof playerMachine>;

/** A play button's list of songs: the root starts the player with the first one. */
type PlayerLoad = Extract<PlayerEvent, { type: 'player.load' }>;

export type DialogsActor = ActorRefFrom<typeof authDialogsMachine>;

/**
 * What views, guards and the session tell the account modals, through the root (held until they run).
 * A login (`login.succeeded`) comes from their own forms, which run under them.
 */
export type DialogsBoundEvent = Exclude<AuthDialogsEvent, { type: 'login.succeeded' }>;

/** What the root tells the draft on others' behalf (held until it runs). */
type DraftBoundEvent = Extract<OrderDraftEvent, { type: 'artists.preselect' | 'session.loggedOut' }>;

export interface AppContext {
  startup: AppInput;
  /** Null until the first modal or artist login page of the visit has loaded them. */
  dialogs: DialogsActor | null;
  /** What the modals were told before they ran, in order. */
  heldForDialogs: DialogsBoundEvent[];
  /** The signed-in user as the session last said (null: nobody). */
  user: AuthUser | null;
  account: AppAccount | null;
  /** Null until the first sign-in of the visit has loaded and started them. */
  accountChildren: AccountChildren | null;
  /** Null until a page first needs the draft and its code has loaded. */
  orderDraft: OrderDraftActor | null;
  /** What the draft was told before it ran, in order. */
  heldForDraft: DraftBoundEvent[];
  /** Null until something first plays and the player's code has loaded. */
  player: PlayerActor | null;
  /** The latest list asked for before the player ran (a newer play replaces an older one). */
  heldForPlayer: PlayerLoad | null;
}

export type AppEvent =
  /** The session's snapshot changed: who is signed in now (null: nobody). */
  | { type: 'session.changed'; user: AuthUser | null }
  /** Something the account may have open changed (the notification centre's `live.hint`). */
  | { type: 'live.hint'; hint: LiveHint }
  /** An open screen registers what it shows, or leaves. */
  | ({ type: 'screen.watch' } & LiveScreen)
  | { type: 'screen.unwatch'; ref: AnyActorRef }
  /** A page needs the order draft (an order step's guard): it starts if it has not. */
  | { type: 'draft.needed' }
  /** "Order with this artist": the draft preselects the artist (starting if it has not). */
  | DraftBoundEvent
  /** A play button: the player plays the list (starting if it has not). */
  | PlayerLoad
  /** For the account modals (they start with the first that opens, or the first artist login page). */
  | DialogsBoundEvent
  | OtherTabEvent;

/** The customer whose details prefill the gifter (artists order nothing). */
const customerOf = (user: AuthUser | null) => (user?.type === 'user' ? user : null);

/** An event that opens a modal or an artist login page: the account modals start if they have not. */
const opensDialogs = (event: { type: string }) => event.type.startsWith('dialog.open') || event.type === 'page.opened';

/**
 * A modal is open, or about to open once the modals' code has loaded: what they were told meanwhile
 * ends with an opening (its frame shows meanwhile; a route guard leaves it alone, as an open one).
 */
export function hasOpenModal({ context }: { context: AppContext }): boolean {
  if (context.dialogs) return context.dialogs.getSnapshot().hasTag('open');
  const last = context.heldForDialogs.filter((event) => !event.type.startsWith('page.')).at(-1);
  return last !== undefined && opensDialogs(last);
}

/** Who has a bell: customers and artists here (the admin console has its own session). */
export function accountOf(user: AuthUser | null): AppAccount | null {
  if (user?.type !== 'user' && user?.type !== 'artist') return null;
  return { key: `${user.type}:${user.id}`, area: user.type };
}

/** A long-lived child is found by its id, as its systemId. */
const under = (id: string) => ({ id, systemId: id });

/** A signed-out start with every child's defaults, for the chart export (scripts/export-charts.ts). */
export const appMachineChartInput = { session: {}, notifications: {} } as AppInput;

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
    input: {} as AppInput,
  },
  actors: {
    session: sessionMachine,
    /** Loads the account modals' code (the app supplies it: a dynamic import). */
    loadDialogs: fromPromise<typeof authDialogsMachine>(() => new Promise(() => {})),
    artistGate: artistGateMachine,
    live: liveRouterMachine,
    /** Loads the player's code (the app supplies it: a dynamic import). */
    loadPlayer: fromPromise<typeof playerMachine>(() => new Promise(() => {})),
    /** Loads the code of the account's children (the app supplies it: a dynamic import). */
    loadAccountChildren: fromPromise<AccountChildrenLogic>(() => new Promise(() => {})),
    /** Loads the order draft's code and reads the stored draft (the app supplies it: a dynamic import). */
    loadOrderDraft: fromPromise<LoadedOrderDraft>(() => new Promise(() => {})),
    /** Done when the started draft has no call in flight (a stored draft checked with the server). */
    draftSettled: fromPromise<unknown, OrderDraftActor>(({ input }) => waitFor(input, (s) => !s.hasTag('busy'))),
    /** Passes the notification centre's `live.hint`s to the root (they are emitted, not sent). */
    relayLiveHints: fromCallback<EventObject, AccountChildren['notifications'], { type: 'live.hint'; hint: LiveHint }>(
      ({ input, sendBack }) => input.on('live.hint', sendBack).unsubscribe,
    ),
    /** Listens to the other tabs of this browser (BroadcastChannel or the storage event); the app supplies it. */
    otherTabs: fromCallback<EventObject, void, OtherTabEvent>(() => () => {}),
  },
  actions: {
    /** Starts the loaded modals under their systemId (the event: loadDialogs's done). */
    startDialogs: assign(({ event, spawn }) => ({
      dialogs: spawnLoaded(spawn, (event as unknown as DoneActorEvent<typeof authDialogsMachine>).output, {
        ...under(appActorIds.authDialogs),
        input: undefined,
      }),
    })),
    holdForDialogs: assign({
      heldForDialogs: ({ context, event }) => [...context.heldForDialogs, event as DialogsBoundEvent],
    }),
    /** Tells the started modals what they were told meanwhile, in order. */
    passHeldToDialogs: enqueueActions(({ context, enqueue }) => {
      const dialogs = context.dialogs;
      if (!dialogs) return;
      for (const held of context.heldForDialogs) enqueue.sendTo(dialogs, held);
      enqueue.assign({ heldForDialogs: [] });
    }),
    dropHeldForDialogs: assign({ heldForDialogs: [] }),
    passToDialogs: sendTo(
      ({ context }) => context.dialogs as DialogsActor,
      ({ event }) => event as DialogsBoundEvent,
    ),
    /** Starts the loaded children from the user as it is by now (the event: loadAccountChildren's done). */
    startAccountChildren: assign(({ context, event, spawn }) => {
      const logic = (event as unknown as DoneActorEvent<AccountChildrenLogic>).output;
      return {
        accountChildren: {
          notifications: spawnLoaded(spawn, logic.notifications, {
            ...under(appActorIds.notifications),
            input: context.startup.notifications,
          }),
          onlineStatus: spawnLoaded(spawn, logic.onlineStatus, {
            ...under(appActorIds.onlineStatus),
            input: { isOnline: context.user?.is_online ? 1 : 0 },
          }),
          tour: spawnLoaded(spawn, logic.tour, { ...under(appActorIds.tour), input: tourFactsFor(context.user) }),
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
    /** Starts the loaded draft with the signed-in customer as the gifter (the event: loadOrderDraft's done). */
    startOrderDraft: assign(({ context, event, spawn }) => {
      const { logic, input } = (event as unknown as DoneActorEvent<LoadedOrderDraft>).output;
      return {
        orderDraft: spawnLoaded(spawn, logic, {
          ...under(appActorIds.orderDraft),
          input: { ...input, account: customerOf(context.user) },
        }),
      };
    }),
    /** Keeps what the draft is told until it runs. */
    holdForDraft: assign({
      heldForDraft: ({ context, event }) => [...context.heldForDraft, event as DraftBoundEvent],
    }),
    /** Tells the started draft what it was told meanwhile, in order. */
    passHeldToDraft: enqueueActions(({ context, enqueue }) => {
      const draft = context.orderDraft;
      if (!draft) return;
      for (const held of context.heldForDraft) enqueue.sendTo(draft, held);
      enqueue.assign({ heldForDraft: [] });
    }),
    /** The draft's code did not load: what it was told is dropped (the app said so). */
    dropHeldForDraft: assign({ heldForDraft: [] }),
    passToDraft: sendTo(
      ({ context }) => context.orderDraft as OrderDraftActor,
      ({ event }) => event as DraftBoundEvent,
    ),
    /** Starts the loaded player under its systemId (the event: loadPlayer's done). */
    startPlayer: assign(({ event, spawn }) => ({
      player: spawnLoaded(spawn, (event as unknown as DoneActorEvent<typeof playerMachine>).output, {
        ...under(appActorIds.player),
        input: {},
      }),
    })),
    holdForPlayer: assign({ heldForPlayer: ({ event }) => event as PlayerLoad }),
    /** Plays what was asked for while the player's code loaded. */
    passHeldToPlayer: enqueueActions(({ context, enqueue }) => {
      if (context.player && context.heldForPlayer) enqueue.sendTo(context.player, context.heldForPlayer);
      enqueue.assign({ heldForPlayer: null });
    }),
    dropHeldForPlayer: assign({ heldForPlayer: null }),
    passToPlayer: sendTo(
      ({ context }) => context.player as PlayerActor,
      ({ event }) => event as PlayerLoad,
    ),
    /**
     * The session's signed-in user changed: the artist gate, the draft (the gifter), the online switch,
     * the tour and the notification centre hear of it.
     */
    passOnUser: enqueueActions(({ context, event, enqueue }) => {
      const { user } = event as Extract<AppEvent, { type: 'session.changed' }>;
      enqueue.sendTo(appActorIds.artistGate, { type: 'session.userChanged', user });
      // The gifter is prefilled from the signed-in customer's account (a draft not started yet
      // starts from the user assigned here).
      const customer = customerOf(user);
      if (customer && context.orderDraft)
        enqueue.sendTo(context.orderDraft, { type: 'session.loggedIn', account: customer });
      const account = accountOf(user);
      const sameAccount = (account?.key ?? null) === (context.account?.key ?? null);
      enqueue.assign({ user, account });
      const children = context.accountChildren;
      // Not started yet: they start from the user and account assigned here.
      if (!children) return;
      // The switch shows what the account says (a toggle in another tab, a reload of the user).
      enqueue.sendTo(children.onlineStatus, {
        type: 'session.userChanged',
        isOnline: user?.is_online ? 1 : 0,
      });
      // The first-login tour: the same artist's facts, or another account's start afresh.
      enqueue.sendTo(children.tour, {
        type: sameAccount ? 'user.changed' : 'account.changed',
        ...tourFactsFor(user),
      });
      if (sameAccount) return;
      if (context.account) enqueue.sendTo(children.notifications, { type: 'session.signedOut' });
      if (account) enqueue.sendTo(children.notifications, { type: 'session.signedIn', area: account.area });
    }),
    /** To the live routing: the open screens that show what a hint is about. */
    forwardToLive: sendTo(appActorIds.live, ({ event }) => event),
    /** To the session: another tab's sign-in, renewal or sign-out. */
    forwardToSession: sendTo(appActorIds.session, ({ event }) => event),
    /** The session fetches the user again (the artist's application was decided). */
    reloadUser: sendTo(appActorIds.session, { type: 'user.reload' }),
    /** Logout before any page needed the draft: only its storage is left to clear (the app supplies it). */
    clearStoredDraft: () => {},
    /** Part of the app's code did not load (offline, or a release replaced it): the app says so. */
    showLoadFailed: () => {},
  },
  guards: {
    opensDialogs: ({ event }) => opensDialogs(event),
    /** A customer or an artist is signed in (the admin console has its own session). */
    isAccountSignedIn: ({ context }) => context.account !== null,
    /** Approval or rejection of the signed-in artist's own application. */
    isOwnApplication: ({ context, event }) =>
      event.type === 'live.hint' && event.hint.kind === 'application' && context.account?.area === 'artist',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    startup: input,
    dialogs: null,
    heldForDialogs: [],
    user: null,
    account: null,
    accountChildren: null,
    orderDraft: null,
    heldForDraft: [],
    player: null,
    heldForPlayer: null,
  }),
  invoke: [
    {
      id: appActorIds.session,
      systemId: appActorIds.session,
      src: 'session',
      input: ({ context }) => context.startup.session,
    },
    {
      id: appActorIds.artistGate,
      systemId: appActorIds.artistGate,
      src: 'artistGate',
      input: ({ context }) => ({ user: context.startup.session.user ?? null }),
    },
    { id: appActorIds.live, systemId: appActorIds.live, src: 'live' },
    { id: 'otherTabs', src: 'otherTabs' },
  ],
  initial: 'running',
  states: {
    running: {
      description: 'The visit: the children run, the root passes on what one of them learns to the others.',
      type: 'parallel',
      states: {
        dialogs: {
          description: 'The account modals and their forms: started with the first modal or artist login page.',
          initial: 'withoutDialogs',
          // Until they run, an opening (a modal, an artist login page) loads them; it is held meanwhile.
          on: {
            'dialog.*': {
              guard: 'opensDialogs',
              target: '.loadingDialogs',
              actions: 'holdForDialogs',
              description: 'The first modal of the visit opens (sign-in, sign-up...): its code loads first.',
            },
            'page.opened': {
              target: '.loadingDialogs',
              actions: 'holdForDialogs',
              description: 'The artist login page opens for the first time: the sign-in forms load first.',
            },
          },
          states: {
            withoutDialogs: { description: 'No modal or artist login page has opened yet: nothing to close.' },
            dialogsFailed: {
              description: 'Their code did not load: the app said so; the next opening, or Try again, loads it again.',
            },
            loadingDialogs: {
              description: 'Their code loads; all they are told meanwhile is held, in order.',
              invoke: {
                id: 'loadDialogs',
                src: 'loadDialogs',
                onDone: {
                  target: 'withDialogs',
                  actions: ['startDialogs', 'passHeldToDialogs'],
                  description: 'The modals are ready: they open and catch up on what the visitor did meanwhile.',
                },
                onError: {
                  target: 'dialogsFailed',
                  actions: ['dropHeldForDialogs', 'showLoadFailed'],
                  description: 'The modals could not load (offline, or a new release): the visitor is told.',
                },
              },
              on: {
                'dialog.*': {
                  actions: 'holdForDialogs',
                  description: 'What the visitor does meanwhile is kept for the modals, in order.',
                },
                'page.*': {
                  actions: 'holdForDialogs',
                  description: 'Page changes meanwhile are kept for the modals, in order.',
                },
                'user.confirm': {
                  actions: 'holdForDialogs',
                  description: 'A confirmation meanwhile is kept for the modals.',
                },
              },
            },
            withDialogs: {
              description: 'They run for the rest of the visit; the root passes on what they are told.',
              on: {
                'dialog.*': { actions: 'passToDialogs', description: 'Opening, closing or switching a modal.' },
                'page.*': {
                  actions: 'passToDialogs',
                  description: 'The visitor moves between pages the modals care about (the artist login page).',
                },
                'user.confirm': { actions: 'passToDialogs', description: 'The visitor confirms in a modal.' },
              },
            },
          },
        },
        account: {
          description: 'The children only a signed-in account uses: the bell, the online switch and the tour.',
          initial: 'withoutAccountChildren',
          states: {
            withoutAccountChildren: {
              description: "A guest's visit: the bell, the online switch and the tour are not loaded.",
              always: {
                guard: 'isAccountSignedIn',
                target: 'loadingAccountChildren',
                description: 'A customer or an artist signed in: the bell, the online switch and the tour load.',
              },
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
                  description: 'Loaded: the bell, the online switch and the tour start for the account signed in.',
                },
                onError: {
                  target: 'accountChildrenFailed',
                  actions: 'showLoadFailed',
                  description:
                    'They could not load (offline, or a new release): the visitor is told; pages work without them.',
                },
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
        },
        draft: {
          description: "The customer's order draft: started when a page first needs it.",
          initial: 'withoutDraft',
          states: {
            withoutDraft: {
              description:
                'No page has needed the draft yet, or its code did not load (the next page that needs it tries again): a stored draft waits in storage.',
              on: {
                'draft.needed': {
                  target: 'loadingDraft',
                  description: "A page of the order flow opens: the customer's draft loads.",
                },
                'artists.preselect': {
                  target: 'loadingDraft',
                  actions: 'holdForDraft',
                  description: '"Order with this artist": the draft loads, and will preselect the artist.',
                },
                'session.loggedOut': {
                  actions: 'clearStoredDraft',
                  description: 'Signed out before the draft was needed: the draft kept in this browser is cleared.',
                },
              },
            },
            loadingDraft: {
              description: 'Its code loads and the stored draft is read; what it is told meanwhile is held.',
              invoke: {
                id: 'loadOrderDraft',
                src: 'loadOrderDraft',
                onDone: {
                  target: 'startingDraft',
                  actions: 'startOrderDraft',
                  description: 'Loaded: the draft starts, with the signed-in customer as the gifter.',
                },
                onError: {
                  target: 'withoutDraft',
                  actions: ['dropHeldForDraft', 'showLoadFailed'],
                  description: 'The draft could not load: the customer is told; the next order page tries again.',
                },
              },
              on: {
                'artists.preselect': {
                  actions: 'holdForDraft',
                  description: '"Order with this artist" while the draft loads: kept until it runs.',
                },
                'session.loggedOut': {
                  actions: 'holdForDraft',
                  description: 'Signed out while the draft loads: the draft hears of it once it runs.',
                },
              },
            },
            startingDraft: {
              description:
                'It runs and checks a stored draft with the server; what it was told waits until it has (the server would overwrite it).',
              invoke: {
                id: 'draftSettled',
                src: 'draftSettled',
                input: ({ context }) => context.orderDraft as OrderDraftActor,
                onDone: {
                  target: 'withDraft',
                  actions: 'passHeldToDraft',
                  description: 'The draft is checked with the server: it hears what happened meanwhile.',
                },
              },
              on: {
                'artists.preselect': {
                  actions: 'holdForDraft',
                  description: '"Order with this artist" while the draft is checked with the server: kept until it is.',
                },
                'session.loggedOut': {
                  actions: 'holdForDraft',
                  description: 'Signed out while the draft is checked with the server: kept until it is.',
                },
              },
            },
            withDraft: {
              description: "It runs for the rest of the visit; the session's logout resets it.",
              on: {
                'artists.preselect': {
                  actions: 'passToDraft',
                  description: '"Order with this artist": the draft preselects the artist.',
                },
                'session.loggedOut': { actions: 'passToDraft', description: 'Signed out: the draft is cleared.' },
              },
            },
          },
        },
        player: {
          description: 'The one player: the bar and every page share it, and the music survives route changes.',
          initial: 'withoutPlayer',
          states: {
            withoutPlayer: {
              description: "Nothing has played yet, or the player's code did not load (the next play tries again).",
              on: {
                'player.load': {
                  target: 'loadingPlayer',
                  actions: 'holdForPlayer',
                  description: 'The first play of the visit: the player loads, then plays the songs asked for.',
                },
              },
            },
            loadingPlayer: {
              description: 'The first play of the visit: its code loads; a newer play replaces the list held.',
              invoke: {
                id: 'loadPlayer',
                src: 'loadPlayer',
                onDone: {
                  target: 'withPlayer',
                  actions: ['startPlayer', 'passHeldToPlayer'],
                  description: 'The player is ready: it plays what was asked for last.',
                },
                onError: {
                  target: 'withoutPlayer',
                  actions: ['dropHeldForPlayer', 'showLoadFailed'],
                  description: 'The player could not load: the visitor is told; the next play tries again.',
                },
              },
              on: {
                'player.load': {
                  actions: 'holdForPlayer',
                  description: 'Another play while the player loads: the newer songs replace the ones asked for.',
                },
              },
            },
            withPlayer: {
              description: 'It runs for the rest of the visit; play buttons send to it directly.',
              on: {
                'player.load': { actions: 'passToPlayer', description: 'A play button: the player plays its songs.' },
              },
            },
          },
        },
      },
      on: {
        'session.changed': {
          actions: 'passOnUser',
          description:
            "Someone signed in or out, or their account changed: the menus, the order draft's gifter, the online switch, the tour and the bell follow.",
        },
        'live.hint': [
          {
            guard: 'isOwnApplication',
            actions: ['forwardToLive', 'reloadUser'],
            description:
              "The signed-in artist's application was approved or rejected: the open screens refresh, and the account is fetched again so menus follow.",
          },
          {
            actions: 'forwardToLive',
            description: 'Something changed on the server (an order, a notification): the screens showing it refresh.',
          },
        ],
        'screen.watch': {
          actions: 'forwardToLive',
          description: 'A screen opens and asks to be refreshed when what it shows changes.',
        },
        'screen.unwatch': { actions: 'forwardToLive', description: 'A screen closes: it no longer needs refreshing.' },
        'tab.signedIn': {
          actions: 'forwardToSession',
          description: 'Someone signed in in another tab of this browser: this tab is signed in too.',
        },
        'tab.refreshed': {
          actions: 'forwardToSession',
          description: 'Another tab renewed the sign-in: this tab stays signed in with it.',
        },
        'tab.signedOut': {
          actions: 'forwardToSession',
          description: 'Someone signed out in another tab: this tab signs out too.',
        },
      },
    },
  },
});
