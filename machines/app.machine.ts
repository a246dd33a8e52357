// The app's one root actor. Its long-lived children (the session, the artist's standing, the live
// routing) run for the whole visit and are found by systemId (`system.get('session')`). The other parts
// start on first use under a lazy child each (lazy-child.machine.ts), so a visitor who never needs one
// never downloads it: the account modals with the first modal or artist login page, the account's
// children (bell, online switch, tour) with the first sign-in, the order draft with the first page that
// needs it, the player with the first play. The root passes on what one child learns to the others:
// the signed-in user to the gate, the draft (the gifter) and the account's children (a part that starts
// later hears it as it starts, app-children.ts); the logout to the draft; other tabs' sign-ins to the
// session; the bell's live hints to the live routing; the pages the router opens to the page entry
// (page-entry.machine.ts), which says what each needs: the login modal or the customer's draft.
// src/actors provides the children's network, storage and code.
import { type AnyEventObject as AnyEvent, enqueueActions, fromCallback, sendTo, setup } from 'xstate';
import type { AccountChildren, AppContext, AppEvent, AppInput, DialogsBoundEvent, OtherTabEvent } from './app.types';
import { accountOf, lazy, longLived, opensDialogs, tellUser } from './app-children';
import { appActorIds } from './app-system';
import { artistGateMachine } from './artist-gate.machine';
import { lazyChildMachine, childNeeded as needed, tellChild as tell } from './lazy-child.machine';
import type { LiveHint } from './live';
import { liveRouterMachine } from './live-router.machine';
import { pageEntryMachine } from './page-entry.machine';
import { sessionMachine } from './session.machine';

export type * from './app.types';
export { accountOf, hasOpenModal } from './app-children';
export { appActorIds };

/** A signed-out start, for the chart export (scripts/export-charts.ts). */
export const appMachineChartInput = { session: {} } as AppInput;

