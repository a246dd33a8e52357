import { createFileRoute } from '@tanstack/react-router';
import { ApplicationDetailPage } from '../admin/application-detail-page';
import { loadApplication } from '../admin/lazy';
import { LoadError } from '../admin/load-error';

export const Route = createFileRoute('/admin/_console/applications/$id')({
  staticData: { pageTitle: 'Application', name: 'admin.application' },
  params: {
    parse: ({ id }) => ({ id: /^\d{1,12}$/.test(id) ? Number(id) : 0 }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  loader: ({ params }) => loadApplication(params.id),
  component: function Application() {
    return <ApplicationDetailPage application={Route.useLoaderData()} />;
  },
  errorComponent: LoadError,
});
