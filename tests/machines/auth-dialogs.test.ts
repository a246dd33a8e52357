import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type EventObject, fromCallback } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { clientMessages, specMessages } from '../../contracts/messages';
import { type AuthDialogsEvent, authDialogsMachine, logoutIntents } from '../../machines/auth-dialogs.machine';
import { artist, customer } from './fixtures';
import {
  type ActionLog,
  describePath,
  distinctPaths,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
  sentTo,
  startWithPeers,
} from './model';

const prefill = { first_name: 'Cy', last_name: 'Diaz', email: 'cy@example.com' };

const events: AuthDialogsEvent[] = [
  { type: 'dialog.openLogin' },
  { type: 'dialog.openLoginAgain', returnTo: '/order/checkout' },
  { type: 'dialog.openLoginAgain', returnTo: null },
  { type: 'dialog.openLogin', returnTo: '/customer/account/orders/7' },
  // Someone signed out arrives at a customer's page (the root): the login leads back there.
  { type: 'dialog.openLoginForPage', returnTo: '/customer/account/orders/7' },
  { type: 'dialog.openSignUp' },
  { type: 'dialog.openSignUp', prefill },
  { type: 'dialog.openForgotPassword' },
  { type: 'dialog.openLogoutWarning', intent: 'application' },
  { type: 'dialog.openLogoutWarning', intent: 'artistLogin' },
  { type: 'dialog.openSignOutConfirm' },
  { type: 'dialog.close' },
  { type: 'user.confirm' },
  { type: 'login.succeeded', user: customer, userType: 'user' },
  // The sign-up form's: a new customer, signed in as by a login.
  { type: 'login.succeeded', user: customer, userType: 'user', firstVisit: true },
  { type: 'login.succeeded', user: artist, userType: 'artist' },
  { type: 'page.opened', form: 'login' },
  // A signed-out visit to an artist's page (the guard's `redirect`): the login leads back there.
  { type: 'page.opened', form: 'login', returnTo: '/artist/earnings' },
  { type: 'page.left', form: 'login' },
  { type: 'page.opened', form: 'forgot' },
  { type: 'page.left', form: 'forgot' },
];

/** The forms' machine in the test: what the modals and pages tell it is logged as `to:forms`. */
const formsRecorder = (log: ActionLog) =>
  fromCallback<EventObject>(({ receive, self }) => {
    receive((event) => {
      log.push(sentTo((self as AnyActorRef).id, event as EventObject & Record<string, unknown>));
    });
  });

/**
 * The dialogs beside a recorder in the session's place (signing out is an event the session receives),
 * with a recorder for their forms' machine and the two navigations after a login.
 */
function start(): Harness {
  const log: ActionLog = [];
  const machine = authDialogsMachine.provide({
    // The recorder stands in for the forms' machine (provide() expects a machine: hence the cast).
    actors: { forms: formsRecorder(log) as any },
    actions: recordingActions(['afterCustomerLogin', 'afterArtistLogin'], log),
  });
  return { actor: startWithPeers(machine, { peers: ['session'], log }), fakes: new FakeCalls(), log };
}

const toForm = (form: string, signal: EventObject & Record<string, unknown>) =>
  sentTo('forms', { type: 'form.signal', form, signal });
const needForms = sentTo('forms', { type: 'forms.needed' });
/** The modals that show a form: entering one asks for the forms (their code loads with the first). */
const withForm = new Set(['login', 'loginAgain', 'signUp', 'forgotPassword']);

/**
 * What the forms' machine hears on a step from `before` to `after`: a modal left, a modal entered, a
 * page's signal, each told to its form, and the forms asked for by each modal or page that shows one.
 */
function formSignals(event: EventObject & Record<string, unknown>, before: any, after: any) {
  const was = before.value as string;
  const now = after.value as string;
  // Opening the modal that is open enters it afresh (its form resets as on any other opening).
  const opens: Record<string, string> = {
    'dialog.openLogin': 'login',
    'dialog.openLoginAgain': 'loginAgain',
    'dialog.openSignUp': 'signUp',
    'dialog.openForgotPassword': 'forgotPassword',
    'dialog.openLogoutWarning': 'logoutWarning',
    'dialog.openSignOutConfirm': 'signOutConfirm',
  };
  const changed = was !== now || opens[event.type] === now;
  const signals: ActionLog = [];
  if (changed) {
    if (was === 'login' || was === 'loginAgain') signals.push(toForm('login', { type: 'dialog.closed' }));
    if (was === 'signUp') signals.push(toForm('signUp', { type: 'dialog.closed' }));
    if (was === 'forgotPassword') signals.push(toForm('forgot', { type: 'dialog.closed' }));
  }
  // docs/product.md §4 Social registration return: the form starts from the decoded names and email.
  if (event.type === 'dialog.openSignUp' && event.prefill)
    signals.push(toForm('signUp', { type: 'form.prefill', ...(event.prefill as object) }));
  if (changed && withForm.has(now)) signals.push(needForms);
  if (changed && now === 'forgotPassword') signals.push(toForm('forgot', { type: 'dialog.opened' }));
  if (event.type === 'page.opened') signals.push(needForms);
  if (event.type === 'page.opened' || event.type === 'page.left')
    signals.push(
      toForm(event.form === 'login' ? 'artistLogin' : 'artistForgot', {
        type: event.type === 'page.opened' ? 'dialog.opened' : 'dialog.closed',
      }),
    );
  return signals;
}

