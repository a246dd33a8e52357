// The live routing: which open screen a change or a notification concerns, what each screen is sent,
// and how the app's root passes hints, session changes and other tabs' news to its children.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, createMachine, type EventObject, fromPromise } from 'xstate';
import type { AuthUser } from '../../contracts/auth';
import type { LiveChange } from '../../contracts/live';
import { accountOf, appMachine } from '../../machines/app.machine';
import {
  closedOfferMessage,
  concerns,
  hintFromChange,
  hintFromNotification,
  type LiveWatch,
} from '../../machines/live';
import { deliveryFor, liveRouterMachine } from '../../machines/live-router.machine';
import { tourMachine } from '../../machines/tour.machine';
import { artist, customer } from './fixtures';
import { expectAllStatesCovered, flush, getTransitionPaths } from './model';

const change = (c: LiveChange) => hintFromChange(c);
const accepted = change({ kind: 'order', id: 7, status: 'in_progress', reference: 'OR1007' });
const withdrawn = change({ kind: 'offer', id: 70, status: 'withdrawn', order_id: 7, reference: 'OR1007' });
const acceptedOffer = change({ kind: 'offer', id: 71, status: 'accepted', order_id: 7, reference: 'OR1007' });
const payout = change({ kind: 'payout', id: 3, status: 'paid', order_id: 9 });
const approved = change({ kind: 'application', id: 2, status: 'approved' });
const acceptedNote = hintFromNotification({
  type: 'accepted_by_artist',
  title: 'An artist accepted your order',
  body: 'Ana is now working on the song for Jo (OR1007).',
});
const approvedNote = hintFromNotification({
  type: 'application_approved',
  title: 'Application approved',
  body: 'Welcome aboard.',
});

const orderPage: LiveWatch = { kinds: ['order', 'offer', 'refund'], orderId: 7, reference: 'OR1007' };
const otherOrderPage: LiveWatch = { kinds: ['order', 'offer', 'refund'], orderId: 8, reference: 'OR1008' };
const orderHistory: LiveWatch = { kinds: ['order', 'offer', 'refund'] };
const payouts: LiveWatch = { kinds: ['payout'] };

describe('which screen a hint concerns', () => {
  it('an order page hears its own order by id or by reference, never another order', () => {
    expect(concerns(orderPage, accepted)).toBe(true);
    expect(concerns(orderPage, withdrawn)).toBe(true);
    expect(concerns(orderPage, acceptedNote)).toBe(true);
    expect(concerns(otherOrderPage, accepted)).toBe(false);
    expect(concerns(otherOrderPage, acceptedNote)).toBe(false);
    expect(concerns(orderPage, payout)).toBe(false);
    // Before it has loaded, the page knows only its id: a notification (reference only) cannot reach it.
    expect(concerns({ kinds: ['order'], orderId: 7 }, acceptedNote)).toBe(false);
  });

  it('a list hears every change of its kinds; a notification about an order reaches every order-related list', () => {
    expect(concerns(orderHistory, accepted)).toBe(true);
    expect(concerns(orderHistory, acceptedNote)).toBe(true);
    expect(concerns(orderHistory, payout)).toBe(false);
    expect(concerns(payouts, payout)).toBe(true);
    expect(concerns(payouts, accepted)).toBe(false);
    expect(concerns(payouts, acceptedNote)).toBe(true);
    expect(concerns(orderHistory, approved)).toBe(false);
    expect(concerns(orderHistory, approvedNote)).toBe(false);
  });

  it('reads a change and a notification into the same shape', () => {
    expect(withdrawn).toEqual({
      kind: 'offer',
      orderId: 7,
      reference: 'OR1007',
      status: 'withdrawn',
      source: 'change',
      offerId: 70,
    });
    expect(acceptedNote).toMatchObject({ kind: 'order', orderId: null, reference: 'OR1007', source: 'notification' });
    expect(approvedNote.kind).toBe('application');
    // A rejection too: the artist's profile, which shows the reason, reloads on it.
    const rejectedNote = hintFromNotification({
      type: 'application_rejected',
      title: 'Application needs changes',
      body: 'Our team asked for changes.',
    });
    expect(rejectedNote.kind).toBe('application');
    expect(concerns({ kinds: ['application'] }, rejectedNote)).toBe(true);
    expect(concerns(orderHistory, rejectedNote)).toBe(false);
  });

  it("says why an offer left the list when someone else closed it, and nothing for the artist's own answer", () => {
    expect(closedOfferMessage(withdrawn)).toBe(
      'The offer for order OR1007 was withdrawn: another artist accepted it or the customer cancelled it.',
    );
    expect(closedOfferMessage(change({ kind: 'offer', id: 1, status: 'expired', order_id: 7 }))).toBe(
      'The offer for an order expired before it was accepted.',
    );
    expect(closedOfferMessage(acceptedOffer)).toBeNull();
  });
});

