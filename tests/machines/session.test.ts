import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AuthUser, RefreshAnswer, UserType } from '../../contracts/account';
import { serverMessages } from '../../contracts/server-messages';
import { connectSession, isSessionSettled, isSignedInAs } from '../../machines/session.connect';
import { refreshDelayMs, type SessionEvent, type SessionInput, sessionMachine } from '../../machines/session.machine';
import type { SessionCallInput } from '../../machines/session.types';
import { isTokenExpired, isTokenValid, isTokenWellFormed, tokenExpiresAt } from '../../machines/token';
import { artist, customer, makeToken, socialCustomer, tokenWithPayload } from './fixtures';
import {
  type ActionLog,
  describePath,
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
  transientStateKeys,
  types,
} from './model';

const DAY = 24 * 60 * 60;

const storedToken = makeToken(DAY, 'stored');
const expiredToken = makeToken(-DAY, 'expired');
const customerLoginToken = makeToken(DAY, 'login-user');
const artistLoginToken = makeToken(DAY, 'login-artist');
const refreshedToken = makeToken(2 * DAY, 'refreshed');
const socialToken = makeToken(DAY, 'social');

const appActions = [
  'persistSession',
  'clearStoredSession',
  'goHome',
  'goTo',
  'goToArtistLogin',
  'goToCustomerAccount',
  'replaceWithHome',
  'broadcast',
] as const;
/** What the session tells the app (recorders in the root's and its children's places): the draft ends, the login-again modal. */
const clearDraft = sentTo('app', { type: 'session.loggedOut' });
/** Signed out in another tab: this tab's draft is kept for the same account's next sign-in (issue 27). */
const keepDraft = sentTo('app', { type: 'session.endedElsewhere' });
// The login-again modal is asked for through the root: the modals may not have started yet.
const offerLoginAgain = (returnTo: string | null) => sentTo('app', { type: 'dialog.openLoginAgain', returnTo });
const navigationActions = new Set(['goHome', 'goTo', 'goToArtistLogin', 'goToCustomerAccount', 'replaceWithHome']);

interface Stored {
  token: string | null;
  user: AuthUser | null;
  userType: string | null;
}

interface SessionHarness extends Harness {
  storage: Stored;
  /** Where the last write kept the session: across visits (true) or in this tab only (false, "Remember me" off). */
  storedRemember: boolean | null;
  location: string;
}

/** A live session actor whose storage and router are in-memory, as the app would provide them. */
function startSession(input: SessionInput, location = '/somewhere'): SessionHarness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const recorded = recordingActions(appActions, log);
  const harness = {
    fakes,
    log,
    storage: { token: input.token ?? null, user: input.user ?? null, userType: input.userType ?? null },
    storedRemember: null,
    location,
  } as SessionHarness;
  const machine = sessionMachine.provide({
    actors: {
      fetchMe: fakes.actor<AuthUser, SessionCallInput>('fetchMe'),
      refreshToken: fakes.actor<RefreshAnswer, SessionCallInput>('refreshToken'),
      logout: fakes.actor<unknown, SessionCallInput>('logout'),
    },
    actions: {
      ...recorded,
      persistSession: (args, params) => {
        recorded.persistSession(args, params);
        const { remember, ...stored } = params as Stored & { remember: boolean };
        harness.storage = stored;
        harness.storedRemember = remember;
      },
      clearStoredSession: (args, params) => {
        recorded.clearStoredSession(args, params);
        harness.storage = { ...harness.storage, token: null, user: null };
      },
      goHome: (args, params) => {
        recorded.goHome(args, params);
        harness.location = '/';
      },
      goTo: (args, params) => {
        recorded.goTo(args, params);
        harness.location = (params as { path: string }).path;
      },
      goToArtistLogin: (args, params) => {
        recorded.goToArtistLogin(args, params);
        harness.location = '/artist/login';
      },
      goToCustomerAccount: (args, params) => {
        recorded.goToCustomerAccount(args, params);
        harness.location = '/customer/account';
      },
      replaceWithHome: (args, params) => {
        recorded.replaceWithHome(args, params);
        harness.location = '/';
      },
    },
  });
  harness.actor = startWithPeers(machine, { peers: ['app'], log, input });
  return harness;
}

