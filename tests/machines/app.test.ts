// The app's root: what it passes on from one child to the others, when the account modals, the
// children only a signed-in account uses (the notification centre, the online switch, the tour), the
// order draft and the player load and start.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyActorRef,
  createActor,
  createMachine,
  type EventObject,
  emit,
  fromCallback,
  fromPromise,
} from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { type AppEvent, accountOf, appActorIds, appMachine, hasOpenModal } from '../../machines/app.machine';
import { authDialogsMachine } from '../../machines/auth-dialogs.machine';
import { heldBy, type LoadedChildren, loadingWith, toStart } from '../../machines/lazy-child.machine';
import { notificationsMachine } from '../../machines/notifications.machine';
import { onlineStatusMachine } from '../../machines/online-status.machine';
import { orderDraftMachine, readDraftInput } from '../../machines/order-draft.machine';
import { playerMachine } from '../../machines/player.machine';
import { tourMachine } from '../../machines/tour.machine';
import { tourFactsFor } from '../../machines/tour-facts';
import { artist, customer } from './fixtures';
import { accepted, acceptedNote, approved, approvedNote, orderPage } from './live-fixtures';
import {
  type ActionLog,
  describePath,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  recordingActions,
  runPath,
  type StepCheck,
  sentTo,
  types,
} from './model';

const startInput = { session: {} };
/** The root as the app starts it: the session tells it, by this id, what only it can pass on. */
const asApp = { input: startInput, systemId: appActorIds.app };

/** The order draft as the app loads it, from a stored draft (none by default). */
const loadedDraft = (stored: Parameters<typeof readDraftInput>[0] = {}, logic = orderDraftMachine): LoadedChildren => ({
  orderDraft: toStart(logic, readDraftInput(stored)),
});

/** The account's children as plain machines (the tour's call to the server played by `marked`). */
function accountLogic(
  marked: () => Promise<unknown> = () => new Promise(() => {}),
  notifications: typeof notificationsMachine = notificationsMachine,
): LoadedChildren {
  return {
    notifications: toStart(notifications, { canStream: false }),
    onlineStatus: toStart(onlineStatusMachine, { isOnline: 0 }),
    tour: toStart(tourMachine.provide({ actors: { markFirstLoginDone: fromPromise(marked) } }), tourFactsFor(null)),
  };
}

/** Where a part started on first use is: idle, loading, starting, running or failed (its lazy child). */
const partState = (root: AnyActorRef, part: 'lazyDialogs' | 'lazyAccount' | 'lazyDraft' | 'lazyPlayer') =>
  root.getSnapshot().children[part].getSnapshot().value;
/** What a part's lazy child holds for it. */
const heldFor = (root: AnyActorRef, part: 'lazyDialogs' | 'lazyDraft' | 'lazyPlayer') =>
  heldBy(root.getSnapshot().children[part]) as any[];