export const appMachine = setup({
  types: { context: {} as AppContext, events: {} as AppEvent, input: {} as AppInput },
  actors: {
    session: sessionMachine,
    artistGate: artistGateMachine,
    live: liveRouterMachine,
    pageEntry: pageEntryMachine,
    // The parts started on first use; the app supplies the download of each (lazy-child's `load`).
    lazyDialogs: lazyChildMachine,
    lazyAccount: lazyChildMachine,
    lazyDraft: lazyChildMachine,
    lazyPlayer: lazyChildMachine,
    /** Passes the bell's `live.hint`s to the root (they are emitted, not sent). */
    relayLiveHints: fromCallback<AnyEvent, AccountChildren['notifications'], { type: 'live.hint'; hint: LiveHint }>(
      ({ input, sendBack }) => input.on('live.hint', sendBack).unsubscribe,
    ),
    /** Listens to the other tabs of this browser (BroadcastChannel or the storage event); the app supplies it. */
    otherTabs: fromCallback<AnyEvent, void, OtherTabEvent>(() => () => {}),
  },
  actions: {
    /** An opening starts the modals if they have not; everything reaches them, or waits until they run. */
    tellDialogs: enqueueActions(({ event, enqueue }) => {
      if (opensDialogs(event)) enqueue.sendTo('lazyDialogs', needed);
      enqueue.sendTo('lazyDialogs', tell(appActorIds.authDialogs, event));
    }),
    needDraft: sendTo('lazyDraft', needed),
    /** A signed-out arrival at a customer page: the login modal opens leading back there (unless one is open). */
    askLogin: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'entry.askLogin') return;
      const ask: DialogsBoundEvent = { type: 'dialog.openLoginForPage', returnTo: event.returnTo };
      enqueue.sendTo('lazyDialogs', needed);
      enqueue.sendTo('lazyDialogs', tell(appActorIds.authDialogs, ask));
    }),
    tellPageEntry: sendTo('pageEntry', ({ event }) => event),
    tellDraft: sendTo('lazyDraft', ({ event }) => tell(appActorIds.orderDraft, event)),
    /** The player starts with the first play; a newer play while it loads replaces the older one. */
    play: enqueueActions(({ event, enqueue }) => {
      enqueue.sendTo('lazyPlayer', needed);
      enqueue.sendTo('lazyPlayer', tell(appActorIds.player, event));
    }),
    /** The user changed: the gate, and the started draft and account's children, hear of it. */
    passOnUser: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'session.changed') return;
      const { user } = event;
      enqueue.sendTo(appActorIds.artistGate, { type: 'session.userChanged', user });
      const account = accountOf(user);
      // A new sign-in starts the account's children if they have not (or their load failed).
      if (account && account.key !== context.account?.key && !context.accountChildren)
        enqueue.sendTo('lazyAccount', needed);
      tellUser(enqueue.sendTo, context, user, context.account);
      enqueue.assign({ user, account });
    }),
    /** Keeps what started for the views; the draft and the account's children hear who is signed in. */
    keepStarted: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'child.started') return;
      const c = event.children;
      const accountChildren =
        c.notifications && c.onlineStatus && c.tour
          ? { notifications: c.notifications, onlineStatus: c.onlineStatus, tour: c.tour }
          : null;
      enqueue.assign({
        dialogs: c.authDialogs ?? context.dialogs,
        orderDraft: c.orderDraft ?? context.orderDraft,
        player: c.player ?? context.player,
        accountChildren: accountChildren ?? context.accountChildren,
      });
      if (accountChildren) enqueue.spawnChild('relayLiveHints', { input: accountChildren.notifications });
      const started = { orderDraft: c.orderDraft ?? null, accountChildren };
      tellUser(enqueue.sendTo, started, context.user, null);
    }),
    forwardToLive: sendTo(appActorIds.live, ({ event }) => event),
    forwardToSession: sendTo(appActorIds.session, ({ event }) => event),
    /** The session fetches the user again (the artist's application was decided). */
    reloadUser: sendTo(appActorIds.session, { type: 'user.reload' }),
    /** Logout before the draft started: only its storage is left to clear (the app supplies it). */
    clearStoredDraft: () => {},
    /** Part of the app's code did not load (offline, or a release replaced it): the app says so. */
    showLoadFailed: () => {},
  },
  guards: {
    hasNoDraft: ({ context }) => context.orderDraft === null,
    /** Approval or rejection of the signed-in artist's own application. */
    isOwnApplication: ({ context, event }) =>
      event.type === 'live.hint' && event.hint.kind === 'application' && context.account?.area === 'artist',
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    startup: input,
    user: null,
    account: null,
    dialogs: null,
    accountChildren: null,
    orderDraft: null,
    player: null,
  }),
  invoke: [
    { ...longLived(appActorIds.session), input: ({ context }) => context.startup.session },
    { ...longLived(appActorIds.artistGate), input: ({ context }) => ({ user: context.startup.session.user ?? null }) },
    longLived(appActorIds.live),
    { id: 'pageEntry', src: 'pageEntry' },
    { id: 'otherTabs', src: 'otherTabs' },
    lazy('lazyDialogs'),
    lazy('lazyAccount'),
    lazy('lazyDraft', { waitWhile: 'busy' }),
    lazy('lazyPlayer', { keep: 'latest' }),
  ],
  initial: 'running',
  states: {
    running: {
      description: 'The visit: the children run, the root passes on what one of them learns to the others.',
      on: {
        'session.changed': {
          actions: ['passOnUser', 'tellPageEntry'],
          description:
            "Someone signed in or out, or their account changed: the menus, the draft's gifter, the online switch, the tour, the bell and the page entry follow.",
        },
        'route.entering': {
          actions: 'tellPageEntry',
          description: 'A page is about to open: the page entry decides what it needs.',
        },
        'entry.askLogin': {
          actions: 'askLogin',
          description:
            'Someone signed out arrived at a customer page: the login modal opens over the home page and leads back there.',
        },
        'entry.needsDraft': {
          actions: 'needDraft',
          description: 'A customer opens a page of the order flow: their draft starts if it has not.',
        },
        'live.hint': [
          {
            guard: 'isOwnApplication',
            actions: ['forwardToLive', 'reloadUser'],
            description: "The artist's application was decided: screens refresh, the account is fetched again.",
          },
          { actions: 'forwardToLive', description: 'Something changed on the server: the screens showing it refresh.' },
        ],
        'screen.*': {
          actions: 'forwardToLive',
          description: 'A screen opens (to be refreshed when what it shows changes) or closes.',
        },
        'tab.*': {
          actions: 'forwardToSession',
          description: 'Another tab signed in, renewed the sign-in or signed out: so does this one.',
        },
        'dialog.*': {
          actions: 'tellDialogs',
          description: 'A modal opens (the first loads them), closes or switches.',
        },
        'page.*': {
          actions: 'tellDialogs',
          description: 'The artist login page opens (the first loads the modals) or is left.',
        },
        'user.confirm': { actions: 'tellDialogs', description: 'The visitor confirms in a modal.' },
        'artists.preselect': {
          actions: ['needDraft', 'tellDraft'],
          description: '"Order with this artist": the draft (started if it has not) preselects the artist.',
        },
        'session.loggedOut': [
          {
            guard: 'hasNoDraft',
            actions: ['clearStoredDraft', 'tellDraft'],
            description: 'Signed out before the draft started: the draft kept in this browser is cleared.',
          },
          {
            actions: 'tellDraft',
            description: 'Signed out: the draft is cleared (once it has been checked with the server).',
          },
        ],
        'session.endedElsewhere': {
          actions: 'tellDraft',
          description:
            'The session ended in another tab: a started draft keeps what this tab wrote, for the next sign-in.',
        },
        'player.load': {
          actions: 'play',
          description: 'A play button: the player (started with the first play) plays its songs.',
        },
        'child.started': {
          actions: 'keepStarted',
          description: 'A part has loaded and started: the pages find it, and it hears who is signed in.',
        },
        'child.failed': {
          actions: 'showLoadFailed',
          description: 'A part could not load (offline, or a new release): the visitor is told.',
        },
      },
    },
  },
});