const userFor = (userType: UserType | null, token: string | null) =>
  token === socialToken ? socialCustomer : userType === 'artist' ? artist : customer;

/** The events of the model: user and app events, plus the results of the three actors and the timer. */
function modelEvents(snapshot: { context: { userType: UserType | null; token: string | null } }) {
  const { userType, token } = snapshot.context;
  return [
    { type: 'session.signedIn', token: customerLoginToken, user: customer, userType: 'user', remember: true },
    { type: 'session.signedIn', token: customerLoginToken, user: customer, userType: 'user', remember: false },
    { type: 'session.signedIn', token: artistLoginToken, user: artist, userType: 'artist', remember: true },
    { type: 'user.signOut' },
    { type: 'user.signOut', redirectTo: '/artist/login' },
    { type: 'http.unauthorized', checkoutPending: false, routeName: 'artist.profile' },
    { type: 'http.unauthorized', checkoutPending: true, routeName: 'order.checkout' },
    { type: 'social.loginReturned', value: socialToken },
    { type: 'social.loginReturned', value: 'not-a-token' },
    { type: 'user.updated', user: { is_online: 1, is_first_time_login: 0 } },
    { type: 'user.reload' },
    { type: 'account.deactivated' },
    // Another tab of the browser (it has written storage already).
    { type: 'tab.signedIn', token: customerLoginToken, user: customer, userType: 'user', remember: false },
    { type: 'tab.signedIn', token: artistLoginToken, user: artist, userType: 'artist', remember: true },
    { type: 'tab.refreshed', token: refreshedToken, user: userFor(userType, token) },
    { type: 'tab.signedOut' },
    { type: 'xstate.done.actor.fetchMe', output: userFor(userType, token) },
    { type: 'xstate.error.actor.fetchMe', error: { status: 500, message: serverMessages.serverError } },
    {
      type: 'xstate.done.actor.refreshToken',
      output: { token: refreshedToken, user: userFor(userType, token), message: serverMessages.refreshed },
    },
    { type: 'xstate.error.actor.refreshToken', error: { status: 401, message: serverMessages.unauthenticated } },
    { type: 'xstate.done.actor.logout', output: { message: serverMessages.loggedOut } },
    { type: 'xstate.error.actor.logout', error: { status: 401, message: serverMessages.unauthenticated } },
    { type: 'xstate.after.refreshLead.session.withToken.authenticated.active' },
  ] as SessionEvent[];
}

const starts: Record<string, SessionInput> = {
  'a valid stored customer token': { token: storedToken, user: customer, userType: 'user' },
  'a valid stored artist token': { token: storedToken, user: artist, userType: 'artist' },
  'an expired stored artist token': { token: expiredToken, user: artist, userType: 'artist' },
  'nothing stored': {},
};

const unauthorized = (pending: boolean, routeName: string) =>
  ({ type: 'http.unauthorized', checkoutPending: pending, routeName }) as const;