describe('liveRouterMachine', () => {
  /** An actor that records what it is sent. */
  function screen() {
    const got: EventObject[] = [];
    const ref = createActor(createMachine({ on: { '*': { actions: ({ event }) => got.push(event) } } })).start();
    return { ref: ref as AnyActorRef, got };
  }

  function start() {
    const toasts: string[] = [];
    const router = createActor(
      liveRouterMachine.provide({ actions: { showInfoToast: (_, p) => toasts.push(p.message) } }),
    ).start();
    return { router, toasts };
  }

  it('sends each screen the event it asked for, only for hints that concern it, until it leaves', async () => {
    const { router, toasts } = start();
    const page = screen();
    const other = screen();
    const history = screen();
    router.send({ type: 'screen.watch', ref: page.ref, watch: orderPage, onChange: { type: 'live.changed' } });
    router.send({ type: 'screen.watch', ref: other.ref, watch: otherOrderPage, onChange: { type: 'live.changed' } });
    router.send({ type: 'screen.watch', ref: history.ref, watch: orderHistory, onChange: { type: 'user.refresh' } });
    router.send({ type: 'live.hint', hint: accepted });
    await flush();
    expect(page.got).toEqual([{ type: 'live.changed', hint: accepted }]);
    expect(other.got).toEqual([]);
    expect(history.got).toEqual([{ type: 'user.refresh', hint: accepted }]);

    router.send({ type: 'screen.unwatch', ref: page.ref });
    router.send({ type: 'live.hint', hint: acceptedNote });
    await flush();
    expect(page.got).toHaveLength(1);
    expect(history.got).toHaveLength(2);
    expect(toasts).toEqual([]);
  });

  it("a list of open offers takes out a closed offer's order, with one toast saying why", async () => {
    const { router, toasts } = start();
    const offers = screen();
    const ongoing = screen();
    router.send({
      type: 'screen.watch',
      ref: offers.ref,
      watch: { kinds: ['order', 'offer'] },
      onChange: { type: 'user.refresh' },
      removesClosedOffers: true,
    });
    router.send({
      type: 'screen.watch',
      ref: ongoing.ref,
      watch: { kinds: ['order', 'offer'] },
      onChange: { type: 'user.refresh' },
    });
    router.send({ type: 'live.hint', hint: withdrawn });
    await flush();
    expect(offers.got).toEqual([{ type: 'item.removed', id: 7 }]);
    expect(ongoing.got).toEqual([{ type: 'user.refresh', hint: withdrawn }]);
    expect(toasts).toEqual([closedOfferMessage(withdrawn)]);

    // The artist's own accept: the row goes, its own toast already said so.
    router.send({ type: 'live.hint', hint: acceptedOffer });
    await flush();
    expect(offers.got.at(-1)).toEqual({ type: 'item.removed', id: 7 });
    expect(toasts).toHaveLength(1);
    // A notification names no offer status: the list refetches.
    expect(
      deliveryFor(
        { ref: offers.ref, watch: { kinds: ['offer'] }, onChange: { type: 'user.refresh' }, removesClosedOffers: true },
        acceptedNote,
      ),
    ).toEqual({
      type: 'user.refresh',
      hint: acceptedNote,
    });
  });

  it('a screen that registers again replaces what it watched', async () => {
    const { router } = start();
    const page = screen();
    router.send({
      type: 'screen.watch',
      ref: page.ref,
      watch: { kinds: ['order'], orderId: 7 },
      onChange: { type: 'live.changed' },
    });
    router.send({ type: 'screen.watch', ref: page.ref, watch: orderPage, onChange: { type: 'live.changed' } });
    expect(router.getSnapshot().context.screens).toHaveLength(1);
    router.send({ type: 'live.hint', hint: acceptedNote });
    await flush();
    expect(page.got).toEqual([{ type: 'live.changed', hint: acceptedNote }]);
  });

  it('every transition is taken', () => {
    const page = screen();
    const paths = getTransitionPaths(liveRouterMachine, {
      events: [
        { type: 'screen.watch', ref: page.ref, watch: orderPage, onChange: { type: 'live.changed' } },
        { type: 'screen.unwatch', ref: page.ref },
        { type: 'live.hint', hint: accepted },
      ],
    });
    expect(new Set(paths.map((p) => p.steps.at(-1)?.event.type))).toEqual(
      new Set(['live.hint', 'screen.unwatch', 'screen.watch']),
    );
    expectAllStatesCovered(liveRouterMachine, paths);
  });
});

describe('appMachine: the root passes on what one child learns', () => {
  /** The root with a session that records what it is sent (the rest are the real, pure children). */
  function start(marked: () => Promise<unknown> = () => new Promise(() => {})) {
    const sessionGot: EventObject[] = [];
    const root = createActor(
      appMachine.provide({
        actors: {
          session: createMachine({ on: { '*': { actions: ({ event }) => sessionGot.push(event) } } }) as never,
          tour: tourMachine.provide({ actors: { markFirstLoginDone: fromPromise(marked) } }),
        },
      }),
      { input: { session: {}, orderDraft: {}, notifications: { canStream: false } } },
    ).start();
    const child = (id: string) => root.system.get(id) as AnyActorRef;
    return { root, sessionGot, child };
  }

  it('gives its long-lived children their systemIds', () => {
    const { child } = start();
    for (const id of [
      'session',
      'authDialogs',
      'orderDraft',
      'notifications',
      'artistGate',
      'onlineStatus',
      'live',
      'tour',
    ])
      expect(child(id)).toBeDefined();
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

  it("the same account again leaves the bell alone; a customer prefills the draft's gifter", async () => {
    const { root, child } = start();
    root.send({ type: 'session.changed', user: customer });
    await flush();
    expect(child('orderDraft').getSnapshot().context.forms.occasion.gifter_first_name).toBe(customer.first_name);
    const bell = child('notifications').getSnapshot();
    root.send({ type: 'session.changed', user: { ...customer, first_name: 'Annie' } });
    await flush();
    expect(child('notifications').getSnapshot().context).toBe(bell.context);
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
      // Nobody signed in: nothing is due.
      expect(child('tour').getSnapshot().value).toBe('done');
      root.send({ type: 'session.changed', user: firstLogin });
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
