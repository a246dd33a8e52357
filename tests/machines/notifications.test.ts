import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { specMessages } from '../../contracts/messages';
import type { Notification, NotificationsPage } from '../../contracts/notifications';
import { connectNotifications } from '../../machines/notifications.connect';
import { highestId, mergeNotifications, queueMark, withRead } from '../../machines/notifications.list';
import {
  type FetchPageInput,
  type ListenToStreamInput,
  type MarkAllReadInput,
  type MarkAnswer,
  type MarkNotificationInput,
  type MarkRequest,
  type NotificationsEvent,
  notificationsMachine,
  type ReadAllAnswer,
  reconnectDelayMs,
  type StreamEvent,
  type StreamToken,
} from '../../machines/notifications.machine';
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
  valueKeys,
} from './model';

const note = (id: number, overrides: Partial<Notification> = {}): Notification => ({
  id,
  title: 'New song order',
  body: `You have a new birthday song offer for Ana (OR${1000 + id}). Accept it before it expires.`,
  type: 'new_order',
  is_read: false,
  created_at: '2026-11-02T08:00:00.000Z',
  order_id: 1000 + id,
  ...overrides,
});

const n12 = note(12, {
  type: 'accepted_by_artist',
  title: 'An artist accepted your order',
  body: 'Lia is now working on the song for Ana (OR1012).',
});
const n11 = note(11, {
  type: 'completed_order',
  title: 'Order completed',
  body: 'Order OR1011 is complete.',
  is_read: true,
});
const n10 = note(10, { type: 'cancelled_order', title: 'Order cancelled', body: 'Order OR1010 was cancelled.' });
const n13 = note(13, { type: 'validated_by_admin', title: 'Recording validated', body: 'The song (OR1013) is ready.' });

const firstPage: NotificationsPage = { notifications: [n12, n11], next_cursor: '11', unread_count: 1 };
const olderPage: NotificationsPage = { notifications: [n10], next_cursor: null, unread_count: 2 };
const emptyPage: NotificationsPage = { notifications: [], next_cursor: null, unread_count: 0 };
const serverFailure = { status: 503, message: 'Notifications are resting. Try again.' };
const token: StreamToken = { token: 'stream-token-1', expires_in: 60 };

interface OpenStream {
  input: ListenToStreamInput;
  open: boolean;
  sendBack: (event: StreamEvent) => void;
}

interface NotificationsHarness extends Harness {
  streams: OpenStream[];
}

const openStreams = (h: NotificationsHarness) => h.streams.filter((s) => s.open);

function start(canStream = true): NotificationsHarness {
  const fakes = new FakeCalls();
  const log: ActionLog = [];
  const h = { fakes, log, streams: [] as OpenStream[] } as NotificationsHarness;
  const machine = notificationsMachine.provide({
    actors: {
      fetchPage: fakes.actor<NotificationsPage, FetchPageInput>('fetchPage'),
      markNotification: fakes.actor<MarkAnswer, MarkNotificationInput>('markNotification'),
      markAllRead: fakes.actor<ReadAllAnswer, MarkAllReadInput>('markAllRead'),
      fetchStreamToken: fakes.actor<StreamToken, unknown>('fetchStreamToken'),
      // The EventSource stand-in: the test pushes messages through sendBack and sees it closed on stop.
      listenToStream: fromCallback<any, ListenToStreamInput, StreamEvent>(({ input, sendBack }) => {
        const stream: OpenStream = { input, open: true, sendBack };
        h.streams.push(stream);
        return () => {
          stream.open = false;
        };
      }),
    },
    actions: recordingActions(['openTarget', 'showErrorToast'], log),
  });
  h.actor = createActor(machine, { input: { canStream } }).start();
  return h;
}

// ---- The model: events offered in each state --------------------------------------------------

const at = (s: any, region: string, state: string) => s.matches({ signedIn: { [region]: state } });

/** What the server answers to the change in flight: the notification as asked, and the count it then holds. */
function markAnswerFor(s: any): MarkAnswer | undefined {
  const mark = s.context.marks[0] as MarkRequest | undefined;
  const item = s.context.notifications.find((n: Notification) => n.id === mark?.id);
  if (!mark || !item) return undefined;
  return {
    notification: { ...item, is_read: mark.read },
    unread_count: s.context.notifications.filter((n: Notification) => !n.is_read).length,
  };
}

