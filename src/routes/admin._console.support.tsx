import { createFileRoute } from '@tanstack/react-router';
import { SupportRequestsPage } from '../admin/support-requests-page';

export const Route = createFileRoute('/admin/_console/support')({
  staticData: { pageTitle: 'Support requests', name: 'admin.support' },
  component: SupportRequestsPage,
});
