import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { artistMessages } from '../../contracts/artist';
import { onlineStatus } from '../../contracts/constants';
import { serverMessages } from '../../contracts/server-messages';
import { connectOnlineStatus } from '../../machines/online-status.connect';
import {
  isOnlineAfter,
  type OnlineFlag,
  type OnlineStatusEvent,
  onlineStatusMachine,
  statusToSend,
} from '../../machines/online-status.machine';
import type { SaveOnlineStatusInput } from '../../machines/online-status.types';
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
  sentTo,
  startWithPeers,
} from './model';

// docs/product.md §4 Online/offline, word for word.
const ONLINE_TEXT =
  'Your profile will show in the artist page where customers choose their artist to collaborate with.';
const OFFLINE_TEXT =
  'Your profile will not show in the artist page where customers choose their artist to collaborate with.';
const serverFailure = { status: 503, message: 'The online switch is resting. Try again.' };

const events: OnlineStatusEvent[] = [
  { type: 'user.toggle' },
  { type: 'user.dismiss' },
  { type: 'session.userChanged', isOnline: 0 },
  { type: 'session.userChanged', isOnline: 1 },
  { type: 'xstate.done.actor.saveOnlineStatus', output: {} } as unknown as OnlineStatusEvent,
  { type: 'xstate.error.actor.saveOnlineStatus', error: serverFailure } as unknown as OnlineStatusEvent,
];

function start(isOnline: OnlineFlag): Harness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const machine = onlineStatusMachine.provide({
    actors: { saveOnlineStatus: fakes.actor<unknown, SaveOnlineStatusInput>('saveOnlineStatus') },
    actions: recordingActions(['showErrorToast'], log),
  });
  // A recorder in the session's place: the saved status reaches it as user.updated.
  return { actor: startWithPeers(machine, { peers: ['session'], log, input: { isOnline } }), fakes, log };
}

/** What the session hears after a save: the user's new status, and the first login is over. */
const applied = (isOnline: OnlineFlag) =>
  sentTo('session', { type: 'user.updated', user: { is_online: isOnline, is_first_time_login: 0 } });

const tags = (s: any) => ({ busy: s.hasTag('busy'), confirmOpen: s.hasTag('confirmOpen') });

const stateExpectations: Record<string, (s: any, h: Harness) => void> = {
  idle: (s, h) => {
    expect(tags(s)).toEqual({ busy: false, confirmOpen: false });
    expect(s.context.pendingStatus).toBeNull();
    expect(s.context.modal).toBeNull();
    expect(s.can({ type: 'user.toggle' })).toBe(true);
    expect(s.can({ type: 'session.userChanged', isOnline: 1 })).toBe(true);
    expect(connectOnlineStatus(s)).toMatchObject({
      checked: s.context.isOnline === 1,
      modalOpen: false,
      modalMessage: null,
    });
    expect(h.fakes.pending.size).toBe(0);
  },
  saving: (s, h) => {
    expect(tags(s)).toEqual({ busy: true, confirmOpen: false });
    // docs/product.md §3: 0 asks to go online, 1 to go offline.
    const expectedStatus = s.context.isOnline === 1 ? 1 : 0;
    expect(s.context.pendingStatus).toBe(expectedStatus);
    expect(h.fakes.pending.get('saveOnlineStatus')?.input).toEqual({ status: expectedStatus });
    expect(s.can({ type: 'user.toggle' })).toBe(false);
    expect(s.can({ type: 'session.userChanged', isOnline: 1 })).toBe(false);
    expect(connectOnlineStatus(s)).toMatchObject({ busy: true, canToggle: false, checked: s.context.isOnline === 1 });
  },
  confirming: (s, h) => {
    expect(tags(s)).toEqual({ busy: false, confirmOpen: true });
    expect(s.context.modal).toBe(s.context.isOnline === 1 ? 'online' : 'offline');
    expect(connectOnlineStatus(s)).toMatchObject({
      modalOpen: true,
      modalMessage: s.context.isOnline === 1 ? ONLINE_TEXT : OFFLINE_TEXT,
      canToggle: false,
    });
    expect(s.can({ type: 'user.dismiss' })).toBe(true);
    expect(h.fakes.pending.size).toBe(0);
  },
};

function stepExpectations({ event, before, after, actions }: StepCheck<Harness>): void {
  const handled = before.can(event);
  switch (event.type) {
    case 'xstate.done.actor.saveOnlineStatus': {
      // docs/product.md §4: local is_online becomes 1 when the sent status was 0, otherwise 0; is_first_time_login 0.
      const sent = before.context.pendingStatus;
      const expectedOnline = sent === 0 ? 1 : 0;
      expect(after.context.isOnline).toBe(expectedOnline);
      expect(expectedOnline).not.toBe(before.context.isOnline);
      expect(actions).toEqual([applied(expectedOnline)]);
      break;
    }
    case 'xstate.error.actor.saveOnlineStatus':
      // docs/product.md §8: the server's message as an error toast; the switch stays where it was.
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: serverFailure.message } }]);
      expect(after.context.isOnline).toBe(before.context.isOnline);
      expect(after.context.lastError).toBe(serverFailure.message);
      break;
    case 'session.userChanged':
      expect(after.context.isOnline).toBe(handled ? event.isOnline : before.context.isOnline);
      expect(actions).toEqual([]);
      break;
    case 'user.toggle':
      if (handled) expect(after.context.lastError).toBeNull();
      expect(actions).toEqual([]);
      break;
    default:
      expect(actions).toEqual([]);
  }
}

