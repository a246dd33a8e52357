import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { AuthUser } from '../../contracts/account';
import { serverMessages } from '../../contracts/server-messages';
import { connectAdminSession, isAdminSessionSettled, isAdminSignedIn } from '../../machines/admin-session.connect';
import {
  type AdminSessionEvent,
  type AdminSessionInput,
  adminHomePath,
  adminSessionMachine,
} from '../../machines/admin-session.machine';
import type { AdminLogInInput, AdminSignInOutput, AdminTokenInput } from '../../machines/admin-session.types';
import { customer, makeToken, validationError } from './fixtures';
import {
  type ActionLog,
  describePath,
  expectAllStatesCovered,
  expectAllTransitionsCovered,
  FakeCalls,
  flush,
  getTransitionPaths,
  type Harness,
  leafStateKeys,
  recordingActions,
  runPath,
  type StepCheck,
  transientStateKeys,
  types,
} from './model';

const DAY = 24 * 60 * 60;
const storedToken = makeToken(DAY, 'stored');
const expiredToken = makeToken(-DAY, 'expired');
const loginToken = makeToken(DAY, 'login');
const refreshedToken = makeToken(2 * DAY, 'refreshed');

const admin: AuthUser = {
  ...customer,
  id: 9,
  user_id: 'ADM-9',
  type: 'admin',
  full_name: 'Lab Admin',
  first_name: 'Lab',
  last_name: 'Admin',
  email: 'admin@labsongs.test',
};

const credentialsError = validationError({ email: [serverMessages.invalidCredentials] });
const rateLimited = { status: 429, message: serverMessages.tooManyRequests };
const unauthenticated = { status: 401, message: serverMessages.unauthenticated };

const appActions = ['persistToken', 'afterSignIn', 'afterSignOut', 'afterSessionExpired', 'showErrorToast'] as const;
const navigation = new Set(['afterSignIn', 'afterSignOut', 'afterSessionExpired']);

interface AdminHarness extends Harness {
  stored: string | null;
}

function start(input: AdminSessionInput): AdminHarness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const recorded = recordingActions(appActions, log);
  const harness = { fakes, log, stored: input.token ?? null } as AdminHarness;
  harness.actor = createActor(
    adminSessionMachine.provide({
      actors: {
        fetchMe: fakes.actor<AuthUser, AdminTokenInput>('fetchMe'),
        refreshToken: fakes.actor<AdminSignInOutput, AdminTokenInput>('refreshToken'),
        logIn: fakes.actor<AdminSignInOutput, AdminLogInInput>('logIn'),
        logout: fakes.actor<unknown, AdminTokenInput>('logout'),
      },
      actions: {
        ...recorded,
        persistToken: (args, params) => {
          recorded.persistToken(args, params);
          harness.stored = (params as { token: string | null }).token;
        },
      },
    }),
    { input },
  ).start();
  return harness;
}

const events = [
  { type: 'field.changed', name: 'email', value: 'admin@labsongs.test' },
  { type: 'field.changed', name: 'password', value: 'Admin123!' },
  { type: 'user.submit' },
  { type: 'user.submit', redirectTo: '/admin/applications/7' },
  { type: 'user.signOut' },
  { type: 'http.unauthorized' },
  { type: 'xstate.done.actor.fetchMe', output: admin },
  { type: 'xstate.error.actor.fetchMe', error: unauthenticated },
  { type: 'xstate.done.actor.refreshToken', output: { token: refreshedToken, user: admin } },
  { type: 'xstate.error.actor.refreshToken', error: unauthenticated },
  { type: 'xstate.done.actor.logIn', output: { token: loginToken, user: admin } },
  { type: 'xstate.error.actor.logIn', error: credentialsError },
  { type: 'xstate.error.actor.logIn', error: rateLimited },
  { type: 'xstate.done.actor.logout', output: { message: serverMessages.loggedOut } },
  { type: 'xstate.error.actor.logout', error: unauthenticated },
  { type: 'xstate.after.refreshLead.adminSession.authenticated.active' },
] as AdminSessionEvent[];

