// The children only a signed-in account uses, with the app's implementations: the notification
// centre, the artist's online switch and the first-login tour. The root loads this module with the
// first sign-in of a visit (machines/app.machine.ts, `lazyAccount`), so a guest never downloads it.
// They start signed out and offline; the root tells them who signed in as they start.
import { fromPromise } from 'xstate';
import { notificationHref } from '../../contracts/notifications';
import { appActorIds } from '../../machines/app.machine';
import { type LoadedChildren, toStart } from '../../machines/lazy-child.machine';
import { onlineStatusMachine } from '../../machines/online-status.machine';
import { tourMachine } from '../../machines/tour.machine';
import { tourFactsFor } from '../../machines/tour-facts';
import { artistApi } from '../api/artist.api';
import { authApi } from '../api/auth.api';
import { type Api, apiBaseFor } from '../api/client';
import { canStreamNotifications } from '../api/stream-support';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { navigateToHref } from './navigation';
import { notificationsLogicFor } from './notifications-implementations';

export function accountChildrenToStart(api: Api): LoadedChildren {
  const notifications = notificationsLogicFor({
    http: () => api.current(),
    base: () => apiBaseFor(storage.get('userType')),
    openTarget: (target) => navigateToHref(notificationHref(target)),
  });
  const onlineStatus = onlineStatusMachine.provide({
    actors: {
      saveOnlineStatus: fromPromise(({ input }) => artistApi(api.for('artist')).setOnlineStatus(input.status)),
    },
    actions: { showErrorToast: (_, p) => notify.error(p.message) },
  });
  const tour = tourMachine.provide({
    actions: { clearToasts: () => notify.dismissAll() },
    actors: {
      markFirstLoginDone: fromPromise<unknown, void>(() => authApi(api.for('artist')).firstTimeLogin()),
    },
  });
  return {
    [appActorIds.notifications]: toStart(notifications, { canStream: canStreamNotifications() }),
    [appActorIds.onlineStatus]: toStart(onlineStatus, { isOnline: 0 }),
    [appActorIds.tour]: toStart(tour, tourFactsFor(null)),
  };
}