describe('onlineStatusMachine: model-based paths', () => {
  // Each further start keeps only the paths that take a transition the earlier ones did not.
  const seen = new Set<string>();
  const all = ([0, 1] as const).map((isOnline) => ({
    isOnline,
    paths: getTransitionPaths(onlineStatusMachine, { input: { isOnline }, events }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      onlineStatusMachine,
      all.flatMap((s) => s.paths),
    ));
  it('reaches every state', () =>
    expectAllStatesCovered(
      onlineStatusMachine,
      all.flatMap((s) => s.paths),
    ));
  it('has expectations for every state', () => {
    expect(Object.keys(stateExpectations).sort()).toEqual(leafStateKeys(onlineStatusMachine).sort());
  });
  // A start that adds no transition has no paths of its own.
  for (const { isOnline, paths } of all.filter((s) => s.paths.length > 0)) {
    describe(`starting ${isOnline ? 'online' : 'offline'}`, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => start(isOnline), { states: stateExpectations, step: stepExpectations });
        });
      }
    });
  }
});

describe('onlineStatusMachine: docs/product.md §3, §4, §8', () => {
  it('sends status 0 to go online and 1 to go offline (the contract constants)', () => {
    expect(onlineStatus).toEqual({ goOnline: 0, goOffline: 1 });
    expect(statusToSend(0)).toBe(0);
    expect(statusToSend(1)).toBe(1);
    expect(isOnlineAfter(0)).toBe(1);
    expect(isOnlineAfter(1)).toBe(0);
  });

  it('an offline artist goes online: payload {status: 0}, is_online 1, first login 0, the online modal', async () => {
    const h = start(0);
    h.actor.send({ type: 'user.toggle' });
    expect(h.fakes.pending.get('saveOnlineStatus')?.input).toEqual({ status: 0 });
    h.fakes.resolve('saveOnlineStatus', {});
    await flush();
    expect(h.log).toEqual([applied(1)]);
    const view = connectOnlineStatus(h.actor.getSnapshot());
    expect(view).toMatchObject({ checked: true, modalOpen: true, modalKind: 'online', modalMessage: ONLINE_TEXT });
    expect(artistMessages.wentOnline).toBe(ONLINE_TEXT);
    h.actor.send({ type: 'user.dismiss' });
    expect(connectOnlineStatus(h.actor.getSnapshot())).toMatchObject({ modalOpen: false, checked: true });
  });

  it('an online artist goes offline: payload {status: 1}, is_online 0, the offline modal', async () => {
    const h = start(1);
    h.actor.send({ type: 'user.toggle' });
    expect(h.fakes.pending.get('saveOnlineStatus')?.input).toEqual({ status: 1 });
    h.fakes.resolve('saveOnlineStatus', {});
    await flush();
    expect(h.log).toEqual([applied(0)]);
    expect(connectOnlineStatus(h.actor.getSnapshot())).toMatchObject({
      checked: false,
      modalKind: 'offline',
      modalMessage: OFFLINE_TEXT,
    });
    expect(artistMessages.wentOffline).toBe(OFFLINE_TEXT);
  });

  it('a failure shows the server message as a toast, no modal, and the switch stays', async () => {
    const h = start(0);
    h.actor.send({ type: 'user.toggle' });
    h.fakes.reject('saveOnlineStatus', { status: 422, message: 'Upload a sample song first.' });
    await flush();
    expect(h.log).toEqual([{ type: 'showErrorToast', params: { message: 'Upload a sample song first.' } }]);
    expect(connectOnlineStatus(h.actor.getSnapshot())).toMatchObject({
      checked: false,
      modalOpen: false,
      canToggle: true,
      lastError: 'Upload a sample song first.',
    });
  });

  it('a failure without a message shows the generic server error', async () => {
    const h = start(1);
    h.actor.send({ type: 'user.toggle' });
    h.fakes.reject('saveOnlineStatus', new Error(''));
    await flush();
    expect(h.log).toEqual([{ type: 'showErrorToast', params: { message: serverMessages.serverError } }]);
  });

  it('follows the session while idle, not while saving', () => {
    const h = start(0);
    h.actor.send({ type: 'session.userChanged', isOnline: 1 });
    expect(connectOnlineStatus(h.actor.getSnapshot()).checked).toBe(true);
    h.actor.send({ type: 'user.toggle' });
    expect(h.fakes.pending.get('saveOnlineStatus')?.input).toEqual({ status: 1 });
    h.actor.send({ type: 'session.userChanged', isOnline: 0 });
    expect(h.actor.getSnapshot().context.isOnline).toBe(1);
  });

  it('runs with its default actor (the visualiser): the call fails into a toast', async () => {
    const log: ActionLog = [];
    const actor = createActor(onlineStatusMachine.provide({ actions: recordingActions(['showErrorToast'], log) }), {
      input: { isOnline: 0 },
    }).start();
    actor.send({ type: 'user.toggle' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(log).toEqual([{ type: 'showErrorToast', params: { message: 'saveOnlineStatus not provided' } }]);
  });
});