/** The list, the dropdown and read changes, in a browser without EventSource (the live region rests). */
function listEvents(s: any): NotificationsEvent[] {
  const events: any[] = [
    { type: 'session.signedIn', area: 'user' },
    { type: 'session.signedOut' },
    { type: 'user.open' },
    { type: 'user.close' },
    { type: 'user.retry' },
    { type: 'user.showMore' },
    { type: 'user.openItem', id: 12 },
    { type: 'user.mark', id: 11, read: false },
    { type: 'user.mark', id: 11, read: true },
    { type: 'user.markAllRead' },
    { type: 'xstate.done.actor.fetchPage', output: at(s, 'list', 'loadingMore') ? olderPage : firstPage },
    { type: 'xstate.error.actor.fetchPage', error: serverFailure },
    { type: 'xstate.error.actor.markNotification', error: serverFailure },
    { type: 'xstate.done.actor.markAllRead', output: { marked: 1, unread_count: 0 } },
    { type: 'xstate.error.actor.markAllRead', error: serverFailure },
    { type: 'xstate.after.showMoreDelay.notifications.signedIn.list.waitingToShowMore' },
  ];
  const answer = markAnswerFor(s);
  if (answer) events.push({ type: 'xstate.done.actor.markNotification', output: answer });
  return events;
}

/** The live stream beside the first page. */
function liveEvents(): NotificationsEvent[] {
  return [
    { type: 'session.signedIn', area: 'user' },
    { type: 'session.signedOut' },
    { type: 'user.retry' },
    { type: 'xstate.done.actor.fetchPage', output: firstPage },
    { type: 'xstate.error.actor.fetchPage', error: serverFailure },
    { type: 'xstate.done.actor.fetchStreamToken', output: token },
    { type: 'xstate.error.actor.fetchStreamToken', error: serverFailure },
    { type: 'stream.opened' },
    { type: 'stream.notification', push: { notification: n13, unread_count: 2 } },
    { type: 'stream.notification', push: { notification: n12, unread_count: 1 } },
    { type: 'stream.unread', unreadCount: 4 },
    { type: 'stream.unread', unreadCount: 0 },
    { type: 'stream.change', change: { kind: 'order', id: 1013, status: 'in_progress', reference: 'OR1013' } },
    { type: 'stream.failed' },
    { type: 'xstate.after.reconnectDelay.notifications.signedIn.live.retrying' },
  ] as NotificationsEvent[];
}

/**
 * States are told apart by their value: the regions run side by side, so the contents of the list
 * would multiply them without adding a state (the focused tests below look at the contents).
 */
const byValue = (s: any) => JSON.stringify(s.value);

// ---- What each state of each region promises --------------------------------------------------

type Check = (s: any, h: NotificationsHarness) => void;

/** What "Mark all as read" turned read still shows read, unless the person marked it again since. */
function expectReadAllShown(s: any): void {
  const marked = new Set(s.context.marks.slice(1).map((m: MarkRequest) => m.id));
  for (const id of s.context.readAll?.ids ?? [])
    if (!marked.has(id)) expect(s.context.notifications.find((n: Notification) => n.id === id)?.is_read).toBe(true);
}