const opens = (s: any) => ({
  login: s.can({ type: 'dialog.openLogin' }),
  close: s.can({ type: 'dialog.close' }),
  confirm: s.can({ type: 'user.confirm' }),
});

const stateExpectations: Record<string, (s: any) => void> = {
  closed: (s) => {
    expect(s.hasTag('open')).toBe(false);
    expect(s.context.message).toBeNull();
    expect(s.context.intent).toBeNull();
    expect(opens(s)).toEqual({ login: true, close: false, confirm: false });
  },
  login: (s) => {
    expect(s.hasTag('open')).toBe(true);
    expect(s.context.message).toBeNull();
    expect(opens(s)).toEqual({ login: true, close: true, confirm: false });
  },
  loginAgain: (s) => {
    // docs/product.md §4 Session reset: the login modal says why; where to go back to is kept for after the login.
    expect(s.hasTag('open')).toBe(true);
    expect(s.context.message).toBe(clientMessages.sessionExpired);
    expect([null, '/order/checkout']).toContain(s.context.returnTo);
    expect(opens(s)).toEqual({ login: true, close: true, confirm: false });
  },
  signUp: (s) => {
    expect(s.hasTag('open')).toBe(true);
    expect(s.context.message).toBeNull();
    expect(opens(s)).toEqual({ login: true, close: true, confirm: false });
  },
  forgotPassword: (s) => {
    expect(s.hasTag('open')).toBe(true);
    expect(s.context.message).toBeNull();
    expect(opens(s)).toEqual({ login: true, close: true, confirm: false });
  },
  logoutWarning: (s) => {
    expect(s.hasTag('open')).toBe(true);
    expect(['application', 'artistLogin']).toContain(s.context.intent);
    // docs/product.md §2 Footer, word for word.
    expect(s.context.message).toBe(
      s.context.intent === 'application'
        ? 'You need to logout to start a new artist application. Would you like to proceed with a new application?'
        : 'You need to logout to login as an artist. Would you like to continue?',
    );
    expect(opens(s)).toEqual({ login: true, close: true, confirm: true });
  },
  signOutConfirm: (s) => {
    expect(s.hasTag('open')).toBe(true);
    expect(s.context.message).toBe('Are you sure you want to end your session?');
    expect(opens(s)).toEqual({ login: true, close: true, confirm: true });
  },
};

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  const toForms = actions.filter((a) => a.type === 'to:forms');
  const others = actions.filter((a) => !toForms.includes(a));
  expect(toForms).toEqual(formSignals(event, before, after));
  if (event.type === 'user.confirm' && before.matches('logoutWarning')) {
    const path = before.context.intent === 'application' ? '/artist/application' : '/artist/login';
    expect(others).toEqual([sentTo('session', { type: 'user.signOut', redirectTo: path })]);
  } else if (event.type === 'user.confirm' && before.matches('signOutConfirm')) {
    expect(others).toEqual([sentTo('session', { type: 'user.signOut' })]);
  } else if (event.type === 'login.succeeded' && event.userType === 'artist') {
    // The artist's login page leads to the dashboard; any open modal closes.
    expect(others).toEqual([
      { type: 'afterArtistLogin', params: { user: artist, returnTo: before.context.artistReturnTo } },
    ]);
    expect(after.matches('closed')).toBe(true);
  } else if (event.type === 'login.succeeded') {
    // docs/product.md §4 Customer login: the modal closes and leads on, back to a checkout the login-again modal kept;
    // after a sign-up the same way, with a first welcome.
    expect(others).toEqual([
      {
        type: 'afterCustomerLogin',
        params: { user: customer, returnTo: before.context.returnTo, firstVisit: event.firstVisit === true },
      },
    ]);
    expect(after.matches('closed')).toBe(true);
  } else {
    expect(others).toEqual([]);
  }
  if (event.type === 'user.confirm' && before.can(event)) expect(after.matches('closed')).toBe(true);
  // A modal already open (the session reset's) says what to do: an arrival's login does not replace it.
  if (event.type === 'dialog.openLoginForPage')
    expect(after.value).toBe(before.matches('closed') ? 'login' : before.value);
  // Only the login modals remember where to go back to; leaving them forgets it.
  if (after.matches('loginAgain'))
    expect(after.context.returnTo).toBe(
      event.type === 'dialog.openLoginAgain' ? event.returnTo : before.context.returnTo,
    );
  else if (after.matches('login'))
    expect(after.context.returnTo).toBe(
      event.type === 'dialog.openLogin' || (event.type === 'dialog.openLoginForPage' && before.matches('closed'))
        ? (event.returnTo ?? null)
        : before.context.returnTo,
    );
  else expect(after.context.returnTo).toBeNull();
  // The artist's login page keeps the page a signed-out visit asked for while it is open, until a login.
  if (event.type === 'page.opened') expect(after.context.artistReturnTo).toBe(event.returnTo ?? null);
  else if (event.type === 'page.left' || (event.type === 'login.succeeded' && event.userType === 'artist'))
    expect(after.context.artistReturnTo).toBeNull();
  else expect(after.context.artistReturnTo).toBe(before.context.artistReturnTo);
  if (event.type === 'dialog.openSignUp') expect(after.context.prefill).toEqual(event.prefill ?? null);
  else expect(after.context.prefill).toEqual(before.context.prefill);
}

