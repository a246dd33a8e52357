import { createFileRoute, redirect } from '@tanstack/react-router';

// SPEC §2: /artist redirects to /artist/dashboard.
export const Route = createFileRoute('/artist/')({
  staticData: { authUser: 'artist' },
  beforeLoad: () => {
    throw redirect({ to: '/artist/dashboard', replace: true });
  },
});