const regionStates: Record<string, Check> = {
  signedOut: (s, h) => {
    expect(s.context).toMatchObject({ notifications: [], unreadCount: 0, marks: [], streamToken: null });
    expect(h.fakes.pending.size).toBe(0);
    expect(openStreams(h)).toEqual([]);
    expect(connectNotifications(s)).toMatchObject({ signedIn: false, open: false, bellLabel: 'Notifications' });
  },
  signedIn: (s) => {
    const view = connectNotifications(s);
    expect(view.signedIn).toBe(true);
    expect(view.unreadCount).toBe(s.context.unreadCount);
    expect(view.bellLabel).toBe(
      s.context.unreadCount ? `Notifications, ${s.context.unreadCount} unread` : 'Notifications',
    );
    // Newest first, never twice.
    const ids: number[] = s.context.notifications.map((n: Notification) => n.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => b - a));
  },
  'signedIn.list': () => {},
  'signedIn.list.loading': (s, h) => {
    expect(s.hasTag('loading')).toBe(true);
    // docs/product.md: the notifications page size is 10.
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: null, limit: 10 });
    expect(connectNotifications(s)).toMatchObject({ loading: true, empty: false, showMoreVisible: false });
  },
  'signedIn.list.failed': (s, h) => {
    expect(h.fakes.pending.has('fetchPage')).toBe(false);
    expect(connectNotifications(s).loadError).toBe(serverFailure.message);
    expect(s.can({ type: 'user.retry' })).toBe(true);
  },
  'signedIn.list.ready': (s, h) => {
    expect(h.fakes.pending.has('fetchPage')).toBe(false);
    const view = connectNotifications(s);
    expect(view).toMatchObject({ loading: false, loadingMore: false, loadError: null });
    expect(view.empty).toBe(s.context.notifications.length === 0);
    expect(view.showMoreVisible).toBe(s.context.nextCursor !== null);
    expect(s.can({ type: 'user.showMore' })).toBe(s.context.nextCursor !== null);
  },
  'signedIn.list.waitingToShowMore': (s, h) => {
    // docs/product.md §9: nothing is asked during the 500 ms pause.
    expect(h.fakes.pending.has('fetchPage')).toBe(false);
    expect(connectNotifications(s)).toMatchObject({ loadingMore: true, showMoreVisible: true });
    expect(s.can({ type: 'user.showMore' })).toBe(false);
  },
  'signedIn.list.loadingMore': (s, h) => {
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: s.context.nextCursor, limit: 10 });
    expect(connectNotifications(s)).toMatchObject({ loadingMore: true, showMoreVisible: true });
  },
  'signedIn.panel': () => {},
  'signedIn.panel.closed': (s) => {
    expect(connectNotifications(s).open).toBe(false);
    expect(s.can({ type: 'user.openItem', id: 12 })).toBe(false);
  },
  'signedIn.panel.open': (s) => {
    expect(connectNotifications(s).open).toBe(true);
  },
  'signedIn.sync': () => {},
  'signedIn.sync.idle': (s, h) => {
    // Marks made after "Mark all as read" wait for it.
    if (s.context.readAll === null) expect(s.context.marks).toEqual([]);
    expect(h.fakes.pending.has('markNotification')).toBe(false);
  },
  'signedIn.sync.saving': (s, h) => {
    const [first] = s.context.marks as MarkRequest[];
    expect(h.fakes.pending.get('markNotification')?.input).toEqual({ id: first?.id, read: first?.read });
    // The list already shows every queued change (a "Mark all as read" after the one in flight overrides it).
    const queued = s.context.readAll ? s.context.marks.slice(1) : s.context.marks;
    const last = new Map(queued.map((m: MarkRequest) => [m.id, m.read]));
    for (const [id, read] of last)
      expect(s.context.notifications.find((n: Notification) => n.id === id)?.is_read).toBe(read);
  },
  'signedIn.readAll': () => {},
  'signedIn.readAll.idle': (s, h) => {
    expect(s.context.readAll).toBeNull();
    expect(h.fakes.pending.has('markAllRead')).toBe(false);
  },
  'signedIn.readAll.waiting': (s, h) => {
    // Waits for the mark in flight, sent before it; nothing else is sent meanwhile.
    expect(at(s, 'sync', 'saving')).toBe(true);
    expect(h.fakes.pending.has('markAllRead')).toBe(false);
    expectReadAllShown(s);
  },
  'signedIn.readAll.saving': (s, h) => {
    // Sent up to the newest id listed when it was asked; what it turned read still shows read.
    expect(h.fakes.pending.get('markAllRead')?.input).toEqual({ upToId: s.context.readAll?.upToId });
    expectReadAllShown(s);
    expect(connectNotifications(s).canMarkAllRead).toBe(false);
  },
  'signedIn.live': () => {},
  'signedIn.live.awaitingList': (s, h) => {
    expect(at(s, 'list', 'loading') || at(s, 'list', 'failed')).toBe(true);
    expect(h.fakes.pending.has('fetchStreamToken')).toBe(false);
    expect(openStreams(h)).toEqual([]);
  },
  'signedIn.live.unavailable': (s, h) => {
    expect(s.context.canStream).toBe(false);
    expect(h.fakes.pending.has('fetchStreamToken')).toBe(false);
    expect(h.streams).toEqual([]);
    expect(connectNotifications(s).live).toBe(false);
  },
  'signedIn.live.connecting': (s, h) => {
    expect(h.fakes.pending.has('fetchStreamToken')).toBe(true);
    expect(s.context.streamToken).toBeNull();
    expect(openStreams(h)).toEqual([]);
  },
  'signedIn.live.streaming': (s, h) => {
    const streams = openStreams(h);
    expect(streams).toHaveLength(1);
    expect(streams[0]?.input.token).toBe(token.token);
    expect(streams[0]?.input.lastEventId).toBeLessThanOrEqual(highestId(s.context.notifications));
    expect(connectNotifications(s).live).toBe(true);
  },
  'signedIn.live.retrying': (s, h) => {
    expect(s.context.reconnectAttempt).toBeGreaterThan(0);
    expect(s.context.streamToken).toBeNull();
    expect(h.fakes.pending.has('fetchStreamToken')).toBe(false);
    expect(openStreams(h)).toEqual([]);
  },
};

/** runPath picks a check by the snapshot's last leaf; each one asserts every active state of every region. */
const checkEveryRegion: Check = (s, h) => {
  for (const key of valueKeys(s.value)) {
    const check = regionStates[key];
    if (!check) throw new Error(`no expectations for state ${key}`);
    check(s, h);
  }
};
const states = Object.fromEntries(leafStateKeys(notificationsMachine).map((key) => [key, checkEveryRegion]));