describe('authDialogsMachine: model-based paths', () => {
  // Every transition of every reachable state, each after the shortest path to its source.
  const seen = new Set<string>();
  const shortest = getTransitionPaths(authDialogsMachine, { events }, seen);
  // And, from the simple paths (no state twice), one into each confirmation modal from every other
  // modal: those that take a step the transition paths did not.
  const intoConfirmationsAll = [
    ...new Map(
      getSimplePaths(authDialogsMachine, {
        events: events.filter(
          (e) =>
            !(e.type === 'dialog.openSignUp' && e.prefill) &&
            e.type !== 'login.succeeded' &&
            !e.type.startsWith('page.'),
        ),
      })
        .filter((p) => p.state.matches('logoutWarning') || p.state.matches('signOutConfirm'))
        .sort((a, b) => a.steps.length - b.steps.length)
        .map((p) => [JSON.stringify([p.state.value, p.state.context.intent, p.steps.at(-2)?.state.value]), p] as const)
        .reverse(),
    ).values(),
  ];
  const intoConfirmations = distinctPaths(authDialogsMachine, intoConfirmationsAll, { seen });

  it('takes every transition', () => expectAllTransitionsCovered(authDialogsMachine, shortest));
  it('reaches every state', () => {
    expectAllStatesCovered(authDialogsMachine, shortest);
  });
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(authDialogsMachine).sort());
  });
  it('generates a path through each confirmation', () => {
    // One confirmation per modal: the other intent is a context variant of the same transition, played
    // by the docs/product.md §2 rules below.
    const confirmed = shortest
      .filter((p) => p.steps.at(-1)?.event.type === 'user.confirm')
      .map((p) => `${p.steps.at(-2)?.state.value}`);
    expect([...new Set(confirmed)].sort()).toEqual(['logoutWarning', 'signOutConfirm']);
    // Each warning from the 6 other states and from the other warning; the sign-out confirmation from the 6 others.
    expect(intoConfirmationsAll).toHaveLength(7 + 7 + 6);
  });

  for (const path of [...shortest, ...intoConfirmations]) {
    it(describePath(path), async () => {
      await runPath(path, start, { states: stateExpectations, step: stepExpectations });
    });
  }
});

describe('authDialogsMachine: docs/product.md §2', () => {
  it('maps each footer intent to its sentence and destination', () => {
    expect(logoutIntents).toEqual({
      application: { message: specMessages.logoutForApplication, path: '/artist/application' },
      artistLogin: { message: specMessages.logoutForArtistLogin, path: '/artist/login' },
    });
  });

  it('Logout on the application warning signs out and goes to /artist/application', () => {
    const h = start();
    h.actor.send({ type: 'dialog.openLogoutWarning', intent: 'application' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.log).toEqual([sentTo('session', { type: 'user.signOut', redirectTo: '/artist/application' })]);
    expect(h.actor.getSnapshot().value).toBe('closed');
  });

  it('Logout on the artist-login warning signs out and goes to /artist/login', () => {
    const h = start();
    h.actor.send({ type: 'dialog.openLogoutWarning', intent: 'artistLogin' });
    h.actor.send({ type: 'user.confirm' });
    expect(h.log).toEqual([sentTo('session', { type: 'user.signOut', redirectTo: '/artist/login' })]);
    expect(h.actor.getSnapshot().value).toBe('closed');
  });

  it('Cancel closes the warning without signing out', () => {
    const h = start();
    h.actor.send({ type: 'dialog.openLogoutWarning', intent: 'artistLogin' });
    h.actor.send({ type: 'dialog.close' });
    expect(h.log).toEqual([]);
    expect(h.actor.getSnapshot().context).toMatchObject({ message: null, intent: null });
  });

  it('keeps a social sign-up prefill while the modals switch', () => {
    const h = start();
    h.actor.send({ type: 'dialog.openSignUp', prefill });
    h.actor.send({ type: 'dialog.openLogin' });
    h.actor.send({ type: 'dialog.close' });
    expect(h.actor.getSnapshot().context.prefill).toEqual(prefill);
  });

  it('registration success opens the login modal (the app sends dialog.openLogin)', () => {
    const h = start();
    h.actor.send({ type: 'dialog.openSignUp' });
    h.actor.send({ type: 'dialog.openLogin' });
    expect(h.actor.getSnapshot().value).toBe('login');
  });
});
