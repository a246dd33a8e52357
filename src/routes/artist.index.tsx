import { createFileRoute, redirect } from '@tanstack/react-router';

// docs/product.md §2: /artist redirects to /artist/dashboard.
export const Route = createFileRoute('/artist/')({
  staticData: { authUser: 'artist' },
  beforeLoad: () => {
    throw redirect({ to: '/artist/dashboard', replace: true });
  },
});
