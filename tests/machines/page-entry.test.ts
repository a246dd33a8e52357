// What a page that opens needs (docs/product.md §2): the login modal for someone signed out arriving at a
// customer page, the customer's draft for an order step; decided once the session's check of a sign-in is done.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, createActor, setup } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import type { PageEntry } from '../../machines/app.types';
import { type PageEntryEvent, pageEntryMachine } from '../../machines/page-entry.machine';
import { artist, customer } from './fixtures';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  runPath,
  type StepCheck,
} from './model';

// ---- The expectation model, written from the rules independently of the machine ---------------------
// While the session checks a sign-in, a page that opens waits (the newest one only) and is decided when
// the check ends, with whoever is signed in then. A decision: nobody signed in arriving (a link, an
// address, a reload — not a check in place) at a page that needs a customer → the login, leading back
// to the page; a signed-in customer on one of the five order steps → their draft.

const orderSteps = ['/order/occasion', '/order/song', '/order/story', '/order/review', '/order/checkout'];

/** What the model remembers across the steps of one path. */
interface Reference {
  checking: boolean;
  user: AuthUser | null;
  waiting: PageEntry | null;
}

/** What the parent hears when `page` is decided for `user`. */
function decide(page: PageEntry, user: AuthUser | null): ActionLog {
  if (page.arriving && page.needs === 'user' && user === null)
    return [toParent({ type: 'entry.askLogin', returnTo: page.href })];
  // A guest writes the brief without a wall (issue 27); an artist orders nothing.
  if (user?.type !== 'artist' && orderSteps.includes(page.route)) return [toParent({ type: 'entry.needsDraft' })];
  return [];
}

/** Plays `event` on the model: what the parent should hear. */
function expectedReports(ref: Reference, event: PageEntryEvent): ActionLog {
  if (event.type === 'session.changed') {
    if (event.checking) {
      ref.checking = true;
      return [];
    }
    const waiting = ref.waiting;
    Object.assign(ref, { checking: false, user: event.user, waiting: null });
    return waiting ? decide(waiting, event.user) : [];
  }
  const { type: _, ...page } = event;
  if (!ref.checking) return decide(page, ref.user);
  ref.waiting = page;
  return [];
}

const toParent = (event: { type: string } & Record<string, unknown>) => ({ type: 'to:parent', params: event });

// ---- The harness: the machine under a parent that records what it hears -----------------------------

const page = (href: string, needs: PageEntry['needs'], arriving = true): PageEntryEvent => ({
  type: 'route.entering',
  href,
  route: href.split('?')[0] ?? href,
  needs,
  arriving,
});
const customerPage = page('/customer/account?tab=1', 'user');
// The brief's steps need no login (a guest writes it); checkout does.
const orderStep = page('/order/song', null);
const checkoutStep = page('/order/checkout', 'user');

const events: PageEntryEvent[] = [
  { type: 'session.changed', user: null },
  { type: 'session.changed', user: null, checking: true },
  { type: 'session.changed', user: customer },
  { type: 'session.changed', user: artist },
  customerPage,
  // The same page checked again in place (a change of session re-runs the guards): nobody arrives.
  page('/customer/account?tab=1', 'user', false),
  orderStep,
  checkoutStep,
  page('/artist/earnings', 'artist'),
  page('/artists', null),
];

interface EntryHarness extends Harness {
  reference: Reference;
}

function start(): EntryHarness {
  const log: ActionLog = [];
  const parent = createActor(
    setup({ actors: { pageEntry: pageEntryMachine } }).createMachine({
      invoke: { id: 'pageEntry', src: 'pageEntry' },
      on: { '*': { actions: ({ event }) => log.push(toParent(event)) } },
    }),
  ).start();
  const actor = parent.getSnapshot().children.pageEntry as AnyActorRef;
  actor.stop = () => {
    parent.stop();
    return actor;
  };
  return { actor, fakes: new FakeCalls(), log, reference: { checking: false, user: null, waiting: null } };
}

const states: Record<string, (s: any) => void> = {
  settled: (s) => expect(s.context.waitingPage).toBeNull(),
  checking: (s) => expect(s.context.waitingPage).toBeNull(),
  pageWaiting: (s) => expect(s.context.waitingPage).not.toBeNull(),
};

