// The signed-in user's notification centre (docs/product.md §4 Notifications, §9 Notification dropdown; docs/architecture.md §6).
// While a user is signed in, four regions run side by side:
// - list: the first page, then older pages by "See previous notification" after a 500 ms pause;
// - panel: the dropdown; a click on an item marks it read, leads to its page and closes it;
// - sync: read/unread changes, shown at once and sent one by one (a refusal puts the item back);
// - readAll: "Mark all as read", shown at once and sent as one call up to the newest id listed;
// - live: a Server-Sent Events stream that resumes after the newest id seen, reconnecting with a
//   fresh token after a growing pause (1 s, 2 s, 4 s … 30 s) until it opens again.
// Every pushed change, and every pushed notification (it names its order), is emitted as `live.hint`
// for the app's routing to pass on to the open screens. Signing out stops all of it. The app supplies the calls, the stream, openTarget and showErrorToast.
import { and, assign, type EventObject, emit, fromCallback, fromPromise, raise, setup, stateIn } from 'xstate';
import { notificationsUi } from '../contracts/constants';
import { notificationTarget } from '../contracts/notifications';
import { notProvided, readFailure } from './api-error';
import { hintFromChange, hintFromNotification } from './live-hints';
import {
  highestId,
  maxCountedAttempts,
  mergeNotifications,
  queueMark,
  reconnectDelayMs,
  withAllRead,
  withRead,
} from './notifications.list';
import type {
  FetchPageInput,
  ListenToStreamInput,
  MarkAllReadInput,
  MarkAnswer,
  MarkNotificationInput,
  MarkRequest,
  Notification,
  NotificationsContext,
  NotificationsEmitted,
  NotificationsEvent,
  NotificationsInput,
  NotificationsPage,
  NotificationsTag,
  NotificationTarget,
  ReadAllAnswer,
  ReadAllRequest,
  StreamEvent,
  StreamToken,
} from './notifications.types';

export { reconnectDelayMs } from './notifications.list';
export type * from './notifications.types';

