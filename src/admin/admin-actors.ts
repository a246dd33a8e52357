import { type ActorRefFrom, createActor, fromPromise, waitFor } from 'xstate';
import { clientMessages } from '../../contracts/messages';
import { notificationHref } from '../../contracts/notifications';
import { isAdminSessionSettled, isAdminSignedIn } from '../../machines/admin-session.connect';
import { adminSessionMachine } from '../../machines/admin-session.machine';
import type { AdminLogInInput, AdminTokenInput } from '../../machines/admin-session.types';
import { liveRouterMachine } from '../../machines/live-router.machine';
import { invalidateRoutes, navigateTo, navigateToHref } from '../actors/navigation';
import {
  createNotificationsActor,
  followSession,
  type NotificationsActor,
} from '../actors/notifications-implementations';
import { createClient } from '../api/client';
import { notify } from '../components/ui/toaster';
import { storage } from '../lib/storage';
import { type AdminApi, adminApi, adminApiBase } from './admin.api';

export type AdminSessionActor = ActorRefFrom<typeof adminSessionMachine>;

export interface AdminActors {
  session: AdminSessionActor;
  /** The admin API with the session's token; a 401 ends the admin session. */
  api: AdminApi;
  /** The top bar's notification centre: signed in and out with the admin session. */
  notifications: NotificationsActor;
  /** Routes the stream's live hints to the open lists (the queue, the overview, payouts). */
  live: ActorRefFrom<typeof liveRouterMachine>;
}

/** Calls made with an explicit token: the session's own checks must not trigger its 401 reset. */
function tokenCalls({ token }: AdminTokenInput) {
  return adminApi(createClient(adminApiBase, { getToken: () => token, onUnauthorized: () => {} }));
}

function createAdminActors(): AdminActors {
  let session: AdminSessionActor | undefined;
  const http = createClient(adminApiBase, {
    getToken: () => session?.getSnapshot().context.token ?? null,
    onUnauthorized: () => session?.send({ type: 'http.unauthorized' }),
  });
  const api = adminApi(http);
  const anonymous = adminApi(createClient(adminApiBase, { getToken: () => null, onUnauthorized: () => {} }));

  session = createActor(
    adminSessionMachine.provide({
      actors: {
        fetchMe: fromPromise(({ input }: { input: AdminTokenInput }) => tokenCalls(input).me()),
        refreshToken: fromPromise(({ input }: { input: AdminTokenInput }) => tokenCalls(input).refresh()),
        logIn: fromPromise(({ input }: { input: AdminLogInInput }) => anonymous.login(input)),
        logout: fromPromise<unknown, AdminTokenInput>(({ input }) => tokenCalls(input).logout()),
      },
      actions: {
        persistToken: (_, params) => storage.set('adminToken', params.token),
        afterSignIn: (_, params) => navigateTo(params.redirectTo, { replace: true }),
        afterSignOut: () => navigateTo('/admin/login'),
        afterSessionExpired: () => {
          notify.info(clientMessages.sessionExpired);
          navigateTo('/admin/login');
        },
        showErrorToast: (_, params) => notify.error(params.message),
      },
    }),
    { input: { token: storage.get('adminToken') } },
  );

  // The console's guards read the session: re-run them whenever signing in or out changes it.
  let lastSignedIn: boolean | undefined;
  session.subscribe((snapshot) => {
    const signedIn = snapshot.hasTag('authenticated');
    if (lastSignedIn !== undefined && signedIn !== lastSignedIn) invalidateRoutes();
    lastSignedIn = signedIn;
  });
  session.start();

  const notifications = createNotificationsActor({
    http: () => http,
    base: () => adminApiBase,
    openTarget: (target) => navigateToHref(notificationHref(target)),
  });
  notifications.start();
  followSession(notifications, session, (s) => {
    const user = isAdminSignedIn(s) ? s.context.user : null;
    return user ? { key: `admin:${user.id}`, area: 'admin' } : null;
  });
  const live = createActor(
    liveRouterMachine.provide({ actions: { showInfoToast: (_, p) => notify.info(p.message) } }),
  ).start();
  notifications.on('live.hint', (event) => live.send(event));
  return { session, api, notifications, live };
}

let current: AdminActors | undefined;

/**
 * The admin console's actors, started on first use: a visitor who never opens /admin never checks
 * an admin token. One instance per page load, shared by the guards, the layout and the pages.
 */
export function getAdminActors(): AdminActors {
  current ??= createAdminActors();
  return current;
}

/**
 * Whether an admin is signed in, once the admin session has checked a stored token: what the console's
 * guards read (they also run on preload, so they only read).
 */
export async function isAdminSignedInSettled(): Promise<boolean> {
  return isAdminSignedIn(await waitFor(getAdminActors().session, isAdminSessionSettled));
}

/** Stops and forgets the actors (tests render the app several times in one page). */
export function resetAdminActors(): void {
  current?.session.stop();
  current?.notifications.stop();
  current?.live.stop();
  current = undefined;
}
