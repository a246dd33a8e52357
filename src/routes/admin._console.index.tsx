import { createFileRoute } from '@tanstack/react-router';
import { OperationsPage } from '../admin/operations-page';

// /admin: the operations home of a signed-in admin (the console's guard sends anyone else to the login).
export const Route = createFileRoute('/admin/_console/')({
  staticData: { pageTitle: 'Operations', name: 'admin.operations' },
  component: OperationsPage,
});