// What each state promises the app, whatever path led there.
const stateExpectations: Record<string, (s: any, h: SessionHarness) => void> = {
  signedOut: (s, h) => {
    expect(s.context.token).toBeNull();
    expect(s.context.user).toBeNull();
    expect(s.hasTag('authenticated')).toBe(false);
    expect(s.hasTag('busy')).toBe(false);
    expect(s.can({ type: 'user.signOut' })).toBe(false);
    expect(s.can({ type: 'user.updated', user: {} })).toBe(false);
    expect(s.can(unauthorized(false, 'home'))).toBe(false);
    expect(s.can({ type: 'session.signedIn', token: customerLoginToken, user: customer, userType: 'user' })).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
  },
  'withToken.loadingUser': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.hasTag('authenticated')).toBe(false);
    expect(isTokenValid(s.context.token, Date.now())).toBe(true);
    expect(s.can({ type: 'user.signOut' })).toBe(false);
    expect([...h.fakes.pending.keys()]).toEqual(['fetchMe']);
    expect(h.fakes.pending.get('fetchMe')?.input).toEqual({ token: s.context.token, userType: s.context.userType });
  },
  loadingSocialUser: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.context).toMatchObject({ token: socialToken, user: null, userType: 'user' });
    // docs/product.md §4: the user type and the token are stored before the current user is loaded.
    expect(h.storage).toEqual({ token: socialToken, user: null, userType: 'user' });
    expect([...h.fakes.pending.keys()]).toEqual(['fetchMe']);
    expect(h.fakes.pending.get('fetchMe')?.input).toEqual({ token: socialToken, userType: 'user' });
  },
  'withToken.refreshing': (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.hasTag('authenticated')).toBe(false);
    expect(isTokenExpired(s.context.token, Date.now())).toBe(true);
    expect([...h.fakes.pending.keys()]).toEqual(['refreshToken']);
    expect(h.fakes.pending.get('refreshToken')?.input).toEqual({
      token: s.context.token,
      userType: s.context.userType,
    });
  },
  'withToken.authenticated.active': (s, h) => {
    expect(s.hasTag('authenticated')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.user).not.toBeNull();
    expect(s.context.userType).not.toBeNull();
    expect(isTokenValid(s.context.token, Date.now())).toBe(true);
    expect(s.can({ type: 'user.signOut' })).toBe(true);
    expect(s.can({ type: 'user.updated', user: {} })).toBe(true);
    expect(s.can(unauthorized(false, 'home'))).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
  },
  'withToken.authenticated.reloadingUser': (s, h) => {
    // An approval or rejection: the user again, still signed in (menus and guards keep working).
    expect(s.hasTag('authenticated')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(s.context.user).not.toBeNull();
    expect([...h.fakes.pending.keys()]).toEqual(['fetchMe']);
    expect(h.fakes.pending.get('fetchMe')?.input).toEqual({ token: s.context.token, userType: s.context.userType });
  },
  'withToken.authenticated.renewing': (s, h) => {
    expect(s.hasTag('authenticated')).toBe(true);
    expect(s.hasTag('busy')).toBe(false);
    expect(isTokenValid(s.context.token, Date.now())).toBe(true);
    expect([...h.fakes.pending.keys()]).toEqual(['refreshToken']);
    expect(h.fakes.pending.get('refreshToken')?.input).toEqual({
      token: s.context.token,
      userType: s.context.userType,
    });
  },
  signingOut: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(s.hasTag('authenticated')).toBe(false);
    expect(s.can({ type: 'user.signOut' })).toBe(false);
    expect([...h.fakes.pending.keys()]).toEqual(['logout']);
    expect(h.fakes.pending.get('logout')?.input).toEqual({ token: s.context.token, userType: s.context.userType });
  },
};

/** Where each step may navigate, by docs/product.md §4 (Logout, Session reset, Social login return); nowhere otherwise. */
function expectedNavigation({ event, before }: StepCheck<SessionHarness>): string[] {
  const handled = before.can(event);
  switch (event.type) {
    case 'http.unauthorized': {
      if (!handled) return [];
      if (before.matches('loadingSocialUser')) return ['replaceWithHome'];
      const keepsArtist = event.checkoutPending === true && event.routeName === 'order.checkout';
      return before.context.userType === 'artist' && !keepsArtist ? ['goToArtistLogin'] : [];
    }
    case 'social.loginReturned':
      return handled && event.value !== socialToken ? ['replaceWithHome'] : [];
    case 'xstate.done.actor.fetchMe':
      return before.matches('loadingSocialUser') ? ['goToCustomerAccount'] : [];
    case 'xstate.error.actor.fetchMe':
      return before.matches('loadingSocialUser') ? ['replaceWithHome'] : [];
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
      return before.context.redirectAfterSignOut ? ['goTo'] : ['goHome'];
    default:
      return [];
  }
}