const starts: Record<string, AdminSessionInput> = {
  'a valid stored admin token': { token: storedToken },
  'an expired stored admin token': { token: expiredToken },
  'nothing stored': {},
};

const stateExpectations: Record<string, (s: any, h: AdminHarness) => void> = {
  loadingUser: (s, h) => {
    expect(s.hasTag('busy')).toBe(true);
    expect(isAdminSessionSettled(s)).toBe(false);
    expect([...h.fakes.pending.keys()]).toEqual(['fetchMe']);
    expect(h.fakes.pending.get('fetchMe')?.input).toEqual({ token: storedToken });
  },
  refreshing: (s, h) => {
    expect(isAdminSessionSettled(s)).toBe(false);
    expect([...h.fakes.pending.keys()]).toEqual(['refreshToken']);
    expect(h.fakes.pending.get('refreshToken')?.input).toEqual({ token: expiredToken });
  },
  'signedOut.editing': (s, h) => {
    expect(s.context.token).toBeNull();
    expect(s.context.user).toBeNull();
    expect(isAdminSessionSettled(s)).toBe(true);
    expect(isAdminSignedIn(s)).toBe(false);
    expect(s.can({ type: 'user.submit' })).toBe(true);
    expect(s.can({ type: 'user.signOut' })).toBe(false);
    expect(h.fakes.pending.size).toBe(0);
  },
  'signedOut.submitting': (s, h) => {
    expect(connectAdminSession(s).loggingIn).toBe(true);
    expect(isAdminSignedIn(s)).toBe(false);
    expect(s.context.errors).toEqual({});
    expect(s.can({ type: 'user.submit' })).toBe(false);
    expect([...h.fakes.pending.keys()]).toEqual(['logIn']);
    expect(h.fakes.pending.get('logIn')?.input).toEqual(s.context.values);
  },
  'authenticated.active': (s, h) => {
    expect(isAdminSignedIn(s)).toBe(true);
    expect(isAdminSessionSettled(s)).toBe(true);
    expect(s.context.user).toEqual(admin);
    expect(s.context.values).toEqual({ email: '', password: '' });
    expect(connectAdminSession(s).canSignOut).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
  },
  'authenticated.renewing': (s, h) => {
    expect(isAdminSignedIn(s)).toBe(true);
    expect([...h.fakes.pending.keys()]).toEqual(['refreshToken']);
    expect(h.fakes.pending.get('refreshToken')?.input).toEqual({ token: s.context.token });
  },
  signingOut: (s, h) => {
    expect(isAdminSignedIn(s)).toBe(false);
    expect(connectAdminSession(s).signingOut).toBe(true);
    expect([...h.fakes.pending.keys()]).toEqual(['logout']);
    expect(h.fakes.pending.get('logout')?.input).toEqual({ token: s.context.token });
  },
};

function expectedNavigation({ event, before }: StepCheck<AdminHarness>): unknown[] {
  if (!before.can(event)) return [];
  switch (event.type) {
    case 'xstate.done.actor.logIn':
      return [{ type: 'afterSignIn', params: { redirectTo: before.context.redirectTo ?? adminHomePath } }];
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
      return [{ type: 'afterSignOut', params: undefined }];
    case 'http.unauthorized':
      return [{ type: 'afterSessionExpired', params: undefined }];
    case 'xstate.error.actor.refreshToken':
      // A token that cannot be renewed at start just asks for a login; one that lapses in use says so.
      return before.matches({ authenticated: 'renewing' }) ? [{ type: 'afterSessionExpired', params: undefined }] : [];
    default:
      return [];
  }
}

