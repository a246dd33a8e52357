// The children only a signed-in account uses, with the app's implementations: the notification
// centre, the artist's online switch and the first-login tour. The root loads this module with the
// first sign-in of a visit (machines/app.machine.ts, `loadAccountChildren`), so a guest never downloads
// it.
import { fromPromise } from 'xstate';
import type { AccountChildrenLogic } from '../../machines/app.machine';
import { onlineStatusMachine } from '../../machines/online-status.machine';
import { tourMachine } from '../../machines/tour.machine';
import { artistApi } from '../api/artist.api';
import { authApi } from '../api/auth.api';
import { apiBaseFor, type createApi } from '../api/client';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { navigateTo } from './navigation';
import { notificationsLogicFor } from './notifications-implementations';

export function accountChildrenLogic(api: ReturnType<typeof createApi>): AccountChildrenLogic {
  return {
    notifications: notificationsLogicFor({
      http: () => api.current(),
      base: () => apiBaseFor(storage.get('userType')),
      openTarget: (target) => navigateTo(target.to, target.search ? { search: target.search } : {}),
    }),
    onlineStatus: onlineStatusMachine.provide({
      actors: {
        saveOnlineStatus: fromPromise(({ input }) => artistApi(api.for('artist')).setOnlineStatus(input.status)),
      },
      actions: { showErrorToast: (_, p) => notify.error(p.message) },
    }),
    tour: tourMachine.provide({
      actions: { clearToasts: () => notify.dismissAll() },
      actors: {
        markFirstLoginDone: fromPromise<unknown, void>(() => authApi(api.for('artist')).firstTimeLogin()),
      },
    }),
  };
}