function step({ harness, event, before, after, actions }: StepCheck<NotificationsHarness>): void {
  const handled = before.can(event);
  switch (event.type) {
    case 'xstate.done.actor.fetchPage': {
      const page = event.output as NotificationsPage;
      const wasFirst = at(before, 'list', 'loading');
      expect(after.context.notifications.map((n: Notification) => n.id)).toEqual(
        mergeNotifications(wasFirst ? [] : before.context.notifications, page.notifications).map((n) => n.id),
      );
      expect(after.context.nextCursor).toBe(page.next_cursor);
      expect(actions).toEqual([]);
      break;
    }
    case 'xstate.error.actor.fetchPage':
      // The first page shows its failure in the panel; an older page's failure is a toast.
      expect(actions).toEqual(
        at(before, 'list', 'loadingMore')
          ? [{ type: 'showErrorToast', params: { message: serverFailure.message } }]
          : [],
      );
      expect(after.context.notifications).toEqual(before.context.notifications);
      break;
    case 'user.openItem':
      if (handled) {
        // docs/product.md §4: read, taken to the order itself (a customer: the order's page), closed.
        expect(actions).toEqual([{ type: 'openTarget', params: { to: '/customer/account/orders/1012' } }]);
        expect(after.context.notifications.find((n: Notification) => n.id === 12)?.is_read).toBe(true);
        expect(at(after, 'panel', 'closed')).toBe(true);
      } else expect(actions).toEqual([]);
      break;
    case 'user.mark': {
      const item = after.context.notifications.find((n: Notification) => n.id === event.id);
      if (item) expect(item.is_read).toBe(event.read);
      expect(actions).toEqual([]);
      break;
    }
    case 'xstate.done.actor.markNotification':
      expect(after.context.marks).toHaveLength(before.context.marks.length - 1);
      if (after.context.marks.length === 0)
        expect(after.context.unreadCount).toBe((event.output as MarkAnswer).unread_count);
      expect(actions).toEqual([]);
      break;
    case 'xstate.error.actor.markNotification': {
      const [mark] = before.context.marks as MarkRequest[];
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: serverFailure.message } }]);
      if (mark && !before.context.marks.slice(1).some((m: MarkRequest) => m.id === mark.id))
        expect(after.context.notifications.find((n: Notification) => n.id === mark.id)?.is_read).toBe(mark.previous);
      break;
    }
    case 'user.markAllRead':
      if (handled) {
        expect(after.context.notifications.every((n: Notification) => n.is_read)).toBe(true);
        expect(after.context.unreadCount).toBe(0);
        expect(after.context.readAll?.upToId).toBe(highestId(before.context.notifications));
      } else expect(after.context).toEqual(before.context);
      expect(actions).toEqual([]);
      break;
    case 'xstate.done.actor.markAllRead':
      expect(after.context.readAll).toBeNull();
      if (after.context.marks.length === 0)
        expect(after.context.unreadCount).toBe((event.output as ReadAllAnswer).unread_count);
      expect(actions).toEqual([]);
      break;
    case 'xstate.error.actor.markAllRead':
      expect(actions).toEqual([{ type: 'showErrorToast', params: { message: serverFailure.message } }]);
      for (const id of before.context.readAll?.ids ?? [])
        expect(after.context.notifications.find((n: Notification) => n.id === id)?.is_read).toBe(false);
      break;
    case 'stream.unread':
      if (handled) {
        expect(after.context.unreadCount).toBe(event.unreadCount);
        if (event.unreadCount === 0)
          expect(after.context.notifications.every((n: Notification) => n.is_read)).toBe(true);
      }
      expect(actions).toEqual([]);
      break;
    case 'xstate.done.actor.fetchStreamToken': {
      // The stream resumes after the newest id held, so nothing sent meanwhile is lost.
      const stream = harness.streams.at(-1);
      expect(stream?.input).toEqual({ token: token.token, lastEventId: highestId(before.context.notifications) });
      expect(actions).toEqual([]);
      break;
    }
    case 'stream.notification':
      if (handled) {
        const push = event.push as MarkAnswer;
        expect(after.context.notifications.filter((n: Notification) => n.id === push.notification.id)).toHaveLength(1);
        expect(after.context.unreadCount).toBe(push.unread_count);
      }
      expect(actions).toEqual([]);
      break;
    case 'stream.failed':
    case 'xstate.error.actor.fetchStreamToken':
      if (handled) expect(after.context.reconnectAttempt).toBe(Math.min(before.context.reconnectAttempt + 1, 6));
      expect(actions).toEqual([]);
      break;
    case 'stream.opened':
      if (handled) expect(after.context.reconnectAttempt).toBe(0);
      expect(actions).toEqual([]);
      break;
    default:
      expect(actions).toEqual([]);
  }
}

describe('notificationsMachine: model-based paths', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  // Two models, each a part of the chart with the rest at rest: the 500 ms pause and the reconnect
  // backoff are never pending together, so fake time fires the timer the path means.
  const seen = new Set<string>();
  const all = [
    { name: 'the list, the dropdown and read changes', canStream: false, events: listEvents },
    { name: 'the live stream', canStream: true, events: liveEvents },
  ].map(({ name, canStream, events }) => ({
    name,
    canStream,
    paths: getTransitionPaths(notificationsMachine, { input: { canStream }, events, serializeState: byValue }, seen),
  }));

  it('takes every transition', () =>
    expectAllTransitionsCovered(
      notificationsMachine,
      all.flatMap((a) => a.paths),
    ));
  it('reaches every state', () =>
    expectAllStatesCovered(
      notificationsMachine,
      all.flatMap((a) => a.paths),
    ));
  it('has expectations for every state', () => {
    const keys = Object.keys(regionStates).filter((key) => key !== 'signedIn' && !/^signedIn\.\w+$/.test(key));
    expect(keys.sort()).toEqual(leafStateKeys(notificationsMachine).sort());
  });
  // A start that adds no transition has no paths of its own.
  for (const { name, canStream, paths } of all.filter((s) => s.paths.length > 0)) {
    describe(name, () => {
      for (const path of paths) {
        it(describePath(path), async () => {
          await runPath(path, () => start(canStream), { states, step, serializeState: byValue });
        });
      }
    });
  }
});

