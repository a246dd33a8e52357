import { type ActorRefFrom, createActor, fromCallback, fromPromise } from 'xstate';
import type { AccountType } from '../../contracts/account';
import type { NotificationTarget } from '../../contracts/notifications';
import { notificationsMachine, type StreamEvent } from '../../machines/notifications.machine';
import type { ListenToStreamInput } from '../../machines/notifications.types';
import type { Http } from '../api/client';
import { listenToNotificationStream, notificationStreamUrl, notificationsApi } from '../api/notifications.api';
import { canStreamNotifications } from '../api/stream-support';
import { notify } from '../components/ui/toaster';

export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

export interface NotificationsDeps {
  /** The client of the signed-in area (its token and 401 handling come with it). */
  http: () => Http;
  /** That area's API base, for the stream's address. */
  base: () => string;
  openTarget: (target: NotificationTarget) => void;
}

/** The notification centre's logic with the app's network, stream, navigation and toasts. */
export function notificationsLogicFor(deps: NotificationsDeps) {
  const api = () => notificationsApi(deps.http());
  return notificationsMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }) => api().page(input.cursor, input.limit)),
      markNotification: fromPromise(({ input }) => api().mark(input.id, input.read)),
      markAllRead: fromPromise(({ input }) => api().markAllRead(input.upToId)),
      fetchStreamToken: fromPromise(() => api().streamToken()),
      listenToStream: fromCallback<{ type: string }, ListenToStreamInput, StreamEvent>(({ input, sendBack }) =>
        listenToNotificationStream(notificationStreamUrl(deps.base(), input.token, input.lastEventId), sendBack),
      ),
    },
    actions: {
      openTarget: (_, target) => deps.openTarget(target),
      showErrorToast: (_, p) => notify.error(p.message),
    },
  });
}

/** A notification centre on its own (the admin console's); it waits for a sign-in. */
export function createNotificationsActor(deps: NotificationsDeps): NotificationsActor {
  return createActor(notificationsLogicFor(deps), { input: { canStream: canStreamNotifications() } });
}

/** Who the session says is signed in, or null; `key` tells two accounts apart. */
export interface SignedInAccount {
  key: string;
  area: AccountType;
}

/**
 * Keeps the notification centre signed in with the session: a new account starts it afresh, signing
 * out stops its calls and its stream.
 */
export function followSession<S>(
  notifications: NotificationsActor,
  session: { subscribe: (listener: (snapshot: S) => void) => unknown; getSnapshot: () => S },
  accountOf: (snapshot: S) => SignedInAccount | null,
): void {
  let current: string | null = null;
  const sync = (snapshot: S) => {
    const account = accountOf(snapshot);
    if ((account?.key ?? null) === current) return;
    if (current !== null) notifications.send({ type: 'session.signedOut' });
    current = account?.key ?? null;
    if (account) notifications.send({ type: 'session.signedIn', area: account.area });
  };
  session.subscribe(sync);
  sync(session.getSnapshot());
}
