import { createFileRoute, redirect } from '@tanstack/react-router';

// docs/product.md §2: /customer redirects to the profile.
export const Route = createFileRoute('/customer/')({
  staticData: { authUser: 'user' },
  beforeLoad: () => {
    throw redirect({ to: '/customer/account', replace: true });
  },
});