const signedOutContext = {
  area: 'user',
  notifications: [],
  nextCursor: null,
  unreadCount: 0,
  loadError: null,
  marks: [],
  streamToken: null,
  reconnectAttempt: 0,
  readAll: null,
} satisfies Omit<NotificationsContext, 'canStream'>;

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
    tags: {} as NotificationsTag,
    emitted: {} as NotificationsEmitted,
  },
  actors: {
    /** GET /notifications?cursor=&limit= → data (newest first). */
    fetchPage: fromPromise<NotificationsPage, FetchPageInput>(notProvided('fetchPage')),
    /** PATCH /notifications/{id} {mark_as_read} → data {notification, unread_count}. */
    markNotification: fromPromise<MarkAnswer, MarkNotificationInput>(notProvided('markNotification')),
    /** POST /notifications/read-all {up_to_id} → data {marked, unread_count}. */
    markAllRead: fromPromise<ReadAllAnswer, MarkAllReadInput>(notProvided('markAllRead')),
    /** POST /notifications/stream-token → data {token, expires_in}. */
    fetchStreamToken: fromPromise<StreamToken>(notProvided('fetchStreamToken')),
    /** GET /notifications/stream?token=&last_event_id= as an EventSource; closes it on stop. */
    listenToStream: fromCallback<EventObject, ListenToStreamInput, StreamEvent>(({ sendBack }) => {
      sendBack({ type: 'stream.failed' });
    }),
  },
  delays: {
    showMoreDelay: notificationsUi.showMoreDelayMs,
    reconnectDelay: ({ context }) => reconnectDelayMs(context.reconnectAttempt),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    canStream: ({ context }) => context.canStream,
    hasPendingMarks: ({ context }) => context.marks.length > 0,
    /** No "Mark all as read" waits: marks made after one are saved after it, so the server sees them in order. */
    noReadAllPending: ({ context }) => context.readAll === null,
    /** An item in the list whose read state would change. */
    isChange: ({ context, event }) =>
      event.type === 'user.mark' && context.notifications.some((n) => n.id === event.id && n.is_read !== event.read),
    /** Something shows as unread: in the list, or in the count (older pages not loaded yet). */
    hasUnread: ({ context }) => context.unreadCount > 0 || context.notifications.some((n) => !n.is_read),
    isListed: ({ context, event }) =>
      event.type === 'user.openItem' && context.notifications.some((n) => n.id === event.id),
  },
  actions: {
    startSession: assign(({ event }) =>
      event.type === 'session.signedIn' ? { ...signedOutContext, area: event.area } : {},
    ),
    clearSession: assign(() => signedOutContext),
    setFirstPage: assign((_, page: NotificationsPage) => ({
      notifications: mergeNotifications([], page.notifications),
      nextCursor: page.next_cursor,
      unreadCount: page.unread_count,
      loadError: null,
    })),
    addOlderPage: assign(({ context }, page: NotificationsPage) => ({
      notifications: mergeNotifications(context.notifications, page.notifications),
      nextCursor: page.next_cursor,
      unreadCount: page.unread_count,
    })),
    /** Tells the live region the first page is in, so the stream can resume after its newest id. */
    announceListLoaded: raise({ type: 'list.loaded' }),
    setLoadError: assign((_, params: { message: string }) => ({ loadError: params.message })),
    /** Shows the change at once and queues it for the server. */
    markLocally: assign(({ context }, params: { id: number; read: boolean }) => {
      const current = context.notifications.find((n) => n.id === params.id)?.is_read;
      if (current === undefined || current === params.read) return {};
      return {
        ...withRead(context.notifications, context.unreadCount, params.id, params.read),
        marks: queueMark(context.marks, params.id, params.read, current),
      };
    }),
    /** The server took the first change; its count is the truth once nothing else waits. */
    settleMark: assign(({ context }, answer: MarkAnswer) => {
      const marks = context.marks.slice(1);
      return marks.length === 0 && context.readAll === null ? { marks, unreadCount: answer.unread_count } : { marks };
    }),
    /** The server refused the first change: the item shows what it showed before, unless changed since. */
    revertMark: assign(({ context }) => {
      const [mark, ...marks] = context.marks as [MarkRequest, ...MarkRequest[]];
      const stillShown = context.notifications.some((n) => n.id === mark.id && n.is_read === mark.read);
      if (!stillShown || marks.some((m) => m.id === mark.id)) return { marks };
      return { marks, ...withRead(context.notifications, context.unreadCount, mark.id, mark.previous) };
    }),
    /**
     * Every notification shows read and the badge empties at once; the call covers up to the newest listed.
     * Marks still waiting are dropped (it supersedes them); the one in flight finishes first.
     */
    markAllLocally: assign(({ context }) => {
      const { notifications, ids } = withAllRead(context.notifications);
      return {
        notifications,
        unreadCount: 0,
        marks: context.marks.slice(0, 1),
        readAll: { upToId: highestId(context.notifications), ids },
      };
    }),
    /** Saved: the server's count is the truth (it counts what arrived meanwhile), unless a mark still waits. */
    settleReadAll: assign(({ context }, answer: ReadAllAnswer) =>
      context.marks.length === 0 ? { readAll: null, unreadCount: answer.unread_count } : { readAll: null },
    ),
    /** Refused or failed: the items it turned read show unread again, unless changed since. */
    revertReadAll: assign(({ context }) => {
      const { ids } = context.readAll as ReadAllRequest;
      let { notifications, unreadCount } = context;
      for (const id of ids) ({ notifications, unreadCount } = withRead(notifications, unreadCount, id, false));
      return { readAll: null, notifications, unreadCount };
    }),
    setStreamToken: assign((_, token: StreamToken) => ({ streamToken: token.token })),
    countFailedAttempt: assign(({ context }) => ({
      streamToken: null,
      reconnectAttempt: Math.min(context.reconnectAttempt + 1, maxCountedAttempts),
    })),
    resetAttempts: assign({ reconnectAttempt: 0 }),
    addPushed: assign(({ context, event }) =>
      event.type === 'stream.notification'
        ? {
            notifications: mergeNotifications(context.notifications, [event.push.notification]),
            unreadCount: event.push.unread_count,
          }
        : {},
    ),
    /** The count from another tab; 0 means everything was read there ("Mark all as read"), so the list shows it too. */
    setUnreadCount: assign(({ context, event }) => {
      if (event.type !== 'stream.unread') return {};
      if (event.unreadCount > 0) return { unreadCount: event.unreadCount };
      return { unreadCount: 0, notifications: withAllRead(context.notifications).notifications };
    }),
    /** Passes a pushed change on to whoever shows the thing that changed. */
    announceChange: emit(({ event }) => ({
      type: 'live.hint' as const,
      hint: hintFromChange((event as Extract<NotificationsEvent, { type: 'stream.change' }>).change),
    })),
    /** A pushed notification names its order: the screens showing it catch up too (before any change message). */
    announceNotification: emit(({ event }) => ({
      type: 'live.hint' as const,
      hint: hintFromNotification(
        (event as Extract<NotificationsEvent, { type: 'stream.notification' }>).push.notification,
      ),
    })),
    // Supplied by the app:
    openTarget: (_, _target: NotificationTarget) => {},
    showErrorToast: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ canStream: input.canStream, ...signedOutContext }),
  initial: 'signedOut',
  states: {
    signedOut: {
      description: 'Nobody is signed in: no bell.',
      on: {
        'session.signedIn': {
          target: 'signedIn',
          actions: 'startSession',
          description: 'A customer or an artist signs in: their notifications load.',
        },
      },
    },
    signedIn: {
      description: 'A customer or an artist is signed in: the bell shows their notifications, kept up to date live.',
      type: 'parallel',
      on: {
        'session.signedOut': {
          target: 'signedOut',
          actions: 'clearSession',
          description: 'The person signs out: the notifications are gone from the page.',
        },
        'user.mark': {
          guard: 'isChange',
          actions: { type: 'markLocally', params: ({ event }) => ({ id: event.id, read: event.read }) },
          description: 'The person marks a notification read or unread: it shows at once, and is saved.',
        },
      },
      states: {
        list: {
          description: "The person's notifications, newest first.",
          initial: 'loading',
          states: {
            loading: {
              description: 'The newest notifications are being read.',
              tags: ['loading'],
              invoke: {
                id: 'fetchPage',
                src: 'fetchPage',
                input: { cursor: null, limit: notificationsUi.pageSize },
                onDone: {
                  target: 'ready',
                  actions: [{ type: 'setFirstPage', params: ({ event }) => event.output }, 'announceListLoaded'],
                  description: 'The newest notifications show, with the unread count.',
                },
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'setLoadError',
                    params: ({ event }) => ({ message: readFailure(event.error).message }),
                  },
                  description: 'They could not be read: the dropdown says so, with a retry.',
                },
              },
            },
            failed: {
              description:
                'The notifications could not be read: the dropdown says so with a retry; opening it tries again too.',
              on: {
                'user.retry': { target: 'loading', description: 'The person tries again.' },
                'user.open': { target: 'loading', description: 'The person opens the dropdown: it tries again.' },
              },
            },
            ready: {
              description: 'The notifications show; older ones can be asked for.',
              on: {
                'user.showMore': {
                  guard: 'hasMore',
                  target: 'waitingToShowMore',
                  description: '"See previous notification", and there are older ones.',
                },
              },
            },
            waitingToShowMore: {
              description: 'A short pause before the older notifications show.',
              tags: ['loadingMore'],
              after: {
                showMoreDelay: {
                  target: 'loadingMore',
                  description: 'After the pause: the older notifications are read.',
                },
              },
            },
            loadingMore: {
              description: 'Older notifications are being read.',
              tags: ['loadingMore'],
              invoke: {
                id: 'fetchPage',
                src: 'fetchPage',
                input: ({ context }) => ({ cursor: context.nextCursor, limit: notificationsUi.pageSize }),
                onDone: {
                  target: 'ready',
                  actions: { type: 'addOlderPage', params: ({ event }) => event.output },
                  description: 'The older notifications show below the others.',
                },
                onError: {
                  target: 'ready',
                  actions: {
                    type: 'showErrorToast',
                    params: ({ event }) => ({ message: readFailure(event.error).message }),
                  },
                  description: 'They could not be read: the person is told; the list shown stays.',
                },
              },
            },
          },
        },
        panel: {
          description: "The bell's dropdown.",
          initial: 'closed',
          states: {
            closed: {
              description: 'The dropdown is closed.',
              on: { 'user.open': { target: 'open', description: 'The person clicks the bell: the dropdown opens.' } },
            },
            open: {
              description: 'The dropdown is open with the notifications.',
              tags: ['open'],
              on: {
                'user.close': { target: 'closed', description: 'The person closes the dropdown.' },
                'user.openItem': {
                  guard: 'isListed',
                  target: 'closed',
                  actions: [
                    { type: 'markLocally', params: ({ event }) => ({ id: event.id, read: true }) },
                    {
                      type: 'openTarget',
                      params: ({ context, event }) =>
                        notificationTarget(
                          context.area,
                          context.notifications.find((n) => n.id === event.id) as Notification,
                        ),
                    },
                  ],
                  description:
                    'The person clicks a notification: it becomes read, they go to its page and the dropdown closes.',
                },
              },
            },
          },
        },
        sync: {
          description: 'Read and unread marks are saved one by one, in the order made.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No mark waits to be saved.',
              always: {
                guard: and(['hasPendingMarks', 'noReadAllPending']),
                target: 'saving',
                description: 'A mark waits (and no "Mark all as read" before it): it is saved.',
              },
            },
            saving: {
              description: 'A mark is being saved.',
              invoke: {
                id: 'markNotification',
                src: 'markNotification',
                input: ({ context }) => {
                  const { id, read } = context.marks[0] as MarkRequest;
                  return { id, read };
                },
                onDone: {
                  target: 'idle',
                  actions: { type: 'settleMark', params: ({ event }) => event.output },
                  description: 'Saved; the next mark, if any, follows.',
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'revertMark',
                    { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
                  ],
                  description: 'It was refused or failed: the notification shows as before and the person is told.',
                },
              },
            },
          },
        },
        readAll: {
          description: '"Mark all as read" in the dropdown.',
          initial: 'idle',
          states: {
            idle: {
              description: 'No "Mark all as read" waits to be saved.',
              on: {
                'user.markAllRead': {
                  guard: 'hasUnread',
                  target: 'waiting',
                  actions: 'markAllLocally',
                  description:
                    'The person chooses "Mark all as read" while something is unread: everything shows read and the badge empties at once, and it is saved.',
                },
              },
            },
            waiting: {
              description: '"Mark all as read" waits for the mark being saved before it.',
              always: {
                guard: stateIn({ signedIn: { sync: 'idle' } }),
                target: 'saving',
                description: 'No mark is being saved: "Mark all as read" is sent.',
              },
            },
            saving: {
              description: '"Mark all as read" is being saved.',
              invoke: {
                id: 'markAllRead',
                src: 'markAllRead',
                input: ({ context }) => ({ upToId: context.readAll?.upToId ?? 0 }),
                onDone: {
                  target: 'idle',
                  actions: { type: 'settleReadAll', params: ({ event }) => event.output },
                  description: 'Saved: the bell shows the count the server holds (notifications that came meanwhile).',
                },
                onError: {
                  target: 'idle',
                  actions: [
                    'revertReadAll',
                    { type: 'showErrorToast', params: ({ event }) => ({ message: readFailure(event.error).message }) },
                  ],
                  description: 'It was refused or failed: the notifications show unread again and the person is told.',
                },
              },
            },
          },
        },
        live: {
          description: 'Live updates: new notifications and changes arrive without a reload.',
          initial: 'awaitingList',
          states: {
            awaitingList: {
              description: 'Live updates wait for the first notifications to load, to carry on from the newest.',
              on: {
                'list.loaded': [
                  {
                    guard: 'canStream',
                    target: 'connecting',
                    description: 'The first notifications loaded: live updates connect.',
                  },
                  {
                    target: 'unavailable',
                    description: 'This browser cannot receive live updates: the list works without them.',
                  },
                ],
              },
            },
            unavailable: {
              description: 'This browser cannot receive live updates: the list still works, without them.',
            },
            connecting: {
              description: 'Live updates are connecting.',
              invoke: {
                id: 'fetchStreamToken',
                src: 'fetchStreamToken',
                onDone: {
                  target: 'streaming',
                  actions: { type: 'setStreamToken', params: ({ event }) => event.output },
                  description: 'Allowed: live updates start.',
                },
                onError: {
                  target: 'retrying',
                  actions: 'countFailedAttempt',
                  description: 'It failed: live updates try again after a pause.',
                },
              },
            },
            streaming: {
              description: 'Live updates arrive.',
              tags: ['live'],
              invoke: {
                id: 'listenToStream',
                src: 'listenToStream',
                input: ({ context }) => ({
                  token: context.streamToken ?? '',
                  lastEventId: highestId(context.notifications),
                }),
              },
              on: {
                'stream.opened': {
                  actions: 'resetAttempts',
                  description: 'Live updates are flowing: the next failure waits the shortest pause again.',
                },
                'stream.notification': {
                  actions: ['addPushed', 'announceNotification'],
                  description:
                    'A new notification arrives: it shows at the top, and the screens about its order refresh.',
                },
                'stream.change': {
                  actions: 'announceChange',
                  description: 'Something the person may be looking at changed: the screens showing it refresh.',
                },
                'stream.unread': {
                  actions: 'setUnreadCount',
                  description:
                    'The unread count changed (in another tab, say): the bell shows it; at zero, every notification shows read.',
                },
                'stream.failed': {
                  target: 'retrying',
                  actions: 'countFailedAttempt',
                  description: 'Live updates stopped (network, server): they reconnect after a pause.',
                },
              },
            },
            retrying: {
              description:
                'Live updates paused; they reconnect after a pause that grows with each failure (up to 30 s).',
              after: {
                reconnectDelay: { target: 'connecting', description: 'After the pause: live updates connect again.' },
              },
            },
          },
        },
      },
    },
  },
});