function step({ harness, event, after, actions }: StepCheck<EntryHarness>): void {
  const ref = harness.reference;
  expect(actions).toEqual(expectedReports(ref, event as PageEntryEvent));
  // The model and the machine agree on where things stand.
  expect(after.value).toBe(ref.checking ? (ref.waiting ? 'pageWaiting' : 'checking') : 'settled');
  if (ref.waiting) expect(after.context.waitingPage).toMatchObject({ ...ref.waiting });
}

describe('pageEntryMachine: model-based paths', () => {
  // Traversed without a parent: its reports become no-ops there (the paths run under one).
  const machine = pageEntryMachine.provide({ actions: { askLogin: () => {}, needDraft: () => {} } });
  const paths = getTransitionPaths(machine, { events });
  it('takes every transition', () => expectAllTransitionsCovered(machine, paths));
  it('reaches every state', () => expectAllStatesCovered(machine, paths));
  it('has expectations for every state', () =>
    expect(Object.keys(states).sort()).toEqual(leafStateKeys(machine).sort()));
  for (const path of paths) {
    it(describePath(path), async () => {
      await runPath(path, start, { states, step });
    });
  }
});

describe('pageEntryMachine: rules', () => {
  const send = (h: EntryHarness, ...sent: PageEntryEvent[]) => {
    for (const event of sent) h.actor.send(event);
    return h.log.map((entry) => entry.params);
  };

  it('someone signed out arriving at a customer page is asked to log in, leading back to it', () => {
    const h = start();
    expect(send(h, { type: 'session.changed', user: null }, customerPage)).toEqual([
      { type: 'entry.askLogin', returnTo: '/customer/account?tab=1' },
    ]);
  });

  it('a preload or a check in place (not arriving) asks nothing; an artist or public page asks nothing', () => {
    const h = start();
    expect(
      send(h, page('/customer/account', 'user', false), page('/artist/earnings', 'artist'), page('/', null)),
    ).toEqual([]);
  });

  it('a signed-in customer opening an order step needs the draft; an artist or a customer page does not', () => {
    expect(send(start(), { type: 'session.changed', user: customer }, orderStep, customerPage)).toEqual([
      { type: 'entry.needsDraft' },
    ]);
    expect(send(start(), { type: 'session.changed', user: artist }, orderStep)).toEqual([]);
  });

  it('a guest opening a step of the brief needs the draft, with no login asked; checkout asks for the login', () => {
    expect(send(start(), { type: 'session.changed', user: null }, orderStep)).toEqual([{ type: 'entry.needsDraft' }]);
    expect(send(start(), { type: 'session.changed', user: null }, checkoutStep)).toEqual([
      { type: 'entry.askLogin', returnTo: '/order/checkout' },
    ]);
  });

  it('a page that opens during the check is decided after it, with the settled user', () => {
    const signedIn = start();
    expect(send(signedIn, { type: 'session.changed', user: null, checking: true }, orderStep)).toEqual([]);
    expect(send(signedIn, { type: 'session.changed', user: customer })).toEqual([{ type: 'entry.needsDraft' }]);
    // The check found nobody: the arrival at checkout asks for the login leading back there.
    const signedOut = start();
    send(signedOut, { type: 'session.changed', user: null, checking: true }, checkoutStep);
    expect(send(signedOut, { type: 'session.changed', user: null })).toEqual([
      { type: 'entry.askLogin', returnTo: '/order/checkout' },
    ]);
  });

  it('a newer page replaces a waiting one; a check still going on decides nothing', () => {
    const h = start();
    send(h, { type: 'session.changed', user: null, checking: true }, orderStep, customerPage);
    expect(send(h, { type: 'session.changed', user: customer, checking: true })).toEqual([]);
    expect(send(h, { type: 'session.changed', user: null })).toEqual([
      { type: 'entry.askLogin', returnTo: '/customer/account?tab=1' },
    ]);
    // Decided once: the next session change decides nothing more.
    expect(send(h, { type: 'session.changed', user: null })).toHaveLength(1);
  });
});
