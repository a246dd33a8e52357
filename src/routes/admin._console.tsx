import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { isAdminSessionSettled, isAdminSignedIn } from '../../machines/admin-session.connect';
import { loadAdminActors } from '../admin/lazy';

// Every console page but the login needs a signed-in admin. The guard only reads the admin session
// (waiting while it checks a stored token): beforeLoad also runs on preload.
export const Route = createFileRoute('/admin/_console')({
  beforeLoad: async ({ location }) => {
    const { session } = await loadAdminActors();
    const snapshot = await waitFor(session, isAdminSessionSettled);
    if (!isAdminSignedIn(snapshot)) {
      throw redirect({ to: '/admin/login', search: { redirect: location.href }, replace: true });
    }
  },
});
