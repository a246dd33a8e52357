// The app's root: what it passes on from one child to the others, when the account modals, the
// children only a signed-in account uses (the notification centre, the online switch, the tour), the
// order draft and the player load and start.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyActorRef,
  assign,
  createActor,
  createMachine,
  type EventObject,
  emit,
  fromCallback,
  fromPromise,
} from 'xstate';
import type { AuthUser } from '../../contracts/account';
import {
  type AccountChildrenLogic,
  type AppEvent,
  accountOf,
  appActorIds,
  appMachine,
  type DialogsBoundEvent,
  hasOpenModal,
  type LoadedOrderDraft,
  type OrderDraftActor,
} from '../../machines/app.machine';
import { authDialogsMachine } from '../../machines/auth-dialogs.machine';
import { notificationsMachine } from '../../machines/notifications.machine';
import { onlineStatusMachine } from '../../machines/online-status.machine';
import { orderDraftMachine, readDraftInput } from '../../machines/order-draft.machine';
import { playerMachine } from '../../machines/player.machine';
import { tourMachine } from '../../machines/tour.machine';
import { artist, customer } from './fixtures';
import { accepted, acceptedNote, approved, approvedNote, orderPage } from './live-fixtures';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  recordingActions,
  runPath,
  type StepCheck,
  types,
} from './model';

const startInput = { session: {}, notifications: { canStream: false } };
/** The root as the app starts it: the session tells it, by this id, what only it can pass on. */
const asApp = { input: startInput, systemId: appActorIds.app };

/** The order draft as the app loads it, from a stored draft (none by default). */
const loadedDraft = (stored: Parameters<typeof readDraftInput>[0] = {}): LoadedOrderDraft => ({
  logic: orderDraftMachine,
  input: readDraftInput(stored),
});

/** The account's children as plain machines (the tour's call to the server played by `marked`). */
function accountLogic(marked: () => Promise<unknown> = () => new Promise(() => {})): AccountChildrenLogic {
  return {
    notifications: notificationsMachine,
    onlineStatus: onlineStatusMachine,
    tour: tourMachine.provide({ actors: { markFirstLoginDone: fromPromise(marked) } }),
  };
}

/** A session in the root's place that records what it is sent. */
const recordingSession = (got: EventObject[]) =>
  createMachine({ on: { '*': { actions: ({ event }) => got.push(event) } } }) as never;

