import { createFileRoute, redirect } from '@tanstack/react-router';

// docs/product.md §2: any unknown path redirects to /404.
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/404', replace: true });
  },
});