// ---- Focused rules -------------------------------------------------------------------------------

/** Signs in, answers the first page and, when the browser can stream, the token. */
async function signedIn(page: NotificationsPage = firstPage, area: 'user' | 'artist' | 'admin' = 'user') {
  const h = start(true);
  h.actor.send({ type: 'session.signedIn', area });
  h.fakes.resolve('fetchPage', page);
  await flush();
  h.fakes.resolve('fetchStreamToken', token);
  await flush();
  return h;
}

const idsOf = (h: NotificationsHarness) => h.actor.getSnapshot().context.notifications.map((n: Notification) => n.id);
const view = (h: NotificationsHarness) => connectNotifications(h.actor.getSnapshot());

describe('notificationsMachine: docs/product.md §4, §8, §9', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('loads the first page of 10 with its unread count and says "No notifications" when there are none', async () => {
    const h = start(false);
    h.actor.send({ type: 'session.signedIn', area: 'user' });
    expect(h.fakes.calls).toEqual([{ src: 'fetchPage', input: { cursor: null, limit: 10 } }]);
    h.fakes.resolve('fetchPage', emptyPage);
    await flush();
    expect(view(h)).toMatchObject({ empty: true, items: [], unreadCount: 0, showMoreVisible: false });
    expect(specMessages.noNotifications).toBe('No notifications');
  });

  it('waits exactly 500 ms before asking for the previous page (nothing at 499 ms)', async () => {
    const h = start(false);
    h.actor.send({ type: 'session.signedIn', area: 'user' });
    h.fakes.resolve('fetchPage', firstPage);
    await flush();
    h.actor.send({ type: 'user.showMore' });
    expect(view(h)).toMatchObject({ loadingMore: true, showMoreVisible: true });
    await vi.advanceTimersByTimeAsync(499);
    expect(h.fakes.pending.has('fetchPage')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: '11', limit: 10 });
    h.fakes.resolve('fetchPage', olderPage);
    await flush();
    expect(idsOf(h)).toEqual([12, 11, 10]);
    expect(view(h)).toMatchObject({ loadingMore: false, showMoreVisible: false, unreadCount: 2 });
  });

  it('a failed previous page is a toast; the list and the cursor stay for another try', async () => {
    const h = start(false);
    h.actor.send({ type: 'session.signedIn', area: 'user' });
    h.fakes.resolve('fetchPage', firstPage);
    await flush();
    h.actor.send({ type: 'user.showMore' });
    await vi.advanceTimersByTimeAsync(500);
    h.fakes.reject('fetchPage', serverFailure);
    await flush();
    expect(h.log).toEqual([{ type: 'showErrorToast', params: { message: serverFailure.message } }]);
    expect(idsOf(h)).toEqual([12, 11]);
    expect(view(h).showMoreVisible).toBe(true);
  });

  it('a failed first page shows its message in the panel; opening the dropdown tries again', async () => {
    const h = start(false);
    h.actor.send({ type: 'session.signedIn', area: 'user' });
    h.fakes.reject('fetchPage', serverFailure);
    await flush();
    expect(view(h)).toMatchObject({ loadError: serverFailure.message, empty: false });
    expect(h.log).toEqual([]);
    h.actor.send({ type: 'user.open' });
    expect(view(h)).toMatchObject({ open: true, loading: true, loadError: null });
    h.fakes.resolve('fetchPage', firstPage);
    await flush();
    expect(idsOf(h)).toEqual([12, 11]);
  });

  it('a click marks the item read at once, leads to its page and closes the dropdown', async () => {
    const h = await signedIn();
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'user.openItem', id: 12 });
    expect(h.log).toEqual([{ type: 'openTarget', params: { to: '/customer/account/orders/1012' } }]);
    expect(view(h)).toMatchObject({ open: false, unreadCount: 0 });
    expect(h.fakes.pending.get('markNotification')?.input).toEqual({ id: 12, read: true });
    h.fakes.resolve('markNotification', { notification: { ...n12, is_read: true }, unread_count: 0 });
    await flush();
    expect(h.actor.getSnapshot().matches({ signedIn: { sync: 'idle' } })).toBe(true);
  });

  it('a click on a read item only navigates', async () => {
    const h = await signedIn();
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'user.openItem', id: 11 });
    expect(h.log).toEqual([{ type: 'openTarget', params: { to: '/customer/account/orders/1011' } }]);
    expect(h.fakes.pending.has('markNotification')).toBe(false);
  });

  it('a customer notification without an order falls back to order history, by its reference when it has one', async () => {
    const old = note(30, { order_id: null });
    const none = note(31, { order_id: null, body: 'Welcome to Labsongs.', type: 'application_approved' });
    const h = await signedIn({ notifications: [none, old], next_cursor: null, unread_count: 2 });
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'user.openItem', id: 30 });
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'user.openItem', id: 31 });
    expect(h.log).toEqual([
      { type: 'openTarget', params: { to: '/customer/account/order-history', search: { transaction: 'OR1030' } } },
      { type: 'openTarget', params: { to: '/customer/account/order-history' } },
    ]);
  });

  it("leads an artist to the order's card on the product table's screen, and an admin to the order", async () => {
    const artistNote = note(20, { type: 'new_order' });
    const noOrder = note(22, { type: 'application_approved', order_id: null });
    const a = await signedIn({ notifications: [noOrder, artistNote], next_cursor: null, unread_count: 2 }, 'artist');
    a.actor.send({ type: 'user.open' });
    a.actor.send({ type: 'user.openItem', id: 20 });
    a.actor.send({ type: 'user.open' });
    a.actor.send({ type: 'user.openItem', id: 22 });
    expect(a.log).toEqual([
      { type: 'openTarget', params: { to: '/artist/song-orders', hash: 'order-1020' } },
      { type: 'openTarget', params: { to: '/artist/profile' } },
    ]);

    const adminNote = note(21, { type: 'uploaded_by_artist', title: 'Recording to review' });
    const cancelled = note(23, { type: 'order_disputed' });
    const queue = note(24, { type: 'refund_owed' });
    const b = await signedIn(
      { notifications: [queue, cancelled, adminNote], next_cursor: null, unread_count: 3 },
      'admin',
    );
    for (const id of [21, 23, 24]) {
      b.actor.send({ type: 'user.open' });
      b.actor.send({ type: 'user.openItem', id });
    }
    expect(b.log).toEqual([
      { type: 'openTarget', params: { to: '/admin/orders/1021', search: { from: 'validation' } } },
      { type: 'openTarget', params: { to: '/admin/orders/1023' } },
      { type: 'openTarget', params: { to: '/admin/refunds' } },
    ]);
  });

  it('"Mark all as read" empties the badge at once, sends the newest id listed and takes the server count', async () => {
    const h = await signedIn({ notifications: [n12, n11, n10], next_cursor: null, unread_count: 2 });
    h.actor.send({ type: 'user.open' });
    expect(view(h).canMarkAllRead).toBe(true);
    h.actor.send({ type: 'user.markAllRead' });
    expect(view(h)).toMatchObject({ unreadCount: 0, badge: null, canMarkAllRead: false, open: true });
    expect(view(h).items.every((n) => n.is_read)).toBe(true);
    expect(h.fakes.pending.get('markAllRead')?.input).toEqual({ upToId: 12 });
    // A notification that arrived meanwhile is counted by the server.
    h.fakes.resolve('markAllRead', { marked: 2, unread_count: 1 });
    await flush();
    expect(view(h).unreadCount).toBe(1);
    expect(h.actor.getSnapshot().matches({ signedIn: { readAll: 'idle' } })).toBe(true);
  });

  it('"Mark all as read" is not offered when nothing is unread', async () => {
    const h = await signedIn({ notifications: [n11], next_cursor: null, unread_count: 0 });
    expect(view(h).canMarkAllRead).toBe(false);
    h.actor.send({ type: 'user.markAllRead' });
    expect(h.fakes.pending.has('markAllRead')).toBe(false);
  });

  it('a failed "Mark all as read" puts back what it turned read, and says why', async () => {
    const h = await signedIn({ notifications: [n12, n11, n10], next_cursor: null, unread_count: 2 });
    h.actor.send({ type: 'user.markAllRead' });
    h.fakes.reject('markAllRead', serverFailure);
    await flush();
    expect(view(h).items.map((n) => [n.id, n.is_read])).toEqual([
      [12, false],
      [11, true],
      [10, false],
    ]);
    expect(view(h).unreadCount).toBe(2);
    expect(h.log).toEqual([{ type: 'showErrorToast', params: { message: serverFailure.message } }]);
  });

  it('another tab\'s "Mark all as read" (a count of 0 on the stream) shows every item read here', async () => {
    const h = await signedIn();
    (h.streams[0] as OpenStream).sendBack({ type: 'stream.unread', unreadCount: 0 });
    await flush();
    expect(view(h).items.every((n) => n.is_read)).toBe(true);
    expect(view(h).badge).toBeNull();
  });

  it('a refused read puts the item back to unread with the count, and says why', async () => {
    const h = await signedIn();
    h.actor.send({ type: 'user.open' });
    h.actor.send({ type: 'user.openItem', id: 12 });
    expect(view(h).items.find((n) => n.id === 12)?.is_read).toBe(true);
    expect(view(h).unreadCount).toBe(0);
    h.fakes.reject('markNotification', serverFailure);
    await flush();
    expect(view(h).items.find((n) => n.id === 12)?.is_read).toBe(false);
    expect(view(h).unreadCount).toBe(1);
    expect(h.log.at(-1)).toEqual({ type: 'showErrorToast', params: { message: serverFailure.message } });
  });

  it('"Mark as unread" sends mark_as_read false, counts it at once and takes the server count after', async () => {
    const h = await signedIn();
    h.actor.send({ type: 'user.mark', id: 11, read: false });
    expect(view(h).unreadCount).toBe(2);
    expect(h.fakes.pending.get('markNotification')?.input).toEqual({ id: 11, read: false });
    h.fakes.resolve('markNotification', { notification: { ...n11, is_read: false }, unread_count: 7 });
    await flush();
    expect(view(h).unreadCount).toBe(7);
    expect(h.actor.getSnapshot().can({ type: 'user.mark', id: 11, read: false })).toBe(false);
  });

  it('changes made while one is in flight wait their turn; going back drops the waiting one', async () => {
    const h = await signedIn();
    h.actor.send({ type: 'user.mark', id: 11, read: false });
    h.actor.send({ type: 'user.mark', id: 12, read: true });
    h.actor.send({ type: 'user.mark', id: 12, read: false });
    expect(h.actor.getSnapshot().context.marks).toEqual([{ id: 11, read: false, previous: true }]);
    h.actor.send({ type: 'user.mark', id: 12, read: true });
    h.fakes.resolve('markNotification', { notification: { ...n11, is_read: false }, unread_count: 2 });
    await flush();
    expect(h.fakes.pending.get('markNotification')?.input).toEqual({ id: 12, read: true });
    // The count of an earlier answer is not taken while a change still waits.
    expect(view(h).unreadCount).toBe(1);
  });
});

