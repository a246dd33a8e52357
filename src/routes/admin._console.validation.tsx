import { createFileRoute } from '@tanstack/react-router';
import { ValidationQueuePage } from '../admin/validation-queue-page';

// Notifications of a submitted recording link here (contracts/notifications.ts).
export const Route = createFileRoute('/admin/_console/validation')({
  staticData: { pageTitle: 'Validation queue', name: 'admin.validation' },
  component: ValidationQueuePage,
});
