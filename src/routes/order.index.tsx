import { createFileRoute, redirect } from '@tanstack/react-router';

// docs/product.md §2: /order redirects to /order/occasion.
export const Route = createFileRoute('/order/')({
  staticData: { authUser: 'user' },
  beforeLoad: () => {
    throw redirect({ to: '/order/occasion', replace: true });
  },
});