describe('notificationsMachine: the live stream', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('opens after the first page, resuming after its newest id (0 when it is empty)', async () => {
    const h = await signedIn();
    expect(h.streams.map((s) => s.input)).toEqual([{ token: token.token, lastEventId: 12 }]);
    const empty = await signedIn(emptyPage);
    expect(empty.streams.map((s) => s.input)).toEqual([{ token: token.token, lastEventId: 0 }]);
  });

  it('prepends pushed notifications, takes their count, and never lists one twice', async () => {
    const h = await signedIn();
    const stream = h.streams[0] as OpenStream;
    stream.sendBack({ type: 'stream.opened' });
    stream.sendBack({ type: 'stream.notification', push: { notification: n13, unread_count: 2 } });
    stream.sendBack({ type: 'stream.notification', push: { notification: n13, unread_count: 2 } });
    stream.sendBack({
      type: 'stream.notification',
      push: { notification: { ...n12, title: 'changed' }, unread_count: 2 },
    });
    await flush();
    expect(idsOf(h)).toEqual([13, 12, 11]);
    expect(view(h).items[1]?.title).toBe(n12.title);
    expect(view(h).unreadCount).toBe(2);
    stream.sendBack({ type: 'stream.unread', unreadCount: 5 });
    await flush();
    expect(view(h).unreadCount).toBe(5);
    // An older page that repeats a pushed one still lists it once.
    h.actor.send({ type: 'user.showMore' });
    await vi.advanceTimersByTimeAsync(500);
    h.fakes.resolve('fetchPage', { notifications: [n11, n10], next_cursor: null, unread_count: 5 });
    await flush();
    expect(idsOf(h)).toEqual([13, 12, 11, 10]);
  });

  it('passes each change, and each pushed notification (by its reference), on as a live hint', async () => {
    const h = await signedIn();
    const hints: unknown[] = [];
    h.actor.on('live.hint', (e) => hints.push(e.hint));
    const stream = h.streams[0] as OpenStream;
    stream.sendBack({
      type: 'stream.change',
      change: { kind: 'offer', id: 55, status: 'withdrawn', order_id: 1013, reference: 'OR1013' },
    });
    stream.sendBack({ type: 'stream.notification', push: { notification: n13, unread_count: 2 } });
    await flush();
    expect(hints).toEqual([
      { kind: 'offer', orderId: 1013, reference: 'OR1013', status: 'withdrawn', source: 'change', offerId: 55 },
      {
        kind: 'order',
        orderId: null,
        reference: 'OR1013',
        status: 'validated_by_admin',
        source: 'notification',
        offerId: null,
      },
    ]);
    // A change is a hint only: the list of notifications is as it was.
    expect(idsOf(h)).toEqual([13, 12, 11]);
  });

  it('on an error closes the stream and reconnects with a fresh token after the newest id seen', async () => {
    const h = await signedIn();
    const first = h.streams[0] as OpenStream;
    first.sendBack({ type: 'stream.notification', push: { notification: n13, unread_count: 2 } });
    first.sendBack({ type: 'stream.failed' });
    await flush();
    expect(first.open).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(h.fakes.pending.has('fetchStreamToken')).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    h.fakes.resolve('fetchStreamToken', { token: 'stream-token-2', expires_in: 60 });
    await flush();
    expect(openStreams(h).map((s) => s.input)).toEqual([{ token: 'stream-token-2', lastEventId: 13 }]);
  });

  it('waits 1 s, 2 s, 4 s … at most 30 s between attempts, and starts over once a stream opens', async () => {
    const h = await signedIn();
    (h.streams[0] as OpenStream).sendBack({ type: 'stream.failed' });
    await flush();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      let waited = 0;
      while (!h.fakes.pending.has('fetchStreamToken')) {
        await vi.advanceTimersByTimeAsync(500);
        waited += 500;
      }
      waits.push(waited);
      h.fakes.reject('fetchStreamToken', serverFailure);
      await flush();
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    await vi.advanceTimersByTimeAsync(30000);
    h.fakes.resolve('fetchStreamToken', token);
    await flush();
    openStreams(h)[0]?.sendBack({ type: 'stream.opened' });
    openStreams(h)[0]?.sendBack({ type: 'stream.failed' });
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.fakes.pending.has('fetchStreamToken')).toBe(true);
  });

  it('the 500 ms pause and a reconnect backoff run side by side, each on its own clock', async () => {
    const h = await signedIn();
    (h.streams[0] as OpenStream).sendBack({ type: 'stream.failed' });
    await flush();
    await vi.advanceTimersByTimeAsync(800);
    h.actor.send({ type: 'user.showMore' });
    await vi.advanceTimersByTimeAsync(200);
    expect(h.fakes.pending.has('fetchStreamToken')).toBe(true);
    expect(h.fakes.pending.has('fetchPage')).toBe(false);
    await vi.advanceTimersByTimeAsync(300);
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: '11', limit: 10 });
  });

  it('stops everything on sign-out and starts clean for the next user', async () => {
    const h = await signedIn();
    h.actor.send({ type: 'user.mark', id: 11, read: false });
    h.actor.send({ type: 'session.signedOut' });
    await flush();
    expect(openStreams(h)).toEqual([]);
    expect(h.fakes.pending.size).toBe(0);
    expect(view(h)).toMatchObject({ signedIn: false, items: [], unreadCount: 0 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(h.fakes.pending.size).toBe(0);
    h.actor.send({ type: 'session.signedIn', area: 'artist' });
    expect(h.fakes.pending.get('fetchPage')?.input).toEqual({ cursor: null, limit: 10 });
    expect(h.actor.getSnapshot().context.area).toBe('artist');
  });

  it('without EventSource the list works and no token is asked for', async () => {
    const h = start(false);
    h.actor.send({ type: 'session.signedIn', area: 'user' });
    h.fakes.resolve('fetchPage', firstPage);
    await flush();
    expect(h.actor.getSnapshot().matches({ signedIn: { live: 'unavailable' } })).toBe(true);
    expect(h.fakes.calls.map((c) => c.src)).toEqual(['fetchPage']);
  });

  it('runs with its default actors (the visualiser): the first page fails into the panel', async () => {
    const actor = createActor(notificationsMachine, { input: { canStream: true } }).start();
    actor.send({ type: 'session.signedIn', area: 'user' });
    await flush();
    expect(connectNotifications(actor.getSnapshot()).loadError).toBe('fetchPage not provided');
    actor.stop();
  });
});

