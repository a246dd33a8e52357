import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminSignedIn } from '../admin/lazy';

// Every console page but the login needs a signed-in admin. The guard only reads the admin session
// (waiting while it checks a stored token): beforeLoad also runs on preload.
export const Route = createFileRoute('/admin/_console')({
  beforeLoad: async ({ location }) => {
    if (!(await adminSignedIn())) {
      throw redirect({ to: '/admin/login', search: { redirect: location.href }, replace: true });
    }
  },
});
