import { createFileRoute } from '@tanstack/react-router';

// The admin console (docs/architecture.md §3): its own layout, session and API client. Children choose their guard.
export const Route = createFileRoute('/admin')({
  staticData: { layout: 'admin', pageTitle: 'Admin' },
});