describe('notifications list helpers', () => {
  it('reconnectDelayMs doubles from 1 s and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('mergeNotifications keeps the newest first and each id once', () => {
    expect(mergeNotifications([n12, n10], [n13, n11, n10]).map((n) => n.id)).toEqual([13, 12, 11, 10]);
    const list = [n12];
    expect(mergeNotifications(list, [n12])).toBe(list);
  });

  it('withRead moves the count only when the item changes', () => {
    expect(withRead([n12, n11], 1, 12, true).unreadCount).toBe(0);
    expect(withRead([n12, n11], 1, 11, true).unreadCount).toBe(1);
    expect(withRead([n12, n11], 1, 99, false).unreadCount).toBe(1);
    expect(withRead([n12], 0, 12, true).unreadCount).toBe(0);
  });

  it('queueMark keeps the one in flight, updates or drops a waiting one', () => {
    const inFlight: MarkRequest = { id: 12, read: true, previous: false };
    expect(queueMark([], 12, true, false)).toEqual([inFlight]);
    expect(queueMark([inFlight], 12, false, true)).toEqual([inFlight, { id: 12, read: false, previous: true }]);
    const waiting: MarkRequest = { id: 11, read: false, previous: true };
    expect(queueMark([inFlight, waiting], 11, true, false)).toEqual([inFlight]);
  });
});
