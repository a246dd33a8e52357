import { createFileRoute } from '@tanstack/react-router';
import { type AppStatus, appStatuses } from '../../contracts/account';
import { ApplicationsPage } from '../admin/applications-page';
import { loadAdminActors } from '../admin/lazy';
import { LoadError } from '../admin/load-error';

export const Route = createFileRoute('/admin/_console/applications/')({
  staticData: { pageTitle: 'Applications', name: 'admin.applications' },
  validateSearch: (search: Record<string, unknown>): { status?: AppStatus } =>
    (appStatuses as readonly unknown[]).includes(search.status) ? { status: search.status as AppStatus } : {},
  loaderDeps: ({ search }) => ({ status: search.status ?? 'for_review' }),
  loader: async ({ deps }) => (await loadAdminActors()).api.applications(deps.status),
  component: function Applications() {
    const { status } = Route.useLoaderDeps();
    return <ApplicationsPage status={status} applications={Route.useLoaderData()} />;
  },
  errorComponent: LoadError,
});