/** What this tab tells the others for a step: sign-in, renewal and sign-out here; nothing for what another tab did. */
function expectedBroadcast({ event, before, after }: StepCheck<SessionHarness>): string[] {
  if (event.type.startsWith('tab.')) return [];
  if (event.type === 'session.signedIn' && before.can(event)) return ['signedIn'];
  if (event.type === 'xstate.done.actor.refreshToken') return ['refreshed'];
  if (event.type === 'xstate.done.actor.logout' || event.type === 'xstate.error.actor.logout') return ['signedOut'];
  if (event.type === 'account.deactivated' && after.matches('signedOut') && !before.matches('signedOut'))
    return ['signedOut'];
  return [];
}

function stepExpectations(check: StepCheck<SessionHarness>): void {
  const { harness, event, before, after, actions } = check;
  const broadcasts = actions.filter((a) => a.type === 'broadcast').map((a) => (a.params as { kind: string }).kind);
  expect(broadcasts).toEqual(expectedBroadcast(check));
  if (event.type.startsWith('tab.') && before.can(event)) {
    // The other tab wrote storage: this one only follows it, and writes nothing.
    expect(types(actions)).not.toContain('persistSession');
    expect(types(actions)).not.toContain('clearStoredSession');
    if (event.type === 'tab.signedOut') {
      expect(after.matches('signedOut')).toBe(true);
      harness.storage = { ...harness.storage, token: null, user: null };
    } else {
      expect(after.context.token).toBe(event.token);
      expect(after.hasTag('authenticated')).toBe(true);
      harness.storage = { token: after.context.token, user: after.context.user, userType: after.context.userType };
    }
  }
  // "Remember me": every write keeps the session where the sign-in asked (a tab's sign-in, where that tab kept it).
  if (types(actions).includes('persistSession')) expect(harness.storedRemember).toBe(after.context.remember);
  if (event.type === 'session.signedIn' && before.can(event)) {
    expect(after.context.remember).toBe(event.remember);
    const told = actions.find((a) => a.type === 'broadcast')?.params as { remember?: boolean } | undefined;
    expect(told?.remember).toBe(event.remember);
  }
  if (event.type === 'tab.signedIn' && before.can(event)) expect(after.context.remember).toBe(event.remember);
  // Storage always mirrors the session: what the app reloads is what it had.
  expect(harness.storage).toEqual({
    token: after.context.token,
    user: after.context.user,
    userType: after.context.userType,
  });
  expect(types(actions).filter((t) => navigationActions.has(t))).toEqual(expectedNavigation(check));
  if (event.type === 'xstate.done.actor.logout' || event.type === 'xstate.error.actor.logout') {
    // docs/product.md §4 Logout: whatever the server answers, state and draft are cleared, then / (or the footer's target).
    expect(actions).toContainEqual(clearDraft);
    expect(harness.location).toBe(before.context.redirectAfterSignOut ?? '/');
    expect(after.matches('signedOut')).toBe(true);
  } else if (
    (event.type === 'account.deactivated' || event.type === 'tab.signedOut') &&
    before.can(event) &&
    !before.matches('signedOut')
  ) {
    // Deactivated here: the session and the draft end. Signed out in another tab: the session ends, this
    // tab's draft and typed text are kept for the next sign-in (issue 27). Neither navigates.
    expect(actions).toContainEqual(event.type === 'tab.signedOut' ? keepDraft : clearDraft);
    expect(actions).not.toContainEqual(event.type === 'tab.signedOut' ? clearDraft : keepDraft);
    expect(after.matches('signedOut')).toBe(true);
    expect(harness.storage.token).toBeNull();
  } else {
    expect(actions).not.toContainEqual(clearDraft);
  }
  const loginAgain = actions.filter(
    (a) => a.type === 'to:app' && (a.params as { type: string }).type === 'dialog.openLoginAgain',
  );
  if (event.type === 'http.unauthorized' && before.can(event) && before.matches('withToken')) {
    // docs/product.md §4 Session reset: whoever is not sent to the artist login is asked to log in again where they
    // are, and a checkout pending on the checkout page resumes after it.
    const keepsHere = expectedNavigation(check).length === 0;
    const returnTo = event.checkoutPending === true && event.routeName === 'order.checkout' ? '/order/checkout' : null;
    expect(loginAgain).toEqual(keepsHere ? [offerLoginAgain(returnTo)] : []);
  } else {
    expect(loginAgain).toEqual([]);
  }
  if (event.type === 'http.unauthorized' && !before.matches('signedOut') && !before.matches('signingOut')) {
    // docs/product.md §4 Session reset: token and user cleared.
    expect(after.matches('signedOut')).toBe(true);
    expect(harness.storage.token).toBeNull();
    expect(harness.storage.user).toBeNull();
  }
  if (event.type === 'user.updated' && after.matches({ withToken: 'authenticated' })) {
    expect(after.context.user).toEqual({ ...before.context.user, ...(event.user as object) });
  }
}

