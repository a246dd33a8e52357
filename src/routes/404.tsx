import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../pages/not-found-page';

export const Route = createFileRoute('/404')({
  staticData: { pageTitle: 'Page not found', name: '404' },
  component: NotFoundPage,
});