function stepExpectations(check: StepCheck<AdminHarness>): void {
  const { harness, event, before, after, actions } = check;
  // The stored token always mirrors the session's: a reload starts where the tab left off.
  expect(harness.stored).toBe(after.context.token);
  expect(actions.filter((a) => navigation.has(a.type))).toEqual(expectedNavigation(check));
  switch (event.type) {
    case 'field.changed': {
      const name = event.name as string;
      expect(after.context.values).toEqual({ ...before.context.values, [name]: event.value });
      expect(after.context.errors[name]).toBeUndefined();
      break;
    }
    case 'xstate.error.actor.logIn': {
      const error = event.error as { message: string; errors?: Record<string, string[]> };
      expect(after.context.values).toEqual(before.context.values);
      if (error.errors) {
        expect(after.context.errors).toEqual(error.errors);
        expect(types(actions)).not.toContain('showErrorToast');
      } else {
        expect(after.context.errors).toEqual({});
        expect(actions).toEqual([{ type: 'showErrorToast', params: { message: error.message } }]);
      }
      break;
    }
    case 'xstate.done.actor.logIn':
      expect(after.context.token).toBe(loginToken);
      break;
    case 'http.unauthorized':
      if (before.can(event)) expect(after.matches({ signedOut: 'editing' })).toBe(true);
      break;
    default:
      break;
  }
}

describe('adminSessionMachine: model-based paths', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const pathsByStart = Object.entries(starts).map(([name, input]) => ({
    name,
    input,
    paths: getTransitionPaths(adminSessionMachine, { input, events }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      adminSessionMachine,
      pathsByStart.flatMap((s) => s.paths),
    ));
  it('reaches every state from the kinds of stored token', () => {
    expectAllStatesCovered(
      adminSessionMachine,
      pathsByStart.flatMap((s) => s.paths),
    );
  });

  it('has expectations for every state a snapshot can rest in', () => {
    const transient = new Set(transientStateKeys(adminSessionMachine));
    expect([...transient]).toEqual(['checking']);
    expect(Object.keys(stateExpectations).sort()).toEqual(
      leafStateKeys(adminSessionMachine)
        .filter((k) => !transient.has(k))
        .sort(),
    );
  });

  // A start that adds no transition has no paths of its own.
  for (const { name, input, paths } of pathsByStart.filter((s) => s.paths.length > 0)) {
    describe(`from ${name}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => start(input), { states: stateExpectations, step: stepExpectations });
        });
      }
    });
  }
});

describe('adminSessionMachine: details', () => {
  it.each([
    ['a malformed token', { token: 'abc.def' }],
    ['an empty token', { token: '' }],
    ['nothing', {}],
  ] as const)('with %s starts signed out and clears the stored key', (_, input) => {
    const h = start(input as AdminSessionInput);
    expect(h.actor.getSnapshot().value).toEqual({ signedOut: 'editing' });
    expect(h.log).toEqual([{ type: 'persistToken', params: { token: null } }]);
    h.actor.stop();
  });

  it('lands on the remembered console page after a login, the list otherwise', async () => {
    const h = start({});
    h.actor.send({ type: 'user.submit', redirectTo: '/admin/applications/3' });
    h.fakes.resolve('logIn', { token: loginToken, user: admin });
    await flush();
    expect(h.log.at(-1)).toEqual({ type: 'afterSignIn', params: { redirectTo: '/admin/applications/3' } });
    expect(adminHomePath).toBe('/admin');
  });

  it('never shares the customer session: a 401 while signed out changes nothing', () => {
    const h = start({});
    const before = h.actor.getSnapshot();
    h.actor.send({ type: 'http.unauthorized' });
    expect(h.actor.getSnapshot()).toBe(before);
  });

  it('runs with its default actors (the visualiser): a stored token fails to load and signs out', async () => {
    const actor = createActor(adminSessionMachine, { input: { token: storedToken } }).start();
    expect(actor.getSnapshot().value).toBe('loadingUser');
    await new Promise((r) => setImmediate(r));
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'editing' });
  });
});