describe('sessionMachine: model-based paths', () => {
  // The graph cannot see time: Date stays real so that every token is as valid in a replay as it was
  // in the traversal; only the renewal timer is fake (an `xstate.after` step fires it).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const pathsByStart = Object.entries(starts).map(([name, input]) => ({
    name,
    input,
    paths: getTransitionPaths(sessionMachine, { input, events: modelEvents }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      sessionMachine,
      pathsByStart.flatMap((s) => s.paths),
    ));
  it('reaches every state and plays every transition from each kind of stored session', () => {
    expectAllStatesCovered(
      sessionMachine,
      pathsByStart.flatMap((s) => s.paths),
    );
  });

  it('has expectations for every state a snapshot can rest in', () => {
    const transient = new Set(transientStateKeys(sessionMachine));
    expect(Object.keys(stateExpectations).sort()).toEqual(
      leafStateKeys(sessionMachine)
        .filter((k) => !transient.has(k))
        .sort(),
    );
    expect([...transient]).toEqual(['checking']);
  });

  // A start that adds no transition has no paths of its own.
  for (const { name, input, paths } of pathsByStart.filter((s) => s.paths.length > 0)) {
    describe(`from ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => startSession(input), { states: stateExpectations, step: stepExpectations });
        });
      }
    });
  }
});

describe('token validity (docs/product.md §4)', () => {
  const now = Date.UTC(2030, 0, 1);
  it('accepts a well-formed three-part token whose exp is later than now', () => {
    const token = makeToken(60, '1', now);
    expect(isTokenValid(token, now)).toBe(true);
    expect(tokenExpiresAt(token)).toBe(now + 60_000);
  });
  it('rejects a token whose exp has passed or is now', () => {
    expect(isTokenValid(makeToken(0, '1', now), now)).toBe(false);
    expect(isTokenValid(makeToken(-1, '1', now), now)).toBe(false);
    expect(isTokenExpired(makeToken(-1, '1', now), now)).toBe(true);
    expect(isTokenWellFormed(makeToken(-1, '1', now))).toBe(true);
  });
  it.each([
    ['not three parts', 'abc.def'],
    ['four parts', `${makeToken(60, '1', now)}.x`],
    ['an empty part', `${makeToken(60, '1', now).split('.').slice(0, 2).join('.')}.`],
    ['non-base64url characters', `${makeToken(60, '1', now).replace('.', '+.')}`],
    [
      'a payload that is not JSON',
      `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from('nope').toString('base64url')}.c2ln`,
    ],
    [
      'a header that is not JSON',
      `${Buffer.from('nope').toString('base64url')}.${Buffer.from('{"exp":99999999999}').toString('base64url')}.c2ln`,
    ],
    ['no exp', tokenWithPayload({ sub: '1' })],
    ['a string exp', tokenWithPayload({ exp: String(now / 1000 + 60) })],
    ['a payload that is an array', tokenWithPayload([1, 2])],
    ['not a string', 42],
    ['null', null],
  ])('rejects %s', (_, token) => {
    expect(isTokenValid(token, now)).toBe(false);
    expect(isTokenExpired(token, now)).toBe(false);
    expect(tokenExpiresAt(token)).toBeNull();
  });
});

describe('sessionMachine: start (the transient checking state)', () => {
  it.each([
    ['a valid token', { token: storedToken, user: customer, userType: 'user' }, { withToken: 'loadingUser' }],
    ['an expired token', { token: expiredToken, user: artist, userType: 'artist' }, { withToken: 'refreshing' }],
    ['a malformed token', { token: 'abc.def', user: customer, userType: 'user' }, 'signedOut'],
    ['a valid token without a user type', { token: storedToken, user: customer, userType: null }, 'signedOut'],
    ['a valid token with an unknown user type', { token: storedToken, user: customer, userType: 'admin' }, 'signedOut'],
    ['nothing', {}, 'signedOut'],
  ] as const)('with %s goes to %s', (_, input, expected) => {
    const h = startSession(input as SessionInput);
    expect(h.actor.getSnapshot().value).toEqual(expected);
    if (expected === 'signedOut') {
      expect(types(h.log)).toEqual(['clearStoredSession']);
      expect(h.storage.token).toBeNull();
      expect(h.storage.user).toBeNull();
    } else {
      expect(h.log).toEqual([]);
    }
    h.actor.stop();
  });

  it('runs with its default actors (the visualiser): a stored session fails to load and signs out', async () => {
    const actor = createActor(sessionMachine, {
      input: { token: storedToken, user: customer, userType: 'user' },
    }).start();
    expect(actor.getSnapshot().value).toEqual({ withToken: 'loadingUser' });
    await new Promise((r) => setImmediate(r));
    expect(actor.getSnapshot().value).toBe('signedOut');
  });
});

describe('sessionMachine: renewal timer', () => {
  const now = Date.UTC(2030, 0, 1, 12);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now });
  });
  afterEach(() => vi.useRealTimers());

  it('renews exactly exp − 60 s after sign-in, and restarts the timer from the new token', async () => {
    const h = startSession({});
    const token = makeToken(600, 'x', now);
    h.actor.send({ type: 'session.signedIn', token, user: customer, userType: 'user' });
    expect(h.actor.getSnapshot().value).toEqual({ withToken: { authenticated: 'active' } });
    await vi.advanceTimersByTimeAsync(600_000 - 60_000 - 1);
    expect(h.actor.getSnapshot().value).toEqual({ withToken: { authenticated: 'active' } });
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().value).toEqual({ withToken: { authenticated: 'renewing' } });
    expect(h.actor.getSnapshot().hasTag('authenticated')).toBe(true);
    const next = makeToken(600, 'y', Date.now());
    h.fakes.resolve('refreshToken', { token: next, user: customer, message: serverMessages.refreshed });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().context.token).toBe(next);
    expect(h.storage.token).toBe(next);
    await vi.advanceTimersByTimeAsync(600_000 - 60_000 - 1);
    expect(h.actor.getSnapshot().value).toEqual({ withToken: { authenticated: 'active' } });
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().value).toEqual({ withToken: { authenticated: 'renewing' } });
    h.actor.stop();
  });

  it('renews at once when the token has less than a minute left', async () => {
    const h = startSession({});
    h.actor.send({ type: 'session.signedIn', token: makeToken(30, 'x', now), user: customer, userType: 'user' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().value).toEqual({ withToken: { authenticated: 'renewing' } });
    h.actor.stop();
  });

  it('signs out when the renewal fails', async () => {
    const h = startSession({});
    h.actor.send({ type: 'session.signedIn', token: makeToken(30, 'x', now), user: customer, userType: 'user' });
    await vi.advanceTimersByTimeAsync(0);
    h.fakes.reject('refreshToken', { status: 401, message: serverMessages.unauthenticated });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().value).toBe('signedOut');
    expect(h.storage).toEqual({ token: null, user: null, userType: 'user' });
    h.actor.stop();
  });

  it('computes the delay as exp − 60 s, at least 0, at most what setTimeout can hold', () => {
    expect(refreshDelayMs(makeToken(600, 'x', now), now)).toBe(540_000);
    expect(refreshDelayMs(makeToken(59, 'x', now), now)).toBe(0);
    expect(refreshDelayMs(makeToken(-600, 'x', now), now)).toBe(0);
    // setTimeout holds at most 2^31 − 1 ms.
    expect(refreshDelayMs(makeToken(365 * DAY, 'x', now), now)).toBe(2 ** 31 - 1);
    expect(refreshDelayMs(null, now)).toBe(0);
  });
});

describe('sessionMachine: docs/product.md §4 rules', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => vi.useRealTimers());

  const signedIn = (userType: UserType) => {
    const h = startSession({});
    h.actor.send({
      type: 'session.signedIn',
      token: userType === 'artist' ? artistLoginToken : customerLoginToken,
      user: userType === 'artist' ? artist : customer,
      userType,
    });
    h.log.length = 0;
    return h;
  };

  it.each([
    ['artist', false, 'artist.profile', true],
    ['artist', true, 'artist.profile', true],
    ['artist', false, 'order.checkout', true],
    ['artist', true, 'order.checkout', false],
    ['user', false, 'customer.account', false],
    ['user', true, 'order.checkout', false],
  ] as const)(
    'a 401 for a %s (checkout pending %s, route %s) sends to /artist/login: %s, else offers the login-again modal',
    (userType, pending, routeName, toLogin) => {
      const h = signedIn(userType);
      h.actor.send(unauthorized(pending, routeName));
      const s = h.actor.getSnapshot();
      expect(s.value).toBe('signedOut');
      expect(s.context).toMatchObject({ token: null, user: null });
      expect(types(h.log)).toEqual(
        toLogin ? ['clearStoredSession', 'goToArtistLogin'] : ['clearStoredSession', 'to:app'],
      );
      if (!toLogin)
        expect(h.log.at(-1)).toEqual(
          offerLoginAgain(pending && routeName === 'order.checkout' ? '/order/checkout' : null),
        );
      h.actor.stop();
    },
  );

  it('a rejected social login value replaces the route with / and changes nothing else', () => {
    for (const value of ['', 'abc', makeToken(-10), 'a.b.c']) {
      const h = startSession({});
      h.log.length = 0;
      h.actor.send({ type: 'social.loginReturned', value });
      expect(h.actor.getSnapshot().value).toBe('signedOut');
      expect(types(h.log)).toEqual(['replaceWithHome']);
      h.actor.stop();
    }
  });

  it('a valid social login value: user type user, token stored, current user loaded, then customer.account', async () => {
    const h = startSession({ userType: 'artist' });
    h.log.length = 0;
    h.actor.send({ type: 'social.loginReturned', value: socialToken });
    expect(h.log).toEqual([
      { type: 'persistSession', params: { token: socialToken, user: null, userType: 'user', remember: true } },
    ]);
    expect(h.fakes.pending.get('fetchMe')?.input).toEqual({ token: socialToken, userType: 'user' });
    h.fakes.resolve('fetchMe', socialCustomer);
    await vi.advanceTimersByTimeAsync(0);
    expect(h.actor.getSnapshot().value).toEqual({ withToken: { authenticated: 'active' } });
    expect(types(h.log)).toEqual(['persistSession', 'persistSession', 'goToCustomerAccount']);
    expect(h.location).toBe('/customer/account');
    h.actor.stop();
  });

  it('sign-out calls the server, clears state and draft, then goes to / even when the call fails', async () => {
    for (const outcome of ['resolve', 'reject'] as const) {
      const h = signedIn('user');
      h.actor.send({ type: 'user.signOut' });
      expect(h.actor.getSnapshot().value).toBe('signingOut');
      if (outcome === 'resolve') h.fakes.resolve('logout', {});
      else h.fakes.reject('logout', new Error('offline'));
      await vi.advanceTimersByTimeAsync(0);
      expect(h.actor.getSnapshot().value).toBe('signedOut');
      expect(types(h.log)).toEqual(['clearStoredSession', 'goHome', 'broadcast', 'to:app']);
      expect(h.log.at(-1)).toEqual(clearDraft);
      expect(h.location).toBe('/');
      h.actor.stop();
    }
  });

  it('sign-out with a destination goes there instead of /', async () => {
    const h = signedIn('user');
    h.actor.send({ type: 'user.signOut', redirectTo: '/artist/application' });
    h.fakes.resolve('logout', {});
    await vi.advanceTimersByTimeAsync(0);
    expect(h.log.slice(-3)).toEqual([
      { type: 'goTo', params: { path: '/artist/application' } },
      { type: 'broadcast', params: { kind: 'signedOut' } },
      clearDraft,
    ]);
    expect(h.actor.getSnapshot().context.redirectAfterSignOut).toBeNull();
    h.actor.stop();
  });

  it('user.updated patches the user and stores it', () => {
    const h = signedIn('artist');
    h.actor.send({ type: 'user.updated', user: { is_online: 1, is_first_time_login: 0 } });
    expect(h.actor.getSnapshot().context.user).toEqual({ ...artist, is_online: 1, is_first_time_login: 0 });
    expect(h.storage.user).toEqual({ ...artist, is_online: 1, is_first_time_login: 0 });
    h.actor.stop();
  });

  it('"Remember me" off keeps the session in this tab only, through a renewal and a replaced token', async () => {
    const h = startSession({});
    h.actor.send({
      type: 'session.signedIn',
      token: customerLoginToken,
      user: customer,
      userType: 'user',
      remember: false,
    });
    expect(h.storedRemember).toBe(false);
    h.actor.send({ type: 'user.updated', user: { is_first_time_login: 0 } });
    expect(h.storedRemember).toBe(false);
    // A password change hands a new token without a login: it stays where the session was.
    h.actor.send({ type: 'session.signedIn', token: refreshedToken, user: customer, userType: 'user' });
    expect(h.storage.token).toBe(refreshedToken);
    expect(h.storedRemember).toBe(false);
    h.actor.stop();
  });

  it("a session found in the tab only stays the tab's; one kept across visits stays kept", () => {
    const tabOnly = startSession({ token: storedToken, user: customer, userType: 'user', remember: false });
    tabOnly.actor.send({ type: 'xstate.done.actor.fetchMe', output: customer } as never);
    expect(tabOnly.storedRemember).toBe(false);
    tabOnly.actor.stop();
    const kept = startSession({ token: storedToken, user: customer, userType: 'user' });
    kept.actor.send({ type: 'xstate.done.actor.fetchMe', output: customer } as never);
    expect(kept.storedRemember).toBe(true);
    kept.actor.stop();
  });

  it('the view model answers the route guards', async () => {
    const h = startSession({ token: storedToken, user: artist, userType: 'artist' });
    expect(isSessionSettled(h.actor.getSnapshot())).toBe(false);
    expect(connectSession(h.actor.getSnapshot())).toMatchObject({
      signedIn: false,
      busy: true,
      user: null,
      canSignOut: false,
    });
    h.fakes.resolve('fetchMe', artist);
    await vi.advanceTimersByTimeAsync(0);
    const s = h.actor.getSnapshot();
    expect(isSessionSettled(s)).toBe(true);
    expect(isSignedInAs(s, 'artist')).toBe(true);
    expect(isSignedInAs(s, 'user')).toBe(false);
    expect(connectSession(s)).toEqual({
      signedIn: true,
      busy: false,
      user: artist,
      userType: 'artist',
      isCustomer: false,
      isArtist: true,
      canSignOut: true,
    });
    h.actor.stop();
  });

  it('keeps the stored user visible while it is reloaded', () => {
    const h = startSession({ token: storedToken, user: customer, userType: 'user' });
    expect(h.actor.getSnapshot().context.user).toEqual(customer);
    h.actor.stop();
  });
});
