import { createFileRoute } from '@tanstack/react-router';
import { type AppStatus, appStatuses } from '../../contracts/account';
import { ApplicationsPage } from '../admin/applications-page';

export const Route = createFileRoute('/admin/_console/applications/')({
  staticData: { pageTitle: 'Applications', name: 'admin.applications' },
  validateSearch: (search: Record<string, unknown>): { status?: AppStatus } =>
    (appStatuses as readonly unknown[]).includes(search.status) ? { status: search.status as AppStatus } : {},
  component: function Applications() {
    const { status } = Route.useSearch();
    return <ApplicationsPage status={status ?? 'for_review'} />;
  },
});