describe('appMachine: the root passes on what one child learns', () => {
  /** The root with a recording session, the rest the real, pure children; the account's code loads at once. */
  function start(marked?: () => Promise<unknown>) {
    const sessionGot: EventObject[] = [];
    const root = createActor(
      appMachine.provide({
        actors: {
          session: recordingSession(sessionGot),
          loadAccountChildren: fromPromise(async () => accountLogic(marked)),
          loadOrderDraft: fromPromise(async () => loadedDraft()),
        },
      }),
      asApp,
    ).start();
    const child = (id: string) => root.system.get(id) as AnyActorRef;
    return { root, sessionGot, child };
  }

  it("gives its long-lived children their systemIds; a guest's visit starts neither the modals, the account's, the draft nor the player", async () => {
    const { root, child } = start();
    for (const id of ['app', 'session', 'artistGate', 'live']) expect(child(id)).toBeDefined();
    root.send({ type: 'session.changed', user: null });
    await flush();
    for (const id of ['authDialogs', 'notifications', 'onlineStatus', 'tour', 'orderDraft', 'player'])
      expect(child(id)).toBeUndefined();
    expect(root.getSnapshot().value).toEqual({
      running: {
        dialogs: 'withoutDialogs',
        account: 'withoutAccountChildren',
        draft: 'withoutDraft',
        player: 'withoutPlayer',
      },
    });
  });

  it('a signed-in artist: the gate decides the menu, the bell signs in; signing out signs the bell out', async () => {
    const { root, child } = start();
    root.send({ type: 'session.changed', user: artist });
    await flush();
    expect(child('artistGate').getSnapshot().hasTag('fullMenu')).toBe(true);
    expect(child('onlineStatus').getSnapshot().context.isOnline).toBe(0);
    root.send({ type: 'session.changed', user: { ...artist, is_online: 1 } });
    await flush();
    // The switch shows what the account says.
    expect(child('onlineStatus').getSnapshot().context.isOnline).toBe(1);
    expect(child('notifications').getSnapshot().matches('signedIn')).toBe(true);
    expect(child('notifications').getSnapshot().context.area).toBe('artist');
    expect(root.getSnapshot().context.account).toEqual(accountOf(artist));
    root.send({ type: 'session.changed', user: null });
    await flush();
    expect(child('artistGate').getSnapshot().matches('notArtist')).toBe(true);
    expect(child('notifications').getSnapshot().matches('signedOut')).toBe(true);
  });

  /** The root with the account's code on its way until `release`. */
  function startLoading() {
    let release: (logic: AccountChildrenLogic) => void = () => {};
    const root = createActor(
      appMachine.provide({
        actors: {
          session: recordingSession([]),
          loadAccountChildren: fromPromise(() => new Promise<AccountChildrenLogic>((r) => (release = r))),
        },
      }),
      asApp,
    ).start();
    return { root, release: (logic: AccountChildrenLogic) => release(logic) };
  }

  it('the user as it is when their code has loaded: a change meanwhile is not lost', async () => {
    const { root, release } = startLoading();
    root.send({ type: 'session.changed', user: artist });
    root.send({ type: 'session.changed', user: { ...artist, is_online: 1 } });
    release(accountLogic());
    await flush();
    const children = root.getSnapshot().context.accountChildren;
    expect(children?.onlineStatus.getSnapshot().context.isOnline).toBe(1);
    expect(children?.notifications.getSnapshot().context.area).toBe('artist');
  });

  it('an account that signed out while their code loaded: the bell waits for the next sign-in', async () => {
    const { root, release } = startLoading();
    root.send({ type: 'session.changed', user: customer });
    root.send({ type: 'session.changed', user: null });
    release(accountLogic());
    await flush();
    const bell = root.getSnapshot().context.accountChildren?.notifications;
    expect(bell?.getSnapshot().matches('signedOut')).toBe(true);
    root.send({ type: 'session.changed', user: customer });
    await flush();
    expect(bell?.getSnapshot().matches('signedIn')).toBe(true);
    expect(bell?.getSnapshot().context.area).toBe('user');
  });

  it('the same account again leaves the bell alone', async () => {
    const { root, child } = start();
    root.send({ type: 'session.changed', user: customer });
    await flush();
    const bell = child('notifications').getSnapshot();
    root.send({ type: 'session.changed', user: { ...customer, first_name: 'Annie' } });
    await flush();
    expect(child('notifications').getSnapshot().context).toBe(bell.context);
  });

  it("the notification centre's hints reach the open screens through the root", async () => {
    // A centre that emits a hint when poked, as the real one does for each pushed change.
    const emitting = createMachine({
      on: { poke: { actions: emit({ type: 'live.hint', hint: acceptedNote }) } },
    }) as unknown as AccountChildrenLogic['notifications'];
    const root = createActor(
      appMachine.provide({
        actors: {
          session: recordingSession([]),
          loadAccountChildren: fromPromise(async () => ({ ...accountLogic(), notifications: emitting })),
        },
      }),
      asApp,
    ).start();
    root.send({ type: 'session.changed', user: customer });
    await flush();
    const got: EventObject[] = [];
    const page = createActor(createMachine({ on: { '*': { actions: ({ event }) => got.push(event) } } })).start();
    root.send({ type: 'screen.watch', ref: page, watch: orderPage, onChange: { type: 'live.changed' } });
    (root.system.get('notifications') as AnyActorRef).send({ type: 'poke' });
    await flush();
    expect(got).toEqual([{ type: 'live.changed', hint: acceptedNote }]);
  });

  it("the artist's own application changed: the session loads the user again; other hints do not touch it", async () => {
    const { root, sessionGot } = start();
    root.send({ type: 'live.hint', hint: approvedNote });
    await flush();
    // Nobody signed in here: not the artist's.
    expect(sessionGot).toEqual([]);
    root.send({ type: 'session.changed', user: artist });
    root.send({ type: 'live.hint', hint: accepted });
    root.send({ type: 'live.hint', hint: approvedNote });
    root.send({ type: 'live.hint', hint: approved });
    await flush();
    expect(sessionGot).toEqual([{ type: 'user.reload' }, { type: 'user.reload' }]);
  });

  it('routes hints to the screens registered through it', async () => {
    const { root } = start();
    const got: EventObject[] = [];
    const page = createActor(createMachine({ on: { '*': { actions: ({ event }) => got.push(event) } } })).start();
    root.send({ type: 'screen.watch', ref: page, watch: orderPage, onChange: { type: 'live.changed' } });
    root.send({ type: 'live.hint', hint: acceptedNote });
    await flush();
    expect(got).toEqual([{ type: 'live.changed', hint: acceptedNote }]);
    root.send({ type: 'screen.unwatch', ref: page });
    root.send({ type: 'live.hint', hint: accepted });
    await flush();
    expect(got).toHaveLength(1);
  });

  it("another tab's sign-in, renewal and sign-out reach the session", async () => {
    const { root, sessionGot } = start();
    root.send({ type: 'tab.signedIn', token: 't', user: customer, userType: 'user' });
    root.send({ type: 'tab.refreshed', token: 't2', user: customer });
    root.send({ type: 'tab.signedOut' });
    await flush();
    expect(sessionGot.map((e) => e.type)).toEqual(['tab.signedIn', 'tab.refreshed', 'tab.signedOut']);
  });

  describe('the first-login tour', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    });
    afterEach(() => vi.useRealTimers());
    const firstLogin: AuthUser = { ...artist, is_online: 0, is_first_time_login: 1, featured_song_path: null };

    it("hears the session's artist, and finishing marks the first login done in the session", async () => {
      const { root, sessionGot, child } = start(() => Promise.resolve({}));
      root.send({ type: 'session.changed', user: firstLogin });
      await flush();
      child('tour').send({ type: 'page.loaded' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(child('tour').getSnapshot().hasTag('running')).toBe(true);
      child('tour').send({ type: 'tour.finish' });
      await flush();
      expect(child('tour').getSnapshot().value).toBe('done');
      // SPEC §4: the local first-login flag becomes 0 through the session actor.
      expect(sessionGot).toEqual([{ type: 'user.updated', user: { is_first_time_login: 0 } }]);
    });

    it('a featured song removed by the same artist restarts it; going online ends it', async () => {
      const { root, child } = start();
      root.send({ type: 'session.changed', user: { ...firstLogin, featured_song_path: 'song0001' } });
      await flush();
      child('tour').send({ type: 'page.loaded' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(child('tour').getSnapshot().value).toBe('idle');
      root.send({ type: 'session.changed', user: firstLogin });
      await vi.advanceTimersByTimeAsync(1000);
      expect(child('tour').getSnapshot().hasTag('running')).toBe(true);
      root.send({ type: 'session.changed', user: { ...firstLogin, is_online: 1, is_first_time_login: 0 } });
      expect(child('tour').getSnapshot().value).toBe('done');
    });

    it('signing out stops it; another first-time artist signing in starts afresh', async () => {
      const { root, child } = start();
      root.send({ type: 'session.changed', user: firstLogin });
      await flush();
      child('tour').send({ type: 'page.loaded' });
      await vi.advanceTimersByTimeAsync(1000);
      root.send({ type: 'session.changed', user: null });
      expect(child('tour').getSnapshot().value).toBe('done');
      expect(child('tour').getSnapshot().context.stepIndex).toBe(-1);
      root.send({ type: 'session.changed', user: { ...firstLogin, id: 9, user_id: 'A-0009' } });
      expect(child('tour').getSnapshot().value).toBe('idle');
      child('tour').send({ type: 'page.loaded' });
      await vi.advanceTimersByTimeAsync(1000);
      expect(child('tour').getSnapshot().hasTag('running')).toBe(true);
    });
  });
});

/**
 * The root with a recording session, the account's code at once and the loaders given;
 * clearStoredDraft and showLoadFailed recorded. `regionState`: where a region of `running` rests.
 */
function startLoading(loaders: {
  loadOrderDraft?: ReturnType<typeof fromPromise<LoadedOrderDraft>>;
  loadPlayer?: ReturnType<typeof fromPromise<typeof playerMachine>>;
  loadDialogs?: ReturnType<typeof fromPromise<typeof authDialogsMachine>>;
}) {
  const log: ActionLog = [];
  const root = createActor(
    appMachine.provide({
      actors: {
        session: recordingSession([]),
        loadAccountChildren: fromPromise(async () => accountLogic()),
        ...loaders,
      },
      actions: recordingActions(['clearStoredDraft', 'showLoadFailed'], log),
    }),
    asApp,
  ).start();
  const regionState = (region: 'dialogs' | 'account' | 'draft' | 'player') =>
    (root.getSnapshot().value as { running: Record<string, string> }).running[region];
  return { root, log, regionState };
}

describe('appMachine: the order draft starts when a page first needs it', () => {
  /** The root with `loadOrderDraft` as given; clearStoredDraft and showLoadFailed recorded. */
  function startWith(loadOrderDraft: () => Promise<LoadedOrderDraft>) {
    const loads = vi.fn(loadOrderDraft);
    const { root, log, regionState } = startLoading({ loadOrderDraft: fromPromise(loads) });
    const draft = () => root.getSnapshot().context.orderDraft;
    return { root, log, loads, draft, draftState: () => regionState('draft') };
  }

  it('starts with the signed-in customer as the gifter, and a customer who signs in later prefills it', async () => {
    const before = startWith(async () => loadedDraft());
    before.root.send({ type: 'session.changed', user: customer });
    before.root.send({ type: 'draft.needed' });
    await flush();
    expect(before.draftState()).toBe('withDraft');
    expect(before.draft()?.getSnapshot().context.forms.occasion.gifter_first_name).toBe(customer.first_name);
    expect(before.root.system.get('orderDraft')).toBe(before.draft());

    const after = startWith(async () => loadedDraft());
    after.root.send({ type: 'draft.needed' });
    await flush();
    expect(after.draft()?.getSnapshot().context.forms.occasion.gifter_first_name).toBe('');
    after.root.send({ type: 'session.changed', user: customer });
    expect(after.draft()?.getSnapshot().context.forms.occasion.gifter_email).toBe(customer.email);
    // An artist orders nothing: no gifter from their account.
    const artistFirst = startWith(async () => loadedDraft());
    artistFirst.root.send({ type: 'session.changed', user: artist });
    artistFirst.root.send({ type: 'draft.needed' });
    await flush();
    expect(artistFirst.draft()?.getSnapshot().context.forms.occasion.gifter_first_name).toBe('');
  });

  it('"Order with this artist" before any page needed the draft starts it with the artist selected', async () => {
    const { root, draft, loads } = startWith(async () => loadedDraft());
    root.send({ type: 'artists.preselect', id: 'A-0002' });
    await flush();
    expect(draft()?.getSnapshot().context.forms.song.selected_artists).toEqual(['A-0002']);
    root.send({ type: 'artists.preselect', id: 'A-0003' });
    root.send({ type: 'draft.needed' });
    await flush();
    expect(draft()?.getSnapshot().context.forms.song.selected_artists).toEqual(['A-0002', 'A-0003']);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('what it is told while it loads and checks a stored draft reaches it in order, once the check is done', async () => {
    let answer: (error: Error) => void = () => {};
    const checking = orderDraftMachine.provide({
      actors: { loadTempOrder: fromPromise(() => new Promise((_, reject) => (answer = reject))) },
    });
    const { root, draft, draftState } = startWith(async () => ({
      logic: checking,
      input: readDraftInput({ tempOrder: { orderId: 9 }, hasPendingOrder: true }),
    }));
    root.send({ type: 'artists.preselect', id: 'A-0001' });
    root.send({ type: 'session.loggedOut' });
    root.send({ type: 'artists.preselect', id: 'A-0004' });
    await flush();
    expect(draftState()).toBe('startingDraft');
    expect(draft()?.getSnapshot().hasTag('restoring')).toBe(true);
    expect(root.getSnapshot().context.heldForDraft).toHaveLength(3);
    // The server does not answer (offline): the draft goes on with the stored one, then hears the rest.
    answer(new Error('offline'));
    await flush();
    expect(draftState()).toBe('withDraft');
    expect(root.getSnapshot().context.heldForDraft).toEqual([]);
    // The logout reset the draft between the two artists.
    expect(draft()?.getSnapshot().context.orderId).toBeNull();
    expect(draft()?.getSnapshot().context.forms.song.selected_artists).toEqual(['A-0004']);
  });

  it('a logout before any page needed the draft clears its storage without loading it; later ones reach it', async () => {
    const { root, log, loads, draft } = startWith(async () => loadedDraft());
    root.send({ type: 'session.loggedOut' });
    expect(types(log)).toEqual(['clearStoredDraft']);
    expect(loads).not.toHaveBeenCalled();
    root.send({ type: 'artists.preselect', id: 'A-0002' });
    await flush();
    root.send({ type: 'session.loggedOut' });
    expect(types(log)).toEqual(['clearStoredDraft']);
    expect(draft()?.getSnapshot().context.forms.song.selected_artists).toEqual([]);
  });

  it('code that did not load: the app says so, what it was told is dropped, and the next page that needs it tries again', async () => {
    let fail = true;
    const { root, log, loads, draft, draftState } = startWith(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return loadedDraft();
    });
    root.send({ type: 'artists.preselect', id: 'A-0002' });
    await flush();
    // Back where it was before any page needed it.
    expect(draftState()).toBe('withoutDraft');
    expect(types(log)).toEqual(['showLoadFailed']);
    expect(root.getSnapshot().context.heldForDraft).toEqual([]);
    // Meanwhile a logout still clears the stored draft.
    root.send({ type: 'session.loggedOut' });
    expect(types(log)).toEqual(['showLoadFailed', 'clearStoredDraft']);
    fail = false;
    root.send({ type: 'draft.needed' });
    await flush();
    expect(loads).toHaveBeenCalledTimes(2);
    expect(draftState()).toBe('withDraft');
    expect(draft()?.getSnapshot().context.forms.song.selected_artists).toEqual([]);
  });
});

describe('appMachine: the account modals start with the first modal or artist login page', () => {
  /** The modals as plain machines, without forms (their loader never settles) nor navigation. */
  const dialogsLogic = authDialogsMachine;

  function startWith(loadDialogs: () => Promise<typeof authDialogsMachine>) {
    const loads = vi.fn(loadDialogs);
    const { root, log, regionState } = startLoading({ loadDialogs: fromPromise(loads) });
    const dialogs = () => root.getSnapshot().context.dialogs;
    return { root, log, loads, dialogs, dialogsState: () => regionState('dialogs') };
  }

  it('holds what they are told while their code loads, then passes it on in order; later events go straight on', async () => {
    let release: (logic: typeof authDialogsMachine) => void = () => {};
    const { root, dialogs, dialogsState, loads } = startWith(() => new Promise((r) => (release = r)));
    // Closing or confirming with nothing open loads nothing.
    root.send({ type: 'dialog.close' });
    root.send({ type: 'user.confirm' });
    root.send({ type: 'page.left', form: 'login' });
    expect(dialogsState()).toBe('withoutDialogs');
    expect(loads).not.toHaveBeenCalled();
    expect(hasOpenModal(root.getSnapshot())).toBe(false);
    root.send({ type: 'dialog.openLogin' });
    expect(dialogsState()).toBe('loadingDialogs');
    // The modal is about to open: its frame shows and a guard leaves it alone.
    expect(hasOpenModal(root.getSnapshot())).toBe(true);
    root.send({ type: 'dialog.openSignUp' });
    root.send({ type: 'dialog.close' });
    expect(hasOpenModal(root.getSnapshot())).toBe(false);
    root.send({ type: 'dialog.openLoginAgain', returnTo: '/order/checkout' });
    expect(root.getSnapshot().context.heldForDialogs.map((e) => e.type)).toEqual([
      'dialog.openLogin',
      'dialog.openSignUp',
      'dialog.close',
      'dialog.openLoginAgain',
    ]);
    release(dialogsLogic);
    await flush();
    expect(dialogsState()).toBe('withDialogs');
    expect(root.system.get('authDialogs')).toBe(dialogs());
    // The last of them won: the login-again modal, remembering the checkout.
    expect(dialogs()?.getSnapshot().value).toBe('loginAgain');
    expect(dialogs()?.getSnapshot().context.returnTo).toBe('/order/checkout');
    expect(root.getSnapshot().context.heldForDialogs).toEqual([]);
    expect(hasOpenModal(root.getSnapshot())).toBe(true);
    root.send({ type: 'dialog.close' });
    expect(dialogs()?.getSnapshot().value).toBe('closed');
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it("an artist login page loads them too, and the session's login-again (sent to the root by its id) reaches them", async () => {
    const { root, dialogs } = startWith(async () => dialogsLogic);
    root.send({ type: 'page.opened', form: 'login', returnTo: '/artist/earnings' });
    await flush();
    expect(dialogs()?.getSnapshot().context.artistReturnTo).toBe('/artist/earnings');
    root.system.get('app').send({ type: 'dialog.openLoginAgain', returnTo: null });
    expect(dialogs()?.getSnapshot().value).toBe('loginAgain');
  });

  it('says so when their code does not load, drops what was held, and loads it again with the next opening', async () => {
    let attempt = 0;
    const { root, log, dialogs, dialogsState } = startWith(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Failed to fetch dynamically imported module');
      return dialogsLogic;
    });
    root.send({ type: 'dialog.openSignUp' });
    await flush();
    expect(dialogsState()).toBe('dialogsFailed');
    expect(types(log)).toEqual(['showLoadFailed']);
    expect(root.getSnapshot().context.heldForDialogs).toEqual([]);
    expect(hasOpenModal(root.getSnapshot())).toBe(false);
    root.send({ type: 'dialog.openLogin' });
    await flush();
    expect(dialogsState()).toBe('withDialogs');
    expect(dialogs()?.getSnapshot().value).toBe('login');
  });
});

describe('appMachine: the player starts with the first play', () => {
  const play = (name: string) =>
    ({
      type: 'player.load',
      artist: { id: name, name, image: null },
      songs: [{ url: `/${name}.wav`, title: name }],
    }) as const;

  /** The root with `loadPlayer` as given (a player whose audio plays nothing). */
  function startWith(loadPlayer: () => Promise<typeof playerMachine>) {
    const loads = vi.fn(loadPlayer);
    const { root, log, regionState } = startLoading({ loadPlayer: fromPromise(loads) });
    const player = () => root.getSnapshot().context.player;
    return { root, log, loads, player, playerState: () => regionState('player') };
  }

  it('the first play loads it and it plays that list; a newer play meanwhile wins; later plays go straight to it', async () => {
    let release: (logic: typeof playerMachine) => void = () => {};
    const { root, player, playerState, loads } = startWith(() => new Promise((r) => (release = r)));
    root.send(play('Ana'));
    root.send(play('Ben'));
    expect(playerState()).toBe('loadingPlayer');
    expect(root.getSnapshot().context.heldForPlayer?.artist.name).toBe('Ben');
    release(playerMachine);
    await flush();
    expect(playerState()).toBe('withPlayer');
    expect(root.system.get('player')).toBe(player());
    expect(player()?.getSnapshot().context.artist?.name).toBe('Ben');
    expect(root.getSnapshot().context.heldForPlayer).toBeNull();
    root.send(play('Cy'));
    expect(player()?.getSnapshot().context.artist?.name).toBe('Cy');
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('code that did not load: the app says so, nothing is held, and the next play tries again', async () => {
    let fail = true;
    const { root, log, player, playerState, loads } = startWith(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return playerMachine;
    });
    root.send(play('Ana'));
    await flush();
    expect(playerState()).toBe('withoutPlayer');
    expect(types(log)).toEqual(['showLoadFailed']);
    expect(root.getSnapshot().context.heldForPlayer).toBeNull();
    fail = false;
    root.send(play('Ben'));
    await flush();
    expect(loads).toHaveBeenCalledTimes(2);
    expect(player()?.getSnapshot().context.artist?.name).toBe('Ben');
  });
});

// ---- Model-based paths: when the account's children, the order draft and the player load ----------------

const loadFailure = new Error('Failed to fetch dynamically imported module');

/** A screen that registers with the root (it ignores what it is sent). */
const screen = createActor(createMachine({})).start();

const sessionEvents = [
  { type: 'session.changed', user: null },
  { type: 'session.changed', user: customer },
  { type: 'session.changed', user: artist },
  // What the root only passes on, in every state alike.
  { type: 'live.hint', hint: approved },
  { type: 'live.hint', hint: accepted },
  { type: 'screen.watch', ref: screen, watch: orderPage, onChange: { type: 'live.changed' } },
  { type: 'screen.unwatch', ref: screen },
  { type: 'tab.signedIn', token: 't', user: customer, userType: 'user' },
  { type: 'tab.refreshed', token: 't2', user: customer },
  { type: 'tab.signedOut' },
] as AppEvent[];

const inDialogs = (s: any, state: string) => s.matches({ running: { dialogs: state } });
const inAccount = (s: any, state: string) => s.matches({ running: { account: state } });
const inDraft = (s: any, state: string) => s.matches({ running: { draft: state } });
const inPlayer = (s: any, state: string) => s.matches({ running: { player: state } });
const playAna = {
  type: 'player.load',
  artist: { id: 'a', name: 'Ana', image: null },
  songs: [{ url: '/a.wav', title: 'A' }],
} as const;

/**
 * Each region's events beside the session's (a loader settles only while it runs: an error event
 * nobody invoked would stop the root). The regions are independent but for the user they share, so
 * each is traversed on its own; the other regions rest where the session leaves them.
 */
const regionEvents = {
  dialogs: (s: any) => [
    // What views, guards and the session tell the modals through the root: openings, and what only
    // means something once one is open.
    { type: 'dialog.openLogin' },
    { type: 'dialog.openSignOutConfirm' },
    { type: 'page.opened', form: 'login' },
    { type: 'dialog.close' },
    { type: 'user.confirm' },
    { type: 'page.left', form: 'login' },
    ...(inDialogs(s, 'loadingDialogs')
      ? [
          { type: 'xstate.done.actor.loadDialogs', output: authDialogsMachine },
          { type: 'xstate.error.actor.loadDialogs', error: loadFailure },
        ]
      : []),
  ],
  account: (s: any) =>
    inAccount(s, 'loadingAccountChildren')
      ? [
          { type: 'xstate.done.actor.loadAccountChildren', output: accountLogic() },
          { type: 'xstate.error.actor.loadAccountChildren', error: loadFailure },
        ]
      : [],
  draft: (s: any) => [
    // What pages and the session tell the draft through the root.
    { type: 'draft.needed' },
    { type: 'artists.preselect', id: 'A-0002' },
    { type: 'session.loggedOut' },
    ...(inDraft(s, 'loadingDraft')
      ? [
          { type: 'xstate.done.actor.loadOrderDraft', output: loadedDraft() },
          { type: 'xstate.error.actor.loadOrderDraft', error: loadFailure },
        ]
      : []),
    ...(inDraft(s, 'startingDraft') ? [{ type: 'xstate.done.actor.draftSettled', output: undefined }] : []),
  ],
  player: (s: any) => [
    playAna,
    ...(inPlayer(s, 'loadingPlayer')
      ? [
          { type: 'xstate.done.actor.loadPlayer', output: playerMachine },
          { type: 'xstate.error.actor.loadPlayer', error: loadFailure },
        ]
      : []),
  ],
};

/**
 * What a path step is told apart by: the state, who is signed in, which loaded children run, and
 * whether anything waits for the draft or the player.
 */
const serializeState = (s: any) =>
  JSON.stringify([
    s.value,
    s.context.dialogs !== null,
    s.context.heldForDialogs.length > 0,
    s.context.account?.key ?? null,
    s.context.accountChildren !== null,
    s.context.orderDraft !== null,
    s.context.heldForDraft.length > 0,
    s.context.player !== null,
    s.context.heldForPlayer !== null,
  ]);

interface RootHarness extends Harness {
  sessionGot: EventObject[];
}

function startRoot(): RootHarness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const sessionGot: EventObject[] = [];
  const actor = createActor(
    appMachine.provide({
      actors: {
        session: recordingSession(sessionGot),
        loadAccountChildren: fakes.actor<AccountChildrenLogic, unknown>('loadAccountChildren'),
        loadOrderDraft: fakes.actor<LoadedOrderDraft, unknown>('loadOrderDraft'),
        draftSettled: fakes.actor<unknown, OrderDraftActor>('draftSettled'),
        loadPlayer: fakes.actor<typeof playerMachine, unknown>('loadPlayer'),
        loadDialogs: fakes.actor<typeof authDialogsMachine, unknown>('loadDialogs'),
      },
      actions: recordingActions(['showLoadFailed', 'clearStoredDraft'], log),
    }),
    asApp,
  ).start();
  return { actor, fakes, log, sessionGot };
}

const children = (s: any) => s.context.accountChildren;
const calledFor = (h: RootHarness, src: string) => h.fakes.calls.filter((call) => call.src === src);

const stateExpectations: Record<string, (s: any, h: RootHarness) => void> = {
  'running.dialogs.withoutDialogs': (s, h) => {
    // Nothing opened: no code asked for, nothing held, no modal.
    expect(s.context.dialogs).toBeNull();
    expect(s.context.heldForDialogs).toEqual([]);
    expect(calledFor(h, 'loadDialogs')).toHaveLength(0);
    expect(h.actor.system.get('authDialogs')).toBeUndefined();
    expect(hasOpenModal(s)).toBe(false);
  },
  'running.dialogs.loadingDialogs': (s, h) => {
    expect(s.context.dialogs).toBeNull();
    expect(h.fakes.pending.has('loadDialogs')).toBe(true);
    // It loads because something opened: an opening is the first thing held.
    expect(['dialog.openLogin', 'dialog.openSignOutConfirm', 'page.opened']).toContain(
      s.context.heldForDialogs[0]?.type,
    );
  },
  'running.dialogs.dialogsFailed': (s, h) => {
    expect(s.context.dialogs).toBeNull();
    expect(s.context.heldForDialogs).toEqual([]);
    expect(h.fakes.pending.has('loadDialogs')).toBe(false);
    expect(types(h.log)).toContain('showLoadFailed');
    expect(hasOpenModal(s)).toBe(false);
  },
  'running.dialogs.withDialogs': (s, h) => {
    expect(h.actor.system.get('authDialogs')).toBe(s.context.dialogs);
    expect(s.context.dialogs.getSnapshot().status).toBe('active');
    expect(s.context.heldForDialogs).toEqual([]);
    expect(hasOpenModal(s)).toBe(s.context.dialogs.getSnapshot().hasTag('open'));
  },
  'running.account.withoutAccountChildren': (s, h) => {
    // A guest: nothing asked for the account's code.
    expect(s.context.account).toBeNull();
    expect(children(s)).toBeNull();
    expect(calledFor(h, 'loadAccountChildren')).toHaveLength(0);
    expect(h.actor.system.get('notifications')).toBeUndefined();
  },
  'running.account.loadingAccountChildren': (s, h) => {
    expect(children(s)).toBeNull();
    expect(h.fakes.pending.has('loadAccountChildren')).toBe(true);
  },
  'running.account.withAccountChildren': (s, h) => {
    const started = children(s);
    for (const id of ['notifications', 'onlineStatus', 'tour'] as const) {
      expect(h.actor.system.get(id)).toBe(started[id]);
      expect(started[id].getSnapshot().status).toBe('active');
    }
    // The bell is signed in exactly when an account is.
    expect(started.notifications.getSnapshot().matches('signedIn')).toBe(s.context.account !== null);
    if (s.context.account) expect(started.notifications.getSnapshot().context.area).toBe(s.context.account.area);
    expect(started.onlineStatus.getSnapshot().context.isOnline).toBe(s.context.user?.is_online ? 1 : 0);
  },
  'running.account.accountChildrenFailed': (s, h) => {
    expect(children(s)).toBeNull();
    expect(types(h.log)).toContain('showLoadFailed');
    expect(h.actor.system.get('notifications')).toBeUndefined();
  },
  'running.draft.withoutDraft': (s, h) => {
    // No page needed it, or every load asked for failed: nothing runs or loads, nothing is held.
    expect(s.context.orderDraft).toBeNull();
    expect(s.context.heldForDraft).toEqual([]);
    expect(h.fakes.pending.has('loadOrderDraft')).toBe(false);
    expect(h.actor.system.get('orderDraft')).toBeUndefined();
  },
  'running.draft.loadingDraft': (s, h) => {
    expect(s.context.orderDraft).toBeNull();
    expect(h.fakes.pending.has('loadOrderDraft')).toBe(true);
  },
  'running.draft.startingDraft': (s, h) => {
    expect(h.actor.system.get('orderDraft')).toBe(s.context.orderDraft);
    expect(h.fakes.pending.has('draftSettled')).toBe(true);
  },
  'running.draft.withDraft': (s, h) => {
    expect(h.actor.system.get('orderDraft')).toBe(s.context.orderDraft);
    expect(s.context.orderDraft.getSnapshot().status).toBe('active');
    expect(s.context.heldForDraft).toEqual([]);
  },
  'running.player.withoutPlayer': (s, h) => {
    // Nothing played, or every load asked for failed: nothing runs or loads, nothing is held.
    expect(s.context.player).toBeNull();
    expect(s.context.heldForPlayer).toBeNull();
    expect(h.fakes.pending.has('loadPlayer')).toBe(false);
    expect(h.actor.system.get('player')).toBeUndefined();
  },
  'running.player.loadingPlayer': (s, h) => {
    expect(s.context.player).toBeNull();
    expect(s.context.heldForPlayer).toEqual(playAna);
    expect(h.fakes.pending.has('loadPlayer')).toBe(true);
  },
  'running.player.withPlayer': (s, h) => {
    expect(h.actor.system.get('player')).toBe(s.context.player);
    expect(s.context.heldForPlayer).toBeNull();
    // It plays what was asked for.
    expect(s.context.player.getSnapshot().context.songs).toEqual(playAna.songs);
  },
};

const draftBound = new Set(['artists.preselect', 'session.loggedOut']);
const dialogsBound = (type: string) =>
  type.startsWith('dialog.') || type.startsWith('page.') || type === 'user.confirm';
const opening = (type: string) => type.startsWith('dialog.open') || type === 'page.opened';

/**
 * The modals' events: held while their code loads (from an opening on), passed to them once they run
 * (the live modals then show it), and ignored before anything opened.
 */
function checkDialogsStep({ event, before, after }: StepCheck<RootHarness>) {
  if (!dialogsBound(event.type)) return;
  const held = before.context.heldForDialogs as DialogsBoundEvent[];
  if (inDialogs(before, 'loadingDialogs') || (!before.context.dialogs && opening(event.type)))
    expect(after.context.heldForDialogs).toEqual([...held, event]);
  else expect(after.context.heldForDialogs).toEqual(held);
  if (inDialogs(before, 'withDialogs') && event.type === 'dialog.openLogin')
    expect(after.context.dialogs.getSnapshot().value).toBe('login');
  if (inDialogs(before, 'withDialogs') && event.type === 'dialog.close')
    expect(after.context.dialogs.getSnapshot().value).toBe('closed');
}

/**
 * What each step did: a loader's failure is said to the visitor; for the draft, what it is told is
 * held, passed on, or (a logout with no draft) its storage cleared.
 */
function checkStep(check: StepCheck<RootHarness>) {
  const { event, before, after, actions } = check;
  checkDialogsStep(check);
  expect(types(actions).includes('showLoadFailed')).toBe(event.type.startsWith('xstate.error.actor.load'));
  const cleared = types(actions).filter((type) => type === 'clearStoredDraft');
  const noDraft = inDraft(before, 'withoutDraft');
  expect(cleared).toHaveLength(event.type === 'session.loggedOut' && noDraft ? 1 : 0);
  if (!draftBound.has(event.type)) return;
  const waiting = ['loadingDraft', 'startingDraft'].some((state) => inDraft(before, state));
  const heldBefore = before.context.heldForDraft.length;
  if (waiting || (event.type === 'artists.preselect' && noDraft))
    expect(after.context.heldForDraft).toEqual([...before.context.heldForDraft, event]);
  else expect(after.context.heldForDraft).toHaveLength(heldBefore);
  if (inDraft(before, 'withDraft') && event.type === 'artists.preselect')
    expect(after.context.orderDraft.getSnapshot().context.forms.song.selected_artists).toContain(event.id);
}

/** A child that takes any event and does nothing. */
const inert = createMachine({}) as never;

/**
 * The machine the paths are computed on: xstate/graph computes every step in one actor system, where
 * the started children's systemIds would be taken twice: inert stand-ins without systemIds take their
 * place, and the long-lived children's. The live actor each path drives (startRoot) runs the real ones.
 */
const traversed = appMachine.provide({
  actions: {
    startAccountChildren: assign(({ spawn }) => {
      const stand = () => (spawn as unknown as (logic: unknown) => AnyActorRef)(inert);
      return { accountChildren: { notifications: stand(), onlineStatus: stand(), tour: stand() } as never };
    }),
    startOrderDraft: assign(({ spawn }) => ({
      orderDraft: (spawn as unknown as (logic: unknown) => AnyActorRef)(inert) as never,
    })),
    startPlayer: assign(({ spawn }) => ({
      player: (spawn as unknown as (logic: unknown) => AnyActorRef)(inert) as never,
    })),
    startDialogs: assign(({ spawn }) => ({
      dialogs: (spawn as unknown as (logic: unknown) => AnyActorRef)(inert) as never,
    })),
  },
  actors: {
    session: inert,
    artistGate: inert,
    live: inert,
    relayLiveHints: fromCallback(() => {}),
    draftSettled: fromPromise(() => new Promise(() => {})),
  },
});

describe("appMachine paths: the modals with the first opening, the account's children with the first sign-in, the draft with the first page that needs it, the player with the first play", () => {
  const seen = new Set<string>();
  const paths = Object.values(regionEvents).flatMap((more) =>
    getTransitionPaths(
      traversed,
      {
        events: (s: any) => [...sessionEvents, ...more(s)],
        input: startInput,
        serializeState,
      },
      seen,
    ),
  );

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    await runPath(path, startRoot, { states: stateExpectations, serializeState, step: checkStep });
  });

  it('reach every state and take every transition', () => {
    expectAllStatesCovered(traversed, paths);
    expectAllTransitionsCovered(traversed, paths);
  });
});
