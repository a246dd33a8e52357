import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../pages/terms-page';

export const Route = createFileRoute('/terms')({
  staticData: { pageTitle: 'Terms of Use', name: 'terms' },
  component: TermsPage,
});
