// The live routing: which open screen a change or a notification concerns, and what each screen is
// sent. How the app's root passes hints on to it is in app.test.ts.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, createMachine, type EventObject } from 'xstate';
import type { LiveChange } from '../../contracts/live';
import { closedOfferMessage, concerns, type LiveWatch } from '../../machines/live';
import { hintFromChange, hintFromNotification } from '../../machines/live-hints';
import { deliveryFor, liveRouterMachine } from '../../machines/live-router.machine';
import { accepted, acceptedNote, approved, approvedNote, orderPage } from './live-fixtures';
import { expectAllStatesCovered, expectAllTransitionsCovered, flush, getTransitionPaths } from './model';

const change = (c: LiveChange) => hintFromChange(c);
const withdrawn = change({ kind: 'offer', id: 70, status: 'withdrawn', order_id: 7, reference: 'OR1007' });
const acceptedOffer = change({ kind: 'offer', id: 71, status: 'accepted', order_id: 7, reference: 'OR1007' });
const payout = change({ kind: 'payout', id: 3, status: 'paid', order_id: 9 });

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
    const offers = screen();
    const paths = getTransitionPaths(liveRouterMachine, {
      events: [
        { type: 'screen.watch', ref: page.ref, watch: orderPage, onChange: { type: 'live.changed' } },
        {
          type: 'screen.watch',
          ref: offers.ref,
          watch: { kinds: ['offer'] },
          onChange: { type: 'user.refresh' },
          removesClosedOffers: true,
        },
        { type: 'screen.unwatch', ref: page.ref },
        { type: 'live.hint', hint: accepted },
        { type: 'live.hint', hint: withdrawn },
      ],
    });
    expect(new Set(paths.map((p) => p.steps.at(-1)?.event.type))).toEqual(
      new Set(['live.hint', 'screen.unwatch', 'screen.watch']),
    );
    expectAllStatesCovered(liveRouterMachine, paths);
    expectAllTransitionsCovered(liveRouterMachine, paths);
  });
});