/** The router is about to open an order step (src/actors/navigation.ts tells the root so). */
const orderStep = {
  type: 'route.entering',
  href: '/order/song',
  route: '/order/song',
  needs: 'user',
  arriving: true,
} as const satisfies AppEvent;

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
          lazyAccount: loadingWith(async () => accountLogic(marked)),
          lazyDraft: loadingWith(async () => loadedDraft()),
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
    for (const part of ['lazyDialogs', 'lazyAccount', 'lazyDraft', 'lazyPlayer'] as const)
      expect(partState(root, part)).toBe('idle');
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
    let release: (logic: LoadedChildren) => void = () => {};
    const root = createActor(
      appMachine.provide({
        actors: {
          session: recordingSession([]),
          lazyAccount: loadingWith(() => new Promise<LoadedChildren>((r) => (release = r))),
        },
      }),
      asApp,
    ).start();
    return { root, release: (logic: LoadedChildren) => release(logic) };
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
    }) as unknown as typeof notificationsMachine;
    const root = createActor(
      appMachine.provide({
        actors: {
          session: recordingSession([]),
          lazyAccount: loadingWith(async () => accountLogic(undefined, emitting)),
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
    root.send({ type: 'tab.signedIn', token: 't', user: customer, userType: 'user', remember: true });
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
      // docs/product.md §4: the local first-login flag becomes 0 through the session actor.
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
  lazyDraft?: ReturnType<typeof loadingWith>;
  lazyPlayer?: ReturnType<typeof loadingWith>;
  lazyDialogs?: ReturnType<typeof loadingWith>;
}) {
  const log: ActionLog = [];
  const root = createActor(
    appMachine.provide({
      actors: {
        session: recordingSession([]),
        lazyAccount: loadingWith(async () => accountLogic()),
        ...loaders,
      },
      actions: recordingActions(['clearStoredDraft', 'showLoadFailed'], log),
    }),
    asApp,
  ).start();
  return { root, log };
}

describe('appMachine: the order draft starts when a page first needs it', () => {
  /** The root with `loadOrderDraft` as given; clearStoredDraft and showLoadFailed recorded. */
  function startWith(loadOrderDraft: () => Promise<LoadedChildren>) {
    const loads = vi.fn(loadOrderDraft);
    const { root, log } = startLoading({ lazyDraft: loadingWith(loads) });
    const draft = () => root.getSnapshot().context.orderDraft;
    return { root, log, loads, draft, draftState: () => partState(root, 'lazyDraft') };
  }

  it('starts with the signed-in customer as the gifter, and a customer who signs in later prefills it', async () => {
    const before = startWith(async () => loadedDraft());
    before.root.send({ type: 'session.changed', user: customer });
    before.root.send(orderStep);
    await flush();
    expect(before.draftState()).toBe('running');
    expect(before.draft()?.getSnapshot().context.forms.occasion.gifter_first_name).toBe(customer.first_name);
    expect(before.root.system.get('orderDraft')).toBe(before.draft());

    const after = startWith(async () => loadedDraft());
    after.root.send({ type: 'artists.preselect', id: 'A-0002' });
    await flush();
    expect(after.draft()?.getSnapshot().context.forms.occasion.gifter_first_name).toBe('');
    after.root.send({ type: 'session.changed', user: customer });
    expect(after.draft()?.getSnapshot().context.forms.occasion.gifter_email).toBe(customer.email);
    // An artist orders nothing: no gifter from their account.
    const artistFirst = startWith(async () => loadedDraft());
    artistFirst.root.send({ type: 'session.changed', user: artist });
    artistFirst.root.send({ type: 'artists.preselect', id: 'A-0002' });
    await flush();
    expect(artistFirst.draft()?.getSnapshot().context.forms.occasion.gifter_first_name).toBe('');
  });

  it('"Order with this artist" before any page needed the draft starts it with the artist selected', async () => {
    const { root, draft, loads } = startWith(async () => loadedDraft());
    root.send({ type: 'artists.preselect', id: 'A-0002' });
    await flush();
    expect(draft()?.getSnapshot().context.forms.song.selected_artists).toEqual(['A-0002']);
    root.send({ type: 'artists.preselect', id: 'A-0003' });
    root.send({ type: 'session.changed', user: customer });
    root.send(orderStep);
    await flush();
    expect(draft()?.getSnapshot().context.forms.song.selected_artists).toEqual(['A-0002', 'A-0003']);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('what it is told while it loads and checks a stored draft reaches it in order, once the check is done', async () => {
    let answer: (error: Error) => void = () => {};
    const checking = orderDraftMachine.provide({
      actors: { loadTempOrder: fromPromise(() => new Promise((_, reject) => (answer = reject))) },
    });
    const { root, draft, draftState } = startWith(async () =>
      loadedDraft({ tempOrder: { orderId: 9 }, hasPendingOrder: true }, checking),
    );
    root.send({ type: 'artists.preselect', id: 'A-0001' });
    root.send({ type: 'session.loggedOut' });
    root.send({ type: 'artists.preselect', id: 'A-0004' });
    await flush();
    expect(draftState()).toBe('starting');
    expect(draft()?.getSnapshot().hasTag('restoring')).toBe(true);
    expect(heldFor(root, 'lazyDraft')).toHaveLength(3);
    // The server does not answer (offline): the draft goes on with the stored one, then hears the rest.
    answer(new Error('offline'));
    await flush();
    expect(draftState()).toBe('running');
    expect(heldFor(root, 'lazyDraft')).toEqual([]);
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
    // Failed: the next page that needs it loads it again.
    expect(draftState()).toBe('failed');
    expect(types(log)).toEqual(['showLoadFailed']);
    expect(heldFor(root, 'lazyDraft')).toEqual([]);
    // Meanwhile a logout still clears the stored draft.
    root.send({ type: 'session.loggedOut' });
    expect(types(log)).toEqual(['showLoadFailed', 'clearStoredDraft']);
    fail = false;
    root.send({ type: 'session.changed', user: customer });
    root.send(orderStep);
    await flush();
    expect(loads).toHaveBeenCalledTimes(2);
    expect(draftState()).toBe('running');
    expect(draft()?.getSnapshot().context.forms.song.selected_artists).toEqual([]);
  });
});

describe('appMachine: the account modals start with the first modal or artist login page', () => {
  /** The modals as plain machines, without forms (their loader never settles) nor navigation. */
  const dialogsLogic: LoadedChildren = { authDialogs: toStart(authDialogsMachine, undefined) };

  function startWith(loadDialogs: () => Promise<LoadedChildren>) {
    const loads = vi.fn(loadDialogs);
    const { root, log } = startLoading({ lazyDialogs: loadingWith(loads) });
    const dialogs = () => root.getSnapshot().context.dialogs;
    return { root, log, loads, dialogs, dialogsState: () => partState(root, 'lazyDialogs') };
  }

  it('holds what they are told while their code loads, then passes it on in order; later events go straight on', async () => {
    let release: (logic: LoadedChildren) => void = () => {};
    const { root, dialogs, dialogsState, loads } = startWith(() => new Promise((r) => (release = r)));
    // Closing or confirming with nothing open loads nothing.
    root.send({ type: 'dialog.close' });
    root.send({ type: 'user.confirm' });
    root.send({ type: 'page.left', form: 'login' });
    expect(dialogsState()).toBe('idle');
    expect(loads).not.toHaveBeenCalled();
    expect(hasOpenModal(root.getSnapshot())).toBe(false);
    root.send({ type: 'dialog.openLogin' });
    expect(dialogsState()).toBe('loading');
    // The modal is about to open: its frame shows and a guard leaves it alone.
    expect(hasOpenModal(root.getSnapshot())).toBe(true);
    root.send({ type: 'dialog.openSignUp' });
    root.send({ type: 'dialog.close' });
    expect(hasOpenModal(root.getSnapshot())).toBe(false);
    root.send({ type: 'dialog.openLoginAgain', returnTo: '/order/checkout' });
    expect(heldFor(root, 'lazyDialogs').map((e) => e.type)).toEqual([
      'dialog.openLogin',
      'dialog.openSignUp',
      'dialog.close',
      'dialog.openLoginAgain',
    ]);
    release(dialogsLogic);
    await flush();
    expect(dialogsState()).toBe('running');
    expect(root.system.get('authDialogs')).toBe(dialogs());
    // The last of them won: the login-again modal, remembering the checkout.
    expect(dialogs()?.getSnapshot().value).toBe('loginAgain');
    expect(dialogs()?.getSnapshot().context.returnTo).toBe('/order/checkout');
    expect(heldFor(root, 'lazyDialogs')).toEqual([]);
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
    expect(dialogsState()).toBe('failed');
    expect(types(log)).toEqual(['showLoadFailed']);
    expect(heldFor(root, 'lazyDialogs')).toEqual([]);
    expect(hasOpenModal(root.getSnapshot())).toBe(false);
    root.send({ type: 'dialog.openLogin' });
    await flush();
    expect(dialogsState()).toBe('running');
    expect(dialogs()?.getSnapshot().value).toBe('login');
  });
});

describe('appMachine: a page that opens gets what the page entry says it needs', () => {
  const waiting = () => new Promise<LoadedChildren>(() => {});

  it('someone signed out arriving at a customer page: the login modal opens, leading back there', () => {
    const { root } = startLoading({ lazyDialogs: loadingWith(waiting) });
    root.send({ type: 'session.changed', user: null });
    root.send({ ...orderStep, href: '/customer/account?tab=1', route: '/customer/account' });
    expect(partState(root, 'lazyDialogs')).toBe('loading');
    expect(heldFor(root, 'lazyDialogs')).toEqual([
      { type: 'dialog.openLoginForPage', returnTo: '/customer/account?tab=1' },
    ]);
    expect(hasOpenModal(root.getSnapshot())).toBe(true);
  });

  it("an order step opened during the sign-in check starts the draft once it is the customer's", () => {
    const { root } = startLoading({ lazyDraft: loadingWith(waiting), lazyDialogs: loadingWith(waiting) });
    root.send({ type: 'session.changed', user: null, checking: true });
    root.send(orderStep);
    expect(partState(root, 'lazyDraft')).toBe('idle');
    expect(partState(root, 'lazyDialogs')).toBe('idle');
    root.send({ type: 'session.changed', user: customer });
    expect(partState(root, 'lazyDraft')).toBe('loading');
    expect(partState(root, 'lazyDialogs')).toBe('idle');
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
  const playerLogic: LoadedChildren = { player: toStart(playerMachine, {}) };

  function startWith(loadPlayer: () => Promise<LoadedChildren>) {
    const loads = vi.fn(loadPlayer);
    const { root, log } = startLoading({ lazyPlayer: loadingWith(loads) });
    const player = () => root.getSnapshot().context.player;
    return { root, log, loads, player, playerState: () => partState(root, 'lazyPlayer') };
  }

  it('the first play loads it and it plays that list; a newer play meanwhile wins; later plays go straight to it', async () => {
    let release: (logic: LoadedChildren) => void = () => {};
    const { root, player, playerState, loads } = startWith(() => new Promise((r) => (release = r)));
    root.send(play('Ana'));
    root.send(play('Ben'));
    expect(playerState()).toBe('loading');
    expect(heldFor(root, 'lazyPlayer').map((e) => e.artist.name)).toEqual(['Ben']);
    release(playerLogic);
    await flush();
    expect(playerState()).toBe('running');
    expect(root.system.get('player')).toBe(player());
    expect(player()?.getSnapshot().context.artist?.name).toBe('Ben');
    expect(heldFor(root, 'lazyPlayer')).toEqual([]);
    root.send(play('Cy'));
    expect(player()?.getSnapshot().context.artist?.name).toBe('Cy');
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('code that did not load: the app says so, nothing is held, and the next play tries again', async () => {
    let fail = true;
    const { root, log, player, playerState, loads } = startWith(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module');
      return playerLogic;
    });
    root.send(play('Ana'));
    await flush();
    expect(playerState()).toBe('failed');
    expect(types(log)).toEqual(['showLoadFailed']);
    expect(heldFor(root, 'lazyPlayer')).toEqual([]);
    fail = false;
    root.send(play('Ben'));
    await flush();
    expect(loads).toHaveBeenCalledTimes(2);
    expect(player()?.getSnapshot().context.artist?.name).toBe('Ben');
  });
});

// ---- Model-based paths: where the root sends what it is told -------------------------------------------

/**
 * Every child of the root, in the paths, is a recorder that logs what it hears as `to:<its id>` into the
 * log of the root a path drives (the traversal starts them too; what they log there is thrown away).
 */
let pathLog: ActionLog = [];
const recorder = fromCallback<EventObject, { name: string }>(({ input, receive }) => {
  receive((event) => pathLog.push(sentTo(input.name, event as EventObject & Record<string, unknown>)));
});
const recording = (name: string) => createActor(recorder, { input: { name } }).start() as any;
/** The parts as a lazy child reports them started. */
const started = {
  authDialogs: recording('authDialogs'),
  orderDraft: recording('orderDraft'),
  player: recording('player'),
  notifications: recording('notifications'),
  onlineStatus: recording('onlineStatus'),
  tour: recording('tour'),
};

/** A screen that registers with the root (it ignores what it is sent). */
const screen = createActor(createMachine({})).start();
const playAna = { type: 'player.load', artist: { id: 'a', name: 'Ana', image: null }, songs: [] } as const;

const rootEvents = [
  { type: 'session.changed', user: null },
  { type: 'session.changed', user: null, checking: true },
  { type: 'session.changed', user: customer },
  { type: 'session.changed', user: artist },
  { type: 'live.hint', hint: approved },
  { type: 'live.hint', hint: accepted },
  { type: 'screen.watch', ref: screen, watch: orderPage, onChange: { type: 'live.changed' } },
  { type: 'screen.unwatch', ref: screen },
  { type: 'tab.signedIn', token: 't', user: customer, userType: 'user' },
  { type: 'tab.signedOut' },
  { type: 'dialog.openLogin' },
  { type: 'dialog.close' },
  { type: 'page.opened', form: 'login' },
  { type: 'user.confirm' },
  orderStep,
  { type: 'entry.askLogin', returnTo: '/customer/account?tab=1' },
  { type: 'entry.needsDraft' },
  { type: 'artists.preselect', id: 'A-0002' },
  { type: 'session.loggedOut' },
  { type: 'session.endedElsewhere' },
  playAna,
  { type: 'child.started', children: { authDialogs: started.authDialogs } },
  { type: 'child.started', children: { orderDraft: started.orderDraft } },
  { type: 'child.started', children: { player: started.player } },
  {
    type: 'child.started',
    children: { notifications: started.notifications, onlineStatus: started.onlineStatus, tour: started.tour },
  },
  { type: 'child.failed' },
] as AppEvent[];

/** What a path step is told apart by: who is signed in, and which parts have started. */
const serializeState = (s: any) =>
  JSON.stringify([
    s.context.account?.key ?? null,
    s.context.dialogs !== null,
    s.context.accountChildren !== null,
    s.context.orderDraft !== null,
    s.context.player !== null,
  ]);

const childIds = [
  'session',
  'artistGate',
  'live',
  'pageEntry',
  'lazyDialogs',
  'lazyAccount',
  'lazyDraft',
  'lazyPlayer',
] as const;

/** The root, every child a recorder; showLoadFailed and clearStoredDraft recorded. */
function startRoot(): Harness {
  const log: ActionLog = [];
  pathLog = log;
  // Each child logs under its id: the same recorder, with its name as its input.
  const named = (name: string) =>
    fromCallback<EventObject>(({ receive }) => receive((e) => log.push(sentTo(name, e as any))));
  const actor = createActor(
    appMachine.provide({
      actors: Object.fromEntries(childIds.map((id) => [id, named(id)])) as never,
      actions: recordingActions(['showLoadFailed', 'clearStoredDraft'], log),
    }),
    asApp,
  ).start();
  return { actor, fakes: new FakeCalls(), log };
}

/** The machine the paths are computed on: every child an inert stand-in (no systemId taken twice). */
const inert = createMachine({});
const traversed = appMachine.provide({
  actors: { ...Object.fromEntries(childIds.map((id) => [id, inert])), relayLiveHints: fromCallback(() => {}) } as never,
});

const tellTo = (part: string, to: string, event: EventObject) =>
  sentTo(part, { type: 'child.tell', to, event } as EventObject & Record<string, unknown>);
const need = (part: string) => sentTo(part, { type: 'child.needed' });

/** What the user's children hear of `user`, given the account they knew (written from the rules). */
function expectedNews(user: any, known: string | null, draft: boolean, children: boolean) {
  const news: ActionLog = [];
  if (draft && user?.type === 'user') news.push(sentTo('orderDraft', { type: 'session.loggedIn', account: user }));
  if (!children) return news;
  const key = accountOf(user)?.key ?? null;
  news.push(sentTo('onlineStatus', { type: 'session.userChanged', isOnline: user?.is_online ? 1 : 0 }));
  news.push(sentTo('tour', { type: key === known ? 'user.changed' : 'account.changed', ...tourFactsFor(user) }));
  if (key !== known && known) news.push(sentTo('notifications', { type: 'session.signedOut' }));
  if (key !== known && key) news.push(sentTo('notifications', { type: 'session.signedIn', area: user.type }));
  return news;
}

/** The visit: the long-lived children by systemId, each part's lazy child, and the account as the user says. */
function expectRunning(s: any, h: Harness) {
  for (const id of ['session', 'artistGate', 'live']) expect(h.actor.system.get(id)).toBeDefined();
  for (const id of ['pageEntry', 'lazyDialogs', 'lazyAccount', 'lazyDraft', 'lazyPlayer'])
    expect(s.children[id]).toBeDefined();
  expect(s.context.account).toEqual(accountOf(s.context.user));
}

/** Where each event goes, written from the rules the root's comment states. */
function checkStep({ event, before, after, actions }: StepCheck<Harness>) {
  const ctx = before.context;
  const type = event.type;
  let expected: ActionLog;
  if (type === 'session.changed') {
    const account = accountOf(event.user as any);
    expected = [sentTo('artistGate', { type: 'session.userChanged', user: event.user })];
    if (account && account.key !== ctx.account?.key && !ctx.accountChildren) expected.push(need('lazyAccount'));
    expected.push(...expectedNews(event.user, ctx.account?.key ?? null, !!ctx.orderDraft, !!ctx.accountChildren));
    expect(after.context.user).toBe(event.user);
    // The page entry follows the session too (it decides what the next page needs).
    expected.push(sentTo('pageEntry', event));
  } else if (type === 'route.entering') expected = [sentTo('pageEntry', event)];
  else if (type === 'entry.askLogin') {
    const ask = { type: 'dialog.openLoginForPage', returnTo: event.returnTo };
    expected = [need('lazyDialogs'), tellTo('lazyDialogs', 'authDialogs', ask)];
  } else if (type === 'entry.needsDraft') expected = [need('lazyDraft')];
  else if (type === 'live.hint') {
    const own = (event.hint as any).kind === 'application' && ctx.account?.area === 'artist';
    expected = [sentTo('live', event), ...(own ? [sentTo('session', { type: 'user.reload' })] : [])];
  } else if (type.startsWith('screen.')) expected = [sentTo('live', event)];
  else if (type.startsWith('tab.')) expected = [sentTo('session', event)];
  else if (type.startsWith('dialog.') || type.startsWith('page.') || type === 'user.confirm') {
    const opens = type.startsWith('dialog.open') || type === 'page.opened';
    expected = [...(opens ? [need('lazyDialogs')] : []), tellTo('lazyDialogs', 'authDialogs', event)];
  } else if (type === 'artists.preselect') expected = [need('lazyDraft'), tellTo('lazyDraft', 'orderDraft', event)];
  else if (type === 'session.loggedOut')
    expected = [
      ...(ctx.orderDraft ? [] : [{ type: 'clearStoredDraft', params: undefined }]),
      tellTo('lazyDraft', 'orderDraft', event),
    ];
  // Signed out in another tab: the draft (started or held until it starts) keeps what this tab wrote.
  else if (type === 'session.endedElsewhere') expected = [tellTo('lazyDraft', 'orderDraft', event)];
  else if (type === 'player.load') expected = [need('lazyPlayer'), tellTo('lazyPlayer', 'player', event)];
  else if (type === 'child.failed') expected = [{ type: 'showLoadFailed', params: undefined }];
  else {
    // A part started: the views find it; the draft and the account's children hear who is signed in.
    const c = event.children as any;
    expect(after.context.orderDraft).toBe(c.orderDraft ?? ctx.orderDraft);
    expect(after.context.dialogs).toBe(c.authDialogs ?? ctx.dialogs);
    expect(after.context.player).toBe(c.player ?? ctx.player);
    if (c.notifications) expect(after.context.accountChildren.notifications).toBe(c.notifications);
    expected = expectedNews(ctx.user, null, !!c.orderDraft, !!c.notifications);
  }
  expect(actions).toEqual(expected);
}

describe('appMachine paths: the root passes each event to the child or part it is for', () => {
  const paths = getTransitionPaths(traversed, { events: rootEvents, input: startInput, serializeState });

  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    await runPath(path, startRoot, { states: { running: expectRunning }, serializeState, step: checkStep });
  });

  it('takes every transition', () => {
    expectAllTransitionsCovered(traversed, paths);
  });
});
